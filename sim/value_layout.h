#pragma once
// Where each field of a state sits among its saved values (GameSession::saveState) is decided by
// their count and each list's length; while those stay, so do the fields' names, and a tool that
// reads every tick (find, trace, the viewer's plot) names them again only when the layout changes.
// The game contract holds each game to that.

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "sim/fields.h"

namespace retrace::sim {

/// What decides where each field is among a state's saved values: their count and each list's
/// length (a `.size` field's place and value), and any value a reader pins besides (the id of an
/// element picked by its id).
struct ValueLayout {
  std::size_t count = 0;
  std::vector<std::pair<std::size_t, std::int64_t>> anchors;  ///< places and the values they hold

  /// The layout of the values the fields name (count 0 for no fields).
  [[nodiscard]] static ValueLayout of(const std::vector<Field>& fields);
  /// True when these values are laid out alike.
  [[nodiscard]] bool fits(std::span<const std::int64_t> values) const noexcept;
};

}  // namespace retrace::sim
