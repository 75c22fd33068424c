#include "sim/games/dodge.h"

#include <algorithm>

#include "sim/swept.h"

namespace retrace::sim::dodge {
namespace {

constexpr EventSchema kSchemas[] = {
    {"spawn", {"obstacle", "x", "w", "h"}, {FieldKind::kInt, FieldKind::kFixed, FieldKind::kInt, FieldKind::kInt}},
    {"contact", {"obstacle", "toi", "playerX", "obstacleY"}, {FieldKind::kInt, FieldKind::kFixed, FieldKind::kFixed, FieldKind::kFixed}},
    {"nearMiss", {"obstacle", "at", nullptr, nullptr}, {FieldKind::kInt, FieldKind::kFixed, FieldKind::kInt, FieldKind::kInt}},
    {"gameOver", {"round", "roundTick", nullptr, nullptr}, {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt}},
    {"roundStart", {"round", nullptr, nullptr, nullptr}, {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt}},
};
constexpr const char* kInputNames[] = {"left", "right"};

std::int32_t smallestObstacleHeight() {
  int smallest = kObstacleSizes[0].second;
  for (const auto& size : kObstacleSizes) smallest = std::min(smallest, size.second);
  return smallest;
}

/// Resets the world for a new round; the RNG carries on, so every round differs.
void startRound(const Config& config, State& ioState) {
  ioState.player = makeBox((config.arenaWidth - config.playerWidth) / 2, config.playerTop, config.playerWidth, config.playerHeight);
  ioState.obstacles.clear();
  ioState.fallSpeed = config.startSpeed;
  ioState.spawnCountdown = config.spawnEvery;
  ioState.clock.roundTick = 0;
  ioState.clock.overCountdown = 0;
}

void spawnObstacle(const Config& config, State& ioState, std::vector<Event>& outEvents) {
  const auto size = kObstacleSizes[drawBelow(ioState.rng, std::size(kObstacleSizes))];
  const std::int32_t x = drawBetween(ioState.rng, 0, config.arenaWidth - size.first);
  if (ioState.obstacles.size() >= static_cast<std::size_t>(config.maxObstacles)) return;
  const Obstacle obstacle{ioState.nextId++, makeBox(x, -size.second, size.first, size.second), ioState.fallSpeed};
  ioState.obstacles.push_back(obstacle);
  outEvents.push_back(makeEvent(kSpawn, obstacle.id, obstacle.box.x.raw(), size.first, size.second));
}

/// The player's displacement this tick, kept inside the arena.
Fixed computePlayerDx(const Config& config, const State& state, Input input) {
  Fixed dx;
  if ((input & kInputLeft) != 0) dx -= config.playerSpeed;
  if ((input & kInputRight) != 0) dx += config.playerSpeed;
  const Fixed target = std::clamp(state.player.x + dx, Fixed(), px(config.arenaWidth - config.playerWidth));
  return target - state.player.x;
}

/// The earliest contact this tick: (time of impact, index), ties broken by obstacle id.
struct Contact {
  Fraction toi;
  std::size_t index = 0;
};

std::optional<Contact> findSweptContact(const State& state, Fixed dx, std::vector<Event>& outEvents) {
  std::optional<Contact> best;
  for (std::size_t i = 0; i < state.obstacles.size(); ++i) {
    const Obstacle& o = state.obstacles[i];
    // Hold the obstacle still and give the player the relative displacement (seed 000).
    const SweepOutput sweep = sweepBoxes({state.player, o.box, {dx, -o.speed}});
    if (sweep.kind == SweepKind::kGraze) {
      outEvents.push_back(makeEvent(kNearMiss, o.id, toFixedFloor(sweep.enter).raw()));
    } else if (sweep.kind == SweepKind::kHit) {
      if (!best || sweep.enter < best->toi || (sweep.enter == best->toi && o.id < state.obstacles[best->index].id)) {
        best = Contact{sweep.enter, i};
      }
    }
  }
  return best;
}

std::optional<Contact> findDiscreteContact(const State& state) {
  for (std::size_t i = 0; i < state.obstacles.size(); ++i) {
    if (overlaps(state.player, state.obstacles[i].box)) return Contact{Fraction{1, 1}, i};
  }
  return std::nullopt;
}

/// Moves every body by the fraction t of its displacement this tick.
void advanceBodies(State& ioState, Fixed dx, Fraction t) {
  ioState.player.x += scaleTowardZero(dx, t);
  for (Obstacle& o : ioState.obstacles) o.box.y += scaleTowardZero(o.speed, t);
}

void endRound(State& ioState, const Contact& contact, std::vector<Event>& outEvents) {
  const Obstacle& o = ioState.obstacles[contact.index];
  outEvents.push_back(makeEvent(kContact, o.id, toFixedFloor(contact.toi).raw(), ioState.player.x.raw(), o.box.y.raw()));
  outEvents.push_back(makeEvent(kGameOver, ioState.clock.round, ioState.clock.roundTick));
  ioState.clock.overCountdown = kRoundOverTicks;
}

void removeFallenObstacles(const Config& config, State& ioState) {
  std::erase_if(ioState.obstacles, [&](const Obstacle& o) { return o.box.top() >= px(config.arenaHeight); });
}

void stepRoundOver(const Config& config, State& ioState, std::vector<Event>& outEvents) {
  if (!countDownRoundOver(ioState.clock)) return;
  startRound(config, ioState);
  outEvents.push_back(makeEvent(kRoundStart, ioState.clock.round));
}

}  // namespace

std::vector<std::pair<std::string, Config>> Game::namedConfigs() {
  Config discrete;
  discrete.discrete = true;
  return {{"default", Config{}}, {"discrete", discrete}};
}

std::optional<std::string> Game::checkSanity(const Config& c) {
  if (c.arenaWidth < 64 || c.arenaHeight < 64 || c.arenaWidth > 4096 || c.arenaHeight > 4096) {
    return "dodge: the arena must be between 64 and 4096 px on each side";
  }
  if (c.playerWidth <= 0 || c.playerHeight <= 0 || c.playerWidth > c.arenaWidth || c.playerTop < 0 ||
      c.playerTop + c.playerHeight > c.arenaHeight) {
    return "dodge: the player must have a size and fit inside the arena";
  }
  if (c.spawnEvery < 1 || c.rampEvery < 1) return "dodge: spawnEvery and rampEvery must be at least 1 tick";
  if (c.maxObstacles < 1 || static_cast<std::size_t>(c.maxObstacles) > kMaxObstaclesEver) {
    return "dodge: maxObstacles must be between 1 and " + std::to_string(kMaxObstaclesEver);
  }
  if (c.playerSpeed < Fixed() || c.startSpeed <= Fixed() || c.rampStep < Fixed() || c.maxSpeed < c.startSpeed ||
      c.maxSpeed > px(c.arenaHeight)) {
    return "dodge: speeds must be positive, startSpeed <= maxSpeed <= arena height";
  }
  return std::nullopt;
}

std::optional<std::string> Game::checkLimits(const Config& c) {
  // The swept test needs no limit. The per-tick overlap test misses an obstacle that moves
  // further in one tick than the smallest obstacle height plus the player height.
  const std::int32_t reach = smallestObstacleHeight() + c.playerHeight;
  if (c.discrete && c.maxSpeed >= px(reach)) {
    return "dodge discrete: maxSpeed " + formatFieldValue(c.maxSpeed.raw(), FieldKind::kFixed) +
           " must stay below the smallest obstacle height plus the player height (" + std::to_string(reach) +
           " px), or the per-tick overlap test skips hits";
  }
  return std::nullopt;
}

State Game::init(const Config& config, std::uint64_t seed) {
  State state;
  state.rng = seedRng(seed, 0xD0D6E);
  startRound(config, state);
  return state;
}

void Game::step(const Config& config, State& ioState, Input input, std::vector<Event>& outEvents) {
  ++ioState.tick;
  if (isRoundOver(ioState.clock)) {
    stepRoundOver(config, ioState, outEvents);
    return;
  }
  ++ioState.clock.roundTick;
  if (ioState.clock.roundTick % config.rampEvery == 0) {
    ioState.fallSpeed = smaller(ioState.fallSpeed + config.rampStep, config.maxSpeed);
  }
  if (--ioState.spawnCountdown <= 0) {
    spawnObstacle(config, ioState, outEvents);
    ioState.spawnCountdown = config.spawnEvery;
  }
  const Fixed dx = computePlayerDx(config, ioState, input);
  if (config.discrete) {
    advanceBodies(ioState, dx, Fraction{1, 1});
    if (const auto contact = findDiscreteContact(ioState)) endRound(ioState, *contact, outEvents);
  } else if (const auto contact = findSweptContact(ioState, dx, outEvents)) {
    advanceBodies(ioState, dx, contact->toi);
    endRound(ioState, *contact, outEvents);
    return;  // frozen at first contact: nothing leaves the arena this tick
  } else {
    advanceBodies(ioState, dx, Fraction{1, 1});
  }
  removeFallenObstacles(config, ioState);
}

void Game::checkOracle(const Config& /*config: the sweep needs none*/, const State& before, const State& after,
                       const std::vector<Event>& events, std::vector<std::string>& outTunnels) {
  if (isRoundOver(before.clock)) return;  // nothing moves while a round's end is on screen
  const bool registered = std::any_of(events.begin(), events.end(), [](const Event& e) { return e.kind == kContact; });
  if (registered) return;
  // Every obstacle alive before the tick moved in a straight line by its speed (or to where
  // it left the arena); the player by the difference of its positions.
  const Fixed dx = after.player.x - before.player.x;
  for (const Obstacle& o : before.obstacles) {
    const SweepOutput sweep = sweepBoxes({before.player, o.box, {dx, -o.speed}});
    if (sweep.kind != SweepKind::kHit) continue;
    outTunnels.push_back("tick " + std::to_string(after.tick) + ": obstacle " + std::to_string(o.id) + " (" +
                         formatFieldValue(o.box.w.raw(), FieldKind::kFixed) + "x" +
                         formatFieldValue(o.box.h.raw(), FieldKind::kFixed) + ") passed through the player: contact at " +
                         formatFieldValue(toFixedFloor(sweep.enter).raw(), FieldKind::kFixed) + " of the tick, obstacle y " +
                         formatFieldValue(o.box.y.raw(), FieldKind::kFixed) + " -> " +
                         formatFieldValue((o.box.y + o.speed).raw(), FieldKind::kFixed) + " at speed " +
                         formatFieldValue(o.speed.raw(), FieldKind::kFixed) + ", player x " +
                         formatFieldValue(before.player.x.raw(), FieldKind::kFixed) + ", no contact registered");
  }
}

bool Game::isPlausible(const Config& config, const State& state) {
  return state.obstacles.size() <= static_cast<std::size_t>(config.maxObstacles) && state.tick >= 0 &&
         state.clock.overCountdown >= 0 && state.clock.overCountdown <= kRoundOverTicks;
}

std::span<const EventSchema> Game::eventSchemas() { return kSchemas; }
std::span<const char* const> Game::inputNames() { return kInputNames; }

}  // namespace retrace::sim::dodge
