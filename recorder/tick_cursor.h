#pragma once
// Walks a loaded replay's ticks in order, reading each tick's input, checksum and events where
// the chunks hold them. Flattening them instead cost 30 bytes a tick per replay (a vector of
// events for every tick): 510 MB to diff two 8-million-tick replays of 21.6 MB.

#include <cstdint>
#include <span>
#include <vector>

#include "recorder/replay.h"

namespace retrace::recorder {

/// A position in a replay's ticks.
class TickCursor {
 public:
  explicit TickCursor(const LoadedReplay& replay) : chunks_(replay.chunks) { skipEmptyChunks(); }
  /// False once every tick was passed.
  [[nodiscard]] bool valid() const noexcept { return chunk_ < chunks_.size(); }
  /// The current tick (1 for the first).
  [[nodiscard]] std::uint64_t tick() const { return chunks_[chunk_].firstTick + index_; }
  [[nodiscard]] sim::Input input() const { return chunks_[chunk_].inputs[run_].input; }
  [[nodiscard]] std::uint16_t checksum() const { return chunks_[chunk_].checksums[index_]; }
  /// The current tick's events (the loader checked they are in tick order inside the chunk).
  [[nodiscard]] std::span<const RecordedEvent> events() const;
  /// Moves to the next tick (the loader checked that a chunk's runs cover its ticks exactly).
  void advance();

 private:
  void skipEmptyChunks();

  const std::vector<Chunk>& chunks_;
  std::size_t chunk_ = 0;
  std::size_t index_ = 0;  // the tick within the chunk
  std::size_t run_ = 0;
  std::uint32_t inRun_ = 0;
  std::size_t event_ = 0;
};

}  // namespace retrace::recorder
