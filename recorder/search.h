#pragma once
// What hunt and shrink search for: a predicate over a run of a game, and the first tick at
// which a run shows it.
//
// Predicates (retrace shrink --until, retrace hunt --until):
//   tunnel          the oracle reports a tunnel
//   ends-before:T   a round ends (contact, death, lost base) before tick T
//   event:KIND      an event of kind KIND happens (e.g. event:bounce)
//   where:CONDITION the state meets a condition, in find --where's grammar (where:players[0].hp < 0)
//   diverges        re-simulation parts from the recording (judged by verifyReplay; shrink only)

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "recorder/inspect.h"
#include "recorder/query.h"
#include "recorder/replay.h"
#include "sim/game.h"

namespace retrace::recorder {

/// A parsed --until predicate; a default one is `tunnel`.
struct Predicate {
  enum class Kind : std::uint8_t { kTunnel, kEndsBefore, kEvent, kWhere, kDiverges } kind = Kind::kTunnel;
  std::uint64_t tick = 0;          ///< for kEndsBefore
  std::uint16_t event = 0;         ///< for kEvent: the kind in the game's schemas
  std::optional<Condition> where;  ///< for kWhere
  std::string text = "tunnel";     ///< as the user wrote it
};

/// Parses a predicate for a game; one sentence when it is not one.
[[nodiscard]] std::variant<Predicate, std::string> parsePredicate(const std::string& text, const sim::GameDefinition& game);

/// A game to run: which, with what configuration and seed.
struct RunSetup {
  const sim::GameDefinition* game = nullptr;
  sim::ConfigValues config;
  std::uint64_t seed = 0;
};

/// What the first witness of a predicate was.
struct Witness {
  std::uint64_t tick = 0;   ///< the predicate holds after this tick
  std::string description;  ///< e.g. the oracle's finding
};

/// The fields that show what a condition that holds on the fields holds of: those that meet its
/// comparisons (for a [*] pattern, the first element that does; for a `changed`, given the tick
/// before's fields, the first that changed), then those a name gives one of, at most three; never
/// the state's `tick`, which every answer that names them already gives.
[[nodiscard]] std::vector<const sim::Field*> listHoldingFields(const Condition& condition, const StateFields& fields,
                                                               const std::vector<sim::Field>* before = nullptr);
/// listHoldingFields of a recording's state at `tick` (given the tick before's for a `changed`),
/// as copies: which element a condition found there holds of; none when the tick cannot be
/// reached again.
[[nodiscard]] std::vector<sim::Field> readHoldingFields(const LoadedReplay& replay, const Condition& condition,
                                                        std::uint64_t tick);
/// readHoldingFields over a replay file through its index.
[[nodiscard]] std::vector<sim::Field> readHoldingFields(const ReplayIndex& index, const Condition& condition, std::uint64_t tick);
/// "man.hp 2, man.vy 3": each field's name and value; empty for none.
[[nodiscard]] std::string describeFieldValues(std::span<const sim::Field* const> fields);
/// describeFieldValues of copies (readHoldingFields').
[[nodiscard]] std::string describeFieldValues(std::span<const sim::Field> fields);
/// "'man.hp < 3' holds (man.hp 2)": a condition that holds on the fields, and the values of
/// listHoldingFields.
[[nodiscard]] std::string describeHolding(const Condition& condition, const StateFields& fields,
                                          const std::vector<sim::Field>* before = nullptr);

/// Watches a run tick after tick for a predicate other than kDiverges: what findWitness and a
/// hunt's runs ask after each step, so that both judge a predicate alike.
class WitnessWatch {
 public:
  /// A watch over `start`, a game before its first tick (what a `changed` on tick 1 compares with).
  WitnessWatch(const sim::GameDefinition& game, const Predicate& predicate, const sim::GameSession& start);
  /// Whether the oracle must run for the predicate to be seen (tunnel).
  [[nodiscard]] bool needsOracle() const noexcept;
  /// Whether the predicate can no longer show on `tick` or after it (ends-before's tick reached).
  [[nodiscard]] bool isPast(std::uint64_t tick) const noexcept;
  /// The witness when the predicate holds on the game after `tick`, `result` being that tick's
  /// step; nothing otherwise, and nothing from then on once a condition met a value it cannot
  /// compare (problem()).
  [[nodiscard]] std::optional<Witness> see(const sim::GameSession& game, std::uint64_t tick, const sim::StepResult& result);
  /// The sentence of a value the condition could not compare with a field it named, if one stopped it.
  [[nodiscard]] const std::optional<std::string>& problem() const noexcept { return problem_; }
  /// The names the condition gives that no tick seen had, indices as [*] (none for other predicates).
  [[nodiscard]] std::vector<std::string> listUnseenFields() const;
  /// While some of the condition's names were unseen, the fields of the tick with the most of
  /// them (its lists fullest): where to look for what such a name meant. None for other predicates.
  [[nodiscard]] const std::vector<sim::Field>& listFullestFields() const noexcept { return fullest_; }
  /// Why the ticks seen never showed the predicate when the reason is the predicate's: a value it
  /// cannot compare ("where: ..."), or a field no tick seen had (with the names closest to it);
  /// else nothing.
  [[nodiscard]] std::optional<Unanswered> explainUnseen() const;

 private:
  const sim::GameDefinition* game_;
  Predicate::Kind kind_;
  std::uint64_t tick_;                ///< for kEndsBefore
  std::uint16_t event_;               ///< for kEvent
  std::optional<TickSearch> search_;  ///< for kWhere
  std::optional<std::string> problem_;
  std::vector<sim::Field> fullest_;  ///< listFullestFields
};

/// Runs the inputs and returns the first tick where the predicate holds. kDiverges is a
/// property of a recording, not of inputs: the replay engine (verifyReplay) judges it, and here
/// it never holds.
[[nodiscard]] std::optional<Witness> findWitness(const RunSetup& setup, std::span<const sim::Input> inputs,
                                                 const Predicate& predicate);
/// For inputs that do not show the predicate, why, when the predicate is at fault
/// (WitnessWatch::explainUnseen over a run of them); nothing when they merely do not show it.
[[nodiscard]] std::optional<Unanswered> explainUnshown(const RunSetup& setup, std::span<const sim::Input> inputs,
                                                       const Predicate& predicate);

/// Ticks where the input differs from the tick before (the first tick counts when not idle).
[[nodiscard]] std::uint64_t countInputChanges(std::span<const sim::Input> inputs) noexcept;

/// Records inputs with the current code in memory: the replay a file of writeReplay would hold.
[[nodiscard]] std::variant<LoadedReplay, std::string> recordReplay(const RunSetup& setup, bool limitBreaksAllowed,
                                                                   const std::string& inputSource,
                                                                   std::span<const sim::Input> inputs);
/// Records inputs with the current code to a new file (never replacing one without overwrite).
[[nodiscard]] std::optional<std::string> writeReplay(const std::string& path, bool overwrite, const RunSetup& setup,
                                                     bool limitBreaksAllowed, const std::string& inputSource,
                                                     std::span<const sim::Input> inputs);

}  // namespace retrace::recorder
