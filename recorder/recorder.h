#pragma once
// The recorder API: a game loop of your own (the viewer's live play, a test, a game) opens a
// recording, calls record(input) once per tick, and closes it.
//
//   auto opened = openRecording({.output = "bug.rtr", .game = "my-game", .seed = 7});  // a registered game
//   auto& rec = *std::get<std::unique_ptr<Recorder>>(opened);
//   while (playing) rec.record(readButtons());
//   if (auto problem = rec.close()) report(*problem);
//
// Every chunkTicks ticks a copy of the chunk is handed to a writer thread (chunk_writer.h), which
// encodes, compresses, writes and flushes it within microseconds; so a killed process loses
// the chunk being filled (and any chunk still queued), and its BUG.rtr.partial loads up to the
// last complete chunk. On the game thread a tick costs the step, the tick checksum and a few
// appends. close() lets the writer finish its queue, then writes the last, partial chunk and the
// footer itself; a recording shorter than a chunk never starts the thread.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "recorder/byte_sink.h"
#include "recorder/chunk_writer.h"
#include "recorder/format.h"
#include "sim/game.h"

namespace retrace::recorder {

/// The version of retrace's programs (CMakeLists.txt reads this line for the project and its package).
#define RETRACE_VERSION "0.1.0"
/// The version of this tool, written into every header.
inline constexpr const char* kToolVersion = "retrace " RETRACE_VERSION;
/// The version line of a program built on retrace: its version and the replay format it writes.
[[nodiscard]] std::string describeVersion(std::string_view program);

/// What to record and where.
struct RecordingOptions {
  std::filesystem::path output;
  bool overwrite = false;
  std::string game;
  std::string configName = "default";
  /// The configuration the settings apply to in place of the named one (a replay's own, which
  /// pins its values whatever the name holds today).
  std::optional<sim::ConfigValues> baseConfig;
  std::vector<std::string> settings;  ///< "NAME=VALUE" applied to the named configuration (settings.h)
  bool allowLimitBreaks = false;
  /// What a refusal of a configuration past a speed limit says to do: a game's own code sets the
  /// field, and retrace's programs, which have a flag, say so.
  std::string allowLimitBreaksWith = "set RecordingOptions::allowLimitBreaks";
  std::uint64_t seed = 0;
  std::string inputSource = "live";
  std::uint64_t plannedTicks = 0;
  std::uint32_t chunkTicks = 600;      ///< 10 s: the most a crash can lose
  std::uint32_t snapshotEvery = 1800;  ///< 30 s between full snapshots (a multiple of chunkTicks)
  std::uint32_t fullHashEvery = 1;     ///< the whole state every tick: the first divergent tick is exact
};

/// Records a game as it is played.
class Recorder {
 public:
  /// Writes the preamble and header to the sink and starts the game. Recording stops (failed())
  /// before a chunk that would take the file past `limits`, so the file always loads.
  Recorder(std::unique_ptr<ByteSink> sink, ReplayHeader header, std::unique_ptr<sim::GameSession> session,
           ReplayLimits limits = {});
  /// Steps the game with this tick's input and records input, events and checksum. After
  /// close() it still steps the game but records nothing.
  sim::StepResult record(sim::Input input);
  /// Writes the last chunk and the footer and completes the output; a second call only says
  /// the recording is already closed.
  std::optional<std::string> close();
  /// Ends the recording without a replay (a person closed live play before its first tick): what
  /// was written is removed, and a file the output would have replaced is kept.
  void discard();
  /// True once a write has failed (recording stops writing after it; close reports it).
  [[nodiscard]] bool failed() const noexcept { return error_.has_value() || writer_->failed(); }
  /// The first write error, if any.
  [[nodiscard]] std::optional<std::string> error() const { return error_ ? error_ : writer_->error(); }
  [[nodiscard]] const sim::GameSession& session() const noexcept { return *session_; }
  [[nodiscard]] const ReplayHeader& header() const noexcept { return header_; }

 private:
  void writeFrame(FrameKind kind, std::span<const std::byte> payload);
  void addSnapshotIfDue();
  void flushChunk();
  void startChunk();
  StateSnapshot takeSnapshot() const;

  std::unique_ptr<ByteSink> sink_;
  FrameWriter frames_;
  std::unique_ptr<ChunkWriter> writer_;  // after sink_ and frames_: stops before they go
  ReplayHeader header_;
  std::unique_ptr<sim::GameSession> session_;
  ChecksumCadence cadence_{header_.fullHashEvery};
  Chunk chunk_;
  std::uint64_t ticks_ = 0;
  std::optional<std::string> error_;
  bool closed_ = false;
};

/// Builds the header for a game and configuration, checking both; one sentence on failure.
[[nodiscard]] std::variant<ReplayHeader, std::string> makeHeader(const RecordingOptions& options);
/// The header for exactly these configuration values, unchecked (makeHeader checks, then calls
/// it; tools that replay a configuration they already ran call it directly).
[[nodiscard]] ReplayHeader buildHeader(const RecordingOptions& options, const sim::GameDefinition& game,
                                       const sim::ConfigValues& config);
/// Checks the options, opens OUTPUT.partial and starts recording.
[[nodiscard]] std::variant<std::unique_ptr<Recorder>, std::string> openRecording(const RecordingOptions& options);
/// Starts recording into any sink (memory, for tests and tools).
[[nodiscard]] std::variant<std::unique_ptr<Recorder>, std::string> openRecording(const RecordingOptions& options,
                                                                                 std::unique_ptr<ByteSink> sink);

}  // namespace retrace::recorder
