#pragma once
// Gate your own GoogleTest suite on replays:
//
//   #include "recorder/gtest/expect_replay.h"
//   TEST(Regressions, BaseBug) { EXPECT_REPLAY_MATCHES("replays/base-bug.rtr"); }  // its game registered first
//
// The replay must load, re-simulate identically (events, per-tick checksums, tick count, final
// hash), meet its NAME.expect outcomes if that file exists, and otherwise show no tunnel.
// On failure the verify report is the assertion message and is also written to
// $RETRACE_ARTIFACTS_DIR (default: ./replay-artifacts) as NAME.txt for CI to keep.

#include <string>

#include <gtest/gtest.h>

namespace retrace::testing {

/// Success, or the report of why the replay does not match.
[[nodiscard]] ::testing::AssertionResult replayMatches(const std::string& path);

}  // namespace retrace::testing

#define EXPECT_REPLAY_MATCHES(path) EXPECT_TRUE(::retrace::testing::replayMatches(path))
#define ASSERT_REPLAY_MATCHES(path) ASSERT_TRUE(::retrace::testing::replayMatches(path))
