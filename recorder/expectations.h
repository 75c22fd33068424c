#pragma once
// Expected outcomes: what a regression replay must show besides being identical, kept beside
// it as NAME.expect. One check per line, '#' comments:
//
//   tunnels >= 1                 the oracle finds at least one tunnel
//   events lost >= 3             at least three events of kind "lost"
//   events lost.level <= 70      there is a "lost" event, and every one's "level" is at most 70
//   events died.cause == fellOff an argument's value as `events --where` takes it: a decimal
//                                for fixed point, true or false, an enumeration's name
//   reaches man.hp < 5           some tick's state meets the condition (find --where's grammar)
//   never man.centre.x < 8       no tick's state does: an invariant the replay keeps
//
// Operators: == != < <= > >=. A replay without a .expect file must verify with no tunnels. A
// file that checks nothing is refused: one with no line, or a count no replay can fail (tunnels
// >= 0) or pass (tunnels < 0); and a state line whose condition names a field no tick has is
// unmet, since it checked nothing. A state line is judged as find judges its condition, over
// every tick from 0 (the start) to the last, re-simulated from the replay's snapshots.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "recorder/query.h"
#include "recorder/replay.h"
#include "recorder/replay_index.h"
#include "recorder/search.h"
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
  std::optional<Condition> state;       ///< reaches / never: the condition over a tick's state
};

/// Parses a .expect file; on failure "line N: what is wrong".
[[nodiscard]] std::variant<std::vector<Expectation>, std::string> parseExpectations(std::string_view text,
                                                                                    const sim::GameDefinition& game);
/// What a replay's events show of a set of expectations, fed in order a chunk at a time so that
/// none need be kept: each count, and each argument expectation's first event that fails it.
class ExpectationTally {
 public:
  ExpectationTally(std::vector<Expectation> expectations, const sim::GameDefinition& game);
  /// Counts the next recorded events.
  void add(std::span<const RecordedEvent> events);
  /// Whether there are state lines (reaches, never), which checkStates judges.
  [[nodiscard]] bool judgesStates() const noexcept;
  /// Judges the state lines (reaches, never) over the replay's ticks, as find searches them.
  void checkStates(const LoadedReplay& replay);
  /// checkStates over a replay file through its index, a chunk read at a time.
  void checkStates(const ReplayIndex& index);
  /// The expectations not met, one sentence each in the file's order, by the events added, the
  /// verify report's tunnels and the states checked; an argument's expectation over no event of
  /// its kind is unmet, since it checked nothing.
  [[nodiscard]] std::vector<std::string> listUnmet(const VerifyReport& report) const;

 private:
  std::vector<Expectation> expectations_;
  const sim::GameDefinition* game_;
  std::vector<std::int64_t> counts_;    ///< by expectation: the events of its kind
  std::vector<std::string> offenders_;  ///< by expectation: the first event its condition fails
  std::vector<std::string> states_;     ///< by expectation: why a state line is unmet, once checked

  /// checkStates with `find(condition)` giving the ticks where a condition first holds and
  /// `readHolding(condition, tick)` the fields it holds of there.
  template <typename Find, typename ReadHolding>
  void checkStatesBy(const Find& find, const ReadHolding& readHolding);
};

/// The expectations that a verified replay, loaded with its chunks, does not meet (ExpectationTally).
[[nodiscard]] std::vector<std::string> checkExpectations(const std::vector<Expectation>& expectations, const LoadedReplay& replay,
                                                         const VerifyReport& report);

/// The file a replay's expected outcome is kept in: NAME.expect beside NAME.rtr.
[[nodiscard]] std::filesystem::path expectationsPathFor(const std::filesystem::path& replayPath);
/// The expectations beside the replay at `replayPath` (its NAME.expect), read for the game
/// `header` names, with the file they were read from; nothing when there is no NAME.expect; one
/// sentence naming the file when it cannot be read or parsed.
[[nodiscard]] std::variant<std::optional<std::pair<std::string, std::vector<Expectation>>>, std::string> readExpectations(
    const std::filesystem::path& replayPath, const ReplayHeader& header);
/// An expectation as its line says it, without its comment or spacing: "tunnels >= 1", "never man.hp < 0".
[[nodiscard]] std::string describeExpectation(const Expectation& e);

/// The .expect line a replay that shows `predicate` meets, as hunt and shrink write it beside
/// their findings ("tunnels >= 1", "events died >= 1", "reaches man.hp < 5"); nothing for a
/// failure the format cannot say (a round ending before a tick, a condition a line cannot hold
/// whole) or no replay may pass (a divergence).
[[nodiscard]] std::optional<std::string> expectPredicate(const Predicate& predicate, const sim::GameDefinition& game);
/// Writes NAME.expect beside the replay at `replayPath`: each of `why` as a comment line (control
/// bytes as spaces), one on what judges it, then `line`. False, and nothing written, when one is there already (a
/// person's, kept as it is); one sentence when it cannot be written.
[[nodiscard]] std::variant<bool, std::string> saveExpectations(const std::filesystem::path& replayPath,
                                                               std::span<const std::string> why, const std::string& line);

/// A replay file verified, and judged by its NAME.expect when it has one.
struct JudgedReplay {
  VerifiedReplay verified;  ///< without its chunks
  std::optional<ExpectedOutcome> expected;
};
/// The replay at `path` verified and judged by its expected outcome (NAME.expect beside it;
/// none when it has none, and then it must show no tunnel) in one pass that keeps no chunk: the
/// .expect is read first (with the game the file's header names) and its events counted as they
/// are verified, so memory holds a few chunks however long the replay; one sentence naming the
/// file when the replay or its .expect cannot be read or parsed. verify --expect, approve and
/// EXPECT_REPLAY_MATCHES judge by it.
[[nodiscard]] std::variant<JudgedReplay, std::string> verifyExpectedOutcome(const std::string& path, VerifyOptions options);

}  // namespace retrace::recorder
