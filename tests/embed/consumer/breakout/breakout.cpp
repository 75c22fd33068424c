// breakout's rules, bot, tunnel oracle and scene (see breakout.h).
#include "breakout/breakout.h"

#include <algorithm>

#include "sim/swept.h"

namespace breakout {
namespace {

constexpr EnumName kSurfaceNames[] = {{0, "wall"}, {1, "paddle"}, {2, "brick"}};
constexpr EventSchema kSchemas[] = {
    {"brickBroken",
     {"brick", "toi", nullptr, nullptr},
     {FieldKind::kInt, FieldKind::kFixed, FieldKind::kInt, FieldKind::kInt},
     {},
     EventCategory::kContact,
     {"bricks[id={brick}]", "ball"}},
    {"bounce",
     {"surface", nullptr, nullptr, nullptr},
     {FieldKind::kEnum, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt},
     {kSurfaceNames},
     EventCategory::kOther,
     {"ball"}},
    {"ballLost",
     {"round", nullptr, nullptr, nullptr},
     {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt},
     {},
     EventCategory::kDeath},
    {"cleared",
     {"round", nullptr, nullptr, nullptr},
     {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt},
     {},
     EventCategory::kRound},
    kRoundStartSchema,
};
constexpr const char* kInputNames[] = {"left", "right"};
constexpr const char* kInputKeys[] = {"Left/A/J", "Right/D/L"};
constexpr SceneLayer kLayers[] = {SceneLayer::kSweeps};
constexpr Input kLeft = 1;
constexpr Input kRight = 2;

/// The thinnest thing the ball can hit, on either axis.
std::int32_t findThinnest(const Config& c) { return std::min({c.brickHeight, c.brickWidth, c.paddleHeight, c.paddleWidth}); }

// The swept test needs no limit. The overlap test after each leg misses a brick or the paddle
// once a leg is as long as that thing's extent plus the ball's size: below that, an overlap the
// leg enters lasts past the leg's end, where the test looks.
constexpr SpeedLimit<Config> kLimits[] = {
    {"discrete: ballSpeed < ballSize + the thinnest brick or paddle side", "ballSpeed",
     [](const Config& c) -> std::optional<std::int64_t> {
       if (!c.discrete) return std::nullopt;
       return std::int64_t{px(c.ballSize + findThinnest(c)).raw()} - 1;
     },
     [](const Config& c) {
       return "breakout discrete: ballSpeed " + formatFieldValue(c.ballSpeed.raw(), FieldKind::kFixed) + " must stay below " +
              std::to_string(c.ballSize + findThinnest(c)) +
              " px (the ball plus the thinnest brick or paddle side), or the overlap test skips it";
     }},
};

/// The arena's walls, as boxes the ball bounces off: left, right and the ceiling (the floor is open).
std::vector<Box> makeWalls(const Config& c) {
  return {makeBox(-c.arenaWidth, -c.arenaHeight, c.arenaWidth, 3 * c.arenaHeight),
          makeBox(c.arenaWidth, -c.arenaHeight, c.arenaWidth, 3 * c.arenaHeight),
          makeBox(0, -c.arenaHeight, c.arenaWidth, c.arenaHeight)};
}

void startRound(const Config& c, State& s) {
  s.paddle = makeBox((c.arenaWidth - c.paddleWidth) / 2, c.paddleTop, c.paddleWidth, c.paddleHeight);
  s.ball = makeBox(c.arenaWidth / 2 - c.ballSize / 2, c.paddleTop - c.ballSize - 24, c.ballSize, c.ballSize);
  s.velocity = {drawBelow(s.rng, 2) == 0 ? Fixed() - c.ballSpeed : c.ballSpeed, Fixed() - c.ballSpeed};
  s.bricks.clear();
  const std::int32_t columns = c.arenaWidth / c.brickWidth;
  for (std::int32_t row = 0; row < c.brickRows; ++row) {
    for (std::int32_t column = 0; column < columns; ++column) {
      s.bricks.push_back({row * columns + column,
                          makeBox(column * c.brickWidth, c.bricksTop + row * c.brickHeight, c.brickWidth, c.brickHeight)});
    }
  }
  s.broken = 0;
}

/// A solid the ball can meet: a wall, the paddle or brick `index`.
struct Solid {
  Box box;
  Surface surface;
  std::size_t index = 0;
};

std::vector<Solid> listSolids(const Config& c, const State& s) {
  std::vector<Solid> solids;
  for (const Box& wall : makeWalls(c)) solids.push_back({wall, Surface::kWall});
  solids.push_back({s.paddle, Surface::kPaddle});
  for (std::size_t i = 0; i < s.bricks.size(); ++i) solids.push_back({s.bricks[i].box, Surface::kBrick, i});
  return solids;
}

/// The solids the ball's path this tick meets first (several at the same time of impact), and when.
std::pair<std::vector<Solid>, Fraction> findFirstContacts(const std::vector<Solid>& solids, const Box& ball, Vec2 v) {
  std::vector<Solid> first;
  Fraction when{1, 1};
  for (const Solid& solid : solids) {
    const auto toi = timeOfImpact(ball, solid.box, v);
    if (!toi) continue;
    if (first.empty() || *toi < when) {
      first.clear();
      when = *toi;
    }
    if (*toi == when) first.push_back(solid);
  }
  return {first, when};
}

void breakBricks(State& s, std::vector<std::size_t> indices, Fixed toi, std::vector<Event>& outEvents) {
  std::sort(indices.begin(), indices.end());
  indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
  for (const std::size_t i : indices) outEvents.push_back(makeEvent(kBrickBroken, s.bricks[i].id, toi.raw()));
  for (auto i = indices.rbegin(); i != indices.rend(); ++i) s.bricks.erase(s.bricks.begin() + static_cast<std::ptrdiff_t>(*i));
  s.broken += static_cast<std::int32_t>(indices.size());
}

/// The ball's move this tick as two legs, x then y (seed 001: never both axes at once): each leg
/// is a straight move along one axis, which is what makes the discrete test exact below its limit.
Vec2 selectLeg(Vec2 velocity, bool xLeg) { return xLeg ? Vec2{velocity.x, Fixed()} : Vec2{Fixed(), velocity.y}; }

/// Reverses the ball's velocity on the leg's axis.
void reverseLeg(State& s, bool xLeg) {
  if (xLeg) {
    s.velocity.x = -s.velocity.x;
  } else {
    s.velocity.y = -s.velocity.y;
  }
}

/// One leg, swept: the ball moves to its first contact on the leg and bounces there.
void moveLegSwept(const Config& c, State& s, bool xLeg, std::vector<Event>& outEvents) {
  const Vec2 leg = selectLeg(s.velocity, xLeg);
  const auto [first, toi] = findFirstContacts(listSolids(c, s), s.ball, leg);
  if (first.empty()) {
    s.ball = translated(s.ball, leg);
    return;
  }
  std::vector<std::size_t> hit;
  for (const Solid& solid : first) {
    outEvents.push_back(makeEvent(kBounce, static_cast<std::int32_t>(solid.surface)));
    if (solid.surface == Surface::kBrick) hit.push_back(solid.index);
  }
  s.ball = translated(s.ball, {scaleTowardZero(leg.x, toi), scaleTowardZero(leg.y, toi)});
  breakBricks(s, hit, toFixedFloor(toi), outEvents);
  reverseLeg(s, xLeg);
}

/// One leg, discrete (the negative control): the ball moves the whole leg, then what it
/// overlaps there breaks and bounces it back to where the leg began; a wall it passed clamps it.
void moveLegDiscrete(const Config& c, State& s, bool xLeg, std::vector<Event>& outEvents) {
  const Box start = s.ball;
  s.ball = translated(s.ball, selectLeg(s.velocity, xLeg));
  std::vector<std::size_t> hit;
  for (std::size_t i = 0; i < s.bricks.size(); ++i) {
    if (overlaps(s.ball, s.bricks[i].box)) hit.push_back(i);
  }
  const bool paddle = overlaps(s.ball, s.paddle);
  if (!hit.empty() || paddle) {
    if (!hit.empty()) outEvents.push_back(makeEvent(kBounce, static_cast<std::int32_t>(Surface::kBrick)));
    if (paddle) outEvents.push_back(makeEvent(kBounce, static_cast<std::int32_t>(Surface::kPaddle)));
    breakBricks(s, hit, px(1), outEvents);
    s.ball = start;
    reverseLeg(s, xLeg);
    return;
  }
  const Fixed right = px(c.arenaWidth) - s.ball.w;
  const bool pastWall = xLeg ? (s.ball.x < Fixed() || s.ball.x > right) : s.ball.y < Fixed();
  if (!pastWall) return;
  outEvents.push_back(makeEvent(kBounce, static_cast<std::int32_t>(Surface::kWall)));
  if (xLeg) {
    s.ball.x = s.ball.x < Fixed() ? Fixed() : right;
  } else {
    s.ball.y = Fixed();
  }
  reverseLeg(s, xLeg);
}

void endRound(State& s, EventKind kind, std::vector<Event>& outEvents) {
  outEvents.push_back(makeEvent(kind, s.clock.round));
  s.clock.overCountdown = kRoundOverTicks;
}

}  // namespace

std::vector<std::pair<std::string, Config>> Game::namedConfigs() {
  Config discrete;
  discrete.discrete = true;
  return {{"default", Config{}}, {"discrete", discrete}};
}

std::optional<std::string> Game::checkSanity(const Config& c) {
  if (c.arenaWidth < 40 || c.arenaWidth > 4000 || c.arenaHeight < 40 || c.arenaHeight > 4000)
    return "breakout: the arena is 40 to 4000 px a side";
  if (c.ballSize < 1 || c.brickWidth < 1 || c.brickHeight < 1 || c.paddleWidth < 1 || c.paddleHeight < 1 ||
      c.paddleWidth > c.arenaWidth) {
    return "breakout: the ball, bricks and paddle need a size, and the paddle fits the arena";
  }
  if (c.brickRows < 0 || static_cast<std::size_t>(c.brickRows * (c.arenaWidth / c.brickWidth)) > kMaxBricks) {
    return "breakout: at most " + std::to_string(kMaxBricks) + " bricks";
  }
  if (c.bricksTop < 0 || c.bricksTop + c.brickRows * c.brickHeight + c.ballSize + 24 > c.paddleTop ||
      c.paddleTop + c.paddleHeight > c.arenaHeight) {
    return "breakout: the bricks, then the ball's start, then the paddle, from the top of the arena down";
  }
  if (c.ballSpeed <= Fixed() || c.ballSpeed > px(c.arenaHeight / 4) || c.paddleSpeed < Fixed() ||
      c.paddleSpeed > px(c.arenaWidth)) {
    return "breakout: 0 < ballSpeed <= a quarter of the arena height, 0 <= paddleSpeed <= the arena width";
  }
  return std::nullopt;
}

std::span<const SpeedLimit<Config>> Game::speedLimits() { return kLimits; }

State Game::init(const Config& config, std::uint64_t seed) {
  State s;
  s.rng = seedRng(seed, 0xB4EA);
  startRound(config, s);
  return s;
}

void Game::step(const Config& c, State& s, Input input, std::vector<Event>& outEvents) {
  if (!beginTick(s, kRoundStart, outEvents, [&] { startRound(c, s); })) return;
  const Fixed dx = ((input & kRight) != 0 ? c.paddleSpeed : Fixed()) - ((input & kLeft) != 0 ? c.paddleSpeed : Fixed());
  Box moved = s.paddle;
  moved.x = std::clamp(moved.x + dx, Fixed(), px(c.arenaWidth - c.paddleWidth));
  if (!overlaps(moved, s.ball)) s.paddle = moved;  // the ball blocks the paddle: it never starts a tick inside it
  for (const bool xLeg : {true, false}) {
    if (c.discrete) {
      moveLegDiscrete(c, s, xLeg, outEvents);
    } else {
      moveLegSwept(c, s, xLeg, outEvents);
    }
  }
  if (s.ball.y >= px(c.arenaHeight)) {
    endRound(s, kBallLost, outEvents);
  } else if (s.bricks.empty()) {
    endRound(s, kCleared, outEvents);
  }
}

Input Game::chooseInput(const Config&, const State& s, Rng& ioBotRng) {
  // Follow the ball, a few pixels off where it is heading, so the bounces vary.
  const Fixed target = centreOf(s.ball).x + px(static_cast<int>(drawBelow(ioBotRng, 13)) - 6);
  const Fixed at = centreOf(s.paddle).x;
  if (at < target - px(2)) return kRight;
  if (at > target + px(2)) return kLeft;
  return 0;
}

void Game::checkOracle(const Config& c, const State& before, const State& after, const std::vector<Event>& events,
                       std::vector<Tunnel>& outTunnels) {
  const bool moved = std::none_of(events.begin(), events.end(), [](const Event& e) { return e.kind == kRoundStart; });
  if (isRoundOver(before.clock) || !moved) return;
  // The ball's two legs this tick (x from where it was, then y from where the x leg left it)
  // against everything as the rules saw it (the paddle had moved already): the first solids each
  // leg meets must each have been registered.
  State seen = before;
  seen.paddle = after.paddle;
  const std::vector<Solid> solids = listSolids(c, seen);
  for (const bool xLeg : {true, false}) {
    const Box from = xLeg ? before.ball : Box{after.ball.x, before.ball.y, before.ball.w, before.ball.h};
    const auto [first, toi] = findFirstContacts(solids, from, selectLeg(before.velocity, xLeg));
    for (const Solid& solid : first) {
      if (solid.surface == Surface::kWall) continue;
      const std::int32_t id = solid.surface == Surface::kBrick ? before.bricks[solid.index].id : -1;
      const bool registered = std::any_of(events.begin(), events.end(), [&](const Event& e) {
        return solid.surface == Surface::kBrick ? e.kind == kBrickBroken && e.args[0] == id
                                                : e.kind == kBounce && e.args[0] == static_cast<std::int32_t>(Surface::kPaddle);
      });
      if (registered) continue;
      const Fixed speed = xLeg ? before.velocity.x : before.velocity.y;
      Tunnel tunnel{"tick " + std::to_string(after.tick) + ": the ball passed through " +
                        (solid.surface == Surface::kBrick ? "brick " + std::to_string(id) : std::string("the paddle")) +
                        " on its " + (xLeg ? "x" : "y") + " leg: contact at " +
                        formatFieldValue(toFixedFloor(toi).raw(), FieldKind::kFixed) + " of the leg, at speed " +
                        formatFieldValue(speed.raw(), FieldKind::kFixed) + " from ball " +
                        formatFieldValue(from.x.raw(), FieldKind::kFixed) + "," +
                        formatFieldValue(from.y.raw(), FieldKind::kFixed) + ", no contact registered",
                    {}};
      // The ball where the leg began and where it would have ended, and the solid it crossed.
      const Vec2 leg = selectLeg(before.velocity, xLeg);
      addBox(tunnel.drawing, from, tunnelPathStyle());
      addBox(tunnel.drawing, Box{from.x + leg.x, from.y + leg.y, from.w, from.h}, tunnelPathStyle());
      addBox(tunnel.drawing, solid.box, tunnelHitStyle());
      outTunnels.push_back(std::move(tunnel));
    }
  }
}

bool Game::isPlausible(const Config& c, const State& s) {
  return s.tick >= 0 && s.bricks.size() <= kMaxBricks && s.clock.overCountdown >= 0 && s.clock.overCountdown <= kRoundOverTicks &&
         s.ball.w == px(c.ballSize) && s.ball.h == px(c.ballSize) && s.paddle.w == px(c.paddleWidth) &&
         s.paddle.h == px(c.paddleHeight) && s.ball.x >= px(-c.arenaWidth) && s.ball.x <= px(2 * c.arenaWidth) &&
         s.ball.y >= px(-c.arenaHeight) && s.ball.y <= px(2 * c.arenaHeight) && s.paddle.x >= Fixed() &&
         s.paddle.right() <= px(c.arenaWidth) && absolute(s.velocity.x) <= px(c.arenaHeight) &&
         absolute(s.velocity.y) <= px(c.arenaHeight);
}

std::span<const EventSchema> Game::eventSchemas() { return kSchemas; }
std::span<const char* const> Game::inputNames() { return kInputNames; }
std::span<const char* const> Game::inputKeys() { return kInputKeys; }

Scene Game::describeScene(const Config& c, const State& previous, const State& s) {
  Scene scene{pxVec(c.arenaWidth, c.arenaHeight), {}};
  const Box arena = makeBox(0, 0, c.arenaWidth, c.arenaHeight);
  for (std::size_t i = 0; i < s.bricks.size(); ++i)
    addBox(scene, s.bricks[i].box, {SceneCategory::kBreakable, SceneLayer::kBodies, nameElement("bricks", i)});
  addClippedBox(scene, previous.ball, arena, {SceneCategory::kSweep, SceneLayer::kSweeps, "ball", false});
  addSegment(scene, centreOf(previous.ball), centreOf(s.ball), {SceneCategory::kSweep, SceneLayer::kSweeps, "ball"});
  addBox(scene, s.paddle, {SceneCategory::kPlayer, SceneLayer::kBodies, "paddle"});
  addClippedBox(scene, s.ball, arena, {SceneCategory::kProjectile, SceneLayer::kBodies, "ball"});
  return scene;
}

std::span<const SceneLayer> Game::sceneLayers() { return kLayers; }

}  // namespace breakout
