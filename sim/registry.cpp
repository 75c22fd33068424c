// The one place that names every game. Adding a game: its files under games/, one include
// and one entry here; nothing in recorder/, viewer/ or the tests' core changes.
#include <array>

#include "sim/game.h"
#include "sim/game_model.h"
#include "sim/games/dodge.h"
#include "sim/games/fallingman.h"
#include "sim/games/tank.h"

namespace retrace::sim {
namespace {

const GameModel<dodge::Game> kDodge;
const GameModel<tank::Game> kTank;
const GameModel<fallingman::Game> kFallingman;
constexpr std::array<const GameDefinition*, 3> kGames{&kDodge, &kTank, &kFallingman};

}  // namespace

std::span<const GameDefinition* const> listGames() { return kGames; }

const GameDefinition* findGame(std::string_view name) {
  for (const GameDefinition* game : kGames) {
    if (game->name() == name) return game;
  }
  return nullptr;
}

}  // namespace retrace::sim
