// The README's example: a game's suite gating on a replay.
#include "recorder/gtest/expect_replay.h"

TEST(Regressions, TankPatrol) { EXPECT_REPLAY_MATCHES(REPLAYS_DIR "/tank-script-patrol.rtr"); }
