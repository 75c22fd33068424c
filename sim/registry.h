#pragma once
// The registry: every game the tools can find by name. Each program registers the games it
// knows with one explicit call per game, before it records, verifies or loads anything (retrace's
// own three: registerBuiltInGames() in sim/games/builtin_games.h):
//
//   #include "sim/registry.h"
//   retrace::sim::registerGame<my_game::Game>();   // my_game::Game meets GameRules (game_rules.h)
//
// Registration is explicit (no static initialiser that a static library could drop) and meant
// for the start of a program, before other threads look games up.

#include <memory>

#include "sim/game.h"
#include "sim/game_model.h"

namespace retrace::sim {

/// Adds a game to those findGame and listGames know. False, and nothing added, when this game is
/// there already, or when it is refused: another game has its name, or it breaks the promise of
/// names the tools find it and its pieces by (checkGameNames in contract.h: plain words, each
/// once, at most 8 buttons). listRefusedGames says why, and the tools say it for that name.
bool addGame(std::unique_ptr<const GameDefinition> game);

/// Adds game G, adapted by GameModel; false when it is there already or refused (addGame).
template <GameRules G>
bool registerGame() {
  return addGame(std::make_unique<const GameModel<G>>());
}

}  // namespace retrace::sim
