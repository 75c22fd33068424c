#pragma once
// Helpers shared by the recorder tests: record a game into memory, load it back.

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/byte_sink.h"
#include "recorder/frame.h"
#include "recorder/input_source.h"
#include "recorder/payload.h"
#include "recorder/recorder.h"
#include "recorder/replay.h"

namespace retrace::recorder::testing {

/// A recording of `ticks` ticks in memory (bot input unless asked), with small chunks so that short recordings
/// still have several chunks and snapshots.
inline std::vector<std::byte> recordInMemory(const std::string& game, std::uint64_t ticks, std::uint64_t seed = 1,
                                             const std::string& config = "default", std::uint32_t chunkTicks = 30,
                                             std::uint32_t snapshotEvery = 60, bool allowLimitBreaks = false,
                                             const std::string& input = "bot", std::uint32_t fullHashEvery = 30) {
  RecordingOptions options;
  options.game = game;
  options.configName = config;
  options.seed = seed;
  options.inputSource = input;
  options.plannedTicks = ticks;
  options.chunkTicks = chunkTicks;
  options.snapshotEvery = snapshotEvery;
  options.allowLimitBreaks = allowLimitBreaks;
  options.fullHashEvery = fullHashEvery;
  auto sink = std::make_unique<MemorySink>();
  MemorySink* memory = sink.get();
  auto opened = openRecording(options, std::move(sink));
  EXPECT_TRUE(std::holds_alternative<std::unique_ptr<Recorder>>(opened));
  auto& recorder = *std::get<std::unique_ptr<Recorder>>(opened);
  auto source = std::get<std::unique_ptr<InputSource>>(makeInputSource(input, *sim::findGame(game), seed));
  for (std::uint64_t t = 0; t < ticks; ++t) (void)recorder.record(source->next(recorder.session()));
  EXPECT_FALSE(recorder.close().has_value());
  return memory->bytes();
}

/// Loads bytes that must hold a replay.
inline LoadedReplay loadOrFail(const std::vector<std::byte>& bytes) {
  auto loaded = loadReplay(bytes);
  if (auto* problem = std::get_if<std::string>(&loaded)) ADD_FAILURE() << *problem;
  return std::holds_alternative<LoadedReplay>(loaded) ? std::get<LoadedReplay>(loaded) : LoadedReplay{};
}

/// The error loading these bytes gives, or "" when they load.
inline std::string loadError(const std::vector<std::byte>& bytes) {
  auto loaded = loadReplay(bytes);
  if (auto* problem = std::get_if<std::string>(&loaded)) return *problem;
  return {};
}

}  // namespace retrace::recorder::testing
