#include "sim/games/dodge.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "golden.h"

#include "sim/fraction.h"

namespace retrace::sim::dodge {
namespace {

/// A round in progress with no obstacles, no spawns and no ramp for the next while.
State makeQuietState(const Config& config) {
  State s = Game::init(config, 1);
  s.obstacles.clear();
  s.spawnCountdown = 1'000'000;
  return s;
}

Config makeQuietConfig() {
  Config c;
  c.rampEvery = 1'000'000;
  return c;
}

bool hasEvent(const std::vector<Event>& events, EventKind kind) {
  return std::any_of(events.begin(), events.end(), [&](const Event& e) { return e.kind == kind; });
}

TEST(Dodge, FreezesAtTheFirstContactFraction) {
  const Config c = makeQuietConfig();
  State s = makeQuietState(c);
  s.player.x = px(100);  // player box 100..148 x 200..224
  s.obstacles.push_back({0, makeBox(100, 150, 40, 12), px(40)});
  std::vector<Event> events;
  Game::step(c, s, 0, events);
  // The obstacle's bottom (162) reaches the player's top (200) after 38 of its 40 px.
  ASSERT_TRUE(hasEvent(events, kContact));
  const auto contact = *std::find_if(events.begin(), events.end(), [](const Event& e) { return e.kind == kContact; });
  EXPECT_EQ(contact.args[0], 0);
  EXPECT_EQ(contact.args[1], toFixedFloor(Fraction{38, 40}).raw());
  EXPECT_EQ(s.obstacles[0].box.y, px(188));
  EXPECT_EQ(s.obstacles[0].box.bottom(), s.player.top());
  EXPECT_TRUE(hasEvent(events, kGameOver));
  // Frozen for the rest of the second, then a new round.
  const State frozen = s;
  for (int i = 0; i < kRoundOverTicks - 1; ++i) {
    events.clear();
    Game::step(c, s, kInputLeft, events);
    EXPECT_TRUE(events.empty());
  }
  EXPECT_EQ(s.obstacles, frozen.obstacles);
  EXPECT_EQ(s.player, frozen.player);
  events.clear();
  Game::step(c, s, 0, events);
  EXPECT_TRUE(hasEvent(events, kRoundStart));
  EXPECT_EQ(s.clock.round, 2);
  EXPECT_TRUE(s.obstacles.empty());
}

TEST(Dodge, TheSeedsWorkedExampleThroughTheGame) {
  // Seed 000: obstacle (100,60,40,12) falls 100 px past the player (100,110,48,24).
  Config c = makeQuietConfig();
  c.playerTop = 110;
  State s = makeQuietState(c);
  s.player = makeBox(100, 110, 48, 24);
  s.obstacles.push_back({0, makeBox(100, 60, 40, 12), px(100)});
  std::vector<Event> events;
  Game::step(c, s, 0, events);
  ASSERT_TRUE(hasEvent(events, kContact));
  EXPECT_EQ(s.obstacles[0].box.y, px(98));
}

TEST(Dodge, EarliestContactWinsAndTiesGoToTheLowerId) {
  const Config c = makeQuietConfig();
  State s = makeQuietState(c);
  s.player.x = px(100);
  s.obstacles.push_back({5, makeBox(100, 150, 16, 12), px(40)});
  s.obstacles.push_back({3, makeBox(130, 150, 16, 12), px(40)});
  s.obstacles.push_back({1, makeBox(60, 100, 16, 12), px(40)});  // never reaches: misses in x
  std::vector<Event> events;
  Game::step(c, s, 0, events);
  const auto contact = std::find_if(events.begin(), events.end(), [](const Event& e) { return e.kind == kContact; });
  ASSERT_NE(contact, events.end());
  EXPECT_EQ(contact->args[0], 3);
}

TEST(Dodge, CornerGrazeIsANearMissNotAContact) {
  const Config c = makeQuietConfig();
  // The player (100..148 x 200..224) steps right 4 px while an obstacle beside its lower
  // right corner falls 16 px: at t = 0.5 the player's right edge reaches the obstacle's left
  // edge (150) exactly as the obstacle's top (216) passes the player's bottom (224).
  State graze = makeQuietState(c);
  graze.player.x = px(100);
  graze.obstacles.push_back({0, makeBox(150, 216, 40, 12), px(16)});
  std::vector<Event> events;
  Game::step(c, graze, kInputRight, events);
  EXPECT_FALSE(hasEvent(events, kContact));
  ASSERT_TRUE(hasEvent(events, kNearMiss));
  EXPECT_EQ(events.back().args[1], Fixed::fromRatio(1, 2).raw());
  // One pixel closer and the corners share area from t = 0.25: a contact.
  State hit = makeQuietState(c);
  hit.player.x = px(100);
  hit.obstacles.push_back({0, makeBox(149, 216, 40, 12), px(16)});
  events.clear();
  Game::step(c, hit, kInputRight, events);
  EXPECT_TRUE(hasEvent(events, kContact));
}

TEST(Dodge, DiscreteLetsAFastObstaclePassAndTheOracleSeesIt) {
  Config c = makeQuietConfig();
  c.discrete = true;
  State s = makeQuietState(c);
  s.player.x = px(100);
  s.obstacles.push_back({0, makeBox(100, 150, 40, 12), px(80)});  // 162 -> 242: jumps the player
  const State before = s;
  std::vector<Event> events;
  Game::step(c, s, kInputRight, events);  // the player moves too, so both of his boxes are drawn
  ASSERT_NE(s.player.x, before.player.x);
  EXPECT_FALSE(hasEvent(events, kContact));
  std::vector<Tunnel> tunnels;
  Game::checkOracle(c, before, s, events, tunnels);
  ASSERT_EQ(tunnels.size(), 1U);
  EXPECT_NE(tunnels[0].sentence.find("obstacle 0"), std::string::npos) << tunnels[0].sentence;
  // Its drawing (all a person at the viewer sees of it): the obstacle where it was and where it
  // ended, its centre's path, and the player it passed through, before and after his move.
  std::vector<Box> paths;
  std::vector<Box> hits;
  std::vector<std::pair<Vec2, Vec2>> segments;
  for (const ScenePrimitive& p : tunnels[0].drawing.primitives) {
    if (p.shape == SceneShape::kSegment) segments.emplace_back(p.a, p.b);
    if (p.shape != SceneShape::kBox) continue;
    (p.category == SceneCategory::kTunnelPath ? paths : hits).push_back(Box{p.a.x, p.a.y, p.b.x, p.b.y});
  }
  ASSERT_EQ(paths.size(), 2U);
  EXPECT_EQ(paths[0], makeBox(100, 150, 40, 12));
  EXPECT_EQ(paths[1], makeBox(100, 230, 40, 12));
  ASSERT_EQ(segments.size(), 1U);
  EXPECT_EQ(segments[0].first, pxVec(120, 156));
  EXPECT_EQ(segments[0].second, pxVec(120, 236));
  ASSERT_EQ(hits.size(), 2U);
  EXPECT_EQ(hits[0], before.player);
  EXPECT_EQ(hits[1], s.player);
  // The same tick under the swept rules is a contact, and the oracle stays quiet.
  c.discrete = false;
  State swept = before;
  events.clear();
  Game::step(c, swept, 0, events);
  EXPECT_TRUE(hasEvent(events, kContact));
  tunnels.clear();
  Game::checkOracle(c, before, swept, events, tunnels);
  EXPECT_TRUE(tunnels.empty());
}

TEST(Dodge, TheOracleFollowsAnObstacleFromWhereItSpawned) {
  // An obstacle falls on the tick it spawns, from just above the arena; the oracle followed only
  // those there before the tick. Here the player is at the top and as wide as the arena, and the
  // discrete test lets the new obstacle jump him (60 px a tick, past the limit).
  Config c = makeQuietConfig();
  c.discrete = true;
  c.arenaWidth = 64;
  c.playerWidth = 64;
  c.playerTop = 0;
  c.startSpeed = px(60);
  c.maxSpeed = px(60);
  State s = makeQuietState(c);
  s.spawnCountdown = 1;
  const State before = s;
  std::vector<Event> events;
  Game::step(c, s, 0, events);
  ASSERT_TRUE(hasEvent(events, kSpawn));
  EXPECT_FALSE(hasEvent(events, kContact));
  ASSERT_EQ(s.obstacles.size(), 1U);
  std::vector<Tunnel> tunnels;
  Game::checkOracle(c, before, s, events, tunnels);
  ASSERT_EQ(tunnels.size(), 1U);
  const Obstacle& o = s.obstacles[0];
  EXPECT_NE(tunnels[0].sentence.find("obstacle " + std::to_string(o.id) + " ("), std::string::npos) << tunnels[0].sentence;
  EXPECT_NE(tunnels[0].sentence.find("obstacle y " + formatFieldValue((-o.box.h).raw(), FieldKind::kFixed) + " -> "),
            std::string::npos)
      << tunnels[0].sentence;
}

TEST(Dodge, LimitsAreDataCheckedOnLoad) {
  const auto configs = Game::namedConfigs();
  EXPECT_FALSE(findBrokenLimit<Game>(configs[0].second).has_value());
  const auto broken = findBrokenLimit<Game>(configs[1].second);
  ASSERT_TRUE(broken.has_value());
  EXPECT_NE(broken->find("maxSpeed 48"), std::string::npos) << *broken;
  Config bad;
  bad.playerWidth = 0;
  EXPECT_TRUE(Game::checkSanity(bad).has_value());
}

// The guard against a forged file's huge list, at its edge: 131072 obstacles (2^17) load, and a
// configuration may ask for them; one more is refused.
TEST(Dodge, AStateHoldsAtMost131072Obstacles) {
  Config c;
  State s = Game::init(c, 1);
  s.obstacles.assign(131072, Obstacle{1, makeBox(0, 0, 8, 8), px(1)});
  EXPECT_TRUE(testing::loadsBack<Game>(s));
  s.obstacles.push_back(s.obstacles.front());
  EXPECT_FALSE(testing::loadsBack<Game>(s));
  c.maxObstacles = 131072;
  EXPECT_FALSE(Game::checkSanity(c).has_value());
  c.maxObstacles = 131073;
  EXPECT_TRUE(Game::checkSanity(c).has_value());
}

// The bot's weights: an obstacle costs 1000, plus 10 for each tick it arrives before the horizon
// (60). Two arriving in 10 ticks (1500 each) cost what three arriving in 60 (1000 each) do, and
// on a tie the bot keeps the least movement: it stands. With one far obstacle fewer it moves.
TEST(DodgeBot, WeighsTwoNearObstaclesAsThreeFarOnes) {
  const Config c;
  State s = Game::init(c, 1);
  s.player = makeBox(0, 200, 48, 24);  // at the left wall
  s.obstacles.clear();
  for (const std::int32_t id : {1, 2}) s.obstacles.push_back({id, makeBox(0, 170, 10, 20), px(1)});  // over it, 10 ticks away
  // Right of it, 60 ticks away: met by every plan that leaves the near ones behind.
  for (const std::int32_t id : {3, 4, 5}) s.obstacles.push_back({id, makeBox(52, 120, 268, 20), px(1)});
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    Rng bot = seedRng(seed);
    EXPECT_EQ(Game::chooseInput(c, s, bot), 0) << "seed " << seed;
  }
  s.obstacles.pop_back();
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    Rng bot = seedRng(seed);
    EXPECT_EQ(Game::chooseInput(c, s, bot), kInputRight) << "seed " << seed;
  }
}

TEST(Dodge, GoldenDigestOfABotGame) {
  const std::uint64_t digest = testing::hashBotGame<Game, FieldDigester>(42, 20000);
  EXPECT_EQ(digest, 0xbbe44594c88c963fULL) << std::hex << digest;
}

TEST(Dodge, GoldenHashOfABotGame) {
  const std::uint64_t hash = testing::hashBotGame<Game>(42, 20000);
  EXPECT_EQ(hash, 0xf7befff3fb6c5918ULL) << std::hex << hash;
}

}  // namespace
}  // namespace retrace::sim::dodge
