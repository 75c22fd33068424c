#pragma once
// Expected outcomes: what a regression replay must show besides being identical, kept beside
// it as NAME.expect. One check per line, '#' comments:
//
//   tunnels >= 1                 the oracle finds at least one tunnel
//   events lost >= 3             at least three events of kind "lost"
//   events lost.level <= 70      every "lost" event's "level" argument is at most 70
//
// Operators: == != < <= > >=. A replay without a .expect file must verify with no tunnels.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "recorder/replay.h"
#include "recorder/verifier.h"

namespace retrace::recorder {

/// One line of a .expect file.
struct Expectation {
  std::string subject;  ///< "tunnels", "events KIND" or "events KIND.ARG"
  std::string op;       ///< == != < <= > >=
  std::int64_t value = 0;
  int line = 0;
};

/// Parses a .expect file; on failure "line N: what is wrong".
[[nodiscard]] std::variant<std::vector<Expectation>, std::string> parseExpectations(std::string_view text,
                                                                                    const sim::GameDefinition& game);
/// The expectations that a verified replay does not meet, one sentence each (events are counted
/// in the replay's chunks, so it must be loaded with them).
[[nodiscard]] std::vector<std::string> checkExpectations(const std::vector<Expectation>& expectations, const LoadedReplay& replay,
                                                         const VerifyReport& report);

/// The expected outcome of the replay at `replayPath` (NAME.expect beside it) judged on its
/// report; nothing when it has none (then it must show no tunnel), and one sentence naming the
/// file when it cannot be read or parsed.
[[nodiscard]] std::variant<std::optional<ExpectedOutcome>, std::string> judgeExpectedOutcome(
    const std::filesystem::path& replayPath, const LoadedReplay& replay, const VerifyReport& report);

}  // namespace retrace::recorder
