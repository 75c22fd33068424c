// The registry (registry.h): the games a program registered, in its order. It names no game:
// retrace's own are registered by their own target (sim/games/builtin_games.h).
#include "sim/registry.h"

#include <vector>


namespace retrace::sim {
namespace {

/// Every registered game, in the order registered.
struct Registry {
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
