#pragma once
// The tests' way to the golden corpus: a replay of replays/ by file name.

#include <string>
#include <variant>

#include <gtest/gtest.h>

#include "recorder/replay.h"

namespace retrace::testing {

/// The golden replay `name` (e.g. "tank-bot-seed5.rtr"), loaded.
inline recorder::LoadedReplay loadCorpus(const std::string& name) {
  auto loaded = recorder::loadReplayFile(std::string(RETRACE_REPLAYS_DIR) + "/" + name);
  EXPECT_TRUE(std::holds_alternative<recorder::LoadedReplay>(loaded)) << name;
  return std::get<recorder::LoadedReplay>(std::move(loaded));
}

}  // namespace retrace::testing
