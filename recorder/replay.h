#pragma once
// A replay loaded into memory: never trusted, always checked (see format.h).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "recorder/format.h"
#include "recorder/frame.h"
#include "sim/game.h"

namespace retrace::recorder {

/// Everything a replay file held that passed every check.
struct LoadedReplay {
  ReplayHeader header;
  std::vector<Chunk> chunks;
  std::optional<Footer> footer;  ///< missing when the recording was cut short
  bool truncated = false;
  std::string truncation;  ///< what was cut short, when truncated
  std::uint64_t fileBytes = 0;
  std::uint16_t formatMinor = kFormatMinor;  ///< the file's format minor version (older ones are migrated)
  bool operator==(const LoadedReplay&) const = default;
};

/// The ticks the chunks hold.
[[nodiscard]] std::uint64_t countTicks(const LoadedReplay& replay) noexcept;
/// The last tick the chunks hold (countTicks for a whole replay; more for the few chunks
/// ReplayIndex::loadTicks gives).
[[nodiscard]] std::uint64_t findLastTick(const LoadedReplay& replay) noexcept;
/// The input of one tick the chunks hold (0 for a tick they do not).
[[nodiscard]] sim::Input findInputAt(const LoadedReplay& replay, std::uint64_t tick) noexcept;
/// The inputs of every tick, in order (tick 1 first).
[[nodiscard]] std::vector<sim::Input> expandInputs(const LoadedReplay& replay);
/// The events recorded on one tick (for the few ticks a report or a frame shows).
[[nodiscard]] std::vector<sim::Event> recordedEventsAt(const LoadedReplay& replay, std::uint64_t tick);
/// The recorded checksum of every tick, in order (tick 1 first).
[[nodiscard]] std::vector<std::uint16_t> flattenChecksums(const LoadedReplay& replay);
/// The header's configuration as the game's values.
[[nodiscard]] sim::ConfigValues configOf(const ReplayHeader& header);
/// True when this build simulates the rules the header was recorded with (its game's version).
[[nodiscard]] bool simulatesRulesOf(const ReplayHeader& header);
/// Which of a header's strings the loader refuses (longer than a header holds, or unprintable):
/// "input source is 1218 bytes long, over 1024"; nothing when all are fine.
[[nodiscard]] std::optional<std::string> findUnprintableHeaderString(const ReplayHeader& header);
/// The sentence saying that this build cannot re-simulate the header's rules, or nothing: the
/// one sentence verify, approve, shrink and the viewer give.
[[nodiscard]] std::optional<std::string> findRulesMismatch(const ReplayHeader& header);
/// A stored state (a snapshot's values) as fields by name; nothing when this build's rules
/// differ from the header's or the values do not fit its state.
[[nodiscard]] std::optional<std::vector<sim::Field>> describeStoredState(const ReplayHeader& header,
                                                                         std::span<const std::int64_t> values);
/// The game a header names, or nullptr.
[[nodiscard]] const sim::GameDefinition* gameOf(const ReplayHeader& header);

/// Reads and checks a replay file; on failure one sentence starting with the path.
[[nodiscard]] std::variant<LoadedReplay, std::string> loadReplayFile(const std::string& path);

/// Reads and checks a whole replay from bytes; on failure, one sentence (without the file's
/// name, which the caller puts in front).
[[nodiscard]] std::variant<LoadedReplay, std::string> loadReplay(std::span<const std::byte> file);
/// Reads and checks a replay as loadReplay does, handing each chunk to `visit` (which may take
/// it) and keeping none, so that memory stays bounded by the file's size. The replay comes back
/// with its header, footer and truncation but no chunks. A file refused at any chunk is refused
/// after `visit` saw the chunks before it.
[[nodiscard]] std::variant<LoadedReplay, std::string> visitReplay(std::span<const std::byte> file,
                                                                  const std::function<void(Chunk&)>& visit);
/// visitReplay over a file (at most kMaxFileBytes) read a frame at a time; on failure one
/// sentence starting with the path.
[[nodiscard]] std::variant<LoadedReplay, std::string> visitReplayFile(const std::string& path,
                                                                      const std::function<void(Chunk&)>& visit);

/// The bytes of a replay file holding exactly what `replay` holds (header, chunks, footer, each
/// framed with its checksum): the inverse of loadReplay.
[[nodiscard]] std::vector<std::byte> encodeReplay(const LoadedReplay& replay);
/// The replay up to and including `lastTick`, without a footer: what a recording cut short
/// after that tick holds (the chunk holding it loses its later ticks and its snapshot).
[[nodiscard]] LoadedReplay cutReplay(const LoadedReplay& replay, std::uint64_t lastTick);

/// Reads a replay one frame at a time with every check loadReplay makes (visitReplay is a loop
/// over it), so that a verifier can simulate one chunk while the next is being decoded.
class ReplayReader {
 public:
  /// Checks the preamble and reads the header; one sentence (without the file's name) on failure.
  /// Refuses a file past `limits`: too large, or payloads that decompress to too much in all.
  [[nodiscard]] static std::variant<ReplayReader, std::string> open(std::span<const std::byte> file, ReplayLimits limits = {});
  /// The same over a source of frames (a file read a frame at a time).
  [[nodiscard]] static std::variant<ReplayReader, std::string> open(FrameSource source, ReplayLimits limits = {});
  /// What next() found.
  enum class Found : std::uint8_t { kChunk, kEnd, kProblem };
  /// Reads the next chunk into `chunk`. kEnd: the footer was read or the file was cut short
  /// (replay() says which); kProblem: the file is refused (problem() says why).
  Found next(Chunk& chunk);
  /// The header, and after kEnd the footer or the truncation; never the chunks.
  [[nodiscard]] const LoadedReplay& replay() const noexcept { return replay_; }
  /// Hands over replay() (call once, after kEnd).
  [[nodiscard]] LoadedReplay takeReplay() { return std::move(replay_); }
  /// Why the file was refused, after kProblem.
  [[nodiscard]] const std::string& problem() const noexcept { return problem_; }
  /// Where the next frame starts.
  [[nodiscard]] std::size_t offset() const noexcept { return offset_; }
  /// Moves to a chunk's frame found by an earlier pass (at `offset`, after `ticksBefore` ticks),
  /// so that next() reads it again with every check.
  void seek(std::size_t offset, std::uint64_t ticksBefore) noexcept {
    offset_ = offset;
    ticks_ = ticksBefore;
    decodedBytes_ = 0;
  }

 private:
  ReplayReader(FrameSource source, std::uint64_t maxDecodedBytes)
      : source_(std::move(source)), maxDecodedBytes_(maxDecodedBytes) {}
  Found refuse(std::string problem);
  /// Takes the footer in `read` (named `where` in a refusal): the last frame, for the ticks read.
  Found takeFooter(const FrameRead& read, const std::string& where);

  FrameSource source_;
  std::uint64_t maxDecodedBytes_;
  std::uint64_t decodedBytes_ = 0;
  std::size_t offset_ = kPreambleBytes;
  std::uint64_t ticks_ = 0;
  std::size_t eventKinds_ = 0;
  LoadedReplay replay_;  // without chunks
  std::string problem_;
};

}  // namespace retrace::recorder
