// The dodge broadphases are an implementation choice, never a rule: on random worlds, the
// bounds filter and the uniform grid find exactly the contact and near-miss events that
// sweeping every obstacle finds.
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "sim/games/dodge.h"

namespace retrace::sim::dodge {
namespace {

State drawWorld() {
  State s;
  // Negative coordinates too: the grid's cells must round down on both sides of zero.
  const int px = *rc::gen::inRange(-300, 400), py = *rc::gen::inRange(-300, 300);
  s.player = makeBox(px, py, *rc::gen::inRange(4, 64), *rc::gen::inRange(4, 40));
  const int count = *rc::gen::inRange(0, 200);
  for (int i = 0; i < count; ++i) {
    // Dense near the player, so that hits, grazes and misses all happen.
    const Box box = makeBox(px + *rc::gen::inRange(-250, 250), py + *rc::gen::inRange(-200, 150), *rc::gen::inRange(1, 65),
                            *rc::gen::inRange(1, 33));
    s.obstacles.push_back({*rc::gen::inRange(0, 1000), box, Fixed::fromRaw(*rc::gen::inRange(1, 80 * Fixed::kOne))});
  }
  return s;
}

bool sameContact(const std::optional<Contact>& a, const std::optional<Contact>& b) {
  return a.has_value() == b.has_value() && (!a || (a->index == b->index && a->toi == b->toi));
}

RC_GTEST_PROP(DodgeBroadphase, EqualsBruteForceOnRandomWorlds, ()) {
  const State world = drawWorld();
  const Fixed dx = Fixed::fromRaw(*rc::gen::inRange(-12 * Fixed::kOne, 12 * Fixed::kOne));
  std::vector<Event> brute, bounds, grid;
  const auto expected = findSweptContact(world, dx, Broadphase::kBruteForce, brute);
  RC_ASSERT(sameContact(findSweptContact(world, dx, Broadphase::kBounds, bounds), expected));
  RC_ASSERT(sameContact(findSweptContact(world, dx, Broadphase::kGrid, grid), expected));
  RC_ASSERT(bounds == brute);
  RC_ASSERT(grid == brute);
}

// Random worlds rarely put the player's bounds one pixel either side of a cell's edge, where a
// grid that rounds a negative coordinate the wrong way drops its only candidates.
TEST(DodgeBroadphase, GridEqualsBruteForceAtEveryCellEdgeAroundZero) {
  State world;
  for (int y = -170; y <= 100; y += 13) {
    for (int x = -170; x <= 100; x += 13) {
      world.obstacles.push_back({static_cast<std::int32_t>(world.obstacles.size()), makeBox(x, y, 8, 8), px(3)});
    }
  }
  const std::vector<int> edges{-130, -129, -128, -127, -66, -65, -64, -63, -2, -1, 0, 1, 62, 63, 64, 65};
  for (const Fixed dx : {Fixed(), Fixed::fromRaw(-3 * Fixed::kOne / 2), px(2)}) {
    for (int along = -140; along <= 70; ++along) {
      for (const int edge : edges) {
        for (const bool across : {false, true}) {
          world.player = across ? makeBox(edge, along, 16, 16) : makeBox(along, edge, 16, 16);
          std::vector<Event> brute, grid;
          const auto expected = findSweptContact(world, dx, Broadphase::kBruteForce, brute);
          ASSERT_TRUE(sameContact(findSweptContact(world, dx, Broadphase::kGrid, grid), expected))
              << "player at (" << world.player.x.floorToInt() << ", " << world.player.y.floorToInt() << "), dx raw " << dx.raw();
          ASSERT_EQ(grid, brute) << "player at (" << world.player.x.floorToInt() << ", " << world.player.y.floorToInt() << ")";
        }
      }
    }
  }
}

// The one obstacle in reach first in the list, then last, among many out of reach: the grid
// keeps every index, the first and the last too.
TEST(DodgeBroadphase, GridFindsTheOnlyObstacleInReachAnywhereInTheList) {
  State world;
  world.player = makeBox(100, 100, 16, 16);
  for (int i = 0; i < 50; ++i) world.obstacles.push_back({i, makeBox(300 + 20 * i, -200, 8, 8), px(3)});
  const Obstacle inReach{99, makeBox(104, 80, 8, 8), px(30)};  // falls onto the player this tick
  for (const bool first : {true, false}) {
    State s = world;
    s.obstacles.insert(first ? s.obstacles.begin() : s.obstacles.end(), inReach);
    std::vector<Event> brute, grid;
    const auto expected = findSweptContact(s, Fixed(), Broadphase::kBruteForce, brute);
    ASSERT_TRUE(expected.has_value());
    EXPECT_TRUE(sameContact(findSweptContact(s, Fixed(), Broadphase::kGrid, grid), expected)) << (first ? "first" : "last");
    EXPECT_EQ(grid, brute);
  }
}

TEST(DodgeStress, KeepsItsObstaclesAliveAndPlays) {
  const Config config = Game::namedConfigs()[2].second;  // "stress"
  ASSERT_FALSE(findGame("dodge")->validateConfig(*findGame("dodge")->findConfig("stress"), false).has_value());
  State s = Game::init(config, 1);
  EXPECT_EQ(s.obstacles.size(), 10000U);
  std::vector<Event> events;
  for (int i = 0; i < 600 && !isRoundOver(s.clock); ++i) Game::step(config, s, 0, events);
  EXPECT_EQ(s.obstacles.size(), 10000U);  // recycled at the bottom, never dropped
}

}  // namespace
}  // namespace retrace::sim::dodge
