#pragma once
// Walks a replay's ticks in order, reading each tick's input, checksum and events where the
// chunks hold them: the chunks of a loaded replay, or those of a file read one at a time through
// its index. Flattening them instead cost 30 bytes a tick per replay (a vector of events for
// every tick).

#include <cstdint>
#include <span>
#include <vector>

#include "recorder/replay.h"
#include "recorder/replay_index.h"

namespace retrace::recorder {

/// A position in a replay's ticks.
class TickCursor {
 public:
  explicit TickCursor(const LoadedReplay& replay) : chunks_(&replay.chunks), count_(replay.chunks.size()) { load(); }
  /// Over a file through its index, holding one chunk at a time. Throws std::runtime_error with
  /// one sentence when a chunk no longer reads as it did when the index was made.
  explicit TickCursor(const ReplayIndex& index) : index_(&index), count_(index.entries().size()) { load(); }
  TickCursor(const TickCursor&) = delete;
  TickCursor& operator=(const TickCursor&) = delete;

  /// False once every tick was passed.
  [[nodiscard]] bool valid() const noexcept { return chunk_ < count_; }
  /// The current tick (1 for the first).
  [[nodiscard]] std::uint64_t tick() const { return current_->firstTick + tickInChunk_; }
  [[nodiscard]] sim::Input input() const { return current_->inputs[run_].input; }
  [[nodiscard]] std::uint16_t checksum() const { return current_->checksums[tickInChunk_]; }
  /// The current tick's events (the loader checked they are in tick order inside the chunk).
  [[nodiscard]] std::span<const RecordedEvent> events() const;
  /// The chunk holding the current tick.
  [[nodiscard]] const Chunk& chunk() const noexcept { return *current_; }
  /// Moves to the next tick (the loader checked that a chunk's runs cover its ticks exactly).
  void advance();

 private:
  /// Makes chunk_ (or the next chunk with ticks) the current one.
  void load();

  const std::vector<Chunk>* chunks_ = nullptr;
  const ReplayIndex* index_ = nullptr;
  std::size_t count_ = 0;
  Chunk read_;  // the chunk read from the file, over an index
  const Chunk* current_ = nullptr;
  std::size_t chunk_ = 0;
  std::size_t tickInChunk_ = 0;
  std::size_t run_ = 0;
  std::uint32_t inRun_ = 0;
  std::size_t event_ = 0;
};

}  // namespace retrace::recorder
