// The dodge bot plans: "stand for w ticks, move left or right for n ticks, then stand".
// Obstacles fall at known constant speeds, so for each obstacle the ticks during which it
// crosses the player's band are known, and the player's span during them follows from the
// plan. The bot takes the plan that meets the fewest obstacles (the later the better), with
// the least movement, and plays its first tick. Ties between sides go to its own RNG.
#include <algorithm>
#include <array>
#include <vector>

#include "sim/games/dodge.h"

namespace retrace::sim::dodge {
namespace {

constexpr int kHorizonTicks = 60;
constexpr int kPlanStep = 2;
constexpr int kMarginPx = 2;

/// Whole ticks until an obstacle moving at speed covers gap (0 when already there).
int ticksToCover(Fixed gap, Fixed speed) {
  if (gap <= Fixed()) return 0;
  return static_cast<int>(std::int64_t{gap.raw()} / speed.raw());
}

/// A plan: stand for waitTicks, move in direction dir for moveTicks, then stand still.
struct Plan {
  int dir = 0;
  int moveTicks = 0;
  int waitTicks = 0;
};

constexpr int kWaits[] = {0, 4, 8, 16};

/// The player's left edge after k ticks of the plan, kept in the arena.
Fixed projectX(const Config& config, const State& state, const Plan& plan, int k) {
  const int moving = std::clamp(k - plan.waitTicks, 0, plan.moveTicks);
  const Fixed travel = Fixed::fromRaw(config.playerSpeed.raw() * moving * plan.dir);
  return std::clamp(state.player.x + travel, Fixed(), px(config.arenaWidth - config.playerWidth));
}

/// An obstacle that crosses the player's band within the horizon, with the ticks it reaches and
/// leaves the band: the same for every plan, so worked out once a tick.
struct Crossing {
  Box box;
  int reach = 0;
  int leave = 0;
};

/// The obstacles a plan may meet, in the state's order.
std::vector<Crossing> listCrossings(const State& state) {
  std::vector<Crossing> crossings;
  for (const Obstacle& o : state.obstacles) {
    if (o.box.top() >= state.player.bottom()) continue;  // already below the player
    const int reach = ticksToCover(state.player.top() - o.box.bottom(), o.speed);
    if (reach > kHorizonTicks) continue;
    const int leave = ticksToCover(state.player.bottom() - o.box.top(), o.speed) + 1;
    crossings.push_back({o.box, reach, leave});
  }
  return crossings;
}

/// Lower is safer: each obstacle met costs more the sooner it arrives.
int scorePlan(const Config& config, const State& state, const Plan& plan, const std::vector<Crossing>& crossings) {
  int danger = 0;
  for (const Crossing& o : crossings) {
    const int reach = o.reach;
    // The plan moves monotonically, so the span over [reach, leave] lies between its ends.
    const Fixed from = projectX(config, state, plan, reach);
    const Fixed to = projectX(config, state, plan, o.leave);
    const Fixed left = smaller(from, to) - px(kMarginPx);
    const Fixed right = larger(from, to) + state.player.w + px(kMarginPx);
    if (left < o.box.right() && o.box.left() < right) danger += 1000 + 10 * (kHorizonTicks - reach);
  }
  return danger;
}

}  // namespace

Input Game::chooseInput(const Config& config, const State& state, Rng& ioBotRng) {
  if (isRoundOver(state.clock)) return 0;
  const std::vector<Crossing> crossings = listCrossings(state);
  Plan best{};
  int bestScore = scorePlan(config, state, best, crossings);
  for (const int wait : kWaits) {
    for (int moveTicks = kPlanStep; moveTicks <= kHorizonTicks && bestScore > 0; moveTicks += kPlanStep) {
      // Both sides at this length; a coin from the bot's RNG decides which is tried first.
      const int first = drawBelow(ioBotRng, 2) == 0 ? -1 : 1;
      for (const int dir : {first, -first}) {
        const Plan plan{dir, moveTicks, wait};
        const int score = scorePlan(config, state, plan, crossings);
        if (score < bestScore) {
          best = plan;
          bestScore = score;
        }
      }
    }
  }
  if (best.dir == 0 || best.waitTicks > 0) return 0;
  return best.dir < 0 ? kInputLeft : kInputRight;
}

}  // namespace retrace::sim::dodge
