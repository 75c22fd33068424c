// The fallingman bot looks ahead by simulating: for a handful of plans (stand, or walk left
// or right for a few ticks or all the way), it runs the real rules on a copy of the state
// for a horizon and scores where the man ends: alive first, unhurt next, then as close as
// possible to a comfortable height on the screen. It plays the first tick of the best plan.
// Simulating the rules themselves keeps the bot honest: it knows nothing the game does not.
#include <array>
#include <cstdlib>

#include "sim/games/fallingman.h"

namespace retrace::sim::fallingman {
namespace {

constexpr int kHorizonTicks = 36;

/// Hold `input` for `holdTicks`, then stand still.
struct Plan {
  Input input = 0;
  int holdTicks = 0;
};

constexpr std::array<Plan, 7> kPlans{Plan{0, 0},
                                     Plan{kInputLeft, 6},
                                     Plan{kInputRight, 6},
                                     Plan{kInputLeft, 16},
                                     Plan{kInputRight, 16},
                                     Plan{kInputLeft, kHorizonTicks},
                                     Plan{kInputRight, kHorizonTicks}};

std::int64_t scorePlan(const Config& config, const State& start, const Plan& plan) {
  State sim = start;
  std::vector<Event> events;
  const std::int32_t round = start.clock.round;
  for (int t = 0; t < kHorizonTicks; ++t) {
    Game::step(config, sim, t < plan.holdTicks ? plan.input : Input{0}, events);
    if (isRoundOver(sim.clock) || sim.clock.round != round) return -1'000'000'000LL + t;
  }
  // A comfortable height: 40% of the way down the screen, clear of the spikes and the bottom.
  const Fixed screenY = sim.man.centre.y - sim.cameraY;
  const Fixed target = px(config.screenHeight * 2 / 5);
  const std::int64_t distance = std::llabs(std::int64_t{(screenY - target).raw()}) / Fixed::kOne;
  const std::int64_t hpLost = start.man.hp - sim.man.hp;
  return -100'000LL * hpLost - distance;
}

}  // namespace

Input Game::chooseInput(const Config& config, const State& state, Rng& ioBotRng) {
  if (isRoundOver(state.clock)) return 0;
  std::int64_t best = 0;
  Input choice = 0;
  bool first = true;
  // Plans are scored in a random order so that equal scores are broken by the bot's RNG.
  const std::size_t offset = drawBelow(ioBotRng, static_cast<std::uint32_t>(kPlans.size()));
  for (std::size_t i = 0; i < kPlans.size(); ++i) {
    const Plan& plan = kPlans[(i + offset) % kPlans.size()];
    const std::int64_t score = scorePlan(config, state, plan);
    if (first || score > best) {
      best = score;
      choice = plan.holdTicks > 0 ? plan.input : Input{0};
      first = false;
    }
  }
  return choice;
}

}  // namespace retrace::sim::fallingman
