#pragma once
// Rounds: a round ends on contact, death or a destroyed base; the end stays on screen for a
// second, then the next round starts from the game's own RNG. So a recording of any length
// is live play, and a bug late in a long session is still one replay.

#include <cstdint>
#include <vector>

#include "sim/game.h"

namespace retrace::sim {

/// Ticks the end of a round stays on screen before the next one starts.
inline constexpr std::int32_t kRoundOverTicks = kTickRate;

/// The event beginTick reports when a new round starts, for a game's list of event schemas.
inline constexpr EventSchema kRoundStartSchema{"roundStart",
                                               {"round", nullptr, nullptr, nullptr},
                                               {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt},
                                               {},
                                               EventCategory::kRound};

/// Where a game is within its rounds.
struct RoundClock {
  std::int32_t round = 1;
  std::int32_t roundTick = 0;      ///< ticks since this round started
  std::int32_t overCountdown = 0;  ///< > 0 while the end of a round is on screen
  bool operator==(const RoundClock&) const = default;
};

template <typename V>
void visitField(V& v, const char* name, RoundClock& clock) {
  v.enter(name);
  visitField(v, "round", clock.round);
  visitField(v, "roundTick", clock.roundTick);
  visitField(v, "overCountdown", clock.overCountdown);
  v.leave();
}

/// True while a finished round is still on screen.
[[nodiscard]] constexpr bool isRoundOver(const RoundClock& clock) noexcept { return clock.overCountdown > 0; }

/// The start every game's tick shares: counts the tick and, while a finished round is still on
/// screen, counts that down; when it ends, advances the round, calls startRound() to reset the
/// world and reports roundStart. True when the round is live and the game's own rules run.
template <typename State, typename StartRound>
[[nodiscard]] bool beginTick(State& ioState, std::uint16_t roundStartKind, std::vector<Event>& outEvents, StartRound startRound) {
  ++ioState.tick;
  if (isRoundOver(ioState.clock)) {
    if (--ioState.clock.overCountdown == 0) {
      ++ioState.clock.round;
      startRound();
      outEvents.push_back(makeEvent(roundStartKind, ioState.clock.round));
    }
    return false;
  }
  ++ioState.clock.roundTick;
  return true;
}

}  // namespace retrace::sim
