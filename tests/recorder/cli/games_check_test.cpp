// `games --check` in a game's own binary (runCommandLine after registering it): a game that
// leaves a member of its state out of visitState (support/flawed_game.h) is told which promise it
// breaks, on stdout, with exit 1; games that keep the contract get one line each and exit 0.
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "sim/contract.h"
#include "sim/registry.h"
#include "support/flawed_game.h"
#include "support/run_in_process.h"

namespace {

using retrace::sim::flawed::Flaw;
using retrace::sim::flawed::Walker;

using CommandRun = retrace::testing::InProcessRun;

/// Runs the command line in this process, as a game's binary would.
CommandRun runGames(std::vector<std::string> words) { return retrace::testing::runInProcess(std::move(words)); }

TEST(GamesCheck, NamesEachPromiseAGameBreaksAndExitsOne) {
  (void)retrace::sim::registerGame<Walker<Flaw::kMemberNotVisited>>();
  const CommandRun run = runGames({"games", "--check", "walker"});
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(
      run.out,
      "walker: breaks 1 of the " + std::to_string(retrace::sim::contractChecks().size()) +
          " promises of the game contract:\n  snapshots: the state saved at tick 1 (the bot playing) loads as another state: a member of "
          "State that == compares is missing from visitState, or loading changes a value\n");
}

TEST(GamesCheck, JsonGivesEachGamesBrokenPromisesAndEachRefusalAsALine) {
  (void)retrace::sim::registerGame<Walker<Flaw::kMemberNotVisited>>();
  (void)retrace::sim::registerGame<Walker<Flaw::kNineButtons>>();
  const CommandRun run = runGames({"games", "--check", "--json", "walker", "dodge", "nine-button-walker"});
  EXPECT_EQ(run.status, 1);
  std::vector<nlohmann::json> lines;
  std::istringstream text(run.out);
  for (std::string line; std::getline(text, line);) lines.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(lines.size(), 3U) << run.out;
  EXPECT_EQ(lines[0]["game"], "walker");
  ASSERT_EQ(lines[0]["broken"].size(), 1U);
  EXPECT_EQ(lines[0]["broken"][0]["check"], "snapshots");
  EXPECT_EQ(lines[1],
            (nlohmann::json{
                {"game", "dodge"}, {"promises", retrace::sim::contractChecks().size()}, {"broken", nlohmann::json::array()}}));
  EXPECT_EQ(lines[2], (nlohmann::json{{"game", "nine-button-walker"}, {"refused", "it names 9 buttons; an input has 8 bits"}}));
}

TEST(GamesCheck, GivesEachGameThatKeepsTheContractOneLine) {
  const CommandRun run = runGames({"games", "--check", "dodge", "tank", "fallingman"});
  EXPECT_EQ(run.status, 0);
  const std::string all = "all " + std::to_string(retrace::sim::contractChecks().size()) + " promises of the game contract\n";
  EXPECT_EQ(run.out, "dodge: keeps " + all + "tank: keeps " + all + "fallingman: keeps " + all);
}

TEST(GamesCheck, PlaysTheConfigurationAskedForInTheOneGameNamed) {
  const CommandRun discrete = runGames({"games", "--check", "dodge", "--config", "discrete"});
  EXPECT_EQ(discrete.status, 0);
  EXPECT_EQ(discrete.out, "dodge (discrete): keeps all " + std::to_string(retrace::sim::contractChecks().size()) +
                              " promises of the game contract\n");
  const CommandRun set = runGames({"games", "--check", "fallingman", "--set", "landingWindow=6"});
  EXPECT_EQ(set.status, 0);
  EXPECT_EQ(set.out.rfind("fallingman (default+landingWindow=6): keeps all", 0), 0U) << set.out;
  for (const auto& words : {std::vector<std::string>{"games", "--check", "--config", "discrete"},
                            std::vector<std::string>{"games", "--check", "dodge", "--config", "nope"},
                            std::vector<std::string>{"games", "--check", "dodge", "--set", "nope=1"},
                            std::vector<std::string>{"games", "--config", "discrete", "dodge"}}) {
    const CommandRun refused = runGames(words);
    EXPECT_EQ(refused.status, 2) << words.back();
    EXPECT_EQ(refused.out, "") << words.back();
  }
}

TEST(GamesCheck, NamesAGameTheRegistryRefusedAndExitsOne) {
  (void)retrace::sim::registerGame<Walker<Flaw::kNineButtons>>();
  const std::string refusal = "'nine-button-walker': refused when it was registered: it names 9 buttons; an input has 8 bits\n";
  const CommandRun named = runGames({"games", "--check", "nine-button-walker"});
  EXPECT_EQ(named.status, 1);
  EXPECT_EQ(named.out, refusal);
  const CommandRun every = runGames({"games", "--check"});  // every game, the refused too
  EXPECT_EQ(every.status, 1);
  EXPECT_NE(every.out.find(refusal), std::string::npos) << every.out;
  const CommandRun listed = runGames({"games", "--names"});  // a list leaves it out (and warns on stderr)
  EXPECT_EQ(listed.status, 0);
  EXPECT_EQ(listed.out.find("nine-button-walker"), std::string::npos) << listed.out;
  const std::string why =
      "the game 'nine-button-walker' was refused when it was registered: it names 9 buttons; an input has 8 bits";
  EXPECT_NE(listed.err.find(why), std::string::npos) << listed.err;
  const CommandRun recorded = runGames({"record", "--game", "nine-button-walker", "--ticks", "10", "-o", "never-written.rtr"});
  EXPECT_EQ(recorded.status, 2);
  EXPECT_NE(recorded.err.find(why), std::string::npos) << recorded.err;
  EXPECT_FALSE(std::filesystem::exists("never-written.rtr"));
}

TEST(GamesCheck, EveryRunWarnsOfAGameShadowedByAnotherOfItsName) {
  (void)retrace::sim::registerGame<Walker<Flaw::kMemberNotVisited>>();
  (void)retrace::sim::registerGame<Walker<Flaw::kTickSkips>>();  // also "walker": refused
  const std::string why =
      "game-retrace: the game 'walker' was refused when it was registered: another game is registered under the name 'walker' already\n";
  const CommandRun listed = runGames({"games", "--names"});
  EXPECT_EQ(listed.status, 0);
  EXPECT_NE(listed.out.find("walker\n"), std::string::npos) << listed.out;  // the first keeps the name
  // Among the warnings of games refused before it, when the suite runs as one process.
  EXPECT_NE(listed.err.find(why), std::string::npos) << listed.err;
  const CommandRun swept = runGames({"sweep", "100,60,40,12", "100,110,48,24", "0,100"});
  EXPECT_NE(swept.err.find(why), std::string::npos) << swept.err;  // any command, whatever it is about
  const CommandRun quiet = runGames({"-q", "games", "--names"});
  EXPECT_EQ(quiet.err, "");
}

TEST(GamesCheck, RefusesAGameItDoesNotHaveWithExitTwo) {
  const CommandRun run = runGames({"games", "--check", "pong"});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.out, "");
}

}  // namespace
