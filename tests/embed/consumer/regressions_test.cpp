// The README's example: a game's suite gating on a replay of one of retrace's own games, which
// it registers as any game is registered.
#include "recorder/gtest/expect_replay.h"
#include "sim/games/builtin_games.h"

TEST(Regressions, TankPatrol) {
  retrace::sim::registerBuiltInGames();
  EXPECT_REPLAY_MATCHES(REPLAYS_DIR "/tank-script-patrol.rtr");
}
