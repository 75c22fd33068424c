#include "sim/games/fallingman.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "golden.h"

namespace retrace::sim::fallingman {
namespace {

/// The man in the air over a single platform whose top is at y 200 (x 0..100).
State makeFall(const Config& config, Fixed feet, Fixed vyBefore) {
  State s = Game::init(config, 1);
  s.platforms = {Platform{1000, makeBox(0, 200, 100, config.thickness), false}};
  s.nextPlatformTop = px(30000);  // no new platforms
  s.nextFloorId = 1000;
  s.cameraY = Fixed();
  s.scroll = Fixed();
  s.man.centre = {px(50), feet - px(config.manSize / 2)};
  s.man.vy = vyBefore;
  s.man.standingOn = -1;
  return s;
}

std::vector<Event> stepOnce(const Config& c, State& s, Input input = 0) {
  std::vector<Event> events;
  Game::step(c, s, input, events);
  return events;
}

const Event* findEvent(const std::vector<Event>& events, EventKind kind) {
  const auto it = std::find_if(events.begin(), events.end(), [&](const Event& e) { return e.kind == kind; });
  return it == events.end() ? nullptr : &*it;
}

TEST(Fallingman, LandsAtWindowOffsetsZeroToSixNotSeven) {
  // A fast fall (no limits checked here) so that one tick can end anywhere in the window.
  Config c;
  c.gravity = px(1);
  c.fallCap = px(8);
  for (const int offset : {0, 3, 6, 7}) {
    // Feet 1 px above the top, falling 1 + offset px this tick (vy offset, plus gravity 1).
    State s = makeFall(c, px(199), px(offset));
    const auto events = stepOnce(c, s);
    const Event* landed = findEvent(events, kLanded);
    if (offset <= 6) {
      ASSERT_NE(landed, nullptr) << "offset " << offset;
      EXPECT_EQ(landed->args[0], 1000);
      EXPECT_EQ(landed->args[1], px(offset).raw());
      EXPECT_EQ(feetOf(c, s.man), px(200));  // snapped to the top
      EXPECT_EQ(s.man.standingOn, 1000);
    } else {
      EXPECT_EQ(landed, nullptr) << "offset " << offset;
      EXPECT_EQ(feetOf(c, s.man), px(207));  // fell through the floor
    }
  }
}

TEST(Fallingman, LandsOnTheFirstListedOfTwoPlatformsAtOneHeight) {
  // Two platforms side by side at one height, the man over the seam between them: the tie goes
  // to the one listed first (the older).
  const Config c;
  State s = makeFall(c, px(199), px(2));
  s.platforms = {Platform{1000, makeBox(0, 200, 50, c.thickness), false},
                 Platform{1001, makeBox(50, 200, 50, c.thickness), false}};
  const auto events = stepOnce(c, s);
  const Event* landed = findEvent(events, kLanded);
  ASSERT_NE(landed, nullptr);
  EXPECT_EQ(landed->args[0], 1000);
  EXPECT_EQ(s.man.standingOn, 1000);
}

TEST(Fallingman, ALandingLeavesNoPlatformToFallThrough) {
  // Knocked off a platform, he falls through it; once he lands, through none, whatever the ids
  // of the platforms below (id 0 here, the lowest).
  const Config c;
  State s = makeFall(c, px(199), px(2));
  s.platforms.push_back(Platform{0, makeBox(0, 260, 100, c.thickness), false});
  s.man.dropThrough = 7;  // a platform no longer in the list
  const auto events = stepOnce(c, s);
  ASSERT_NE(findEvent(events, kLanded), nullptr);
  EXPECT_EQ(s.man.standingOn, 1000);
  EXPECT_EQ(s.man.dropThrough, -1);
}

TEST(Fallingman, DoesNotLandWhileRising) {
  const Config c;
  State s = makeFall(c, px(198), px(-3));  // rising 2.5 px this tick, feet 195.5
  // Put the platform top where his feet pass on the way up.
  s.platforms[0].box.y = px(196);
  const auto events = stepOnce(c, s);
  EXPECT_EQ(findEvent(events, kLanded), nullptr);
}

TEST(Fallingman, FallsAtMostTheCapPerTick) {
  const Config c;
  State s = makeFall(c, px(100), Fixed::fromRatio(43, 10));
  s.platforms.clear();
  (void)stepOnce(c, s);
  EXPECT_EQ(s.man.vy, c.fallCap);
  EXPECT_EQ(feetOf(c, s.man), px(100) + c.fallCap);
}

TEST(Fallingman, WalkingOffTheEdgeFalls) {
  const Config c;
  State s = makeFall(c, px(200), Fixed());
  s.man.standingOn = 1000;
  s.man.centre.x = px(106);  // right edge of the man at 114, platform ends at 100
  (void)stepOnce(c, s);
  EXPECT_EQ(s.man.standingOn, 1000);  // still over it: 98..114 overlaps 0..100
  s.man.centre.x = px(108);
  (void)stepOnce(c, s, kInputRight);  // 111: 103..119, off the edge
  EXPECT_EQ(s.man.standingOn, -1);
  EXPECT_GT(feetOf(c, s.man), px(200));
}

TEST(Fallingman, CeilingSpikesHurtAndKnockHimOff) {
  const Config c;
  State s = makeFall(c, px(200), Fixed());
  s.man.standingOn = 1000;
  s.cameraY = px(200 - c.manSize - c.ceilingSpikes + 1);  // spikes reach 1 px into the man
  const int hp = s.man.hp;
  const auto events = stepOnce(c, s);
  const Event* spike = findEvent(events, kSpikeHit);
  ASSERT_NE(spike, nullptr);
  EXPECT_EQ(spike->args[0], kCeiling);
  EXPECT_EQ(s.man.hp, hp - c.spikeDamage);
  EXPECT_EQ(s.man.standingOn, -1);
  EXPECT_EQ(s.man.dropThrough, 1000);
}

/// The man pinned by the ceiling (his top at the camera's) 2.3 px above the platform's top at
/// y 200, falling slower than the camera scrolls: his fall ends above the top, the push in it.
State makePinnedOverATop(const Config& config) {
  State s = makeFall(config, px(197) + Fixed::fromRatio(7, 10), Fixed());
  s.cameraY = s.man.centre.y - px(config.manSize / 2);
  s.scroll = Fixed::fromRatio(43, 10);
  return s;
}

TEST(Fallingman, ATopTheCeilingPushesHimToIsLandedOn) {
  // Rules version 1 pushed him after the landing check: his fall ended at 198.2, above the
  // top, the push took his feet to 202, and the next tick's check no longer saw the top above
  // them, so he passed through the platform, as he did within every limit (a hunt found it).
  const Config c;
  State s = makePinnedOverATop(c);
  const auto events = stepOnce(c, s);
  const Event* landed = findEvent(events, kLanded);
  ASSERT_NE(landed, nullptr);
  EXPECT_EQ(landed->args[0], 1000);
  EXPECT_EQ(landed->args[1], px(2).raw());  // at the push's end: 200 + 2, inside the window
  // At the ceiling, which knocks him off the platform he landed on, as it does a man standing.
  EXPECT_EQ(s.man.dropThrough, 1000);
  EXPECT_EQ(s.man.vy, Fixed());
}

TEST(Fallingman, TheOracleFollowsTheCeilingsPush) {
  const Config c;
  State s = makePinnedOverATop(c);
  const State before = s;
  auto events = stepOnce(c, s);
  std::vector<Tunnel> tunnels;
  Game::checkOracle(c, before, s, events, tunnels);
  EXPECT_TRUE(tunnels.empty());
  // The same tick without its landing (the rules before version 2): the push crossed the top.
  std::erase_if(events, [](const Event& e) { return e.kind == kLanded; });
  Game::checkOracle(c, before, s, events, tunnels);
  ASSERT_EQ(tunnels.size(), 1U);
  EXPECT_NE(tunnels[0].sentence.find("the ceiling pushed the man's feet 197.7 -> 202 through the top of platform 1000"),
            std::string::npos)
      << tunnels[0].sentence;
}

TEST(Fallingman, LeavingTheBottomKills) {
  const Config c;
  State s = makeFall(c, px(400), Fixed());
  s.platforms.clear();
  s.man.centre.y = px(c.screenHeight + c.manSize / 2);
  const auto events = stepOnce(c, s);
  const Event* died = findEvent(events, kDied);
  ASSERT_NE(died, nullptr);
  EXPECT_EQ(died->args[0], kFellOff);
}

TEST(Fallingman, LimitsAreDataCheckedOnLoad) {
  const auto configs = Game::namedConfigs();
  EXPECT_FALSE(findBrokenLimit<Game>(configs[0].second).has_value());
  const auto bug = findBrokenLimit<Game>(configs[1].second);
  ASSERT_TRUE(bug.has_value());
  EXPECT_NE(bug->find("scrollMax 5.1 must stay below fallCap 4.4"), std::string::npos) << *bug;
  Config c;
  c.fallCap = px(6);
  c.scrollMax = px(5);
  EXPECT_FALSE(findBrokenLimit<Game>(c).has_value());
  c.fallCap = Fixed::fromRatio(61, 10);  // 6.1: can step over the 6-px-long window
  ASSERT_TRUE(findBrokenLimit<Game>(c).has_value());
  EXPECT_NE(findBrokenLimit<Game>(c)->find("fallCap 6.1"), std::string::npos);
}

/// Runs the bot for n ticks; returns (deaths, deepest floor reached in any round).
std::pair<int, int> runBot(const Config& c, std::uint64_t seed, int ticks) {
  State s = Game::init(c, seed);
  Rng bot = seedRng(seed);
  int deaths = 0;
  int deepest = 0;
  std::vector<Event> events;
  for (int i = 0; i < ticks; ++i) {
    events.clear();
    Game::step(c, s, Game::chooseInput(c, s, bot), events);
    deepest = std::max(deepest, s.floorsPassed);
    deaths += findEvent(events, kDied) != nullptr ? 1 : 0;
  }
  return {deaths, deepest};
}

TEST(Fallingman, BotSurvivesLongRunsAtScroll43) {
  // Scroll reaches 4.3 at floor 33; ten minutes of play pass hundreds of floors beyond it.
  for (const std::uint64_t seed : {1U, 2U, 3U}) {
    const auto [deaths, deepest] = runBot(Game::namedConfigs()[0].second, seed, 36000);
    EXPECT_LE(deaths, 4) << "seed " << seed;
    EXPECT_GE(deepest, 300) << "seed " << seed;
  }
}

TEST(Fallingman, BotIsCaughtByTheDeadlockAtScroll51) {
  // Past floor 41 the camera outruns the fastest fall: every round ends soon after.
  for (const std::uint64_t seed : {1U, 2U, 3U}) {
    const auto [deaths, deepest] = runBot(Game::namedConfigs()[1].second, seed, 36000);
    EXPECT_GE(deaths, 10) << "seed " << seed;
    EXPECT_LT(deepest, 80) << "seed " << seed;
  }
}

TEST(Fallingman, RebasingIsInvisibleToTheRules) {
  // The same fall near the camera's rebase line and far from it lands identically.
  const Config c;
  State a = makeFall(c, px(199), px(3));
  State b = a;  // the same world kRebasePx further down: this tick's step rebases it
  const Fixed shift = px(kRebasePx);
  b.cameraY += shift;
  b.man.centre.y += shift;
  b.nextPlatformTop += shift;
  for (Platform& p : b.platforms) p.box.y += shift;
  const auto ea = stepOnce(c, a);
  const auto eb = stepOnce(c, b);
  EXPECT_EQ(b.rebases, 1);
  EXPECT_EQ(ea, eb);
  b.rebases = 0;
  EXPECT_EQ(a, b);
}

TEST(Fallingman, TheOracleSeesAFallThroughOnTheTickTheWorldRebases) {
  // A fall past the window (no limits checked here) through a platform, near the rebase line
  // and far from it: the oracle must compare the feet in one frame, so it finds both. No
  // replay reaches this (a tunnel needs a limit broken, and then on the very tick of a rebase).
  Config c;
  c.gravity = px(1);
  c.fallCap = px(8);
  State a = makeFall(c, px(199), px(7));
  State b = a;
  const Fixed shift = px(kRebasePx);
  b.cameraY += shift;
  b.man.centre.y += shift;
  b.nextPlatformTop += shift;
  for (Platform& p : b.platforms) p.box.y += shift;
  for (State* start : {&a, &b}) {
    const State before = *start;
    const auto events = stepOnce(c, *start);
    std::vector<Tunnel> tunnels;
    Game::checkOracle(c, before, *start, events, tunnels);
    ASSERT_EQ(tunnels.size(), 1U) << "rebases " << start->rebases;
    EXPECT_NE(tunnels[0].sentence.find("platform 1000"), std::string::npos) << tunnels[0].sentence;
  }
  EXPECT_EQ(b.rebases, 1);
}

TEST(Fallingman, ATunnelIsDrawnWhereTheSceneDrawsItsPlatform) {
  // The scene is what the camera sees, world y minus the camera's; a tunnel's drawing is laid
  // over it, so it is in those coordinates too (it was in the world's, a camera's height below).
  Config c;
  c.gravity = px(1);
  c.fallCap = px(8);
  State s = makeFall(c, px(199), px(7));
  const Fixed camera = px(90);
  s.cameraY += camera;
  s.man.centre.y += camera;
  s.platforms[0].box.y += camera;
  const State before = s;
  const auto events = stepOnce(c, s);
  std::vector<Tunnel> tunnels;
  Game::checkOracle(c, before, s, events, tunnels);
  ASSERT_EQ(tunnels.size(), 1U);
  const Scene scene = Game::describeScene(c, before, s);
  const auto platform = std::find_if(scene.primitives.begin(), scene.primitives.end(), [](const ScenePrimitive& p) {
    return p.entity == "platforms[0]" && p.category == SceneCategory::kPlatform;
  });
  ASSERT_NE(platform, scene.primitives.end());
  std::size_t hits = 0;
  for (const ScenePrimitive& drawn : tunnels[0].drawing.primitives) {
    if (drawn.category == SceneCategory::kTunnelHit) {
      EXPECT_EQ(drawn.a, platform->a);
      EXPECT_EQ(drawn.b, platform->b);
      ++hits;
    } else {
      // The feet's fall crosses the platform's top where the scene has it.
      EXPECT_LE(drawn.a.y, platform->a.y);
      EXPECT_GT(drawn.b.y, platform->a.y);
    }
  }
  EXPECT_EQ(hits, 1U);
}

// The guard against a forged file's huge list, at its edge: 512 platforms load, one more is
// refused.
TEST(Fallingman, AStateHoldsAtMost512Platforms) {
  const Config c;
  State s = Game::init(c, 1);
  s.platforms.assign(512, Platform{1, makeBox(0, 200, 60, c.thickness), false});
  EXPECT_TRUE(testing::loadsBack<Game>(s));
  s.platforms.push_back(s.platforms.front());
  EXPECT_FALSE(testing::loadsBack<Game>(s));
}

TEST(Fallingman, GoldenDigestOfABotGame) {
  const std::uint64_t digest = testing::hashBotGame<Game, FieldDigester>(42, 20000);
  EXPECT_EQ(digest, 0x00014f7005d9f85aULL) << std::hex << digest;
}

TEST(Fallingman, GoldenHashOfABotGame) {
  const std::uint64_t hash = testing::hashBotGame<Game>(42, 20000);
  EXPECT_EQ(hash, 0x0d8cc3e826446727ULL) << std::hex << hash;
}

}  // namespace
}  // namespace retrace::sim::fallingman
