// Every tool on a game with no buttons, events, speed limits or configuration fields
// (support/bare_game.h): it keeps the contract, records, verifies, hunts and is inspected, and
// where one of its lists is empty the tools say "none" rather than leaving a gap.
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "sim/game_rules.h"
#include "sim/registry.h"
#include "support/bare_game.h"
#include "support/run_in_process.h"
#include "support/temp_dir.h"

namespace {

using retrace::testing::runInProcess;

class BareGame : public ::testing::Test {
 protected:
  void SetUp() override { (void)retrace::sim::registerGame<retrace::sim::bare::Stopwatch>(); }
};

TEST_F(BareGame, IsListedWithNoneWhereItHasNothing) {
  const auto run = runInProcess({"games", "stopwatch"});
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out,
            "stopwatch (rules 1): configurations default; buttons none\n"
            "  speed limits: none\n"
            "  events: none\n"
            "  --set NAME=VALUE, defaults: none (no configuration fields)\n");
  const auto checked = runInProcess({"games", "--check", "stopwatch"});
  EXPECT_EQ(checked.status, 0) << checked.out;
}

TEST_F(BareGame, RecordsVerifiesAndIsInspected) {
  const retrace::testing::TempDir dir("bare_game");
  const std::string replay = dir.file("a.rtr");
  ASSERT_EQ(runInProcess({"record", "--game", "stopwatch", "--ticks", "700", "-o", replay}).status, 0);
  EXPECT_EQ(runInProcess({"verify", replay}).status, 0);
  const auto info = runInProcess({"info", replay});
  EXPECT_EQ(info.status, 0);
  EXPECT_NE(info.out.find("input:     bot; buttons: none\n"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("events:    none\n"), std::string::npos) << info.out;
  const auto found = runInProcess({"find", replay, "--where", "seconds == 5"});
  EXPECT_EQ(found.status, 0);
  EXPECT_NE(found.out.find("first holds at tick 300"), std::string::npos) << found.out;
  const auto events = runInProcess({"events", replay, "--kind", "bump"});
  EXPECT_EQ(events.status, 2);
  EXPECT_NE(events.err.find("'bump' is not an event of stopwatch (events: none)"), std::string::npos) << events.err;
}

TEST_F(BareGame, AScriptPressingAButtonItDoesNotHaveIsRefused) {
  const retrace::testing::TempDir dir("bare_game");
  const std::string script = dir.file("in.txt");
  std::ofstream(script) << "10 left\n";
  const auto refused =
      runInProcess({"record", "--game", "stopwatch", "--ticks", "10", "--input", script, "-o", dir.file("a.rtr")});
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("unknown button 'left' for stopwatch (it has none; - presses nothing)"), std::string::npos)
      << refused.err;
  std::ofstream(script) << "10 -\n";
  EXPECT_EQ(runInProcess({"record", "--game", "stopwatch", "--ticks", "10", "--input", script, "-o", dir.file("a.rtr")}).status,
            0);
}

TEST_F(BareGame, KeepsNoRoundClockAndItsRoundIsNeverOver) {
  static_assert(retrace::sim::GameRules<retrace::sim::bare::Stopwatch> &&
                !retrace::sim::HasRounds<retrace::sim::bare::Stopwatch>);
  const auto* game = retrace::sim::findGame("stopwatch");
  ASSERT_NE(game, nullptr);
  auto session = game->start(*game->findConfig("default"), 1);
  for (int i = 0; i < 700; ++i) {
    (void)session->step(0);
    ASSERT_FALSE(session->roundOver()) << "at tick " << session->tick();
  }
  for (const auto& field : session->describeState()) EXPECT_EQ(field.name.find("clock"), std::string::npos) << field.name;
}

TEST_F(BareGame, HuntsWithinItsConfigurationsAndRefusesOutsideWithASentence) {
  const retrace::testing::TempDir dir("bare_game");
  const auto hunted = runInProcess(
      {"hunt", "--game", "stopwatch", "--runs", "3", "--ticks", "100", "--configs", "within", "-o", dir.file("found")});
  EXPECT_EQ(hunted.status, 0) << hunted.err;
  EXPECT_NE(hunted.out.find("3 runs, 300 ticks, 0 findings"), std::string::npos) << hunted.out;
  const auto outside = runInProcess(
      {"hunt", "--game", "stopwatch", "--runs", "3", "--ticks", "100", "--configs", "outside", "-o", dir.file("found")});
  EXPECT_EQ(outside.status, 2);
  EXPECT_NE(outside.err.find("declares no speed limit, so --configs outside has nothing to break"), std::string::npos)
      << outside.err;
}

}  // namespace
