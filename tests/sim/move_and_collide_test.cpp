#include "sim/move_and_collide.h"

#include <array>

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

TEST(MoveAndCollide, FreeMoveGoesAllTheWay) {
  const MoveOutput out = moveAndCollide({makeBox(0, 0, 10, 10), pxVec(5, 7), {}, {}});
  EXPECT_EQ(out.body, makeBox(5, 7, 10, 10));
  EXPECT_FALSE(out.blockedX || out.blockedY);
}

TEST(MoveAndCollide, WallAtTheSideBlocksXAndClampsFlush) {
  const std::array walls{makeBox(30, 0, 10, 100)};
  const MoveOutput out = moveAndCollide({makeBox(0, 0, 10, 10), pxVec(25, 5), walls, {}});
  EXPECT_TRUE(out.blockedX);
  EXPECT_FALSE(out.blockedY);
  EXPECT_EQ(out.body, makeBox(20, 5, 10, 10));  // flush: right edge on the wall, no gap
}

TEST(MoveAndCollide, FloorBlocksYAndKeepsTheSlide) {
  const std::array walls{makeBox(0, 50, 200, 10)};
  const MoveOutput out = moveAndCollide({makeBox(0, 30, 10, 10), pxVec(8, 15), walls, {}});
  EXPECT_FALSE(out.blockedX);
  EXPECT_TRUE(out.blockedY);
  EXPECT_EQ(out.body, makeBox(8, 40, 10, 10));
}

TEST(MoveAndCollide, DiagonalIntoACornerIsDiagnosedPerAxis) {
  // Moving into a wall (right) and a floor (below) at once: both axes are blocked.
  const std::array walls{makeBox(20, 0, 10, 60), makeBox(0, 20, 20, 10)};
  const MoveOutput out = moveAndCollide({makeBox(0, 0, 10, 10), pxVec(15, 15), walls, {}});
  EXPECT_TRUE(out.blockedX);
  EXPECT_TRUE(out.blockedY);
  EXPECT_EQ(out.body, makeBox(10, 10, 10, 10));
}

TEST(MoveAndCollide, ThinWallStopsAFastBodyOnItsFirstHalfStep) {
  // 1-px wall, 300 px move: the half-step is swept, so the wall is not skipped.
  const std::array walls{makeBox(100, 0, 1, 100)};
  const MoveOutput out = moveAndCollide({makeBox(0, 0, 10, 10), pxVec(300, 0), walls, {}});
  EXPECT_TRUE(out.blockedX);
  EXPECT_EQ(out.body.x, px(90));
}

TEST(MoveAndCollide, CeilingBlocksUpwardMove) {
  const std::array walls{makeBox(0, 0, 100, 10)};
  const MoveOutput out = moveAndCollide({makeBox(0, 30, 10, 10), pxVec(0, -40), walls, {}});
  EXPECT_TRUE(out.blockedY);
  EXPECT_EQ(out.body.y, px(10));
}

TEST(OneWayPlatform, LandsFromAbove) {
  const std::array platforms{makeBox(0, 50, 100, 4)};
  const MoveOutput out = moveAndCollide({makeBox(10, 35, 10, 10), pxVec(0, 8), {}, platforms});
  EXPECT_TRUE(out.blockedY);
  EXPECT_TRUE(out.landedOnPlatform);
  EXPECT_EQ(out.body.bottom(), px(50));
}

TEST(OneWayPlatform, JumpsUpThroughFromBelow) {
  const std::array platforms{makeBox(0, 50, 100, 4)};
  const MoveOutput out = moveAndCollide({makeBox(10, 55, 10, 10), pxVec(0, -30), {}, platforms});
  EXPECT_FALSE(out.blockedY);
  EXPECT_EQ(out.body.y, px(25));
}

TEST(OneWayPlatform, FeetAlreadyBelowTheTopFallThrough) {
  // The feet were under the top before the step: the platform does not catch them.
  const std::array platforms{makeBox(0, 50, 100, 4)};
  const MoveOutput out = moveAndCollide({makeBox(10, 41, 10, 10), pxVec(0, 6), {}, platforms});
  EXPECT_FALSE(out.landedOnPlatform);
  EXPECT_EQ(out.body.y, px(47));
}

TEST(OneWayPlatform, StandingOnItStaysAndWalkingOffTheEdgeFalls) {
  const std::array platforms{makeBox(0, 50, 100, 4)};
  EXPECT_TRUE(crossesOneWayPlatform(makeBox(10, 40, 10, 10), px(1), platforms[0]));
  EXPECT_FALSE(crossesOneWayPlatform(makeBox(100, 40, 10, 10), px(1), platforms[0]));  // edge: no overlap
  EXPECT_FALSE(crossesOneWayPlatform(makeBox(10, 40, 10, 10), px(-1), platforms[0]));
}

TEST(OneWayPlatform, NearerWallWinsOverAPlatform) {
  const std::array walls{makeBox(0, 45, 100, 2)};
  const std::array platforms{makeBox(0, 50, 100, 4)};
  const MoveOutput out = moveAndCollide({makeBox(10, 30, 10, 10), pxVec(0, 20), walls, platforms});
  EXPECT_TRUE(out.blockedY);
  EXPECT_FALSE(out.landedOnPlatform);
  EXPECT_EQ(out.body.bottom(), px(45));
}

}  // namespace
}  // namespace retrace::sim
