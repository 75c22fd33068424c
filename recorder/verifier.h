#pragma once
// The replay engine: re-simulates a replay from its header and inputs and compares every tick's
// events and checksum, every snapshot and the footer's final state with the recording. It is
// the one comparison there is: verify, approve, EXPECT_REPLAY_MATCHES, shrink's `diverges`, the
// viewer's divergence and tunnel marks and diff's field diffs all go through it. A divergence
// is a reported state, never an exception: the report names the first divergent tick, the
// events around it, and the state's fields that differ at the nearest snapshot.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "recorder/replay.h"
#include "recorder/replay_index.h"
#include "sim/game.h"

namespace retrace::recorder {

/// What to check besides identity.
struct VerifyOptions {
  bool oracle = true;              ///< run the game's tunnel oracle on every tick
  std::uint64_t contextTicks = 2;  ///< ticks of events shown on each side of a divergence
  std::size_t maxFieldDiffs = 24;
  std::size_t maxTunnelsShown = 10;
  /// verifyReplayBytes/File only: return the decoded chunks with the replay. Without them a
  /// replay is verified in memory bounded by its file's size (the command does so).
  bool keepChunks = true;
  /// verifyReplayBytes/File only: called with each chunk once it is verified, in order, so that
  /// a caller keeps what it needs of a replay it does not keep whole (an expected outcome's
  /// events).
  std::function<void(const Chunk&)> onChunk = nullptr;
  /// Passes a replay cut short on its verified prefix (recovering a crash); otherwise a
  /// truncated replay fails, however well its prefix verifies.
  bool allowTruncated = false;
};

/// The first tick where the re-simulation parts from the recording.
struct Divergence {
  std::uint64_t tick = 0;
  std::string reason;
  std::vector<std::string> eventDiff;  ///< "- tick 441: bounce{...}" / "+ tick 441: no events"
  std::uint64_t fieldDiffTick = 0;     ///< the snapshot the field diff compares
  std::vector<std::string> fieldDiff;  ///< "players[1].position.x: expected 103.5, got 104"
};

/// Everything verify found.
struct VerifyReport {
  std::uint64_t ticksChecked = 0;
  std::optional<Divergence> divergence;
  std::uint64_t tunnelCount = 0;
  std::vector<std::string> tunnels;        ///< the first few oracle findings
  std::vector<std::uint64_t> tunnelTicks;  ///< every tick with a finding (for timeline marks)
  std::vector<std::string> problems;       ///< reasons the replay cannot pass (vacuous, rules changed)
  std::optional<std::string> truncation;   ///< "truncated: N of M ticks recovered (...)"

  [[nodiscard]] bool passed() const noexcept { return !divergence && tunnelCount == 0 && problems.empty(); }
};

/// Re-simulates and compares; never throws for anything a replay holds.
[[nodiscard]] VerifyReport verifyReplay(const LoadedReplay& replay, const VerifyOptions& options = {});

/// A replay read while it was verified (without chunks unless VerifyOptions::keepChunks), and
/// the report.
struct VerifiedReplay {
  LoadedReplay replay;
  VerifyReport report;
};

/// Loads and verifies replay bytes at once: chunks are decoded on a second thread while the
/// first simulates, so verifying costs little more than simulating. The same report as
/// loadReplay + verifyReplay; the load's sentence when the file is refused.
[[nodiscard]] std::variant<VerifiedReplay, std::string> verifyReplayBytes(std::span<const std::byte> file,
                                                                          const VerifyOptions& options = {});
/// verifyReplayBytes on a file; on failure one sentence starting with the path.
[[nodiscard]] std::variant<VerifiedReplay, std::string> verifyReplayFile(const std::string& path,
                                                                         const VerifyOptions& options = {});

/// "this build plays PATH otherwise from tick N: REASON (retrace verify PATH shows how)" when
/// re-simulating the replay file parts from its recording at or before tick `through` (the state
/// after that many ticks); nothing when it does not, or when the file cannot be verified.
[[nodiscard]] std::optional<std::string> sayWhereThisBuildParts(const std::string& path, std::uint64_t through);

/// What a regression replay is expected to show besides being identical (its NAME.expect), and
/// which of that it did not show: with one, tunnels fail the replay only through it.
struct ExpectedOutcome {
  std::string file;                ///< where the expectations were read
  std::vector<std::string> unmet;  ///< one sentence each
};

/// Whether a replay passes: identical, nothing that keeps it from passing, and no tunnel, or
/// (with an expected outcome) every expectation met.
[[nodiscard]] bool passesVerification(const VerifyReport& report, const ExpectedOutcome* expected) noexcept;

/// The report as lines a person reads (without a trailing newline), judged by the expected
/// outcome when there is one.
[[nodiscard]] std::string formatReport(const std::string& name, const LoadedReplay& replay, const VerifyReport& report,
                                       const ExpectedOutcome* expected = nullptr);

/// The game of a replay re-simulated from its header through tick `tick` (or its last tick);
/// nullptr when this build's rules differ from the replay's.
[[nodiscard]] std::unique_ptr<sim::GameSession> resimulateTo(const LoadedReplay& replay, std::uint64_t tick);
/// The same over a file through its index, a chunk at a time (throws as TickCursor does).
[[nodiscard]] std::unique_ptr<sim::GameSession> resimulateTo(const ReplayIndex& index, std::uint64_t tick);

/// "name: expected X, got Y" for every field that differs (sim/game.h: the contract's checks use it too).
using sim::diffFields;
/// The events of one tick as text, "no events" when there are none.
[[nodiscard]] std::string describeEvents(const sim::GameDefinition& game, const std::vector<sim::Event>& events);

}  // namespace retrace::recorder
