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
  s.player = makeBox(*rc::gen::inRange(0, 400), *rc::gen::inRange(100, 300), *rc::gen::inRange(4, 64), *rc::gen::inRange(4, 40));
  const int count = *rc::gen::inRange(0, 200);
  for (int i = 0; i < count; ++i) {
    // Dense near the player, so that hits, grazes and misses all happen.
    const Box box = makeBox(*rc::gen::inRange(-50, 450), *rc::gen::inRange(-100, 350), *rc::gen::inRange(1, 65), *rc::gen::inRange(1, 33));
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
