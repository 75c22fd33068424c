// The dodge stress world: what a tick costs with N obstacles falling at once, and what each
// broadphase costs for the contact query, with Google Benchmark's complexity fit.
// Run: build/default/tests/bench/retrace_bench --benchmark_filter='Stress|Broadphase'
#include <vector>

#include <benchmark/benchmark.h>

#include "sim/games/dodge.h"

namespace retrace::sim::dodge {
namespace {

Config makeStressConfig(std::int64_t obstacles) {
  Config config = Game::namedConfigs()[2].second;
  config.stressObstacles = static_cast<std::int32_t>(obstacles);
  config.maxObstacles = static_cast<std::int32_t>(obstacles);
  return config;
}

void stressTick(benchmark::State& bench) {
  const Config config = makeStressConfig(bench.range(0));
  State state = Game::init(config, 1);
  std::vector<Event> events;
  for (auto _ : bench) {
    events.clear();
    Game::step(config, state, 0, events);
    if (isRoundOver(state.clock)) {
      bench.PauseTiming();
      state = Game::init(config, static_cast<std::uint64_t>(state.tick));
      bench.ResumeTiming();
    }
  }
  bench.SetComplexityN(bench.range(0));
  bench.SetItemsProcessed(bench.iterations());
}

void broadphaseQuery(benchmark::State& bench, Broadphase kind) {
  const Config config = makeStressConfig(bench.range(0));
  const State state = Game::init(config, 1);
  std::vector<Event> events;
  for (auto _ : bench) {
    events.clear();
    benchmark::DoNotOptimize(findSweptContact(state, px(4), kind, events));
  }
  bench.SetComplexityN(bench.range(0));
}

BENCHMARK(stressTick)->Name("Stress/dodge_tick")->RangeMultiplier(10)->Range(100, 100000)->Complexity(benchmark::oN);
BENCHMARK_CAPTURE(broadphaseQuery, brute, Broadphase::kBruteForce)
    ->Name("Broadphase/brute")
    ->RangeMultiplier(10)
    ->Range(100, 100000)
    ->Complexity(benchmark::oN);
BENCHMARK_CAPTURE(broadphaseQuery, bounds, Broadphase::kBounds)
    ->Name("Broadphase/bounds")
    ->RangeMultiplier(10)
    ->Range(100, 100000)
    ->Complexity(benchmark::oN);
BENCHMARK_CAPTURE(broadphaseQuery, grid, Broadphase::kGrid)
    ->Name("Broadphase/grid")
    ->RangeMultiplier(10)
    ->Range(100, 100000)
    ->Complexity(benchmark::oN);

}  // namespace
}  // namespace retrace::sim::dodge
