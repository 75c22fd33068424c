// `retrace show`'s work at a random tick of a one-hour replay: reaching the tick (from the
// nearest snapshot, or from the start for comparison) and describing every field. A 60-Hz frame
// is 16.7 ms. And `retrace find --all`'s over the whole hour, for a comparison and for a
// `changed`, which looks at each tick beside the one before, and for a `changed` of every element
// of a list ("tiles[*][*] changed"); and `retrace trace`'s selection of a list's fields.
// Run: build/default/tests/bench/retrace_bench --benchmark_filter='Show|^Find/|^Trace/'
#include <benchmark/benchmark.h>

#include "bench_registry.h"
#include "bench_support.h"
#include "recorder/inspect.h"
#include "recorder/query.h"
#include "recorder/state_fields.h"

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

/// The first of the game's fields at tick 0 that is inside a list, every index as [*]
/// ("tiles[*][*]"): a `changed` of it matches its name against every field's.
std::string findFirstList(const sim::GameDefinition& game) {
  const auto session = game.start(*game.findConfig(game.configNames().front()), 1);
  for (const sim::Field& field : session->describeState()) {
    if (field.name.find('[') != std::string::npos) return generalizeIndices(field.name);
  }
  return "tick";
}

/// Every tick of the hour where a condition holds (it holds on none: every tick is compared).
void findInHour(benchmark::State& bench, const sim::GameDefinition& game, const char* condition) {
  const LoadedReplay replay = recordHour(game);
  const Condition parsed = std::get<Condition>(Condition::parse(condition));
  for (auto _ : bench) benchmark::DoNotOptimize(std::get<std::vector<std::uint64_t>>(findTicks(replay, parsed, 0, true)));
}

/// What `retrace trace --field P` does over the hour before printing: every tick's fields that
/// a pattern selects (the game's first list, every index as [*]).
void traceHour(benchmark::State& bench, const sim::GameDefinition& game) {
  const LoadedReplay replay = recordHour(game);
  const auto patterns = std::get<std::vector<FieldPattern>>(parseFieldPatterns({findFirstList(game)}));
  for (auto _ : bench) {
    StateFields named;
    std::size_t selected = 0;
    const auto problem = visitTicks(replay, 0, findLastTick(replay), [&](const sim::GameSession& session, std::uint64_t) {
      (void)named.read(session);
      selected += named.select(patterns).size();
      return true;
    });
    benchmark::DoNotOptimize(problem);
    benchmark::DoNotOptimize(selected);
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
    benchmark::RegisterBenchmark(("Find/" + name + "/compare").c_str(), [game](benchmark::State& s) {
      findInHour(s, *game, "tick < 0");
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("Find/" + name + "/changed").c_str(), [game](benchmark::State& s) {
      findInHour(s, *game, "tick < 0 and clock.round changed");
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("Trace/" + name).c_str(), [game](benchmark::State& s) {
      traceHour(s, *game);
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("Find/" + name + "/pattern").c_str(), [game](benchmark::State& s) {
      findInHour(s, *game, (findFirstList(*game) + " changed and tick < 0").c_str());
    })->Unit(benchmark::kMillisecond);
  }
}

}  // namespace retrace::recorder
