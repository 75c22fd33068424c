// The registry (registry.h): the games a program registered, in its order. It names no game:
// retrace's own are registered by their own target (sim/games/builtin_games.h).
#include "sim/registry.h"

#include <typeinfo>
#include <vector>

#include "sim/contract.h"
#include "sim/text.h"

namespace retrace::sim {
namespace {

/// Every registered game, in the order registered, and every game refused.
struct Registry {
  bool add(std::unique_ptr<const GameDefinition> game) {
    if (auto problem = checkGameNames(*game)) {
      refuse(*game, *problem);
      return false;
    }
    for (const GameDefinition* known : games) {
      if (known->name() != game->name()) continue;
      // The same game registered twice (by two tests, say) is no mistake; another of its name is.
      // A reference, not `*game`: typeid of a smart pointer's dereference is a call clang warns of.
      const GameDefinition& added = *game;
      if (typeid(*known) != typeid(added))
        refuse(*game, "another game is registered under the name " + quoteForMessage(game->name()) + " already");
      return false;
    }
    games.push_back(game.get());
    owned.push_back(std::move(game));
    return true;
  }
  void refuse(const GameDefinition& game, const std::string& problem) {
    const std::string name(game.name());
    for (const RefusedGame& known : refused) {
      if (known.name == name && known.reason == problem) return;
    }
    refused.push_back({name, problem});
  }
  std::vector<std::unique_ptr<const GameDefinition>> owned;
  std::vector<const GameDefinition*> games;
  std::vector<RefusedGame> refused;
};

/// Made on first use, so it exists whatever the order static objects are made in.
Registry& registry() {
  static Registry instance;
  return instance;
}

}  // namespace

bool addGame(std::unique_ptr<const GameDefinition> game) { return game != nullptr && registry().add(std::move(game)); }

std::span<const GameDefinition* const> listGames() { return registry().games; }

std::span<const RefusedGame> listRefusedGames() { return registry().refused; }

std::optional<std::string> findRefusal(std::string_view name) {
  for (const RefusedGame& refused : registry().refused) {
    if (refused.name == name) return refused.reason;
  }
  return std::nullopt;
}

const GameDefinition* findGame(std::string_view name) {
  for (const GameDefinition* game : registry().games) {
    if (game->name() == name) return game;
  }
  return nullptr;
}

}  // namespace retrace::sim
