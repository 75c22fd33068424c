// EXPECT_GAME_MEETS_CONTRACT as a game's own suite uses it: retrace's games pass, a game that
// leaves a member of its state out of visitState (support/flawed_game.h) fails naming the
// promise, and a game nobody registered fails saying so.
#include "recorder/gtest/expect_game.h"

#include <string>

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include "sim/contract.h"
#include "sim/registry.h"
#include "support/flawed_game.h"

namespace {

using retrace::sim::flawed::Flaw;
using retrace::sim::flawed::Walker;

TEST(ExpectGame, PassesEveryGameThatKeepsTheContract) {
  EXPECT_GAME_MEETS_CONTRACT("dodge");
  EXPECT_GAME_MEETS_CONTRACT("tank");
  EXPECT_GAME_MEETS_CONTRACT("fallingman");
}

TEST(ExpectGame, FailsNamingEachPromiseTheGameBreaks) {
  (void)retrace::sim::registerGame<Walker<Flaw::kMemberNotVisited>>();
  const auto result = retrace::testing::gameMeetsContract("walker");
  EXPECT_FALSE(result);
  EXPECT_EQ(
      std::string(result.message()),
      "walker breaks 1 of the " + std::to_string(retrace::sim::contractChecks().size()) +
          " promises of the game contract:\n  snapshots: the state saved at tick 1 (the bot playing) loads as another state: a member of State that == "
          "compares is missing from visitState, or loading changes a value");
  EXPECT_NONFATAL_FAILURE(EXPECT_GAME_MEETS_CONTRACT("walker"), "snapshots: the state saved at tick 1");
}

TEST(ExpectGame, FailsOnAGameTheRegistryRefusedSayingWhy) {
  (void)retrace::sim::registerGame<Walker<Flaw::kNineButtons>>();
  const auto result = retrace::testing::gameMeetsContract("nine-button-walker");
  EXPECT_FALSE(result);
  EXPECT_EQ(std::string(result.message()),
            "the game 'nine-button-walker' was refused when it was registered: it names 9 buttons; an input has 8 bits");
}

TEST(ExpectGame, PlaysTheConfigurationNamed) {
  EXPECT_GAME_MEETS_CONTRACT("dodge", "discrete");  // past its limit: the oracle's tunnels are expected there
  const auto result = retrace::testing::gameMeetsContract("dodge", "nope");
  EXPECT_FALSE(result);
  EXPECT_EQ(std::string(result.message()), "dodge has no configuration 'nope' (it has default, discrete, stress)");
}

TEST(ExpectGame, FailsOnAGameNobodyRegistered) {
  const auto result = retrace::testing::gameMeetsContract("pong");
  EXPECT_FALSE(result);
  EXPECT_NE(std::string(result.message()).find("there is no game 'pong' (games: "), std::string::npos) << result.message();
  EXPECT_NE(std::string(result.message()).find("register it first"), std::string::npos) << result.message();
}

}  // namespace
