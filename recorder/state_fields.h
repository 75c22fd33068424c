#pragma once
// A state's named fields tick after tick, for the questions that look at every field of every
// tick (find, trace): naming every field costs far more than a step, and the names move only when
// the saved values' layout does (their count, a list's length), so they are named again only
// then, and between, the values alone are read (GameSession::saveState) into the names kept.

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "sim/game.h"

namespace retrace::recorder {

/// What decides where each field is among a state's saved values: their count and each list's
/// length (a `.size` field's place and value), and any value a reader pins besides (the id of an
/// element picked by its id).
struct ValueLayout {
  std::size_t count = 0;
  std::vector<std::pair<std::size_t, std::int64_t>> anchors;  ///< places and the values they hold

  /// The layout of the values the fields name (count 0 for no fields).
  [[nodiscard]] static ValueLayout of(const std::vector<sim::Field>& fields);
  /// True when these values are laid out alike.
  [[nodiscard]] bool fits(std::span<const std::int64_t> values) const noexcept;
};

/// A game's fields as describeState names them, read again by name only when the layout changes.
class StateFields {
 public:
  /// The fields of the game as it is now.
  [[nodiscard]] const std::vector<sim::Field>& read(const sim::GameSession& game);

 private:
  std::vector<sim::Field> fields_;
  ValueLayout layout_;
};

}  // namespace retrace::recorder
