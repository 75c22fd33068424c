#pragma once
// A state's named fields tick after tick, for the questions that look at every field of every
// tick (find, trace): naming every field costs far more than a step, and the names move only when
// the saved values' layout does (their count, a list's length: sim/value_layout.h, which the game
// contract holds every game to), so they are named again only then, and between, the values
// alone are read (GameSession::saveState) into the names kept. For the same reason, where a
// condition's names are among the fields is found once a naming (findNamed), not every tick.

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/game.h"
#include "sim/value_layout.h"

namespace retrace::recorder {

class FieldPattern;

/// A game's fields as describeState names them, read again by name only when the layout changes.
class StateFields {
 public:
  /// The fields of the game as it is now.
  [[nodiscard]] const std::vector<sim::Field>& read(const sim::GameSession& game);
  /// The fields last read (none before the first read).
  [[nodiscard]] const std::vector<sim::Field>& fields() const noexcept { return fields_; }
  /// The fields last read that a name gives: itself, or with [*] every index (Condition's
  /// grammar); found once each time the fields are named, since a search asks tick after tick.
  [[nodiscard]] std::vector<const sim::Field*> findNamed(const std::string& name) const;
  /// selectFields over the fields last read; with no pattern that picks an element by its id,
  /// which fields are selected is found once each time they are named, as for findNamed.
  [[nodiscard]] std::vector<sim::Field> select(const std::vector<FieldPattern>& patterns) const;

 private:
  std::vector<sim::Field> fields_;
  sim::ValueLayout layout_;
  /// The places among fields_ of each name findNamed was asked for since they were named.
  mutable std::vector<std::pair<std::string, std::vector<std::size_t>>> places_;
  /// The places of the fields select chose since they were named, and the patterns' texts.
  mutable std::optional<std::pair<std::vector<std::string>, std::vector<std::size_t>>> selected_;
};

}  // namespace retrace::recorder
