// Tunnel properties: over thousands of random configurations within the declared limits and
// random or bot input, the oracle never fires. The negative controls show that it can: the
// same oracle fires on configurations that break the limits (or that skip the sweep).
#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "sim/games/dodge.h"
#include "sim/games/fallingman.h"
#include "sim/games/tank.h"

namespace retrace::sim {
namespace {

constexpr int kTicksPerCase = 400;

/// Fixed-point values between lo and hi (inclusive), drawn at raw resolution.
rc::Gen<Fixed> genFixed(Fixed lo, Fixed hi) {
  return rc::gen::map(rc::gen::inRange<std::int32_t>(lo.raw(), hi.raw() + 1),
                      [](std::int32_t raw) { return Fixed::fromRaw(raw); });
}

/// Plays a game for n ticks with the oracle on; returns every finding.
template <typename G>
std::vector<Tunnel> playWithOracle(const typename G::Config& config, std::uint64_t seed, bool bot, int ticks) {
  typename G::State state = G::init(config, seed);
  Rng inputs = seedRng(seed, 77);
  std::vector<Tunnel> tunnels;
  std::vector<Event> events;
  for (int i = 0; i < ticks && tunnels.empty(); ++i) {
    const Input input = bot ? G::chooseInput(config, state, inputs) : static_cast<Input>(nextU32(inputs));
    const typename G::State before = state;
    events.clear();
    G::step(config, state, input, events);
    G::checkOracle(config, before, state, events, tunnels);
  }
  return tunnels;
}

RC_GTEST_PROP(DodgeOracle, NeverFiresWithinTheLimits, ()) {
  dodge::Config c;
  c.arenaWidth = *rc::gen::inRange(96, 481);
  c.playerWidth = *rc::gen::inRange(4, 64);
  c.playerHeight = *rc::gen::inRange(4, 40);
  c.playerTop = *rc::gen::inRange(0, 240 - c.playerHeight + 1);
  c.playerSpeed = *genFixed(Fixed(), px(24));
  c.spawnEvery = *rc::gen::inRange(1, 40);
  c.startSpeed = *genFixed(Fixed::fromRaw(1), px(120));
  c.rampEvery = *rc::gen::inRange(1, 120);
  c.rampStep = *genFixed(Fixed(), px(8));
  c.maxSpeed = *genFixed(c.startSpeed, px(240));
  RC_PRE(!dodge::Game::checkSanity(c) && !findBrokenLimit<dodge::Game>(c));
  const auto tunnels =
      playWithOracle<dodge::Game>(c, *rc::gen::arbitrary<std::uint32_t>(), *rc::gen::arbitrary<bool>(), kTicksPerCase);
  RC_ASSERT(tunnels.empty());
}

RC_GTEST_PROP(TankOracle, NeverFiresWithinTheLimits, ()) {
  tank::Config c;
  c.tankSize = 2 * *rc::gen::inRange(2, 11);
  c.tankSpeed = *genFixed(Fixed::fromRaw(1), px(c.tankSize / 2) - Fixed::fromRaw(1));
  c.bulletSpeed = *genFixed(Fixed::fromRaw(1), px(20) - Fixed::fromRaw(1));
  c.hitRadius = *genFixed(Fixed::fromRaw(1), px(20));
  c.fireCooldown = *rc::gen::inRange(0, 40);
  c.enemySpawnEvery = *rc::gen::inRange(1, 200);
  c.maxEnemies = *rc::gen::inRange(0, 9);
  c.enemyTurnChance = *rc::gen::inRange(0, 257);
  c.enemyFireChance = *rc::gen::inRange(0, 257);
  RC_PRE(!tank::Game::checkSanity(c) && !findBrokenLimit<tank::Game>(c));
  const auto tunnels =
      playWithOracle<tank::Game>(c, *rc::gen::arbitrary<std::uint32_t>(), *rc::gen::arbitrary<bool>(), kTicksPerCase);
  RC_ASSERT(tunnels.empty());
}

RC_GTEST_PROP(FallingmanOracle, NeverFiresWithinTheLimits, ()) {
  fallingman::Config c;
  c.thickness = *rc::gen::inRange(1, 12);
  c.landingWindow = *rc::gen::inRange(2, c.thickness + 2);
  c.fallCap = *genFixed(Fixed::fromRaw(1), px(c.landingWindow - 1));
  c.gravity = *genFixed(Fixed::fromRaw(1), px(2));
  c.scrollMax = *genFixed(Fixed(), c.fallCap - Fixed::fromRaw(1));
  c.scrollStart = *genFixed(Fixed(), c.scrollMax);
  c.walkSpeed = *genFixed(Fixed(), px(8));
  c.manSize = 2 * *rc::gen::inRange(1, 13);
  c.widthMin = *rc::gen::inRange(c.manSize, 100);
  c.widthMax = *rc::gen::inRange(c.widthMin, 200);
  c.gapMin = *rc::gen::inRange(c.thickness + c.manSize + 1, 120);
  c.gapMax = *rc::gen::inRange(c.gapMin, 160);
  c.spikedChance = *rc::gen::inRange(0, 257);
  RC_PRE(!fallingman::Game::checkSanity(c) && !findBrokenLimit<fallingman::Game>(c));
  // The bot simulates ahead, so it plays a tenth of the cases; random input the rest.
  const bool bot = *rc::gen::inRange(0, 10) == 0;
  const auto tunnels = playWithOracle<fallingman::Game>(c, *rc::gen::arbitrary<std::uint32_t>(), bot, kTicksPerCase);
  RC_ASSERT(tunnels.empty());
}

/// Every finding draws the path its oracle checked and what the path passed through.
void expectDrawn(const std::vector<Tunnel>& tunnels) {
  for (const Tunnel& t : tunnels) {
    const auto& drawn = t.drawing.primitives;
    EXPECT_TRUE(std::any_of(drawn.begin(), drawn.end(), [](const ScenePrimitive& p) {
      return p.category == SceneCategory::kTunnelPath;
    })) << t.sentence;
    EXPECT_TRUE(std::any_of(drawn.begin(), drawn.end(), [](const ScenePrimitive& p) {
      return p.category == SceneCategory::kTunnelHit;
    })) << t.sentence;
  }
}

TEST(OracleNegativeControl, DodgeDiscreteAtHighSpeedTunnels) {
  dodge::Config c = dodge::Game::namedConfigs()[1].second;  // "discrete"
  c.startSpeed = px(40);                                    // already past obstacle + player height (34)
  ASSERT_TRUE(findBrokenLimit<dodge::Game>(c).has_value());
  const auto tunnels = playWithOracle<dodge::Game>(c, 1, false, 20000);
  EXPECT_FALSE(tunnels.empty());
  expectDrawn(tunnels);
}

TEST(OracleNegativeControl, TankDiscreteWithFastGrazingBulletsTunnels) {
  tank::Config c = tank::Game::namedConfigs()[1].second;  // "discrete"
  c.bulletSpeed = px(19);
  c.enemyFireChance = 64;
  const auto tunnels = playWithOracle<tank::Game>(c, 1, false, 216000);
  EXPECT_FALSE(tunnels.empty());
  expectDrawn(tunnels);
}

TEST(OracleNegativeControl, FallingmanWithAFallCapOfSevenFallsThroughFloors) {
  fallingman::Config c;
  c.fallCap = px(7);
  ASSERT_TRUE(findBrokenLimit<fallingman::Game>(c).has_value());
  const auto tunnels = playWithOracle<fallingman::Game>(c, 1, true, 36000);
  ASSERT_FALSE(tunnels.empty());
  EXPECT_NE(tunnels[0].sentence.find("without landing"), std::string::npos) << tunnels[0].sentence;
  expectDrawn(tunnels);
  // The feet's path crosses the top of the platform drawn as what they passed through.
  const auto& drawn = tunnels[0].drawing.primitives;
  const auto path =
      std::find_if(drawn.begin(), drawn.end(), [](const ScenePrimitive& p) { return p.category == SceneCategory::kTunnelPath; });
  const auto hit =
      std::find_if(drawn.begin(), drawn.end(), [](const ScenePrimitive& p) { return p.category == SceneCategory::kTunnelHit; });
  ASSERT_NE(path, drawn.end());
  ASSERT_NE(hit, drawn.end());
  EXPECT_LE(path->a.y, hit->a.y);
  EXPECT_GT(path->b.y, hit->a.y);
  // Two paths, the feet's fall at each edge of the man: the same fall, a man's width apart.
  std::vector<ScenePrimitive> paths;
  std::copy_if(drawn.begin(), drawn.end(), std::back_inserter(paths),
               [](const ScenePrimitive& p) { return p.category == SceneCategory::kTunnelPath; });
  ASSERT_EQ(paths.size(), 2U);
  EXPECT_EQ(paths[1].a.x - paths[0].a.x, px(c.manSize / 2 * 2));
  EXPECT_EQ(paths[1].a.y, paths[0].a.y);
  EXPECT_EQ(paths[1].b.y, paths[0].b.y);
}

}  // namespace
}  // namespace retrace::sim
