// `retrace show`'s work at a random tick of a one-hour replay: reaching the tick (from the
// nearest snapshot, or from the start for comparison) and describing every field. A 60-Hz frame
// is 16.7 ms. Run: build/default/tests/bench/retrace_bench --benchmark_filter=Show
#include <benchmark/benchmark.h>

#include "bench_registry.h"
#include "bench_support.h"
#include "recorder/inspect.h"

namespace retrace::recorder {
namespace {

void showAnyTick(benchmark::State& bench, const sim::GameDefinition& game, ReachFrom from) {
  const LoadedReplay replay = recordHour(game);
  sim::Rng rng = sim::seedRng(5);
  for (auto _ : bench) {
    const auto tick = sim::drawBelow(rng, static_cast<std::uint32_t>(countTicks(replay) + 1));
    auto reached = reachTick(replay, tick, from);
    benchmark::DoNotOptimize(std::get<std::unique_ptr<sim::GameSession>>(reached)->describeState());
  }
}

}  // namespace

void registerShowBenchmarks() {
  for (const sim::GameDefinition* game : sim::listGames()) {
    const std::string name(game->name());
    benchmark::RegisterBenchmark(("Show/" + name).c_str(), [game](benchmark::State& s) {
      showAnyTick(s, *game, ReachFrom::kSnapshot);
    })->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("ShowFromStart/" + name).c_str(), [game](benchmark::State& s) {
      showAnyTick(s, *game, ReachFrom::kStart);
    })->Unit(benchmark::kMillisecond);
  }
}

}  // namespace retrace::recorder
