// Ticks per second of each game with its bot choosing the input, with and without the oracle.
// Run: build/default/tests/bench/retrace_bench --benchmark_filter=Game
#include <benchmark/benchmark.h>

#include "sim/game.h"

namespace retrace::sim {
namespace {

void runGame(benchmark::State& bench, const GameDefinition& game, bool oracle) {
  auto session = game.start(*game.findConfig(game.configNames().front()), 1);
  session->setOracle(oracle);
  Rng bot = seedRng(1);
  for (auto _ : bench) {
    const StepResult result = session->step(session->chooseBotInput(bot));
    benchmark::DoNotOptimize(result.events.data());
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.SetLabel(std::string(game.name()) + (oracle ? " bot+oracle" : " bot"));
}

void registerGameBenchmarks() {
  for (const GameDefinition* game : listGames()) {
    for (const bool oracle : {false, true}) {
      const std::string name = "Game/" + std::string(game->name()) + (oracle ? "/oracle" : "/plain");
      benchmark::RegisterBenchmark(name.c_str(), [game, oracle](benchmark::State& s) { runGame(s, *game, oracle); });
    }
  }
}

const int kRegistered = (registerGameBenchmarks(), 0);

}  // namespace
}  // namespace retrace::sim

BENCHMARK_MAIN();
