#include "recorder/expectations.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "replay_test_support.h"
#include "sim/registry.h"
#include "support/temp_dir.h"

namespace retrace::recorder {
namespace {

/// The parse's refusal, or "" when the text parses.
std::string refusalOf(const std::string& text, const std::string& game = "fallingman") {
  auto parsed = parseExpectations(text, *sim::findGame(game));
  if (auto* problem = std::get_if<std::string>(&parsed)) return *problem;
  return {};
}

/// The unmet expectations of `text` on a replay verified with its chunks.
std::vector<std::string> judge(const std::string& text, const LoadedReplay& replay) {
  auto parsed = parseExpectations(text, *gameOf(replay.header));
  EXPECT_TRUE(std::holds_alternative<std::vector<Expectation>>(parsed)) << text << ": " << std::get<std::string>(parsed);
  if (!std::holds_alternative<std::vector<Expectation>>(parsed)) return {"unparsed"};
  return checkExpectations(std::get<std::vector<Expectation>>(parsed), replay, verifyReplay(replay));
}

/// The golden whose six deaths are all "hurt" and whose landings are at most 5.1 px in (the
/// scroll: a top the ceiling pushes the man to).
LoadedReplay loadDeadlockGolden() {
  auto loaded = loadReplayFile(RETRACE_REPLAYS_DIR "/fallingman-scroll-5.1-deadlock.rtr");
  EXPECT_TRUE(std::holds_alternative<LoadedReplay>(loaded));
  return std::holds_alternative<LoadedReplay>(loaded) ? std::get<LoadedReplay>(loaded) : LoadedReplay{};
}

TEST(Expectations, AFileThatChecksNothingIsRefused) {
  EXPECT_TRUE(refusalOf("").starts_with("no line says what the replay must show")) << refusalOf("");
  EXPECT_TRUE(refusalOf("# pins the deadlock\n\n").starts_with("no line says")) << refusalOf("# x\n");
  // Counts every replay meets, and counts none can.
  for (const char* always : {"tunnels >= 0", "tunnels > -1", "events died >= -5", "events died != -1"})
    EXPECT_NE(refusalOf(always).find("holds whatever the replay shows, so it checks nothing"), std::string::npos) << always;
  for (const char* never : {"tunnels < 0", "tunnels <= -1", "events died == -1"})
    EXPECT_NE(refusalOf(never).find("holds for no replay (a count is never negative)"), std::string::npos) << never;
  EXPECT_EQ(refusalOf("tunnels >= 1\ntunnels >= 0\n"),
            "line 2: 'tunnels >= 0' holds whatever the replay shows, so it checks nothing");
  // A bound that can fail on one side is a check.
  for (const char* check : {"tunnels == 0", "tunnels <= 0", "tunnels < 1", "tunnels > 0", "events died != 0"})
    EXPECT_EQ(refusalOf(check), "") << check;
}

TEST(Expectations, AnArgumentIsComparedInItsOwnUnitsAndNames) {
  const LoadedReplay golden = loadDeadlockGolden();
  EXPECT_EQ(judge("events landed.offset <= 5.1\nevents died.cause == hurt\nevents died.floor <= 70\n", golden),
            std::vector<std::string>{});
  const auto unmet = judge("events landed.offset <= 4\nevents died.cause != hurt\n", golden);
  ASSERT_EQ(unmet.size(), 2U);
  EXPECT_TRUE(unmet[0].starts_with("expected events landed.offset <= 4 for every event, but tick ")) << unmet[0];
  EXPECT_NE(unmet[0].find("landed{platform "), std::string::npos) << unmet[0];
  EXPECT_EQ(unmet[1], "expected events died.cause != hurt for every event, but tick 1624: died{cause hurt, floor 56, round 1}");
  // A value the argument cannot take is a typo, said as `events --where` says it.
  EXPECT_EQ(refusalOf("events died.cause == drowned"), "line 1: cause is one of ceiling, fellOff, hurt, not 'drowned'");
  EXPECT_TRUE(refusalOf("events died.height > 3").starts_with("line 1: 'height' is no argument of the events asked for"))
      << refusalOf("events died.height > 3");
  EXPECT_EQ(refusalOf("events drowned >= 1"), "line 1: 'drowned' is not an event of fallingman");
  EXPECT_EQ(refusalOf("events died >= 1.5"), "line 1: '1.5' is not a whole number");
}

TEST(Expectations, AnArgumentOverNoEventOfItsKindIsUnmet) {
  // A second of play with no death: "every death below floor 70" checked nothing.
  const LoadedReplay quiet = testing::loadOrFail(testing::recordInMemory("fallingman", 60));
  const auto unmet = judge("events died.floor <= 70\nevents died == 0\n", quiet);
  EXPECT_EQ(unmet, std::vector<std::string>{"expected events died.floor <= 70 for every event, but there is no died event"});
}

TEST(Expectations, AFileIsJudgedInOnePassThatKeepsNoChunk) {
  // verify --expect and approve hold a few chunks of a replay however long, counting its
  // events as they are verified; the verdict is the one the loaded replay gives.
  retrace::testing::TempDir temp("retrace_expect");
  const std::string file = (temp.path() / "deadlock.rtr").string();
  std::filesystem::copy_file(RETRACE_REPLAYS_DIR "/fallingman-scroll-5.1-deadlock.rtr", file);
  std::ofstream(temp.path() / "deadlock.expect") << "events died >= 6\nevents died.floor < 60\ntunnels == 0\n";
  const auto judged = verifyExpectedOutcome(file, {});
  ASSERT_TRUE(std::holds_alternative<JudgedReplay>(judged)) << std::get<std::string>(judged);
  const JudgedReplay& streamed = std::get<JudgedReplay>(judged);
  EXPECT_TRUE(streamed.verified.replay.chunks.empty());
  ASSERT_TRUE(streamed.expected.has_value());
  EXPECT_EQ(streamed.expected->file, (temp.path() / "deadlock.expect").string());
  EXPECT_EQ(streamed.expected->unmet,
            std::vector<std::string>{
                "expected events died.floor < 60 for every event, but tick 3373: died{cause hurt, floor 60, round 2}"});
  EXPECT_EQ(judge("events died >= 6\nevents died.floor < 60\ntunnels == 0\n", loadDeadlockGolden()), streamed.expected->unmet);
  // A .expect that does not parse is said before the replay is verified; none is no outcome.
  std::ofstream(temp.path() / "deadlock.expect") << "tunnels about 1\n";
  EXPECT_EQ(std::get<std::string>(verifyExpectedOutcome(file, {})),
            (temp.path() / "deadlock.expect").string() + ": line 1: expected an operator (== != < <= > >=) and a value");
  std::filesystem::remove(temp.path() / "deadlock.expect");
  EXPECT_FALSE(std::get<JudgedReplay>(verifyExpectedOutcome(file, {})).expected.has_value());
}

}  // namespace
}  // namespace retrace::recorder
