#pragma once
// What hunt and shrink search for: a predicate over a run of a game, and the first tick at
// which a run shows it.
//
// Predicates (retrace shrink --until):
//   tunnel          the oracle reports a tunnel
//   ends-before:T   a round ends (contact, death, lost base) before tick T
//   event:KIND      an event of kind KIND happens (e.g. event:bounce)
//   diverges        re-simulation parts from the recording (judged by verifyReplay)

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "recorder/replay.h"
#include "sim/game.h"

namespace retrace::recorder {

/// A parsed --until predicate.
struct Predicate {
  enum class Kind : std::uint8_t { kTunnel, kEndsBefore, kEvent, kDiverges } kind = Kind::kTunnel;
  std::uint64_t tick = 0;   ///< for kEndsBefore
  std::uint16_t event = 0;  ///< for kEvent: the kind in the game's schemas
  std::string text;         ///< as the user wrote it
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

/// Runs the inputs and returns the first tick where the predicate holds. kDiverges is a
/// property of a recording, not of inputs: the replay engine (verifyReplay) judges it, and here
/// it never holds.
[[nodiscard]] std::optional<Witness> findWitness(const RunSetup& setup, std::span<const sim::Input> inputs,
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
