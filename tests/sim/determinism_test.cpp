// The golden constant: a fixed sequence of RNG draws and geometry queries hashes to a value
// checked in here. If this test fails, the numbers of the simulation changed. That is never
// an accident to wave through: every replay recorded before the change may now diverge.
// Update the constant only together with the golden replays, and say why in the commit.
#include <cstdint>

#include <gtest/gtest.h>

#include "sim/circle.h"
#include "sim/contact_response.h"
#include "sim/move_and_collide.h"
#include "sim/oriented_rect.h"
#include "sim/rng.h"
#include "sim/state_hash.h"
#include "sim/swept.h"

namespace retrace::sim {
namespace {

constexpr std::uint64_t kGoldenHash = 0xa15c736d662e8bb4;

Box drawBox(Rng& rng) {
  return {Fixed::fromRaw(drawBetween(rng, -100 * Fixed::kOne, 100 * Fixed::kOne)),
          Fixed::fromRaw(drawBetween(rng, -100 * Fixed::kOne, 100 * Fixed::kOne)),
          Fixed::fromRaw(drawBetween(rng, 1, 40 * Fixed::kOne)), Fixed::fromRaw(drawBetween(rng, 1, 40 * Fixed::kOne))};
}

Vec2 drawDelta(Rng& rng) {
  return {Fixed::fromRaw(drawBetween(rng, -60 * Fixed::kOne, 60 * Fixed::kOne)),
          Fixed::fromRaw(drawBetween(rng, -60 * Fixed::kOne, 60 * Fixed::kOne))};
}

std::uint64_t runGoldenScene() {
  Rng rng = seedRng(2026, 11);
  StateHasher hasher;
  for (int i = 0; i < 5000; ++i) {
    const Box a = drawBox(rng);
    const Box b = drawBox(rng);
    const Vec2 d = drawDelta(rng);
    const SweepOutput sweep = sweepBoxes({a, b, d});
    hasher.mix(static_cast<std::uint32_t>(sweep.kind)).mix(sweep.enter.num).mix(sweep.enter.den);
    const Box walls[] = {b};
    const MoveOutput moved = moveAndCollide({a, d, walls, {}});
    hasher.mix(moved.body.x).mix(moved.body.y).mix(moved.blockedX).mix(moved.blockedY);
    hasher.mix(segmentComesWithin(centreOf(a), centreOf(a) + d, centreOf(b), b.w));
    if (const auto mtv = computeMtv(a, b)) {
      const BodyPair out = separateVelocities({a, d, px(2)}, {b, Vec2{}, px(3)}, *mtv, Fixed::fromRatio(1, 3));
      hasher.mix(out.a.velocity).mix(out.b.velocity);
    }
    hasher.mix(nextU32(rng));
  }
  return hasher.value();
}

TEST(Determinism, GoldenSceneHashIsUnchanged) {
  const std::uint64_t hash = runGoldenScene();
  EXPECT_EQ(hash, kGoldenHash) << "golden hash is now 0x" << std::hex << hash;
}

TEST(Determinism, GoldenSceneIsRepeatable) { EXPECT_EQ(runGoldenScene(), runGoldenScene()); }

}  // namespace
}  // namespace retrace::sim
