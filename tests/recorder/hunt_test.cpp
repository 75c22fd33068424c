#include "recorder/hunt.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <span>
#include <string>
#include <variant>

#include "recorder/query.h"
#include "recorder/state_fields.h"
#include "sim/game.h"

namespace retrace::recorder {
namespace {

TEST(ConfigMode, NamesRoundTrip) {
  for (const ConfigMode mode : {ConfigMode::kNamed, ConfigMode::kWithin, ConfigMode::kOutside})
    EXPECT_EQ(parseConfigMode(nameConfigMode(mode)), mode);
  EXPECT_FALSE(parseConfigMode("inside").has_value());
}

class HuntOverConfigs : public ::testing::TestWithParam<std::pair<const sim::GameDefinition*, std::string>> {};

TEST_P(HuntOverConfigs, DrawsSaneConfigsWithinOrJustPastTheLimits) {
  // Not a structured binding: clang before 16 cannot capture one in the lambda below.
  const sim::GameDefinition* game = GetParam().first;
  const sim::ConfigValues base = *game->findConfig(GetParam().second);
  const bool limited = !findApplicableLimits(*game, base).empty();
  sim::Rng rng = sim::seedRng(5);
  for (int draw = 0; draw < 50; ++draw) {
    const auto within = drawConfig(*game, base, ConfigMode::kWithin, rng);
    ASSERT_TRUE(within.has_value());
    EXPECT_FALSE(game->validateConfig(within->config, false).has_value());
    EXPECT_TRUE(within->broken.empty());
    EXPECT_EQ(listBrokenLimits(*game, within->config), std::vector<std::string>{});
    const auto outside = drawConfig(*game, base, ConfigMode::kOutside, rng);
    ASSERT_EQ(outside.has_value(), limited);
    if (!outside) continue;
    EXPECT_FALSE(game->validateConfig(outside->config, true).has_value()) << "not sane";
    EXPECT_TRUE(game->validateConfig(outside->config, false).has_value()) << "within every limit: " << outside->broken;
    // The limit drawn past is among those the configuration is said to break (a field may be
    // in more than one rule).
    const std::vector<std::string> broken = listBrokenLimits(*game, outside->config);
    EXPECT_TRUE(std::any_of(broken.begin(), broken.end(), [&](const std::string& rule) {
      return outside->broken.starts_with(rule + " (");
    })) << outside->broken;
    // The summary names the value and the largest one the rule allows, which it is past.
    const std::size_t most = outside->broken.find(", where it allows at most ");
    ASSERT_NE(most, std::string::npos) << outside->broken;
    const std::string allowed = outside->broken.substr(most + 26, outside->broken.size() - most - 27);
    bool named = false;
    const std::vector<sim::Field> fields = game->describeConfig(base);
    for (const std::size_t l : findApplicableLimits(*game, base)) {
      const auto field =
          std::find_if(fields.begin(), fields.end(), [&](const sim::Field& f) { return f.name == game->speedLimits()[l].field; });
      ASSERT_NE(field, fields.end());
      named = named || allowed == sim::formatFieldValue(*game->limitBound(base, l), field->kind);
    }
    EXPECT_TRUE(named) << outside->broken;
    // Exactly one field moved, and past the bound its limit states.
    std::size_t moved = 0;
    for (std::size_t i = 0; i < base.values.size(); ++i) moved += base.values[i] != outside->config.values[i] ? 1U : 0U;
    EXPECT_EQ(moved, 1U);
  }
  EXPECT_EQ(drawConfig(*game, base, ConfigMode::kNamed, rng)->config, base);
  // A named configuration breaks a limit (dodge's discrete) exactly when validation says so.
  EXPECT_EQ(listBrokenLimits(*game, base).empty(), !game->validateConfig(base, false).has_value());
}

TEST_P(HuntOverConfigs, RunsAreReproducibleAndStopAtTheFirstTunnel) {
  const auto& [game, configName] = GetParam();
  const RunSetup setup{game, *game->findConfig(configName), seedRun(9, 1)};
  for (std::uint64_t run = 0; run < 4; ++run) {
    const PlayedRun a = playRun(setup, run, 400);
    const PlayedRun b = playRun(setup, run, 400);
    EXPECT_EQ(a.inputs, b.inputs);
    ASSERT_EQ(a.witness.has_value(), b.witness.has_value());
    if (!a.witness) {
      EXPECT_EQ(a.inputs.size(), 400U);
      continue;
    }
    EXPECT_EQ(a.inputs.size(), a.witness->tick);
    const Predicate tunnel = std::get<Predicate>(parsePredicate("tunnel", *game));
    const auto witness = findWitness(setup, a.inputs, tunnel);
    ASSERT_TRUE(witness.has_value());
    EXPECT_EQ(witness->tick, a.witness->tick);
  }
  EXPECT_NE(seedRun(9, 1), seedRun(9, 2));
}

/// What a hunt can look for besides tunnels in any game: a round ended, each kind of event, and
/// each of the first few fields of the start's state leaving its value there.
std::vector<std::string> listPredicates(const sim::GameDefinition& game, const sim::ConfigValues& config) {
  std::vector<std::string> texts = {"ends-before:100000"};
  for (const sim::EventSchema& schema : game.eventSchemas()) texts.push_back(std::string("event:") + schema.name);
  StateFields start;
  std::vector<std::string> names;
  for (const sim::Field& field : start.read(*game.start(config, 1))) {
    const std::string name = generalizeIndices(field.name);
    if (names.size() == 6 || std::find(names.begin(), names.end(), name) != names.end()) continue;
    names.push_back(name);
    texts.push_back("where:" + name + " != " + sim::formatField(field));
  }
  return texts;
}

TEST_P(HuntOverConfigs, ARunLooksForWhatItIsToldAndStopsAtTheFirstTickThatShowsIt) {
  // Judged as shrink judges it: the run's last tick is the first that shows it, and its inputs
  // without that tick show nothing.
  const sim::GameDefinition* game = GetParam().first;
  const RunSetup setup{game, *game->findConfig(GetParam().second), seedRun(9, 1)};
  std::size_t shown = 0;
  for (const std::string& text : listPredicates(*game, setup.config)) {
    const auto parsed = parsePredicate(text, *game);
    ASSERT_TRUE(std::holds_alternative<Predicate>(parsed)) << std::get<std::string>(parsed);
    const Predicate& predicate = std::get<Predicate>(parsed);
    for (std::uint64_t run = 0; run < 2; ++run) {
      const PlayedRun played = playRun(setup, run, 300, predicate);
      EXPECT_FALSE(played.problem.has_value()) << text << ": " << *played.problem;
      EXPECT_TRUE(played.unseenFields.empty()) << text;
      if (!played.witness) {
        EXPECT_FALSE(findWitness(setup, played.inputs, predicate).has_value()) << text;
        continue;
      }
      ++shown;
      EXPECT_EQ(played.inputs.size(), played.witness->tick) << text;
      const auto again = findWitness(setup, played.inputs, predicate);
      ASSERT_TRUE(again.has_value()) << text;
      EXPECT_EQ(again->tick, played.witness->tick) << text;
      EXPECT_EQ(again->description, played.witness->description) << text;
      const std::span<const sim::Input> before(played.inputs.data(), played.inputs.size() - 1);
      EXPECT_FALSE(findWitness(setup, before, predicate).has_value()) << text;
    }
  }
  EXPECT_GE(shown, 6U) << game->name() << ": too few predicates shown to judge";
}

/// What a hunt found, in the order it was handed over: run, ticks, and each finding's inputs.
struct HuntLog {
  std::vector<std::uint64_t> runs;
  std::vector<std::uint64_t> ticks;
  std::vector<std::vector<sim::Input>> findings;
  std::vector<std::string> broken;
  std::vector<sim::ConfigValues> configs;
};

HuntLog huntAll(const HuntPlan& plan, unsigned jobs) {
  HuntLog log;
  (void)huntRuns(plan, jobs, [&](HuntedRun&& run) {
    log.runs.push_back(run.run);
    log.ticks.push_back(run.ticks);
    if (run.config) log.configs.push_back(run.config->config);
    if (run.finding) {
      log.findings.push_back(run.finding->inputs);
      log.broken.push_back(run.config->broken);
    }
    return true;
  });
  return log;
}

TEST_P(HuntOverConfigs, ParallelAndShardedHuntsPlayExactlyTheOneThreadHunt) {
  const auto& [game, configName] = GetParam();
  for (const ConfigMode mode : {ConfigMode::kNamed, ConfigMode::kWithin, ConfigMode::kOutside}) {
    const sim::ConfigValues base = *game->findConfig(configName);
    if (mode == ConfigMode::kOutside && findApplicableLimits(*game, base).empty()) continue;
    const HuntPlan plan{game, base, mode, 3, 100, 12, 0, 1};  // short runs: a stress configuration is slow
    const HuntLog one = huntAll(plan, 1);
    EXPECT_EQ(one.runs.size(), 12U);
    const HuntLog three = huntAll(plan, 3);
    // The workers' own counts, summed as runs end, come to the same totals.
    HuntProgress progress;
    std::uint64_t handed = 0;
    (void)huntRuns(
        plan, 3, [&](HuntedRun&&) { return ++handed > 0; }, {}, &progress);
    EXPECT_EQ(progress.runs.load(), 12U);
    EXPECT_EQ(progress.ticks.load(), std::accumulate(one.ticks.begin(), one.ticks.end(), std::uint64_t{0}));
    EXPECT_EQ(three.runs, one.runs);
    EXPECT_EQ(three.ticks, one.ticks);
    EXPECT_EQ(three.findings, one.findings);
    EXPECT_EQ(three.broken, one.broken);
    EXPECT_EQ(three.configs, one.configs);
    // Shards 1..5 of 5, each on two threads, together play the same runs with the same results.
    std::vector<std::uint64_t> ticksByRun(12, UINT64_MAX);
    std::uint64_t played = 0;
    for (std::uint64_t shard = 0; shard < 5; ++shard) {
      HuntPlan part = plan;
      part.shard = shard;
      part.shards = 5;
      EXPECT_EQ(countShardRuns(part), shard < 2 ? 3U : 2U);
      (void)huntRuns(part, 2, [&](HuntedRun&& run) {
        EXPECT_EQ(run.run % 5, shard);
        ticksByRun.at(run.run) = run.ticks;
        ++played;
        return true;
      });
    }
    EXPECT_EQ(played, 12U);
    EXPECT_EQ(ticksByRun, one.ticks);
  }
}

TEST(Hunt, ARunsConfigurationDependsOnItsNumberAloneNotOnTheRunsBeforeIt) {
  // It used to come from one stream drawn run after run, so run 7 of a hunt differed from run 7
  // played alone, and no second thread or machine could play it.
  for (const sim::GameDefinition* game : sim::listGames()) {
    const HuntPlan plan{game, *game->findConfig("default"), ConfigMode::kWithin, 3, 300, 24, 0, 1};
    const HuntLog whole = huntAll(plan, 1);
    for (const std::uint64_t run : {0U, 7U, 23U}) {
      const HuntedRun alone = huntRun(plan, run);
      ASSERT_TRUE(alone.config.has_value());
      EXPECT_EQ(alone.config->config, whole.configs.at(run)) << game->name() << " run " << run;
      EXPECT_EQ(alone.ticks, whole.ticks.at(run)) << game->name() << " run " << run;
      EXPECT_EQ(alone.setup.seed, seedRun(plan.seed, run));
    }
    EXPECT_NE(whole.configs.at(0), whole.configs.at(1)) << game->name() << ": within draws a configuration per run";
  }
}

std::vector<std::pair<const sim::GameDefinition*, std::string>> listGameConfigs() {
  std::vector<std::pair<const sim::GameDefinition*, std::string>> all;
  for (const sim::GameDefinition* game : sim::listGames()) {
    for (const std::string& name : game->configNames()) {
      if (!game->validateConfig(*game->findConfig(name), false)) all.emplace_back(game, name);
    }
  }
  return all;
}

INSTANTIATE_TEST_SUITE_P(AllGames, HuntOverConfigs, ::testing::ValuesIn(listGameConfigs()), [](const auto& param) {
  std::string name = std::string(param.param.first->name()) + "_" + param.param.second;
  for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) != 0 ? c : '_';
  return name;
});

}  // namespace
}  // namespace retrace::recorder
