#include "sim/games/tank.h"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "golden.h"
#include "sim/event_subjects.h"
#include "sim/field_ids.h"

namespace retrace::sim::tank {
namespace {

/// A round in progress on an empty map with the player at (30, 250) and no spawns.
State makeEmptyArena(const Config& config) {
  State s = Game::init(config, 1);
  s.map = makeTileMap(kColumns, kRows, kTilePx);
  s.tanks.resize(1);
  s.tanks[0].centre = pxVec(30, 250);
  s.bullets.clear();
  s.spawnCountdown = 1'000'000;
  return s;
}

/// An enemy tank that cannot move: it faces up against a steel tile right above it.
void addPinnedEnemy(State& s, std::int32_t id, Vec2 centre) {
  s.tanks.push_back({id, true, centre, Direction::kUp, 1, 1'000'000, false});
  setTileCode(s.map, tileAt(s.map, centre - pxVec(0, 10)), kSteel);
}

void addPlayerBullet(State& s, std::int32_t id, Vec2 at, Direction d) { s.bullets.push_back({id, s.tanks[0].id, false, at, d}); }

std::vector<Event> stepOnce(const Config& c, State& s, Input input = 0) {
  std::vector<Event> events;
  Game::step(c, s, input, events);
  return events;
}

bool hasEvent(const std::vector<Event>& events, EventKind kind) {
  return std::any_of(events.begin(), events.end(), [&](const Event& e) { return e.kind == kind; });
}

TEST(Tank, BulletDestroysABrick) {
  const Config c;
  State s = makeEmptyArena(c);
  setTileCode(s.map, {5, 5}, kBrick);  // x 100..120, y 100..120
  addPlayerBullet(s, 50, pxVec(98, 110), Direction::kRight);
  const auto events = stepOnce(c, s);
  EXPECT_TRUE(hasEvent(events, kBrickDestroyed));
  EXPECT_EQ(tileCode(s.map, {5, 5}), kEmpty);
  EXPECT_TRUE(s.bullets.empty());
}

TEST(Tank, AnEventIsAboutTheCellItChangedAndTheTankItHit) {
  // The contract sees only that what an event is about is in the state; here, that it is the
  // right one: a brick event's cell was a brick and is empty, a hit tank's hp is what it says.
  const GameDefinition& game = *findGame("tank");
  auto session = game.start(*game.findConfig("default"), 5);
  Rng bot = seedRng(9);
  const auto valueOf = [](const GameSession& at, const std::string& subject, const std::string& member) {
    const std::vector<Field> fields = at.describeState();
    const auto resolved = resolveIds(fields, subject);
    const auto field =
        std::find_if(fields.begin(), fields.end(), [&](const Field& f) { return resolved && f.name == *resolved + member; });
    return field == fields.end() ? std::string("none") : formatField(*field);
  };
  std::map<std::string, int> seen;
  for (int i = 0; i < 20000; ++i) {
    const auto before = session->clone();
    for (const Event& e : session->step(session->chooseBotInput(bot)).events) {
      const std::vector<std::string> about = nameEventSubjects(game, e);
      const std::string kind = game.eventSchemas()[e.kind].name;
      ++seen[kind];
      if (e.kind == kBrickDestroyed) {
        EXPECT_EQ(valueOf(*before, about[0], ""), "brick") << about[0] << " at tick " << session->tick();
        EXPECT_EQ(valueOf(*session, about[0], ""), "empty") << about[0] << " at tick " << session->tick();
      } else if (e.kind == kSteelHit || e.kind == kBaseDestroyed) {
        EXPECT_EQ(valueOf(*session, about[0], ""), e.kind == kSteelHit ? "steel" : "base") << about[0];
      } else if (e.kind == kTankHit) {
        // A tank with no hp left is gone after the tick; it was there before it.
        EXPECT_EQ(valueOf(e.args[2] > 0 ? *session : *before, about[0], ".hp"),
                  std::to_string(e.args[2] > 0 ? e.args[2] : e.args[2] + 1))
            << about[0] << " at tick " << session->tick();
      }
    }
  }
  EXPECT_GT(seen["brickDestroyed"], 10);
  EXPECT_GT(seen["steelHit"], 10);
  EXPECT_GT(seen["tankHit"], 3);
}

TEST(Tank, SteelStopsABulletAndStays) {
  const Config c;
  State s = makeEmptyArena(c);
  setTileCode(s.map, {5, 5}, kSteel);
  addPlayerBullet(s, 50, pxVec(110, 123), Direction::kUp);
  const auto events = stepOnce(c, s);
  EXPECT_TRUE(hasEvent(events, kSteelHit));
  EXPECT_EQ(tileCode(s.map, {5, 5}), kSteel);
  EXPECT_TRUE(s.bullets.empty());
}

TEST(Tank, BulletOnTheBaseEndsTheRound) {
  const Config c;
  State s = makeEmptyArena(c);
  setTileCode(s.map, {6, 12}, kBase);
  s.bullets.push_back({60, 99, true, pxVec(130, 238), Direction::kDown});
  const auto events = stepOnce(c, s);
  EXPECT_TRUE(hasEvent(events, kBaseDestroyed));
  EXPECT_TRUE(hasEvent(events, kGameOver));
  EXPECT_TRUE(isRoundOver(s.clock));
}

TEST(Tank, BulletPathJustUnderTheRadiusHitsAtTheRadiusItDoesNot) {
  Config c;
  c.bulletSpeed = px(19);  // far past the tank within one tick
  for (const bool under : {true, false}) {
    State s = makeEmptyArena(c);
    addPinnedEnemy(s, 7, pxVec(130, 108));
    // The bullet flies from x 120 to 139, passing the centre's x; its y is 10 px off, or
    // one raw unit less than 10.
    const Fixed y = px(118) - Fixed::fromRaw(under ? 1 : 0);
    addPlayerBullet(s, 50, Vec2{px(120), y}, Direction::kRight);
    const auto events = stepOnce(c, s);
    EXPECT_EQ(hasEvent(events, kTankHit), under);
    EXPECT_EQ(hasEvent(events, kTankDestroyed), under);
  }
}

// Two tanks within one tick's path: the bullet hits the nearer one along its flight, even when
// the farther comes first in the list (a lower id).
TEST(Tank, BulletHitsTheNearerOfTwoTanksOnItsPath) {
  Config c;
  c.bulletSpeed = px(19);
  State s = makeEmptyArena(c);
  addPinnedEnemy(s, 7, pxVec(148, 108));  // 9 px past the path's end
  addPinnedEnemy(s, 8, pxVec(131, 108));  // on the path
  addPlayerBullet(s, 50, pxVec(120, 108), Direction::kRight);
  const auto events = stepOnce(c, s);
  const auto hit = std::find_if(events.begin(), events.end(), [](const Event& e) { return e.kind == kTankHit; });
  ASSERT_NE(hit, events.end());
  EXPECT_EQ(hit->args[0], 8);
  EXPECT_EQ(std::count_if(events.begin(), events.end(), [](const Event& e) { return e.kind == kTankHit; }), 1);
}

TEST(Tank, DiscreteMissesAFastBulletAndTheOracleSeesIt) {
  Config c;
  c.bulletSpeed = px(19);
  c.discrete = true;
  State s = makeEmptyArena(c);
  addPinnedEnemy(s, 7, pxVec(130, 108));
  // A graze 9 px below the centre: within 10 px only while |dx| < 4.36, and the tick's two
  // ends (dx -10 and +9) are both outside that, so the per-tick distance test misses it.
  addPlayerBullet(s, 50, pxVec(120, 117), Direction::kRight);
  const State before = s;
  const auto events = stepOnce(c, s);
  EXPECT_FALSE(hasEvent(events, kTankHit));
  std::vector<Tunnel> tunnels;
  Game::checkOracle(c, before, s, events, tunnels);
  ASSERT_EQ(tunnels.size(), 1U);
  EXPECT_NE(tunnels[0].sentence.find("within 10 px of tank 7"), std::string::npos) << tunnels[0].sentence;
  // Its drawing: the bullet's path this tick and the hit circle it passed through.
  const auto& drawn = tunnels[0].drawing.primitives;
  ASSERT_EQ(drawn.size(), 2U);
  EXPECT_EQ(drawn[0].shape, SceneShape::kSegment);
  EXPECT_EQ(drawn[0].category, SceneCategory::kTunnelPath);
  EXPECT_EQ(drawn[0].a, pxVec(120, 117));
  EXPECT_EQ(drawn[0].b, s.bullets.front().position);
  EXPECT_EQ(drawn[1].shape, SceneShape::kCircle);
  EXPECT_EQ(drawn[1].category, SceneCategory::kTunnelHit);
  EXPECT_EQ(drawn[1].a, pxVec(130, 108));
  EXPECT_EQ(drawn[1].b.x, c.hitRadius);
}

namespace {

/// The oracle's findings when tank 0 goes from `from` to `to` in one tick, nothing else moving.
std::vector<Tunnel> judgeTankMove(const Config& c, State s, Vec2 from, Vec2 to) {
  s.tanks[0].centre = from;
  const State before = s;
  s.tanks[0].centre = to;
  ++s.tick;
  std::vector<Tunnel> tunnels;
  Game::checkOracle(c, before, s, {}, tunnels);
  return tunnels;
}

/// A finding's drawing (all a person at the viewer sees of it): each shape, its category and
/// its two points (a box's corner and size, a segment's ends, a circle's centre and radius).
using Drawn = std::tuple<SceneShape, SceneCategory, Vec2, Vec2>;
std::vector<Drawn> drawingOf(const Tunnel& tunnel) {
  std::vector<Drawn> drawn;
  for (const ScenePrimitive& p : tunnel.drawing.primitives) drawn.emplace_back(p.shape, p.category, p.a, p.b);
  return drawn;
}

constexpr auto kPath = SceneCategory::kTunnelPath;
constexpr auto kHit = SceneCategory::kTunnelHit;

}  // namespace

// No correct tick moves a tank like this, so no replay can show that these checks work, and
// the moves are made by hand: into the first and last row and column of the map, into the last
// tile of the range a move sweeps, and off each side.
TEST(Tank, TheOracleSeesATankMovedIntoAWallOrOffTheMap) {
  const Config c;
  State s = makeEmptyArena(c);
  setTileCode(s.map, {3, 12}, kSteel);  // x 60..80, y 240..260: the last column the move spans
  auto tunnels = judgeTankMove(c, s, pxVec(30, 250), pxVec(55, 250));
  ASSERT_EQ(tunnels.size(), 1U);
  EXPECT_NE(tunnels[0].sentence.find("into the solid tile (3, 12)"), std::string::npos) << tunnels[0].sentence;
  // Drawn: the tank where it was and where it ended, its centre's path, and the tile.
  EXPECT_EQ(drawingOf(tunnels[0]), (std::vector<Drawn>{{SceneShape::kBox, kPath, pxVec(22, 242), pxVec(16, 16)},
                                                       {SceneShape::kBox, kPath, pxVec(47, 242), pxVec(16, 16)},
                                                       {SceneShape::kSegment, kPath, pxVec(30, 250), pxVec(55, 250)},
                                                       {SceneShape::kBox, kHit, pxVec(60, 240), pxVec(20, 20)}}));
  setTileCode(s.map, {3, 12}, kEmpty);
  setTileCode(s.map, {1, 12}, kBrick);  // x 20..40, y 240..260: the last row the move spans
  tunnels = judgeTankMove(c, s, pxVec(30, 210), pxVec(30, 235));
  ASSERT_EQ(tunnels.size(), 1U);
  EXPECT_NE(tunnels[0].sentence.find("into the solid tile (1, 12)"), std::string::npos) << tunnels[0].sentence;
  setTileCode(s.map, {1, 12}, kEmpty);
  setTileCode(s.map, {0, 0}, kSteel);  // the first row and column: x 0..20, y 0..20
  tunnels = judgeTankMove(c, s, pxVec(30, 30), pxVec(15, 15));
  ASSERT_EQ(tunnels.size(), 1U);
  EXPECT_NE(tunnels[0].sentence.find("into the solid tile (0, 0)"), std::string::npos) << tunnels[0].sentence;
  setTileCode(s.map, {0, 0}, kEmpty);
  setTileCode(s.map, {kColumns - 1, 7}, kSteel);  // the last column: x 240..260, y 140..160
  tunnels = judgeTankMove(c, s, pxVec(225, 150), pxVec(245, 150));
  ASSERT_EQ(tunnels.size(), 1U);
  EXPECT_NE(tunnels[0].sentence.find("into the solid tile (12, 7)"), std::string::npos) << tunnels[0].sentence;
  setTileCode(s.map, {kColumns - 1, 7}, kEmpty);
  EXPECT_TRUE(judgeTankMove(c, s, pxVec(30, 250), pxVec(55, 250)).empty());  // the same moves on open ground
  const Fixed edge = px(kColumns * kTilePx);
  for (const auto& [from, to] : {std::pair{pxVec(8, 250), pxVec(4, 250)}, std::pair{pxVec(30, 8), pxVec(30, 4)},
                                 std::pair{Vec2{edge - px(8), px(250)}, Vec2{edge - px(4), px(250)}},
                                 std::pair{Vec2{px(30), edge - px(8)}, Vec2{px(30), edge - px(4)}}}) {
    tunnels = judgeTankMove(c, s, from, to);
    ASSERT_EQ(tunnels.size(), 1U) << from.x.raw() << "," << from.y.raw() << " -> " << to.x.raw() << "," << to.y.raw();
    EXPECT_NE(tunnels[0].sentence.find("out of the map"), std::string::npos) << tunnels[0].sentence;
    // Drawn: the centre's path, the tank where it ended, and the map it left.
    EXPECT_EQ(drawingOf(tunnels[0]), (std::vector<Drawn>{{SceneShape::kSegment, kPath, from, to},
                                                         {SceneShape::kBox, kPath, to - pxVec(8, 8), pxVec(16, 16)},
                                                         {SceneShape::kBox, kHit, Vec2{}, Vec2{edge, edge}}}));
  }
}

// While a finished round is on screen, and on the tick the next one starts (every tank is put
// back at its spawn), the world does not move by the rules: the oracle judges neither.
TEST(Tank, TheOracleJudgesNoTickOfARoundThatIsOver) {
  const Config c;
  State s = makeEmptyArena(c);
  setTileCode(s.map, {3, 12}, kSteel);
  ASSERT_EQ(judgeTankMove(c, s, pxVec(30, 250), pxVec(55, 250)).size(), 1U);  // into the steel: seen
  s.clock.overCountdown = 5;  // the end of the round on screen, the same round after the tick
  EXPECT_TRUE(judgeTankMove(c, s, pxVec(30, 250), pxVec(55, 250)).empty());
  s.clock.overCountdown = 0;  // live before, a new round after
  State before = s;
  s.tanks[0].centre = pxVec(55, 250);
  ++s.clock.round;
  std::vector<Tunnel> tunnels;
  Game::checkOracle(c, before, s, {}, tunnels);
  EXPECT_TRUE(tunnels.empty());
}

// A bullet that flew through a solid tile (no correct tick does): its path and the tile.
TEST(Tank, TheOracleSeesABulletThroughAWall) {
  const Config c;
  State s = makeEmptyArena(c);
  addPlayerBullet(s, 50, pxVec(95, 110), Direction::kRight);
  const State before = s;
  setTileCode(s.map, {5, 5}, kSteel);  // x 100..120, y 100..120
  s.bullets[0].position = pxVec(125, 110);
  ++s.tick;
  std::vector<Tunnel> tunnels;
  Game::checkOracle(c, before, s, {}, tunnels);
  ASSERT_EQ(tunnels.size(), 1U);
  EXPECT_NE(tunnels[0].sentence.find("through the solid tile (5, 5)"), std::string::npos) << tunnels[0].sentence;
  EXPECT_EQ(drawingOf(tunnels[0]), (std::vector<Drawn>{{SceneShape::kSegment, kPath, pxVec(95, 110), pxVec(125, 110)},
                                                       {SceneShape::kBox, kHit, pxVec(100, 100), pxVec(20, 20)}}));
}

// A bullet fired this tick flies in it too, from the muzzle its fire event gives: the oracle
// followed only the bullets there before the tick, so a first flight through a wall went unseen.
TEST(Tank, TheOracleFollowsABulletFromTheMuzzleItWasFiredFrom) {
  const Config c;
  State s = makeEmptyArena(c);
  const State before = s;
  addPlayerBullet(s, 50, pxVec(125, 110), Direction::kRight);
  setTileCode(s.map, {5, 5}, kSteel);  // x 100..120, y 100..120
  ++s.tick;
  const std::vector<Event> fired{makeEvent(kFire, s.tanks[0].id, 50, px(95).raw(), px(110).raw())};
  std::vector<Tunnel> tunnels;
  Game::checkOracle(c, before, s, fired, tunnels);
  ASSERT_EQ(tunnels.size(), 1U);
  EXPECT_EQ(tunnels[0].sentence, "tick " + std::to_string(s.tick) + ": bullet 50 of tank " + std::to_string(s.tanks[0].id) +
                                     " flew (95, 110) -> (125, 110) through the solid tile (5, 5)");
  // Another bullet's fire event says nothing of this one.
  tunnels.clear();
  Game::checkOracle(c, before, s, {makeEvent(kFire, s.tanks[0].id, 51, px(95).raw(), px(110).raw())}, tunnels);
  EXPECT_TRUE(tunnels.empty());
}

// An enemy spawned this tick stood at its spawn (its event gives it) while the tanks before it
// moved, then moved itself; the oracle followed only the tanks there before the tick.
TEST(Tank, TheOracleFollowsAnEnemyFromItsSpawn) {
  const Config c;
  State s = makeEmptyArena(c);
  setTileCode(s.map, {3, 7}, kSteel);  // x 60..80, y 140..160: its first move went into it
  State before = s;
  s.tanks.push_back({9, true, pxVec(55, 150), Direction::kRight, 1, 1'000'000, false});
  ++s.tick;
  const std::vector<Event> spawned{makeEvent(kEnemySpawn, 9, px(30).raw(), px(150).raw())};
  std::vector<Tunnel> tunnels;
  Game::checkOracle(c, before, s, spawned, tunnels);
  ASSERT_EQ(tunnels.size(), 1U);
  EXPECT_EQ(tunnels[0].sentence,
            "tick " + std::to_string(s.tick) + ": tank 9 moved (30, 150) -> (55, 150) into the solid tile (3, 7)");
  // The player, moving first, jumped it where it stood: at its spawn.
  ASSERT_LT(s.tanks[0].id, 9);
  s.tanks[1].centre = pxVec(30, 150);
  s.tanks[0].centre = pxVec(30, 130);
  before.tanks[0].centre = pxVec(30, 170);
  tunnels.clear();
  Game::checkOracle(c, before, s, spawned, tunnels);
  ASSERT_EQ(tunnels.size(), 1U);
  EXPECT_EQ(tunnels[0].sentence, "tick " + std::to_string(s.tick) + ": tank " + std::to_string(s.tanks[0].id) +
                                     " moved (30, 170) -> (30, 130) through tank 9 at (30, 150)");
}

TEST(Tank, TheOracleSeesTanksThatOverlap) {
  const Config c;
  State s = makeEmptyArena(c);
  s.tanks.push_back({7, true, pxVec(100, 100), Direction::kDown, 1, 1'000'000, false});
  s.tanks.push_back({8, true, pxVec(200, 100), Direction::kDown, 1, 1'000'000, false});
  s.tanks.push_back({9, true, pxVec(210, 105), Direction::kDown, 1, 1'000'000, false});  // on tank 8
  const State before = s;
  s.tanks[0].centre = pxVec(100, 90);  // the player, onto tank 7
  ++s.tick;
  std::vector<Tunnel> tunnels;
  Game::checkOracle(c, before, s, {}, tunnels);
  std::vector<std::string> sentences;
  for (const Tunnel& t : tunnels) sentences.push_back(t.sentence);
  const std::string player = std::to_string(s.tanks[0].id);
  const std::string tick = "tick " + std::to_string(s.tick);
  // The player's move is seen going into tank 7; both pairs are found by the overlap check, the
  // player's and that of two neighbours further down the list, which did not move.
  EXPECT_EQ(sentences,
            (std::vector<std::string>{tick + ": tank " + player + " moved (30, 250) -> (100, 90) into tank 7 at (100, 100)",
                                      tick + ": tanks " + player + " and 7 overlap", tick + ": tanks 8 and 9 overlap"}));
  // Drawn: both tanks where they ended.
  ASSERT_EQ(tunnels.size(), 3U);
  EXPECT_EQ(drawingOf(tunnels[1]), (std::vector<Drawn>{{SceneShape::kBox, kHit, pxVec(92, 82), pxVec(16, 16)},
                                                       {SceneShape::kBox, kHit, pxVec(92, 92), pxVec(16, 16)}}));
}

// Past the limits (37 px a tick here) a tank clears another in one move and lands free beyond
// it, so the rules, which test where it lands, let it through; the oracle sweeps its path.
TEST(Tank, TheOracleSeesATankMovedThroughAnother) {
  const Config c;
  State s = makeEmptyArena(c);
  ASSERT_LT(s.tanks[0].id, 7);
  s.tanks.push_back({7, true, pxVec(48, 250), Direction::kDown, 1, 1'000'000, false});  // x 40..56
  auto tunnels = judgeTankMove(c, s, pxVec(30, 250), pxVec(67, 250));                   // x 22..38 to 59..75
  ASSERT_EQ(tunnels.size(), 1U);
  const std::string moved = "tick " + std::to_string(s.tick + 1) + ": tank " + std::to_string(s.tanks[0].id) +
                            " moved (30, 250) -> (67, 250) through tank 7 at (48, 250)";
  EXPECT_EQ(tunnels[0].sentence, moved);
  // Drawn: the tank where it was and where it ended, its centre's path, and the tank it passed.
  EXPECT_EQ(drawingOf(tunnels[0]), (std::vector<Drawn>{{SceneShape::kBox, kPath, pxVec(22, 242), pxVec(16, 16)},
                                                       {SceneShape::kBox, kPath, pxVec(59, 242), pxVec(16, 16)},
                                                       {SceneShape::kSegment, kPath, pxVec(30, 250), pxVec(67, 250)},
                                                       {SceneShape::kBox, kHit, pxVec(40, 242), pxVec(16, 16)}}));
  EXPECT_TRUE(judgeTankMove(c, s, pxVec(30, 230), pxVec(67, 230)).empty());  // 4 px above it: clear

  // Tanks move in id order, so tank 7 is judged against tank 8 (after it) where 8 began and
  // against the player (before it) where the player ended. Tank 7 jumps from x 92..108 to
  // 131..147 at y 92..108, over where 8 began (x 112..128); 8 then moved away.
  s.tanks[1].centre = pxVec(100, 100);
  s.tanks.push_back({8, true, pxVec(120, 100), Direction::kDown, 1, 1'000'000, false});
  State before = s;
  s.tanks[1].centre = pxVec(139, 100);
  s.tanks[2].centre = pxVec(120, 200);
  ++s.tick;
  tunnels.clear();
  Game::checkOracle(c, before, s, {}, tunnels);
  ASSERT_EQ(tunnels.size(), 1U);
  EXPECT_EQ(tunnels[0].sentence,
            "tick " + std::to_string(s.tick) + ": tank 7 moved (100, 100) -> (139, 100) through tank 8 at (120, 100)");
  // Where 7 jumps, the player began but had already moved out of the way (down to y 122..138).
  before.tanks[0].centre = pxVec(120, 100);
  before.tanks[2].centre = pxVec(120, 200);
  s.tanks[0].centre = pxVec(120, 130);
  tunnels.clear();
  Game::checkOracle(c, before, s, {}, tunnels);
  EXPECT_TRUE(tunnels.empty()) << tunnels.front().sentence;
}

TEST(Tank, TanksAreBlockedByWallsTheMapEdgeAndEachOther) {
  const Config c;
  State s = makeEmptyArena(c);
  s.tanks[0].centre = pxVec(8, 250);  // flush against the left edge of the map
  auto events = stepOnce(c, s, kInputLeft);
  EXPECT_TRUE(hasEvent(events, kBlocked));
  EXPECT_EQ(s.tanks[0].centre, pxVec(8, 250));
  events = stepOnce(c, s, kInputLeft);
  EXPECT_FALSE(hasEvent(events, kBlocked));  // reported once, when it starts
  s.tanks[0].centre = pxVec(92, 250);
  setTileCode(s.map, {5, 12}, kBrick);  // x 100..120: the tank's right edge is at 100
  events = stepOnce(c, s, kInputRight);
  EXPECT_TRUE(hasEvent(events, kBlocked));
  EXPECT_EQ(s.tanks[0].centre, pxVec(92, 250));
  s.tanks.push_back({9, true, pxVec(92, 234), Direction::kDown, 1, 1'000'000, true});  // directly above, touching
  (void)stepOnce(c, s, kInputUp);
  EXPECT_EQ(s.tanks[0].centre, pxVec(92, 250));
}

TEST(Tank, OneLiveBulletPerTankAndACooldown) {
  const Config c;
  State s = makeEmptyArena(c);
  auto events = stepOnce(c, s, kInputFire);
  EXPECT_TRUE(hasEvent(events, kFire));
  events = stepOnce(c, s, kInputFire);
  EXPECT_FALSE(hasEvent(events, kFire));
  EXPECT_EQ(s.bullets.size(), 1U);
}

TEST(Tank, LimitsAreDataCheckedOnLoad) {
  Config c;
  EXPECT_FALSE(findBrokenLimit<Game>(c).has_value());
  c.bulletSpeed = px(20);
  ASSERT_TRUE(findBrokenLimit<Game>(c).has_value());
  EXPECT_NE(findBrokenLimit<Game>(c)->find("bulletSpeed 20"), std::string::npos);
  c = Config{};
  c.tankSpeed = px(8);
  EXPECT_NE(findBrokenLimit<Game>(c)->find("twice tankSpeed"), std::string::npos);
  c = Config{};
  c.tankSize = 22;
  EXPECT_TRUE(Game::checkSanity(c).has_value());
}

TEST(TankBot, SeesItsBaseInTheLineOfFire) {
  // The built-in level: the player starts at tile (4, 12), the base is at (6, 12) behind a brick.
  const TileMap level = makeLevel();
  const Vec2 spawn = pxVec(90, 250);
  EXPECT_TRUE(aimsAtBase(level, spawn + pxVec(8, 0), Direction::kRight));  // the brick does not shield it
  EXPECT_FALSE(aimsAtBase(level, spawn + pxVec(0, -8), Direction::kUp));
  EXPECT_FALSE(aimsAtBase(level, spawn + pxVec(-8, 0), Direction::kLeft));
  TileMap shielded = level;
  setTileCode(shielded, {5, 12}, kSteel);  // steel stops the shot first
  EXPECT_FALSE(aimsAtBase(shielded, spawn + pxVec(8, 0), Direction::kRight));
}

TEST(TankBot, HoldsFireWhenItsOwnBaseIsInTheWay) {
  // An enemy in line to the right, beyond the base: the bot lines up on it but never fires.
  const Config config;
  State s = Game::init(config, 3);
  s.tanks.resize(1);
  s.tanks[0].centre = pxVec(90, 250);
  s.tanks[0].facing = Direction::kRight;
  s.tanks.push_back({99, true, pxVec(230, 250), Direction::kLeft, 1, 100, false});
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Rng bot = seedRng(seed);
    const Input input = Game::chooseInput(config, s, bot);
    EXPECT_EQ(input & kInputFire, 0) << "seed " << seed << " input " << int{input};
  }
  // The same enemy above: in line, and it fires.
  s.tanks[1].centre = pxVec(90, 30);
  Rng bot = seedRng(1);
  EXPECT_NE(Game::chooseInput(config, s, bot) & kInputFire, 0);
}

TEST(TankBot, SitsStillWithoutAPlayerTankFirstInTheList) {
  // A state no built-in configuration makes (the player's tank is always first), but one a
  // hand-made state can hold: the bot drives nothing rather than an enemy or nobody.
  const Config config;
  State s = Game::init(config, 3);
  s.tanks.clear();
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Rng bot = seedRng(seed);
    EXPECT_EQ(Game::chooseInput(config, s, bot), 0) << "no tanks, seed " << seed;
  }
  s.tanks.push_back({99, true, pxVec(230, 250), Direction::kLeft, 1, 100, false});
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Rng bot = seedRng(seed);
    EXPECT_EQ(Game::chooseInput(config, s, bot), 0) << "an enemy first, seed " << seed;
  }
}

TEST(TankBot, NeverDestroysItsOwnBaseOverManySeeds) {
  const Config config;
  std::uint64_t ownFire = 0;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    State s = Game::init(config, seed);
    Rng bot = seedRng(seed, 0xB07);
    std::vector<std::int32_t> playerBullets;
    for (int tick = 0; tick < 3600; ++tick) {
      const std::int32_t player = s.tanks.empty() ? -1 : s.tanks.front().id;
      std::vector<Event> events;
      Game::step(config, s, Game::chooseInput(config, s, bot), events);
      for (const Event& e : events) {
        if (e.kind == kFire && e.args[0] == player) {
          playerBullets.push_back(e.args[1]);
          ++ownFire;
        }
        if (e.kind == kBaseDestroyed) {
          EXPECT_EQ(std::count(playerBullets.begin(), playerBullets.end(), e.args[0]), 0)
              << "seed " << seed << " tick " << s.tick;
        }
      }
    }
  }
  EXPECT_GT(ownFire, 1000U);  // it still fires
}

// The guard against a forged file's huge lists, at its edge: 64 tanks and 64 bullets load, one
// more of either is refused.
TEST(Tank, AStateHoldsAtMost64TanksAnd64Bullets) {
  State s = Game::init(Config{}, 1);
  ASSERT_FALSE(s.tanks.empty());
  s.tanks.assign(64, s.tanks.front());
  s.bullets.assign(64, Bullet{1, 1, false, pxVec(30, 30), Direction::kUp});
  EXPECT_TRUE(testing::loadsBack<Game>(s));
  State more = s;
  more.tanks.push_back(more.tanks.front());
  EXPECT_FALSE(testing::loadsBack<Game>(more));
  more = s;
  more.bullets.push_back(more.bullets.front());
  EXPECT_FALSE(testing::loadsBack<Game>(more));
}

TEST(Tank, GoldenDigestOfABotGame) {
  const std::uint64_t digest = testing::hashBotGame<Game, FieldDigester>(42, 20000);
  EXPECT_EQ(digest, 0x51e71a2d66a57790ULL) << std::hex << digest;
}

TEST(Tank, GoldenHashOfABotGame) {
  const std::uint64_t hash = testing::hashBotGame<Game>(42, 20000);
  EXPECT_EQ(hash, 0x673397b11de196f2ULL) << std::hex << hash;
}

}  // namespace
}  // namespace retrace::sim::tank
