#pragma once
// The tests' way to the golden corpus: a replay of replays/ by file name.

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/replay.h"

namespace retrace::testing {

/// The golden replay `name` (e.g. "tank-bot-seed5.rtr"), loaded.
inline recorder::LoadedReplay loadCorpus(const std::string& name) {
  auto loaded = recorder::loadReplayFile(std::string(RETRACE_REPLAYS_DIR) + "/" + name);
  EXPECT_TRUE(std::holds_alternative<recorder::LoadedReplay>(loaded)) << name;
  return std::get<recorder::LoadedReplay>(std::move(loaded));
}

/// The golden replay `name` with the input of its tick `tick` (counted from 1) changed and every
/// checksum kept, as a rules change leaves a replay: this build plays it otherwise from there.
inline recorder::LoadedReplay alterCorpusInput(const std::string& name, std::uint64_t tick) {
  recorder::LoadedReplay replay = loadCorpus(name);
  std::vector<sim::Input> inputs = recorder::expandInputs(replay);
  EXPECT_LE(tick, inputs.size()) << name;
  inputs.at(tick - 1) ^= 0x1FU;
  std::uint64_t first = 0;
  for (recorder::Chunk& chunk : replay.chunks) {
    chunk.inputs.clear();
    for (std::uint64_t t = first; t < first + chunk.checksums.size(); ++t) chunk.inputs.push_back({inputs[t], 1});
    first += chunk.checksums.size();
  }
  return replay;
}

}  // namespace retrace::testing
