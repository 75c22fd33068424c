#include "recorder/gtest/expect_game.h"

#include <optional>
#include <string>

#include "recorder/parse.h"
#include "sim/contract.h"
#include "sim/game.h"

namespace retrace::testing {

::testing::AssertionResult gameMeetsContract(std::string_view name, std::string_view config) {
  const sim::GameDefinition* game = sim::findGame(name);
  if (game == nullptr) {
    return ::testing::AssertionFailure() << recorder::describeMissingGame(name)
                                         << (sim::findRefusal(name) ? "" : "; register it first with retrace::sim::registerGame");
  }
  std::optional<sim::ConfigValues> played;
  if (!config.empty()) {
    played = game->findConfig(config);
    if (!played) {
      return ::testing::AssertionFailure() << name << " has no configuration " << recorder::quoteForMessage(config) << " (it has "
                                           << recorder::joinNames(game->configNames()) << ")";
    }
  }
  const auto problems = sim::checkGameContract(*game, played);
  if (problems.empty()) return ::testing::AssertionSuccess();
  auto failure = ::testing::AssertionFailure();
  failure << name << (played ? " (" + played->name + ")" : std::string()) << " breaks " << problems.size() << " of the "
          << sim::contractChecks().size() << " promises of the game contract:";
  for (const sim::ContractProblem& problem : problems) failure << "\n  " << problem.check << ": " << problem.sentence;
  return failure;
}

}  // namespace retrace::testing
