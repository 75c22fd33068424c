#include "sim/games/builtin_games.h"

#include "sim/games/dodge.h"
#include "sim/games/fallingman.h"
#include "sim/games/tank.h"
#include "sim/registry.h"

namespace retrace::sim {

void registerBuiltInGames() {
  (void)registerGame<dodge::Game>();
  (void)registerGame<tank::Game>();
  (void)registerGame<fallingman::Game>();
}

}  // namespace retrace::sim
