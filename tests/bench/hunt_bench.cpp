// A hunt's ticks per second on 1 and 2 threads (`retrace hunt --jobs N`): 16 runs of 3600 ticks
// of each game's default configuration, which no run tunnels out of, so every run plays whole.
// Wall time, since the work is on other threads. Run:
//   build/default/tests/bench/retrace_bench --benchmark_filter=Hunt
#include <benchmark/benchmark.h>

#include "bench_registry.h"
#include "recorder/hunt.h"

namespace retrace::recorder {
namespace {

void huntOnThreads(benchmark::State& bench, const sim::GameDefinition& game, unsigned jobs) {
  const HuntPlan plan{&game, *game.findConfig("default"), ConfigMode::kNamed, 1, 3600, 16, 0, 1};
  std::uint64_t ticks = 0;
  for (auto _ : bench) {
    (void)huntRuns(plan, jobs, [&](HuntedRun&& run) {
      ticks += run.ticks;
      return true;
    });
  }
  bench.counters["ticks_per_s"] = benchmark::Counter(static_cast<double>(ticks), benchmark::Counter::kIsRate);
}

}  // namespace

void registerHuntBenchmarks() {
  for (const sim::GameDefinition* game : sim::listGames()) {
    for (const unsigned jobs : {1U, 2U}) {
      benchmark::RegisterBenchmark(("Hunt/" + std::string(game->name()) + "/jobs:" + std::to_string(jobs)).c_str(),
                                   [game, jobs](benchmark::State& s) { huntOnThreads(s, *game, jobs); })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
  }
}

}  // namespace retrace::recorder
