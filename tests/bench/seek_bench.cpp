// How long the viewer takes to reach any tick of a one-hour replay (a 60-Hz frame is 16.7 ms).
// Run: build/default/tests/bench/retrace_bench --benchmark_filter=Seek
#include <memory>

#include <benchmark/benchmark.h>

#include "bench_registry.h"

#include "recorder/byte_sink.h"
#include "recorder/input_source.h"
#include "recorder/recorder.h"
#include "viewer/playback.h"

namespace retrace::viewer {
namespace {

recorder::LoadedReplay recordHour(const sim::GameDefinition& game) {
  recorder::RecordingOptions options;
  options.game = std::string(game.name());
  options.seed = 1;
  auto sink = std::make_unique<recorder::MemorySink>();
  auto* memory = sink.get();
  auto rec = std::move(std::get<std::unique_ptr<recorder::Recorder>>(recorder::openRecording(options, std::move(sink))));
  auto source = std::get<std::unique_ptr<recorder::InputSource>>(recorder::makeInputSource("random", game, 1));
  for (int t = 0; t < 216000; ++t) (void)rec->record(source->next(rec->session()));
  (void)rec->close();
  return std::get<recorder::LoadedReplay>(recorder::loadReplay(memory->bytes()));
}

void seekAnywhere(benchmark::State& bench, const sim::GameDefinition& game) {
  Playback playback(recordHour(game), false);
  sim::Rng rng = sim::seedRng(3);
  for (auto _ : bench) {
    playback.seek(sim::drawBelow(rng, static_cast<std::uint32_t>(playback.lastTick() + 1)));
    benchmark::DoNotOptimize(playback.current().tick());
  }
}

void openHour(benchmark::State& bench, const sim::GameDefinition& game) {
  const recorder::LoadedReplay replay = recordHour(game);
  for (auto _ : bench) {
    Playback playback(replay, false);
    benchmark::DoNotOptimize(playback.lastTick());
  }
}

}  // namespace

void registerSeekBenchmarks() {
  for (const sim::GameDefinition* game : sim::listGames()) {
    const std::string name(game->name());
    benchmark::RegisterBenchmark(("Seek/" + name).c_str(), [game](benchmark::State& s) { seekAnywhere(s, *game); })->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("OpenHour/" + name).c_str(), [game](benchmark::State& s) { openHour(s, *game); })->Unit(benchmark::kMillisecond);
  }
}


}  // namespace retrace::viewer
