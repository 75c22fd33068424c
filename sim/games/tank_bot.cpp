// The tank bot: pick the nearest enemy, line up with it on the axis where it is closer,
// then turn toward it and fire. When its tank is blocked it tries a random direction, and it
// fires at whatever it faces now and then to clear bricks. It never fires while its own base is
// in the line of fire (the first bot destroyed it in every round). Its randomness is its own RNG.
#include <algorithm>
#include <cstdlib>

#include "sim/games/tank.h"

namespace retrace::sim::tank {
namespace {

constexpr Input kDirectionBits[] = {kInputUp, kInputRight, kInputDown, kInputLeft};

Input bitFor(Direction d) { return kDirectionBits[static_cast<std::size_t>(d)]; }

const Tank* findNearestEnemy(const State& state, Vec2 from) {
  const Tank* nearest = nullptr;
  std::int64_t best = 0;
  for (const Tank& t : state.tanks) {
    if (!t.enemy) continue;
    const std::int64_t d =
        std::llabs(std::int64_t{(t.centre - from).x.raw()}) + std::llabs(std::int64_t{(t.centre - from).y.raw()});
    if (nearest == nullptr || d < best) {
      nearest = &t;
      best = d;
    }
  }
  return nearest;
}

/// The input with its fire bit dropped when the shot it asks for could reach the base: from the
/// muzzle where the tank is or where the input drives it, facing where the input turns it.
Input holdFireOffBase(const Config& config, const State& state, const Tank& me, Input input) {
  if ((input & kInputFire) == 0) return input;
  const Direction facing = findDrive(input).value_or(me.facing);
  const Fixed half = px(config.tankSize / 2);
  for (const Vec2 centre : {me.centre, me.centre + stepToward(facing, config.tankSpeed)}) {
    if (aimsAtBase(state.map, centre + stepToward(facing, half), facing)) return static_cast<Input>(input & ~kInputFire);
  }
  return input;
}

/// The bot's choice before the base check.
Input chooseFreely(const Config& config, const State& state, Rng& ioBotRng) {
  if (isRoundOver(state.clock) || state.tanks.empty() || state.tanks.front().enemy) return 0;
  const Tank& me = state.tanks.front();
  if (me.blocked && drawChance(ioBotRng, 1, 2)) return bitFor(static_cast<Direction>(drawBelow(ioBotRng, 4))) | kInputFire;
  const Tank* target = findNearestEnemy(state, me.centre);
  if (target == nullptr) return drawChance(ioBotRng, 1, 8) ? kInputFire : 0;
  const Vec2 d = target->centre - me.centre;
  const Fixed aligned = px(config.tankSize / 4);
  if (absolute(d.x) <= aligned || absolute(d.y) <= aligned) {
    // In line: face it and fire.
    const Direction face = absolute(d.x) <= aligned ? (d.y < Fixed() ? Direction::kUp : Direction::kDown)
                                                    : (d.x < Fixed() ? Direction::kLeft : Direction::kRight);
    return (me.facing == face ? Input{0} : bitFor(face)) | kInputFire;
  }
  // Close the smaller gap first; fire now and then to clear bricks on the way.
  const Direction drive = absolute(d.x) < absolute(d.y) ? (d.x < Fixed() ? Direction::kLeft : Direction::kRight)
                                                        : (d.y < Fixed() ? Direction::kUp : Direction::kDown);
  return bitFor(drive) | (drawChance(ioBotRng, 1, 6) ? kInputFire : Input{0});
}

}  // namespace

Input Game::chooseInput(const Config& config, const State& state, Rng& ioBotRng) {
  const Input input = chooseFreely(config, state, ioBotRng);
  return state.tanks.empty() ? input : holdFireOffBase(config, state, state.tanks.front(), input);
}

}  // namespace retrace::sim::tank
