#pragma once
// Where the viewer can jump: marks (tunnels, the first divergence, --find matches, the user's
// bookmarks) and the next or previous of them from a tick, and typed ticks; the events' own
// list and jumps are the TickStore's. No ImGui and no window, so every jump is tested headless.

#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sim/game.h"

namespace retrace::viewer {

/// One recorded event and its tick.
struct EventRow {
  std::uint64_t tick = 0;
  sim::Event event;
};

/// A row's line in the Events panel: its tick right-aligned to the width of `lastTick`'s, so that
/// the events' names line up, then the event as retrace events prints it.
[[nodiscard]] std::string writeEventLine(const sim::GameDefinition& game, const EventRow& row, std::uint64_t lastTick);

/// What --find found: its condition, which the find box then holds, and the ticks it holds on.
struct FoundTicks {
  std::string condition;
  std::vector<std::uint64_t> ticks;
};

/// Which way a jump goes.
enum class Direction : std::uint8_t { kForward, kBackward };

/// The next (previous) of sorted ticks strictly after (before) `tick`.
[[nodiscard]] std::optional<std::uint64_t> findMarkTick(std::span<const std::uint64_t> sortedTicks, std::uint64_t tick,
                                                        Direction direction);

/// The user's bookmarks, kept for the session.
class Bookmarks {
 public:
  /// Adds a bookmark at the tick, or removes the one there.
  void toggle(std::uint64_t tick) {
    if (!ticks_.erase(tick)) ticks_.insert(tick);
  }
  [[nodiscard]] bool contains(std::uint64_t tick) const { return ticks_.contains(tick); }
  [[nodiscard]] std::vector<std::uint64_t> ticks() const { return {ticks_.begin(), ticks_.end()}; }

 private:
  std::set<std::uint64_t> ticks_;
};

/// A typed tick ("151", "1:02.5" as minutes:seconds, or "+60" / "-60" from `current`), clamped
/// to [0, last]; one sentence when the text is none of these.
[[nodiscard]] std::variant<std::uint64_t, std::string> parseTickText(std::string_view text, std::uint64_t current,
                                                                     std::uint64_t last);

}  // namespace retrace::viewer
