#pragma once
// What an open replay recorded, tick by tick (inputs, events, checksums), read a chunk at a time.
//
// A replay opened through its index keeps only counts and summaries in memory: each chunk's
// first tick, how many events of each kind it holds, and, for every kActivityBlock ticks, the
// buttons held and the event categories seen. The ticks themselves come from the chunks, decoded
// when asked for and kept in a cache of at most kCachedChunks, so that a day-long replay costs
// the viewer a few bytes a hundred ticks rather than a replay's worth of vectors. A replay in
// memory (an edit, a test's) goes through the same code with its chunks as the source.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "recorder/query.h"
#include "recorder/replay.h"
#include "recorder/replay_index.h"
#include "sim/game.h"
#include "viewer/navigation.h"

namespace retrace::viewer {

/// Ticks summarised together for the timeline's coarse view.
inline constexpr std::uint64_t kActivityBlock = 16;
/// The most decoded chunks kept; a timeline zoomed to a tick per pixel column needs a few.
inline constexpr std::size_t kCachedChunks = 256;

/// What happened over a range of ticks, as the timeline shows it.
struct TickActivity {
  sim::Input held = 0;          ///< the buttons held on any of its ticks
  std::uint8_t categories = 0;  ///< bit c: an event of category c (sim::EventCategory) on any of its ticks
  bool operator==(const TickActivity&) const = default;
};

/// The bit of an event category in TickActivity::categories.
[[nodiscard]] constexpr std::uint8_t categoryBit(sim::EventCategory category) noexcept {
  return static_cast<std::uint8_t>(1U << static_cast<unsigned>(category));
}

/// A chunk with its inputs expanded to one a tick.
struct DecodedChunk {
  recorder::Chunk chunk;
  std::vector<sim::Input> inputs;  ///< tick chunk.firstTick first
};

/// The recorded ticks of one replay. Not thread-safe: reading fills a cache.
class TickStore {
 public:
  /// Called with each chunk and its inputs one per tick, in order, while the store is made (to
  /// build keyframes in the same pass).
  using ChunkVisitor = std::function<void(const recorder::Chunk&, std::span<const sim::Input>)>;

  /// A replay in memory; its chunks must be in order, as the loader gives them.
  TickStore(std::shared_ptr<const recorder::LoadedReplay> replay, const sim::GameDefinition& game, const ChunkVisitor& visit);
  /// A replay file through its index: every chunk read once now, then again as asked for. Throws
  /// std::runtime_error with one sentence whenever the file no longer reads as it did.
  TickStore(recorder::ReplayIndex index, const sim::GameDefinition& game, const ChunkVisitor& visit);

  [[nodiscard]] std::uint64_t lastTick() const noexcept { return lastTick_; }
  /// The index, when the replay was opened from a file.
  [[nodiscard]] const recorder::ReplayIndex* index() const noexcept { return index_ ? &*index_ : nullptr; }

  /// The input of a tick (1 to lastTick).
  [[nodiscard]] sim::Input inputAt(std::uint64_t tick) const;
  /// The recorded checksum after a tick (1 to lastTick).
  [[nodiscard]] std::uint16_t checksumAt(std::uint64_t tick) const;
  /// The inputs of every tick, tick 1 first (for an edit, which rewrites them all).
  [[nodiscard]] std::vector<sim::Input> loadInputs() const;

  /// How many events there are of one kind (of every kind when kind is nothing).
  [[nodiscard]] std::uint64_t countEvents(std::optional<std::uint16_t> kind) const;
  /// The row-th event of one kind (or of any), in tick order; row < countEvents(kind).
  [[nodiscard]] EventRow eventAt(std::optional<std::uint16_t> kind, std::uint64_t row) const;
  /// The row of the first event of the kind at or after `tick` (countEvents(kind) when none is).
  [[nodiscard]] std::uint64_t findEventRow(std::optional<std::uint16_t> kind, std::uint64_t tick) const;
  /// The tick of the next (or previous) event of the kind strictly after (before) `tick`.
  [[nodiscard]] std::optional<std::uint64_t> findEventTick(std::uint64_t tick, Direction direction,
                                                           std::optional<std::uint16_t> kind = std::nullopt) const;
  /// The events recorded at a tick, in their order.
  [[nodiscard]] std::vector<sim::Event> eventsAt(std::uint64_t tick) const;

  /// The activity over ticks [from, to] split into `columns` equal parts, part i holding the
  /// ticks t with (t - from) * columns / (to - from + 1) == i. Exact while a part spans at most
  /// kActivityBlock ticks; wider, a block is counted in every part it overlaps, so a part may
  /// also light up for a tick just beyond its edge, never miss one of its own.
  [[nodiscard]] std::vector<TickActivity> binActivity(std::uint64_t from, std::uint64_t to, unsigned columns) const;

 private:
  /// Reads every chunk once: counts, summaries and the caller's visit.
  void summarise(const recorder::Chunk& chunk, const ChunkVisitor& visit);
  /// Chunk i, from the cache or decoded now; the reference lasts until the next read.
  [[nodiscard]] const DecodedChunk& chunk(std::size_t i) const;
  /// The chunk holding a tick (1 to lastTick).
  [[nodiscard]] std::size_t findChunk(std::uint64_t tick) const noexcept;
  /// Which of countEvents' and eventAt's tables a kind uses.
  [[nodiscard]] std::size_t tableOf(std::optional<std::uint16_t> kind) const noexcept;

  struct Slot {
    std::size_t chunk = 0;
    std::uint64_t used = 0;  ///< when it was last read, for evicting the least recent
    DecodedChunk decoded;
  };

  const sim::GameDefinition* game_;
  std::shared_ptr<const recorder::LoadedReplay> replay_;  ///< the source when in memory
  std::optional<recorder::ReplayIndex> index_;            ///< the source when from a file
  std::uint64_t lastTick_ = 0;
  std::vector<std::uint64_t> firstTicks_;  ///< each chunk's first tick
  /// eventsBefore_[k][i]: events of kind k (the last table: of any kind) in the chunks before i;
  /// one more entry than chunks, the last being the total.
  std::vector<std::vector<std::uint64_t>> eventsBefore_;
  std::vector<TickActivity> blocks_;  ///< block b: ticks b * kActivityBlock + 1 to (b + 1) * kActivityBlock
  mutable std::vector<Slot> cache_;
  mutable std::size_t lastSlot_ = 0;
  mutable std::uint64_t reads_ = 0;
};

/// The rows (as eventAt numbers them for the kind) of the events whose arguments meet the
/// condition (recorder::parseEventCondition; every event without one) and that are about
/// `about` or something inside it (sim::nameEventSubjects; every event when it is empty), in
/// tick order; a sentence when a value cannot be an argument's.
[[nodiscard]] std::variant<std::vector<std::uint64_t>, std::string> findEventRowsWhere(const TickStore& store,
                                                                                       const sim::GameDefinition& game,
                                                                                       std::optional<std::uint16_t> kind,
                                                                                       const recorder::Condition* condition,
                                                                                       std::string_view about);

}  // namespace retrace::viewer
