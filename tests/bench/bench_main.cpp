// retrace_bench's main: retrace's own games registered, then a benchmark family per game.
#include <cstdio>

#include <benchmark/benchmark.h>

#include "bench_registry.h"
#include "sim/games/builtin_games.h"

int main(int argc, char** argv) {
  retrace::sim::registerBuiltInGames();
  retrace::sim::registerGameBenchmarks();
  retrace::recorder::registerReplayBenchmarks();
  retrace::recorder::registerShowBenchmarks();
  retrace::recorder::registerHuntBenchmarks();
#ifdef RETRACE_BENCH_SEEK
  retrace::viewer::registerSeekBenchmarks();
#endif
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  if (benchmark::RunSpecifiedBenchmarks() == 0) {
    std::fprintf(stderr, "retrace_bench: no benchmark ran (a filter that matches none?)\n");
    benchmark::Shutdown();
    return 1;
  }
  benchmark::Shutdown();
  return 0;
}
