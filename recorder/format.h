#pragma once
// The replay file format, version 1.1 (1.0 files load too: see below).
//
//   preamble   16 bytes: magic "RETRACE\x1A", format major u16, minor u16, reserved u32 (0)
//   frames     header frame, chunk frames..., footer frame (the last thing in the file)
//
// Every frame is a 24-byte frame header followed by its payload:
//   kind u8 | codec u8 | reserved u16 (0) | stored length u32 | raw length u32 |
//   XXH3-64 of the stored payload u64 | low 32 bits of XXH3-64 of the 20 bytes before it
// The payload is a Cereal portable-binary archive (little-endian) of ReplayHeader, Chunk or
// Footer, zstd-compressed when that makes it smaller. All integers are little-endian.
//
// Why this shape: chunks are appended and flushed as play goes on, so a killed recorder
// leaves every complete chunk loadable; the frame header's own checksum means a flipped bit
// in a length is reported as corruption, never mistaken for a truncated file; the payload
// checksum is verified before Cereal sees a byte, and Cereal then reads through an archive
// that refuses sizes larger than the bytes left (checked_archive.h).
//
// Per tick a chunk keeps the input (run-length coded), the events, and a 16-bit checksum of
// the state after the tick (tickChecksum below): on every fullHashEvery-th tick the low 16
// bits of the whole-state hash, on the others those of the tick digest (every field outside
// lists, each list's length and first element: sim/fields.h). Sixteen bits were chosen by
// measurement (see the closing note of the replays issue): they are the bulk of a replay's
// size, and a divergence that slips past one tick's 16 bits (1 in 65,536) is caught on the
// next tick, by the next snapshot's full 64-bit hash, or by the footer's final hash. A full
// snapshot of the state rides along every snapshotEvery ticks, so a divergence can be shown
// field by field.
//
// Recordings take the whole state every tick (fullHashEvery = 1, the default since the
// gate-integrity issue): the first divergent tick is the product's promise, and the hash costs
// a few nanoseconds a tick (BENCHMARKS.md). The digest is for a game whose state is too large
// to hash every tick: with fullHashEvery above 1, a divergence that stays inside later list
// elements (one entity moved differently, nothing else changed) is caught at most
// fullHashEvery - 1 ticks late, and the verifier says so.
//
// Versions: 1.1 added ReplayHeader::fullHashEvery. A 1.0 file is migrated on load: its header
// has no such field and every tick's checksum covered the whole state, which is exactly
// fullHashEvery = 1, so it verifies unchanged. A newer major or minor version is refused.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/game.h"

namespace retrace::recorder {

inline constexpr std::array<char, 8> kMagic{'R', 'E', 'T', 'R', 'A', 'C', 'E', '\x1A'};
inline constexpr std::uint16_t kFormatMajor = 1;
inline constexpr std::uint16_t kFormatMinor = 1;
inline constexpr std::size_t kPreambleBytes = 16;
inline constexpr std::size_t kFrameHeaderBytes = 24;

// Caps applied before any allocation: nothing a file claims can make the loader allocate more.
inline constexpr std::uint64_t kMaxFileBytes = 1ULL << 30;    ///< 1 GiB
inline constexpr std::uint32_t kMaxPayloadBytes = 16U << 20;  ///< 16 MiB, stored or raw
/// All payloads of a file together, decompressed: zstd packs a 16 MiB run of equal bytes into a
/// few hundred, so without it a 1 GiB file could decode to terabytes. 1 GiB is about 300
/// million recorded ticks, two months of play at 60 ticks a second.
inline constexpr std::uint64_t kMaxDecodedBytes = 1ULL << 30;

/// The caps of a whole file. A reader refuses past them and a recorder stops before them, so
/// that what a recorder writes always loads; tests shrink them to reach them.
struct ReplayLimits {
  std::uint64_t fileBytes = kMaxFileBytes;        ///< on disk
  std::uint64_t decodedBytes = kMaxDecodedBytes;  ///< every payload, decompressed
};

/// The most ticks one chunk may hold (event ticks are stored as 16-bit offsets).
inline constexpr std::uint32_t kMaxChunkTicks = 65535;

/// What a frame holds.
enum class FrameKind : std::uint8_t { kHeader = 1, kChunk = 2, kFooter = 3 };
/// How a frame's payload is stored.
enum class Codec : std::uint8_t { kRaw = 0, kZstd = 1 };

/// Who made a recording and how to re-simulate it.
struct ReplayHeader {
  std::string toolVersion;
  std::string game;
  std::uint32_t rulesVersion = 0;
  std::string configName;
  std::vector<std::int64_t> configValues;
  bool limitBreaksAllowed = false;
  std::uint64_t seed = 0;
  std::uint32_t tickRate = sim::kTickRate;
  std::uint32_t chunkTicks = 0;
  std::uint32_t snapshotEvery = 0;
  std::string inputSource;          ///< "bot", "random", "script NAME", "live", ...
  std::uint64_t plannedTicks = 0;   ///< 0 when unknown (live play)
  std::uint32_t fullHashEvery = 1;  ///< every this many ticks the checksum covers the whole state (1.1)
  bool operator==(const ReplayHeader&) const = default;
};

/// The same input held for a number of ticks.
struct InputRun {
  sim::Input input = 0;
  std::uint32_t length = 0;
  bool operator==(const InputRun&) const = default;
};

/// An event and the tick (1-based, after that tick's step) it happened on.
struct RecordedEvent {
  std::uint64_t tick = 0;
  sim::Event event;
  bool operator==(const RecordedEvent&) const = default;
};

/// The whole state after a tick, with its 64-bit hash.
struct StateSnapshot {
  std::uint64_t tick = 0;
  std::uint64_t hash = 0;
  std::vector<std::int64_t> values;
  bool operator==(const StateSnapshot&) const = default;
};

/// Ticks firstTick .. firstTick + checksums.size() - 1.
struct Chunk {
  std::uint64_t firstTick = 1;
  std::vector<InputRun> inputs;
  std::vector<RecordedEvent> events;
  std::vector<std::uint16_t> checksums;  ///< tickChecksum after each tick
  bool hasSnapshot = false;
  StateSnapshot snapshot;  ///< after the chunk's last tick, when hasSnapshot
  bool operator==(const Chunk&) const = default;
};

/// Written on close: how the recording ended.
struct Footer {
  std::uint64_t totalTicks = 0;
  std::uint64_t finalHash = 0;
  StateSnapshot finalState;
  bool operator==(const Footer&) const = default;
};

/// The per-tick checksum kept for a state hash or digest.
[[nodiscard]] constexpr std::uint16_t toTickChecksum(std::uint64_t hash) noexcept { return static_cast<std::uint16_t>(hash); }

/// Says tick by tick, from tick 1 on, which checksums cover the whole state: a countdown, since
/// a 64-bit division per tick costs a good part of what the digest saves.
class ChecksumCadence {
 public:
  explicit ChecksumCadence(std::uint32_t fullHashEvery) noexcept
      : every_(fullHashEvery == 0 ? 1 : fullHashEvery), left_(every_) {}
  /// Moves to the next tick; true when its checksum covers the whole state.
  [[nodiscard]] bool nextCoversWholeState() noexcept {
    if (--left_ != 0) return false;
    left_ = every_;
    return true;
  }

 private:
  std::uint32_t every_;
  std::uint32_t left_;
};

/// Whether tick `tick`'s checksum covers the whole state, for a walk that starts mid-replay
/// (ChecksumCadence says the same tick by tick from tick 1, without a division).
[[nodiscard]] constexpr bool coversWholeState(std::uint64_t tick, std::uint32_t fullHashEvery) noexcept {
  return tick % (fullHashEvery == 0 ? 1 : fullHashEvery) == 0;
}

/// The checksum recorded after a tick: the whole-state hash's low bits, or the tick digest's.
[[nodiscard]] inline std::uint16_t tickChecksum(const sim::GameSession& session, bool wholeState) {
  return toTickChecksum(wholeState ? session.hash() : session.digest());
}

/// Whether a game re-simulated to tick `tick` (from anywhere in the replay) has the checksum the
/// recording kept for that tick.
[[nodiscard]] inline bool matchesTickChecksum(const sim::GameSession& session, std::uint64_t tick, std::uint32_t fullHashEvery,
                                              std::uint16_t recorded) {
  return tickChecksum(session, coversWholeState(tick, fullHashEvery)) == recorded;
}

/// Empties a chunk but keeps its vectors' memory, so the next one fills without allocating.
inline void clearKeepingCapacity(Chunk& chunk) {
  chunk.inputs.clear();
  chunk.events.clear();
  chunk.checksums.clear();
  chunk.hasSnapshot = false;
  chunk.snapshot = {};
}

/// Appends one tick to a chunk: its input (extending the last run when it repeats), its
/// events and its checksum. The recorder's whole per-tick bookkeeping, apart from the checksum.
inline void appendTick(Chunk& chunk, std::uint64_t tick, sim::Input input, std::span<const sim::Event> events,
                       std::uint16_t checksum) {
  if (chunk.inputs.empty() || chunk.inputs.back().input != input) {
    chunk.inputs.push_back({input, 1});
  } else {
    ++chunk.inputs.back().length;
  }
  for (const sim::Event& e : events) chunk.events.push_back({tick, e});
  chunk.checksums.push_back(checksum);
}

/// The most ticks between whole-state checksums a header may ask for.
inline constexpr std::uint32_t kMaxFullHashEvery = 3600;
/// The most bytes a header string may hold (a script's path or a configuration named by many
/// settings is the longest there is); the loader refuses a longer one.
inline constexpr std::size_t kMaxHeaderStringBytes = 1024;

}  // namespace retrace::recorder
