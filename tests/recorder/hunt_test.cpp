#include "recorder/hunt.h"

#include <gtest/gtest.h>

#include "sim/game.h"

namespace retrace::recorder {
namespace {

TEST(ConfigMode, NamesRoundTrip) {
  for (const ConfigMode mode : {ConfigMode::kNamed, ConfigMode::kWithin, ConfigMode::kOutside}) EXPECT_EQ(parseConfigMode(nameConfigMode(mode)), mode);
  EXPECT_FALSE(parseConfigMode("inside").has_value());
}

class HuntOverConfigs : public ::testing::TestWithParam<std::pair<const sim::GameDefinition*, std::string>> {};

TEST_P(HuntOverConfigs, DrawsSaneConfigsWithinOrJustPastTheLimits) {
  const auto& [game, configName] = GetParam();
  const sim::ConfigValues base = *game->findConfig(configName);
  const bool limited = !findApplicableLimits(*game, base).empty();
  sim::Rng rng = sim::seedRng(5);
  for (int draw = 0; draw < 50; ++draw) {
    const auto within = drawConfig(*game, base, ConfigMode::kWithin, rng);
    ASSERT_TRUE(within.has_value());
    EXPECT_FALSE(game->validateConfig(within->config, false).has_value());
    EXPECT_TRUE(within->broken.empty());
    const auto outside = drawConfig(*game, base, ConfigMode::kOutside, rng);
    ASSERT_EQ(outside.has_value(), limited);
    if (!outside) continue;
    EXPECT_FALSE(game->validateConfig(outside->config, true).has_value()) << "not sane";
    EXPECT_TRUE(game->validateConfig(outside->config, false).has_value()) << "within every limit: " << outside->broken;
    EXPECT_NE(outside->broken.find("past it by"), std::string::npos);
    // Exactly one field moved, and past the bound its limit states.
    std::size_t moved = 0;
    for (std::size_t i = 0; i < base.values.size(); ++i) moved += base.values[i] != outside->config.values[i] ? 1U : 0U;
    EXPECT_EQ(moved, 1U);
  }
  EXPECT_EQ(drawConfig(*game, base, ConfigMode::kNamed, rng)->config, base);
}

TEST_P(HuntOverConfigs, RunsAreReproducibleAndStopAtTheFirstTunnel) {
  const auto& [game, configName] = GetParam();
  const RunSetup setup{game, *game->findConfig(configName), seedRun(9, 1)};
  for (std::uint64_t run = 0; run < 4; ++run) {
    const PlayedRun a = playRun(setup, run, 400);
    const PlayedRun b = playRun(setup, run, 400);
    EXPECT_EQ(a.inputs, b.inputs);
    ASSERT_EQ(a.tunnel.has_value(), b.tunnel.has_value());
    if (!a.tunnel) {
      EXPECT_EQ(a.inputs.size(), 400U);
      continue;
    }
    EXPECT_EQ(a.inputs.size(), a.tunnel->tick);
    const Predicate tunnel = std::get<Predicate>(parsePredicate("tunnel", *game));
    const auto witness = findWitness(setup, a.inputs, tunnel);
    ASSERT_TRUE(witness.has_value());
    EXPECT_EQ(witness->tick, a.tunnel->tick);
  }
  EXPECT_NE(seedRun(9, 1), seedRun(9, 2));
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
