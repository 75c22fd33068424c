// Ticks per second of each game with its bot choosing the input, with and without the oracle.
// Run: build/default/tests/bench/retrace_bench --benchmark_filter=Game
#include <benchmark/benchmark.h>

#include "bench_registry.h"

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
}

/// The whole-state hash (every fullHashEvery ticks) or the tick digest (the other ticks), on a
/// state mid-game.
void hashState(benchmark::State& bench, const GameDefinition& game, bool digest) {
  auto session = game.start(*game.findConfig(game.configNames().front()), 1);
  Rng bot = seedRng(1);
  for (int i = 0; i < 2000; ++i) (void)session->step(session->chooseBotInput(bot));
  for (auto _ : bench) benchmark::DoNotOptimize(digest ? session->digest() : session->hash());
  bench.SetItemsProcessed(bench.iterations());
}

}  // namespace

void registerGameBenchmarks() {
  for (const GameDefinition* game : listGames()) {
    for (const bool oracle : {false, true}) {
      const std::string name = "Game/" + std::string(game->name()) + (oracle ? "/oracle" : "/plain");
      benchmark::RegisterBenchmark(name.c_str(), [game, oracle](benchmark::State& s) { runGame(s, *game, oracle); });
    }
    for (const bool digest : {false, true}) {
      const std::string hashName = std::string(digest ? "Digest/" : "Hash/") + std::string(game->name());
      benchmark::RegisterBenchmark(hashName.c_str(), [game, digest](benchmark::State& s) { hashState(s, *game, digest); });
    }
  }
}

}  // namespace retrace::sim
