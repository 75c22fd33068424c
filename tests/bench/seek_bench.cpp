// How long the viewer takes to reach any tick of a one-hour replay (a 60-Hz frame is 16.7 ms),
// to open one, to open an edit of one as B, and to search a slice of it for the find box.
// Run: build/default/tests/bench/retrace_bench --benchmark_filter='Seek|OpenHour|EditHour|FindSlice'
#include <memory>

#include <benchmark/benchmark.h>

#include "bench_registry.h"
#include "bench_support.h"
#include "viewer/debugger.h"
#include "viewer/edit.h"
#include "viewer/playback.h"

namespace retrace::viewer {
namespace {

void seekAnywhere(benchmark::State& bench, const sim::GameDefinition& game) {
  Playback playback(recorder::recordHour(game), false);
  sim::Rng rng = sim::seedRng(3);
  for (auto _ : bench) {
    playback.seek(sim::drawBelow(rng, static_cast<std::uint32_t>(playback.lastTick() + 1)));
    benchmark::DoNotOptimize(playback.current().tick());
  }
}

void openHour(benchmark::State& bench, const sim::GameDefinition& game) {
  const recorder::LoadedReplay replay = recorder::recordHour(game);
  for (auto _ : bench) {
    Playback playback(replay, false);
    benchmark::DoNotOptimize(playback.lastTick());
  }
}

/// An edit in the debugger: a button flipped mid-hour, recorded again and opened as B (with
/// --verify's oracle, as the debugger opens it), against opening the hour itself.
void editHour(benchmark::State& bench, const sim::GameDefinition& game) {
  const recorder::LoadedReplay replay = recorder::recordHour(game);
  const std::vector<sim::Input> inputs = recorder::expandInputs(replay);
  for (auto _ : bench) {
    auto edited = recordEdit(replay, toggleButton(inputs, inputs.size() / 2, 0), "hour");
    Playback b(std::get<recorder::LoadedReplay>(std::move(edited)), true);
    benchmark::DoNotOptimize(b.lastTick());
  }
}

/// The viewer on a replay file opened through its index (as retrace-view opens files): any tick
/// of an hour, and of 8,000,000 ticks (37 hours), whose keyframes are 1,954 ticks apart.
void seekInFile(benchmark::State& bench, const sim::GameDefinition& game, std::uint64_t ticks) {
  const recorder::TicksFile file(game, ticks);
  Playback playback(file.index(), false);
  sim::Rng rng = sim::seedRng(3);
  for (auto _ : bench) {
    playback.seek(sim::drawBelow(rng, static_cast<std::uint32_t>(playback.lastTick() + 1)));
    benchmark::DoNotOptimize(playback.current().tick());
  }
}

/// One step of the find box's search (kFindSlice ticks) in an hour's file, forward or back from
/// a random tick, for a condition that holds on none, so every tick's fields are read and compared.
void findSlice(benchmark::State& bench, const sim::GameDefinition& game, Direction direction) {
  const recorder::TicksFile file(game, 216000);
  Playback playback(file.index(), false);
  Debugger debugger(playback, nullptr, "hour", "", {});
  sim::Rng rng = sim::seedRng(3);
  for (auto _ : bench) {
    if (debugger.stepFind(kFindSlice)) {
      debugger.seek(sim::drawBelow(rng, static_cast<std::uint32_t>(playback.lastTick())) + 1);
      benchmark::DoNotOptimize(debugger.startFind("tick < 0", direction));
    }
  }
}

}  // namespace

void registerSeekBenchmarks() {
  for (const sim::GameDefinition* game : sim::listGames()) {
    const std::string name(game->name());
    benchmark::RegisterBenchmark(("Seek/" + name).c_str(), [game](benchmark::State& s) {
      seekAnywhere(s, *game);
    })->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("OpenHour/" + name).c_str(), [game](benchmark::State& s) {
      openHour(s, *game);
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("EditHour/" + name).c_str(), [game](benchmark::State& s) {
      editHour(s, *game);
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("SeekFile/" + name + "/hour").c_str(), [game](benchmark::State& s) {
      seekInFile(s, *game, 216000);
    })->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("FindSlice/" + name + "/forward").c_str(), [game](benchmark::State& s) {
      findSlice(s, *game, Direction::kForward);
    })->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("FindSlice/" + name + "/back").c_str(), [game](benchmark::State& s) {
      findSlice(s, *game, Direction::kBackward);
    })->Unit(benchmark::kMicrosecond);
  }
  // The longest, for the first game only: recording 37 hours of every game would take most of a run.
  const sim::GameDefinition* first = sim::listGames().front();
  benchmark::RegisterBenchmark(("SeekFile/" + std::string(first->name()) + "/8M").c_str(), [first](benchmark::State& s) {
    seekInFile(s, *first, 8'000'000);
  })->Unit(benchmark::kMicrosecond);
}

}  // namespace retrace::viewer
