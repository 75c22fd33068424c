// The registry refuses what the tools could not use (sim/registry.h): a game whose names break
// the contract's promise of names (a ninth button no input can press, a name with a space and a
// terminal escape) and another game under a taken name, each with its sentence; the same game
// registered twice is no mistake; a replay naming a refused game is refused with the reason. In a
// binary of its own: it registers games.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "recorder/replay.h"
#include "recorder/replay_test_support.h"
#include "sim/game.h"
#include "sim/registry.h"
#include "support/flawed_game.h"

namespace {

using retrace::sim::flawed::Flaw;
using retrace::sim::flawed::Walker;

/// How many refusals the registry holds for this name with this reason.
long countRefusals(const std::string& name, const std::string& reason) {
  const auto refused = retrace::sim::listRefusedGames();
  return std::count_if(refused.begin(), refused.end(),
                       [&](const retrace::sim::RefusedGame& game) { return game.name == name && game.reason == reason; });
}

TEST(Registry, RefusesAGameWhoseNamesTheToolsCannotUse) {
  EXPECT_FALSE(retrace::sim::registerGame<Walker<Flaw::kNineButtons>>());
  EXPECT_EQ(retrace::sim::findGame("nine-button-walker"), nullptr);
  EXPECT_EQ(retrace::sim::findRefusal("nine-button-walker"), "it names 9 buttons; an input has 8 bits");

  EXPECT_FALSE(retrace::sim::registerGame<Walker<Flaw::kSpaceInName>>());
  EXPECT_EQ(retrace::sim::findRefusal("the \x1b[31mwalker"),
            "its name 'the \\x1b[31mwalker' is not a plain word of 1 to 64 printable characters without spaces");

  // Refused again, it is listed once.
  EXPECT_FALSE(retrace::sim::registerGame<Walker<Flaw::kNineButtons>>());
  EXPECT_EQ(countRefusals("nine-button-walker", "it names 9 buttons; an input has 8 bits"), 1);
  for (const retrace::sim::GameDefinition* game : retrace::sim::listGames()) EXPECT_NE(game->name(), "nine-button-walker");
}

TEST(Registry, RefusesAnotherGameUnderATakenNameButNotTheSameGameTwice) {
  (void)retrace::sim::registerGame<Walker<Flaw::kMemberNotVisited>>();
  const auto refusedBefore = retrace::sim::listRefusedGames().size();
  EXPECT_FALSE(retrace::sim::registerGame<Walker<Flaw::kMemberNotVisited>>());
  EXPECT_EQ(retrace::sim::listRefusedGames().size(), refusedBefore);

  EXPECT_FALSE(retrace::sim::registerGame<Walker<Flaw::kTickSkips>>());  // also named "walker"
  EXPECT_EQ(countRefusals("walker", "another game is registered under the name 'walker' already"), 1);
  EXPECT_NE(retrace::sim::findGame("walker"), nullptr);  // the first keeps its name
}

TEST(Registry, AReplayOfARefusedGameIsRefusedWithTheReason) {
  (void)retrace::sim::registerGame<Walker<Flaw::kNone>>();
  (void)retrace::sim::registerGame<Walker<Flaw::kNineButtons>>();
  auto replay = retrace::recorder::testing::loadOrFail(retrace::recorder::testing::recordInMemory("walker", 100));
  replay.header.game = "nine-button-walker";  // as a build that registered it would have written it
  const auto loaded = retrace::recorder::loadReplay(retrace::recorder::encodeReplay(replay));
  ASSERT_TRUE(std::holds_alternative<std::string>(loaded));
  EXPECT_NE(std::get<std::string>(loaded).find(
                "names a game this build does not have: the game 'nine-button-walker' was refused when it was "
                "registered: it names 9 buttons; an input has 8 bits"),
            std::string::npos)
      << std::get<std::string>(loaded);
}

}  // namespace
