#include "sim/games/dodge.h"

#include <algorithm>

#include "sim/swept.h"

namespace retrace::sim::dodge {
namespace {

constexpr EventSchema kSchemas[] = {
    {"spawn",
     {"obstacle", "x", "w", "h"},
     {FieldKind::kInt, FieldKind::kFixed, FieldKind::kInt, FieldKind::kInt},
     {},
     EventCategory::kSpawn,
     {"obstacles[id={obstacle}]"}},
    {"contact",
     {"obstacle", "toi", "playerX", "obstacleY"},
     {FieldKind::kInt, FieldKind::kFixed, FieldKind::kFixed, FieldKind::kFixed},
     {},
     EventCategory::kContact,
     {"obstacles[id={obstacle}]", "player"}},
    {"nearMiss",
     {"obstacle", "at", nullptr, nullptr},
     {FieldKind::kInt, FieldKind::kFixed, FieldKind::kInt, FieldKind::kInt},
     {},
     EventCategory::kOther,
     {"obstacles[id={obstacle}]", "player"}},
    {"gameOver",
     {"round", "roundTick", nullptr, nullptr},
     {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt},
     {},
     EventCategory::kRound},
    kRoundStartSchema,
};
constexpr const char* kInputNames[] = {"left", "right"};

std::int32_t smallestObstacleHeight() {
  int smallest = kObstacleSizes[0].second;
  for (const auto& size : kObstacleSizes) smallest = std::min(smallest, size.second);
  return smallest;
}

/// Fills the arena with stressObstacles obstacles at random heights and speeds.
void spawnStressObstacles(const Config& config, State& ioState) {
  for (std::int32_t i = 0; i < config.stressObstacles; ++i) {
    const auto size = kObstacleSizes[drawBelow(ioState.rng, std::size(kObstacleSizes))];
    const std::int32_t x = drawBetween(ioState.rng, 0, config.arenaWidth - size.first);
    const std::int32_t y = drawBetween(ioState.rng, -config.arenaHeight, config.playerTop - size.second - 1);
    const Fixed speed = Fixed::fromRaw(drawBetween(ioState.rng, config.startSpeed.raw(), config.maxSpeed.raw()));
    ioState.obstacles.push_back({ioState.nextId++, makeBox(x, y, size.first, size.second), speed});
  }
}

/// Resets the world for a new round; the RNG carries on, so every round differs.
void startRound(const Config& config, State& ioState) {
  ioState.player =
      makeBox((config.arenaWidth - config.playerWidth) / 2, config.playerTop, config.playerWidth, config.playerHeight);
  ioState.obstacles.clear();
  ioState.fallSpeed = config.startSpeed;
  ioState.spawnCountdown = config.spawnEvery;
  ioState.clock.roundTick = 0;
  ioState.clock.overCountdown = 0;
  spawnStressObstacles(config, ioState);
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

/// The region an obstacle sweeps this tick, and the player's, as closed bounds: any hit or
/// graze needs the two to touch, so obstacles whose bounds do not are skipped unswept.
struct Bounds {
  Fixed left, top, right, bottom;
};

Bounds sweptBounds(const Obstacle& o) { return {o.box.left(), o.box.top(), o.box.right(), o.box.bottom() + o.speed}; }

Bounds sweptBounds(const Box& player, Fixed dx) {
  return {smaller(player.left(), player.left() + dx), player.top(), larger(player.right(), player.right() + dx), player.bottom()};
}

bool touch(const Bounds& a, const Bounds& b) {
  return a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;
}

/// Sweeps the candidate obstacles (indices ascending, as brute force visits them).
std::optional<Contact> sweepCandidates(const State& state, Fixed dx, const std::vector<std::size_t>* candidates,
                                       const Bounds* filter, std::vector<Event>& outEvents) {
  std::optional<Contact> best;
  const auto visit = [&](std::size_t i) {
    const Obstacle& o = state.obstacles[i];
    if (filter != nullptr && !touch(sweptBounds(o), *filter)) return;
    // Hold the obstacle still and give the player the relative displacement (seed 000).
    const SweepOutput sweep = sweepBoxes({state.player, o.box, {dx, -o.speed}});
    if (sweep.kind == SweepKind::kGraze) {
      outEvents.push_back(makeEvent(kNearMiss, o.id, toFixedFloor(sweep.enter).raw()));
    } else if (sweep.kind == SweepKind::kHit) {
      if (!best || sweep.enter < best->toi || (sweep.enter == best->toi && o.id < state.obstacles[best->index].id))
        best = Contact{sweep.enter, i};
    }
  };
  if (candidates != nullptr) {
    for (const std::size_t i : *candidates) visit(i);
  } else {
    for (std::size_t i = 0; i < state.obstacles.size(); ++i) visit(i);
  }
  return best;
}

/// The obstacles whose swept bounds share a grid cell with the player's swept bounds.
std::vector<std::size_t> collectGridCandidates(const State& state, const Bounds& player) {
  constexpr int kCellPx = 64;
  const auto cellOf = [](Fixed v) {
    return v.floorToInt() >= 0 ? v.floorToInt() / kCellPx : (v.floorToInt() - kCellPx + 1) / kCellPx;
  };
  const int x0 = cellOf(player.left), x1 = cellOf(player.right), y0 = cellOf(player.top), y1 = cellOf(player.bottom);
  const int columns = x1 - x0 + 1;
  std::vector<std::vector<std::size_t>> cells(static_cast<std::size_t>(columns * (y1 - y0 + 1)));
  for (std::size_t i = 0; i < state.obstacles.size(); ++i) {
    const Bounds b = sweptBounds(state.obstacles[i]);
    // Only the cells the player's bounds cover are kept: the rest of the grid is never queried.
    for (int y = std::max(cellOf(b.top), y0); y <= std::min(cellOf(b.bottom), y1); ++y) {
      for (int x = std::max(cellOf(b.left), x0); x <= std::min(cellOf(b.right), x1); ++x) {
        cells[static_cast<std::size_t>((y - y0) * columns + (x - x0))].push_back(i);
      }
    }
  }
  std::vector<std::size_t> candidates;
  for (const auto& cell : cells) candidates.insert(candidates.end(), cell.begin(), cell.end());
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  return candidates;
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
  if (config.stressObstacles == 0) {
    std::erase_if(ioState.obstacles, [&](const Obstacle& o) { return o.box.top() >= px(config.arenaHeight); });
    return;
  }
  // Under stress every obstacle that leaves the bottom comes back at the top, so the count
  // stays constant.
  for (Obstacle& o : ioState.obstacles) {
    if (o.box.top() < px(config.arenaHeight)) continue;
    o.box.x = px(drawBetween(ioState.rng, 0, config.arenaWidth - o.box.w.floorToInt()));
    o.box.y = -o.box.h;
  }
}

}  // namespace

std::optional<Contact> findSweptContact(const State& state, Fixed dx, Broadphase broadphase, std::vector<Event>& outEvents) {
  const Bounds player = sweptBounds(state.player, dx);
  switch (broadphase) {
    case Broadphase::kBounds: return sweepCandidates(state, dx, nullptr, &player, outEvents);
    case Broadphase::kGrid: {
      const std::vector<std::size_t> candidates = collectGridCandidates(state, player);
      return sweepCandidates(state, dx, &candidates, &player, outEvents);
    }
    case Broadphase::kBruteForce: break;
  }
  return sweepCandidates(state, dx, nullptr, nullptr, outEvents);
}

std::vector<std::pair<std::string, Config>> Game::namedConfigs() {
  Config discrete;
  discrete.discrete = true;
  Config stress;  // ten thousand obstacles at once in a 4096-px arena: the scale benchmark's world
  stress.arenaWidth = 4096;
  stress.arenaHeight = 4096;
  stress.playerTop = 4096 - 40;
  stress.stressObstacles = 10000;
  stress.maxObstacles = 10000;
  stress.startSpeed = px(1);
  stress.maxSpeed = px(8);
  stress.rampStep = Fixed();
  return {{"default", Config{}}, {"discrete", discrete}, {"stress", stress}};
}

std::optional<std::string> Game::checkSanity(const Config& c) {
  if (c.arenaWidth < 64 || c.arenaHeight < 64 || c.arenaWidth > 4096 || c.arenaHeight > 4096) {
    return "dodge: the arena must be between 64 and 4096 px on each side";
  }
  if (c.playerWidth <= 0 || c.playerHeight <= 0 || c.playerWidth > c.arenaWidth || c.playerTop < 0 ||
      std::int64_t{c.playerTop} + c.playerHeight > c.arenaHeight) {
    return "dodge: the player must have a size and fit inside the arena";
  }
  if (c.spawnEvery < 1 || c.rampEvery < 1) return "dodge: spawnEvery and rampEvery must be at least 1 tick";
  if (c.maxObstacles < 1 || static_cast<std::size_t>(c.maxObstacles) > kMaxObstaclesEver) {
    return "dodge: maxObstacles must be between 1 and " + std::to_string(kMaxObstaclesEver);
  }
  if (c.stressObstacles < 0 || c.stressObstacles > c.maxObstacles)
    return "dodge: stressObstacles must be between 0 and maxObstacles";
  // Every speed at most an arena side, so that no position plus a tick's move leaves 16.16.
  if (c.playerSpeed < Fixed() || c.playerSpeed > px(c.arenaWidth) || c.startSpeed <= Fixed() || c.rampStep < Fixed() ||
      c.rampStep > c.maxSpeed || c.maxSpeed < c.startSpeed || c.maxSpeed > px(c.arenaHeight)) {
    return "dodge: speeds must be positive, playerSpeed <= arena width, startSpeed <= maxSpeed <= arena height, rampStep <= maxSpeed";
  }
  return std::nullopt;
}

namespace {

// The swept test needs no limit. The per-tick overlap test misses an obstacle that moves further
// in one tick than the smallest obstacle height plus the player height. No speed keeps it from
// missing an obstacle's corner that a moving player clips between two ticks, so the discrete
// configuration stays a negative control within its limit too.
constexpr SpeedLimit<Config> kLimits[] = {
    {"discrete: maxSpeed < smallest obstacle height + playerHeight", "maxSpeed",
     [](const Config& c) -> std::optional<std::int64_t> {
       if (!c.discrete) return std::nullopt;
       return std::int64_t{px(smallestObstacleHeight() + c.playerHeight).raw()} - 1;
     },
     [](const Config& c) {
       return "dodge discrete: maxSpeed " + formatFieldValue(c.maxSpeed.raw(), FieldKind::kFixed) +
              " must stay below the smallest obstacle height plus the player height (" +
              std::to_string(smallestObstacleHeight() + c.playerHeight) +
              " px), or the per-tick overlap test lets obstacles fall through the player";
     }},
};

}  // namespace

std::span<const SpeedLimit<Config>> Game::speedLimits() { return kLimits; }

State Game::init(const Config& config, std::uint64_t seed) {
  State state;
  state.rng = seedRng(seed, 0xD0D6E);
  startRound(config, state);
  return state;
}

void Game::step(const Config& config, State& ioState, Input input, std::vector<Event>& outEvents) {
  if (!beginTick(ioState, kRoundStart, outEvents, [&] { startRound(config, ioState); })) return;
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
  } else if (const auto contact = findSweptContact(ioState, dx, Broadphase::kBounds, outEvents)) {
    advanceBodies(ioState, dx, contact->toi);
    endRound(ioState, *contact, outEvents);
    return;  // frozen at first contact: nothing leaves the arena this tick
  } else {
    advanceBodies(ioState, dx, Fraction{1, 1});
  }
  removeFallenObstacles(config, ioState);
}

namespace {

/// An obstacle's straight fall this tick against the player's move (`dx`): a hit is a tunnel.
void checkObstacle(const State& before, const State& after, Fixed dx, const Obstacle& o, std::vector<Tunnel>& outTunnels) {
  const SweepOutput sweep = sweepBoxes({before.player, o.box, {dx, -o.speed}});
  if (sweep.kind != SweepKind::kHit) return;
  Tunnel tunnel{"tick " + std::to_string(after.tick) + ": obstacle " + std::to_string(o.id) + " (" +
                    formatFieldValue(o.box.w.raw(), FieldKind::kFixed) + "x" +
                    formatFieldValue(o.box.h.raw(), FieldKind::kFixed) + ") passed through the player: contact at " +
                    formatFieldValue(toFixedFloor(sweep.enter).raw(), FieldKind::kFixed) + " of the tick, obstacle y " +
                    formatFieldValue(o.box.y.raw(), FieldKind::kFixed) + " -> " +
                    formatFieldValue((o.box.y + o.speed).raw(), FieldKind::kFixed) + " at speed " +
                    formatFieldValue(o.speed.raw(), FieldKind::kFixed) + ", player x " +
                    formatFieldValue(before.player.x.raw(), FieldKind::kFixed) + ", no contact registered",
                {}};
  // The obstacle where it was and where it ended, its centre's path, and the player it crossed.
  Box moved = o.box;
  moved.y = o.box.y + o.speed;
  addBox(tunnel.drawing, o.box, tunnelPathStyle());
  addBox(tunnel.drawing, moved, tunnelPathStyle());
  const Vec2 centre{o.box.x + o.box.w / px(2), o.box.y + o.box.h / px(2)};
  addSegment(tunnel.drawing, centre, {centre.x, centre.y + o.speed}, tunnelPathStyle());
  Box player = before.player;
  player.x = after.player.x;
  addBox(tunnel.drawing, before.player, tunnelHitStyle());
  addBox(tunnel.drawing, player, tunnelHitStyle());
  outTunnels.push_back(std::move(tunnel));
}

}  // namespace

void Game::checkOracle(const Config& /*config: the sweep needs none*/, const State& before, const State& after,
                       const std::vector<Event>& events, std::vector<Tunnel>& outTunnels) {
  if (isRoundOver(before.clock)) return;  // nothing moves while a round's end is on screen
  const bool registered = std::any_of(events.begin(), events.end(), [](const Event& e) { return e.kind == kContact; });
  if (registered) return;
  // Every obstacle alive before the tick moved in a straight line by its speed (or to where
  // it left the arena); the player by the difference of its positions.
  const Fixed dx = after.player.x - before.player.x;
  for (const Obstacle& o : before.obstacles) checkObstacle(before, after, dx, o, outTunnels);
  // One spawned this tick fell too, from just above the arena where its spawn event puts it.
  for (const Event& e : events) {
    if (e.kind != kSpawn) continue;
    const auto now =
        std::find_if(after.obstacles.begin(), after.obstacles.end(), [&](const Obstacle& o) { return o.id == e.args[0]; });
    if (now == after.obstacles.end()) continue;
    const Obstacle spawned{now->id, {Fixed::fromRaw(e.args[1]), px(-e.args[3]), px(e.args[2]), px(e.args[3])}, now->speed};
    checkObstacle(before, after, dx, spawned, outTunnels);
  }
}

bool Game::isPlausible(const Config& config, const State& state) {
  return state.obstacles.size() <= static_cast<std::size_t>(config.maxObstacles) && state.tick >= 0 &&
         state.clock.overCountdown >= 0 && state.clock.overCountdown <= kRoundOverTicks;
}

std::span<const EventSchema> Game::eventSchemas() { return kSchemas; }
std::span<const char* const> Game::inputNames() { return kInputNames; }

}  // namespace retrace::sim::dodge
