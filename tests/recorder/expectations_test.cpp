#include "recorder/expectations.h"

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/inspect.h"
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

TEST(Expectations, AStateLineIsJudgedAsFindFindsItsCondition) {
  const LoadedReplay golden = loadDeadlockGolden();
  const auto first = findTicks(golden, std::get<Condition>(Condition::parse("man.hp < 12")), 0, false);
  ASSERT_EQ(std::get<std::vector<std::uint64_t>>(first).size(), 1U);
  const std::string hurt = std::to_string(std::get<std::vector<std::uint64_t>>(first).front());
  EXPECT_EQ(judge("reaches man.hp < 12\nnever man.hp < -4\nnever man.centre.x < -100 or man.centre.x > 400\n", golden),
            std::vector<std::string>{});
  EXPECT_EQ(judge("tunnels == 0\nreaches man.hp < -4\nnever man.hp < 12\nevents died >= 1\n", golden),
            (std::vector<std::string>{"expected reaches 'man.hp < -4', but it holds on no tick",
                                      "expected never 'man.hp < 12', but it holds at tick " + hurt + " (man.hp 8)"}));
  // The start counts: a state line judges every tick from 0, as find does.
  EXPECT_EQ(judge("never man.hp == 12\n", golden),
            std::vector<std::string>{"expected never 'man.hp == 12', but it holds at tick 0 (man.hp 12)"});
  // Which element of a pattern broke it, as find names it at that tick.
  const auto broken = judge("never platforms[*].id > 5\n", golden);
  ASSERT_EQ(broken.size(), 1U);
  const std::regex named(
      R"(expected never 'platforms\[\*\]\.id > 5', but it holds at tick [0-9]+ \(platforms\[[0-9]+\]\.id ([0-9]+)\))");
  std::smatch match;
  ASSERT_TRUE(std::regex_match(broken.front(), match, named)) << broken.front();
  EXPECT_GT(std::stoi(match[1].str()), 5);
  // A field no tick has, or a value no field takes: nothing was checked, so it is unmet.
  EXPECT_EQ(judge("never man.hpp < 0\n", golden),
            std::vector<std::string>{"expected never 'man.hpp < 0', but 'man.hpp' names no field of fallingman on any tick "
                                     "searched; did you mean man.hp?"});
  EXPECT_EQ(judge("never man.hp < lots\n", golden),
            std::vector<std::string>{"expected never 'man.hp < lots', but man.hp is a whole number, not 'lots'"});
  // A condition that does not parse is refused with the file, as any line that does not.
  EXPECT_EQ(refusalOf("never man.hp <"),
            "line 1: never: the condition ends after '<' inside a comparison (FIELD OP VALUE or FIELD changed)");
  EXPECT_EQ(refusalOf("reaches"),
            "line 1: reaches: a condition compares a field with a value (like players[0].hp < 3), not nothing");
  EXPECT_EQ(refusalOf("always man.hp > 0"),
            "line 1: expected 'tunnels OP N', 'events KIND[.ARG] OP VALUE', 'reaches CONDITION' or 'never CONDITION'");
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
  // State lines walk the file again through its index, and say what the loaded replay says.
  const std::string states = "reaches man.hp < -4\nnever man.hp < -4\nnever man.hp < 12\nnever man.hpp > 1\n";
  std::ofstream(temp.path() / "deadlock.expect") << states;
  const auto walked = verifyExpectedOutcome(file, {});
  ASSERT_TRUE(std::holds_alternative<JudgedReplay>(walked)) << std::get<std::string>(walked);
  ASSERT_TRUE(std::get<JudgedReplay>(walked).expected.has_value());
  EXPECT_EQ(std::get<JudgedReplay>(walked).expected->unmet.size(), 3U);
  EXPECT_EQ(std::get<JudgedReplay>(walked).expected->unmet, judge(states, loadDeadlockGolden()));
  // A .expect that does not parse is said before the replay is verified; none is no outcome.
  std::ofstream(temp.path() / "deadlock.expect") << "tunnels about 1\n";
  EXPECT_EQ(std::get<std::string>(verifyExpectedOutcome(file, {})),
            (temp.path() / "deadlock.expect").string() + ": line 1: expected an operator (== != < <= > >=) and a value");
  std::filesystem::remove(temp.path() / "deadlock.expect");
  EXPECT_FALSE(std::get<JudgedReplay>(verifyExpectedOutcome(file, {})).expected.has_value());
}

}  // namespace
}  // namespace retrace::recorder
