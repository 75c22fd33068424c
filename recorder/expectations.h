#pragma once
// Expected outcomes: what a regression replay must show besides being identical, kept beside
// it as NAME.expect. One check per line, '#' comments:
//
//   tunnels >= 1                 the oracle finds at least one tunnel
//   events lost >= 3             at least three events of kind "lost"
//   events lost.level <= 70      there is a "lost" event, and every one's "level" is at most 70
//   events died.cause == fellOff an argument's value as `events --where` takes it: a decimal
//                                for fixed point, true or false, an enumeration's name
//
// Operators: == != < <= > >=. A replay without a .expect file must verify with no tunnels. A
// file that checks nothing is refused: one with no line, or a count no replay can fail (tunnels
// >= 0) or pass (tunnels < 0).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "recorder/query.h"
#include "recorder/replay.h"
#include "recorder/verifier.h"

namespace retrace::recorder {

/// One line of a .expect file.
struct Expectation {
  std::string subject;  ///< "tunnels", "events KIND" or "events KIND.ARG"
  std::string op;       ///< == != < <= > >=
  std::string value;    ///< as written: a count, or a value of the argument
  int line = 0;
  std::size_t kind = 0;                 ///< events: the kind's index in the game's event schema
  std::int64_t count = 0;               ///< tunnels and events KIND: the count compared with
  std::optional<Condition> everyEvent;  ///< events KIND.ARG: "ARG OP VALUE", which every such event meets
};

/// Parses a .expect file; on failure "line N: what is wrong".
[[nodiscard]] std::variant<std::vector<Expectation>, std::string> parseExpectations(std::string_view text,
                                                                                    const sim::GameDefinition& game);
/// The expectations that a verified replay does not meet, one sentence each (events are counted
/// in the replay's chunks, so it must be loaded with them); an argument's expectation over no
/// event of its kind is unmet, since it checked nothing.
[[nodiscard]] std::vector<std::string> checkExpectations(const std::vector<Expectation>& expectations, const LoadedReplay& replay,
                                                         const VerifyReport& report);

/// The file a replay's expected outcome is kept in: NAME.expect beside NAME.rtr.
[[nodiscard]] std::filesystem::path expectationsPathFor(const std::filesystem::path& replayPath);

/// The expected outcome of the replay at `replayPath` (NAME.expect beside it) judged on its
/// report; nothing when it has none (then it must show no tunnel), and one sentence naming the
/// file when it cannot be read or parsed.
[[nodiscard]] std::variant<std::optional<ExpectedOutcome>, std::string> judgeExpectedOutcome(
    const std::filesystem::path& replayPath, const LoadedReplay& replay, const VerifyReport& report);

}  // namespace retrace::recorder
