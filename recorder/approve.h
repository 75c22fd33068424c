#pragma once
// What `retrace approve` decides and does, as a library: which files a gate covers, whether a
// replay changes under the current simulation, and re-recording its inputs with it. Answers
// OpenRCT2's pain of re-recording replays by hand: the inputs stay, everything derived from
// them (events, checksums, snapshots, final hash, rules version) is recomputed.

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "recorder/replay.h"
#include "recorder/verifier.h"

namespace retrace::recorder {

/// Replay files named directly or found (*.rtr, sorted) in the folders named; a sentence
/// instead when a path does not exist, a folder cannot be listed or holds no replay, since a
/// gate over a folder that checked nothing must not pass.
[[nodiscard]] std::variant<std::vector<std::string>, std::string> collectReplays(const std::vector<std::string>& paths);
/// The paths with each folder replaced by its replays (*.rtr, sorted), and every other path as
/// given, for a command that says of each file it cannot read why; a sentence when a folder
/// cannot be listed or holds no replay, as for collectReplays.
[[nodiscard]] std::variant<std::vector<std::string>, std::string> expandReplayFolders(const std::vector<std::string>& paths);

/// What the current simulation makes of a replay.
struct Approval {
  enum class Verdict : std::uint8_t {
    kUnchanged,     ///< verifies as it is (identity only: tunnels are an outcome, not a change)
    kRecadenced,    ///< verifies, but its whole-state checksum cadence is not the one asked for
    kChanged,       ///< re-recording its inputs would change it
    kUnrewritable,  ///< changed, but cut short or empty: no whole recording to re-record
  } verdict = Verdict::kUnchanged;
  VerifyReport report;
};

/// Judges a replay; `fullHashEvery` is the cadence asked for (0: any).
[[nodiscard]] Approval judgeReplay(const LoadedReplay& replay, std::uint32_t fullHashEvery);

/// Re-records a replay's inputs with the current code into `file`, replacing it atomically, at
/// the checksum cadence asked for (0: the replay's own).
[[nodiscard]] std::optional<std::string> rewriteReplay(const std::string& file, const LoadedReplay& replay,
                                                       std::uint32_t fullHashEvery);

/// What a rewritten replay no longer shows of its NAME.expect, as one sentence; nothing when it
/// has none or shows all it expects (a rule change that fixes the bug a regression replay pins
/// makes it pass as a replay and fail as a regression).
[[nodiscard]] std::optional<std::string> judgeRewrittenOutcome(const std::string& file);

}  // namespace retrace::recorder
