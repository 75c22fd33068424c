#include "sim/circle.h"

#include <cstdint>

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

TEST(Circle, BulletHitsTankUnderTenPixelsNotAtTen) {
  // Seed 002: rectsHit(bullet, tank, 10) is dx*dx + dy*dy < 10*10.
  EXPECT_TRUE(isWithinRadius(pxVec(109, 100), pxVec(100, 100), px(10)));
  EXPECT_FALSE(isWithinRadius(pxVec(110, 100), pxVec(100, 100), px(10)));
  EXPECT_FALSE(isWithinRadius(pxVec(106, 108), pxVec(100, 100), px(10)));  // 6-8-10 triangle
  EXPECT_TRUE(isWithinRadius(Vec2{px(106), Fixed::fromRatio(799, 100) + px(100)}, pxVec(100, 100), px(10)));
}

TEST(Circle, CirclesOverlapStrictly) {
  EXPECT_TRUE(circlesOverlap({pxVec(0, 0), px(5)}, {pxVec(9, 0), px(5)}));
  EXPECT_FALSE(circlesOverlap({pxVec(0, 0), px(5)}, {pxVec(10, 0), px(5)}));
  EXPECT_FALSE(circlesOverlap({pxVec(0, 0), px(5)}, {pxVec(6, 8), px(5)}));
}

TEST(Circle, CircleVersusBoxByClamping) {
  // Seed 002's drag demo: ball r 12 against the brick (220, 100, 70, 60).
  const Box brick = makeBox(220, 100, 70, 60);
  EXPECT_EQ(clampIntoBox(pxVec(60, 130), brick), pxVec(220, 130));
  EXPECT_FALSE(circleOverlapsBox({pxVec(60, 130), px(12)}, brick));
  EXPECT_TRUE(circleOverlapsBox({pxVec(209, 130), px(12)}, brick));
  EXPECT_FALSE(circleOverlapsBox({pxVec(208, 130), px(12)}, brick));  // distance exactly 12
  // Near a corner the clamp picks the corner: (211, 91) is 9-9 from (220, 100), 12.7 px away.
  EXPECT_FALSE(circleOverlapsBox({pxVec(211, 91), px(12)}, brick));
  EXPECT_TRUE(circleOverlapsBox({pxVec(213, 93), px(12)}, brick));
  // A centre inside the box clamps to itself.
  EXPECT_TRUE(circleOverlapsBox({pxVec(250, 130), px(1)}, brick));
}

TEST(Circle, SegmentComesWithinCatchesWhatEndpointsMiss) {
  const Vec2 tank = pxVec(100, 100);
  // A bullet jumping from 30 px left to 30 px right: both endpoints are far, the path is not.
  EXPECT_FALSE(isWithinRadius(pxVec(70, 100), tank, px(10)));
  EXPECT_FALSE(isWithinRadius(pxVec(130, 100), tank, px(10)));
  EXPECT_TRUE(segmentComesWithin(pxVec(70, 100), pxVec(130, 100), tank, px(10)));
  // Passing 9.99 px below the centre hits; exactly 10 px does not.
  const Fixed justUnder = px(100) + Fixed::fromRaw(10 * Fixed::kOne - 1);
  EXPECT_TRUE(segmentComesWithin(Vec2{px(70), justUnder}, Vec2{px(130), justUnder}, tank, px(10)));
  EXPECT_FALSE(segmentComesWithin(pxVec(70, 110), pxVec(130, 110), tank, px(10)));
  // Stopping short of the circle is a miss; a zero-length segment is a point test.
  EXPECT_FALSE(segmentComesWithin(pxVec(70, 100), pxVec(90, 100), tank, px(10)));
  EXPECT_TRUE(segmentComesWithin(pxVec(95, 100), pxVec(95, 100), tank, px(10)));
}

TEST(Circle, SegmentComesWithinIsExactAtOneRawUnit) {
  // In raw units: a centre exactly the radius (5) from the start, which is no hit, and a step of
  // (-1, 1) whose dot product with the way to the centre is 1: its closest point is just inside.
  const auto raw = [](std::int32_t x, std::int32_t y) { return Vec2{Fixed::fromRaw(x), Fixed::fromRaw(y)}; };
  const Fixed radius = Fixed::fromRaw(5);
  EXPECT_FALSE(isWithinRadius(raw(0, 0), raw(3, 4), radius));
  EXPECT_TRUE(segmentComesWithin(raw(0, 0), raw(-1, 1), raw(3, 4), radius));
  // A step one raw unit long that ends inside the radius, from a start exactly on it.
  EXPECT_TRUE(segmentComesWithin(raw(0, 0), raw(1, 0), raw(6, 0), Fixed::fromRaw(6)));
}

}  // namespace
}  // namespace retrace::sim
