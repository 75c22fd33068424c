#pragma once
// The game contract, checked at run time: what the compiler cannot see in a game that meets
// GameRules (game_rules.h). A member of the state that visitState leaves out, a bot that is not
// deterministic, a load that narrows a value, a speed limit whose bound is off by one, a scene
// outside its area: each makes replays of that game diverge or mislead, and each is found here
// by playing the game, with one sentence that says which promise it broke.
//
// retrace's own games are held to it by their tests; a game of your own by
// `retrace games --check` or EXPECT_GAME_MEETS_CONTRACT (recorder/gtest/expect_game.h).

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sim/game.h"

namespace retrace::sim {

/// One promise every game keeps, and the check that plays the game to see that it does.
struct ContractCheck {
  const char* name;     ///< one word, as `retrace games --check` prints it
  const char* promise;  ///< what the game promises, for people
  /// The first way the game breaks the promise, as a sentence, or nothing when it keeps it;
  /// `played` is the configuration to play (the default when nullptr).
  std::optional<std::string> (*run)(const GameDefinition& game, const ConfigValues* played);
};

/// Every check, in the order checkGameContract runs them.
[[nodiscard]] std::span<const ContractCheck> contractChecks();

/// The first way a game breaks the promise of names (the "names" check): the tools find a game,
/// its configurations, buttons, event kinds, event arguments and their enumerations' values by
/// name, and an input has 8 bits. The registry refuses a game that breaks it (registry.h).
[[nodiscard]] std::optional<std::string> checkGameNames(const GameDefinition& game);

/// A promise a game broke.
struct ContractProblem {
  std::string check;
  std::string sentence;
};

/// Runs every check on a game, playing the given configuration (the default, within its limits,
/// when none; the checks of names, configurations and limits cover every named one anyway): the
/// promises it breaks, none when it meets the contract.
[[nodiscard]] std::vector<ContractProblem> checkGameContract(const GameDefinition& game,
                                                             const std::optional<ConfigValues>& played = std::nullopt);

}  // namespace retrace::sim
