// The registry (registry.h): the built-in games, then whatever a program registers. This is
// the one place that names the built-ins; nothing in recorder/, viewer/ or the tests' core does.
#include "sim/registry.h"

#include <vector>

#include "sim/games/dodge.h"
#include "sim/games/fallingman.h"
#include "sim/games/tank.h"

namespace retrace::sim {
namespace {

/// Every registered game, in the order registered, the built-ins first.
struct Registry {
  Registry() {
    (void)add(std::make_unique<const GameModel<dodge::Game>>());
    (void)add(std::make_unique<const GameModel<tank::Game>>());
    (void)add(std::make_unique<const GameModel<fallingman::Game>>());
  }
  bool add(std::unique_ptr<const GameDefinition> game) {
    for (const GameDefinition* known : games) {
      if (known->name() == game->name()) return false;
    }
    games.push_back(game.get());
    owned.push_back(std::move(game));
    return true;
  }
  std::vector<std::unique_ptr<const GameDefinition>> owned;
  std::vector<const GameDefinition*> games;
};

/// Made on first use, so it exists whatever the order static objects are made in.
Registry& registry() {
  static Registry instance;
  return instance;
}

}  // namespace

bool addGame(std::unique_ptr<const GameDefinition> game) { return game != nullptr && registry().add(std::move(game)); }

std::span<const GameDefinition* const> listGames() { return registry().games; }

const GameDefinition* findGame(std::string_view name) {
  for (const GameDefinition* game : registry().games) {
    if (game->name() == name) return game;
  }
  return nullptr;
}

}  // namespace retrace::sim
