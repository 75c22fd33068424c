#pragma once
// A replay opened through an index of its chunks: one checking pass over the file notes where
// each chunk's frame is, and a question then decodes only the chunks it needs, one at a time
// where it can, so that asking about a day of play holds a few chunks rather than the replay.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "recorder/replay.h"

namespace retrace::recorder {

class ReplayIndex {
 public:
  /// Where a chunk's frame is and what it holds.
  struct Entry {
    std::size_t offset = 0;  ///< of the chunk's frame in the file
    std::uint64_t firstTick = 1;
    std::uint64_t ticks = 0;
    std::uint64_t events = 0;
    std::optional<std::uint64_t> snapshotTick;  ///< when the chunk holds a snapshot
    std::uint64_t digest = 0;                   ///< of its ticks, so that another valid chunk read there later is told apart
  };

  /// Opens a replay file and checks all of it (every check loadReplayFile makes), keeping the
  /// index; one sentence starting with the path when it is refused.
  [[nodiscard]] static std::variant<ReplayIndex, std::string> open(const std::string& path);

  /// The header, footer and truncation, without chunks.
  [[nodiscard]] const LoadedReplay& summary() const noexcept { return summary_; }
  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  [[nodiscard]] std::uint64_t lastTick() const noexcept { return lastTick_; }
  [[nodiscard]] std::span<const Entry> entries() const noexcept { return entries_; }
  /// The chunk holding `tick` (1 to lastTick); the first for tick 0.
  [[nodiscard]] std::size_t findChunk(std::uint64_t tick) const noexcept;

  /// Reads chunks [first, last] in order, each checked again and handed to `visit` (which may
  /// keep it, and returns false to stop) before the next is read; one sentence when the file no
  /// longer reads as it did when it was opened.
  [[nodiscard]] std::optional<std::string> visitChunks(std::size_t first, std::size_t last,
                                                       const std::function<bool(Chunk&)>& visit) const;
  /// The replay with only the chunks that ticks [from, to] need: those holding them and, before
  /// them, those back to the latest snapshot at or before `from` that loads into the game's state
  /// (from the first chunk with `fromStart` or when none does): what reachTick and visitTicks
  /// need to answer for that range.
  [[nodiscard]] std::variant<LoadedReplay, std::string> loadTicks(std::uint64_t from, std::uint64_t to,
                                                                  bool fromStart = false) const;

 private:
  ReplayIndex(std::string path, ReplayReader reader) : path_(std::move(path)), reader_(std::move(reader)) {}

  std::string path_;
  ReplayReader reader_;  // holds the open file; reads a chunk again after seek
  LoadedReplay summary_;
  std::vector<Entry> entries_;
  std::uint64_t lastTick_ = 0;
};

}  // namespace retrace::recorder
