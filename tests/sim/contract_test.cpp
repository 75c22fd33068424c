// The contract's checks (sim/contract.h) against a small game with one flaw at a time
// (support/flawed_game.h): each check must name the flaw it is there for, and the game without a
// flaw must pass them all (retrace's own games are held to them in games/game_contract_test.cpp).
#include "sim/contract.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/game_model.h"
#include "support/flawed_game.h"

namespace retrace::sim {
namespace {

using flawed::Flaw;
using flawed::Walker;

/// The problems the contract finds in the walker with flaw F.
template <Flaw F>
std::vector<ContractProblem> problemsOf() {
  const GameModel<Walker<F>> game;
  return checkGameContract(game);
}

std::string listProblems(const std::vector<ContractProblem>& problems) {
  std::string text;
  for (const ContractProblem& problem : problems) text += "\n  " + problem.check + ": " + problem.sentence;
  return text;
}

TEST(Contract, AGameThatKeepsEveryPromiseHasNoProblem) {
  const auto problems = problemsOf<Flaw::kNone>();
  EXPECT_TRUE(problems.empty()) << listProblems(problems);
}

TEST(Contract, EachBrokenPromiseIsNamedByItsCheckWithWhatBrokeIt) {
  struct Case {
    const char* check;
    std::vector<ContractProblem> (*problems)();
    const char* says;
  };
  const Case cases[] = {
      {"names", problemsOf<Flaw::kSpaceInName>, "'the \\x1b[31mwalker' is not a plain word"},
      {"names", problemsOf<Flaw::kNineButtons>, "names 9 buttons; an input has 8 bits"},
      {"names", problemsOf<Flaw::kEventArgumentNotPlain>,
       "event 'bump' has an argument named 'bump count', which is not a plain word"},
      {"names", problemsOf<Flaw::kEnumValueNamedTwice>, "argument 'wall' of event 'bump' names two values 'end'"},
      {"names", problemsOf<Flaw::kSubjectNamesNoArgument>,
       "the subject 'walls[{side}]' of event 'bump' names {side}, which is none of the event's arguments"},
      {"ticks", problemsOf<Flaw::kTickSkips>, "step 1000 leaves the tick at 1001"},
      {"determinism", problemsOf<Flaw::kReadsAGlobal>, "two runs alike reach different states at tick 1 (score: expected "},
      {"snapshots", problemsOf<Flaw::kMemberNotVisited>, "the state saved at tick 1 (the bot playing) loads as another state"},
      {"snapshots", problemsOf<Flaw::kBumpsNotVisited>, "(random presses) loads as another state"},
      {"loading", problemsOf<Flaw::kLoadNarrows>, "score given "},
      {"clones", problemsOf<Flaw::kCloneShares>, "a session and its clone, stepped alike, part (score: expected "},
      {"fields", problemsOf<Flaw::kFieldNamedTwice>, "two fields are named 'x'"},
      {"fields", problemsOf<Flaw::kFieldNameUnprintable>,
       "field 'bumps\\x1b[2J' is not a printable word (trace and find take it typed)"},
      {"fields", problemsOf<Flaw::kFieldDescribedOtherwise>, "field score is described as another value than it saves"},
      {"fields", problemsOf<Flaw::kFieldNamedByValue>, "though neither a list's length nor the count of saved values changed"},
      {"fields", problemsOf<Flaw::kStateEnumNotPlain>, "field heading names value 1 'to the right', which is not a plain word"},
      {"configurations", problemsOf<Flaw::kConfigNarrows>, "configuration field margin given 4294967296 takes another value"},
      {"limits", problemsOf<Flaw::kLimitNamesNoField>, "bounds 'sped', which is no configuration field"},
      {"events", problemsOf<Flaw::kUnknownEvent>, "at tick 100 it reports an event of kind 7"},
      {"events", problemsOf<Flaw::kEventAboutNothing>,
       "its event bump{count 1} is about 'bumper', which is in neither the state before it nor the state after it"},
      {"rounds", problemsOf<Flaw::kRoundNeverRestarts>, "is still over 10 seconds later"},
      {"scenes", problemsOf<Flaw::kBoxOutsideScene>, "puts a box (x) outside the scene's area"},
      {"scenes", problemsOf<Flaw::kCellNamesAnEntity>, "names map cell 'clock', which is no single field of the state"},
      {"oracle", problemsOf<Flaw::kOracleCries>,
       "finds a tunnel in configuration 'default', within its speed limits, at tick 100: the dot passed"},
  };
  std::set<std::string> covered;
  for (const Case& c : cases) {
    const auto problems = c.problems();
    const auto found =
        std::find_if(problems.begin(), problems.end(), [&](const ContractProblem& p) { return p.check == c.check; });
    ASSERT_NE(found, problems.end()) << c.check << " misses its flaw; the problems found:" << listProblems(problems);
    EXPECT_NE(found->sentence.find(c.says), std::string::npos) << c.check << ": " << found->sentence;
    covered.insert(c.check);
  }
  for (const ContractCheck& check : contractChecks())
    EXPECT_EQ(covered.count(check.name), 1U) << check.name << " has no flaw here that it must find";
}

TEST(Contract, PlaysTheConfigurationAskedFor) {
  const GameModel<Walker<Flaw::kBoxOutsideOnLongTracks>> game;
  EXPECT_TRUE(checkGameContract(game).empty());
  const auto problems = checkGameContract(game, game.findConfig("long"));
  ASSERT_EQ(problems.size(), 1U) << listProblems(problems);
  EXPECT_EQ(problems.front().check, "scenes");
}

TEST(Contract, PastItsLimitsAConfigurationMayTunnelButAnInsaneOneIsNotPlayed) {
  const GameModel<Walker<Flaw::kOracleCries>> game;
  ConfigValues fast = *game.findConfig("default");
  fast.values[1] = px(100).raw();  // speed: the whole track in a tick, past "speed < trackPx"
  ASSERT_TRUE(game.validateConfig(fast, false).has_value());
  const auto pastLimits = checkGameContract(game, fast);
  EXPECT_TRUE(pastLimits.empty()) << listProblems(pastLimits);
  ConfigValues tiny = *game.findConfig("default");
  tiny.values[0] = 5;  // trackPx below the sane 10
  const auto insane = checkGameContract(game, tiny);
  ASSERT_FALSE(insane.empty());
  EXPECT_EQ(insane.front().sentence, "the configuration to play is refused: walker: a track of 10 to 10000 px, nothing negative");
}

TEST(Contract, ALimitBoundingNoFieldRefusesWithASentenceRatherThanStopping) {
  const GameModel<Walker<Flaw::kLimitNamesNoField>> game;
  const auto problem = game.validateConfig(*game.findConfig("long"), false);
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(*problem, "walker's speed limit \"speed < trackPx\" bounds \"sped\", which is no configuration field");
}

}  // namespace
}  // namespace retrace::sim
