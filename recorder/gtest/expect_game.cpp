#include "recorder/gtest/expect_game.h"

#include <string>

#include "recorder/parse.h"
#include "sim/contract.h"
#include "sim/game.h"

namespace retrace::testing {

::testing::AssertionResult gameMeetsContract(std::string_view name) {
  const sim::GameDefinition* game = sim::findGame(name);
  if (game == nullptr) {
    return ::testing::AssertionFailure() << "there is no game " << recorder::quoteForMessage(name) << " registered (games: " << recorder::joinGameNames()
                                         << "); register it first with retrace::sim::registerGame";
  }
  const auto problems = sim::checkGameContract(*game);
  if (problems.empty()) return ::testing::AssertionSuccess();
  auto failure = ::testing::AssertionFailure();
  failure << name << " breaks " << problems.size() << " of the " << sim::contractChecks().size() << " promises of the game contract:";
  for (const sim::ContractProblem& problem : problems) failure << "\n  " << problem.check << ": " << problem.sentence;
  return failure;
}

}  // namespace retrace::testing
