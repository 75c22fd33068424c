// The main of every GoogleTest suite here: retrace's own games registered, as in retrace's
// binaries, then the tests.
#include <gtest/gtest.h>

#include "sim/games/builtin_games.h"

int main(int argc, char** argv) {
  retrace::sim::registerBuiltInGames();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
