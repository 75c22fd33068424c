#include "sim/swept.h"

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

// Seed 000's worked example: player (100,110,48,24), obstacle (100,60,40,12) falling 100 px.
const Box kPlayer = makeBox(100, 110, 48, 24);
const Box kObstacle = makeBox(100, 60, 40, 12);

TEST(Swept, BothEndpointsMissTheDiscreteTest) {
  EXPECT_FALSE(overlaps(kPlayer, kObstacle));
  EXPECT_FALSE(overlaps(kPlayer, translated(kObstacle, pxVec(0, 100))));
}

TEST(Swept, SeedWorkedExampleFirstContactAt038) {
  // The obstacle is held still and the player carries the relative displacement, -100 in y.
  const SweepOutput out = sweepBoxes({kPlayer, kObstacle, pxVec(0, -100)});
  ASSERT_EQ(out.kind, SweepKind::kHit);
  EXPECT_EQ(out.enter, (Fraction{38, 100}));
  EXPECT_EQ(out.leave, (Fraction{74, 100}));
  // The obstacle at first contact: 60 + 100 * 0.38 = 98.0 exactly, its bottom on the player.
  const Fixed obstacleY = kObstacle.y + scaleTowardZero(px(100), out.enter);
  EXPECT_EQ(obstacleY, px(98));
  EXPECT_EQ(obstacleY + kObstacle.h, kPlayer.top());
}

TEST(Swept, MovingRight200AtTheSameTimeMisses) {
  // x separates at 0.2 while y only enters at 0.38: the intervals do not intersect.
  EXPECT_FALSE(timeOfImpact(kPlayer, kObstacle, pxVec(-200, -100)).has_value());
  EXPECT_EQ(sweepBoxes({kPlayer, kObstacle, pxVec(-200, -100)}).kind, SweepKind::kMiss);
}

TEST(Swept, CornerGrazeIsNotAHit) {
  // A 10x10 box moving (20, 20) passes the corner of a box at (20, 0): at t = 0.5 its
  // bottom-right corner touches the other's bottom-left corner, and the two never share area.
  const Box mover = makeBox(0, 0, 10, 10);
  const Box target = makeBox(20, 0, 10, 10);
  const SweepOutput graze = sweepBoxes({mover, target, pxVec(20, 20)});
  EXPECT_EQ(graze.kind, SweepKind::kGraze);
  EXPECT_EQ(graze.enter, (Fraction{1, 2}));
  EXPECT_FALSE(timeOfImpact(mover, target, pxVec(20, 20)).has_value());
  // One pixel less of y travel and the corners share area: a hit at the same instant.
  const SweepOutput hit = sweepBoxes({mover, target, pxVec(20, 19)});
  EXPECT_EQ(hit.kind, SweepKind::kHit);
  EXPECT_EQ(hit.enter, (Fraction{1, 2}));
}

TEST(Swept, StartingOverlapHitsAtZero) {
  const auto toi = timeOfImpact(makeBox(0, 0, 10, 10), makeBox(5, 5, 10, 10), pxVec(50, 0));
  ASSERT_TRUE(toi.has_value());
  EXPECT_EQ(*toi, (Fraction{0, 1}));
  // The whole output, as documented: a hit that enters and leaves at 0, both well-formed.
  const SweepOutput hit = sweepBoxes({makeBox(0, 0, 10, 10), makeBox(5, 5, 10, 10), pxVec(50, 0)});
  EXPECT_EQ(hit.kind, SweepKind::kHit);
  EXPECT_EQ(hit.enter, (Fraction{0, 1}));
  ASSERT_GT(hit.leave.den, 0);
  EXPECT_EQ(hit.leave, (Fraction{0, 1}));
}

TEST(Swept, StationaryAxisMustOverlapForTheWholeStep) {
  EXPECT_FALSE(timeOfImpact(makeBox(0, 0, 10, 10), makeBox(10, 20, 10, 10), pxVec(0, 50)).has_value());
  EXPECT_TRUE(timeOfImpact(makeBox(0, 0, 10, 10), makeBox(9, 20, 10, 10), pxVec(0, 50)).has_value());
  EXPECT_FALSE(timeOfImpact(makeBox(0, 0, 10, 10), makeBox(0, 20, 10, 10), Vec2{}).has_value());
}

TEST(Swept, ContactExactlyAtTheEndOfTheStepIsOnlyATouch) {
  const SweepOutput out = sweepBoxes({makeBox(0, 0, 10, 10), makeBox(20, 0, 10, 10), pxVec(10, 0)});
  EXPECT_EQ(out.kind, SweepKind::kGraze);
  EXPECT_EQ(out.enter, (Fraction{1, 1}));
}

TEST(Swept, ZeroSizeBoxesHitNothing) {
  EXPECT_EQ(sweepBoxes({makeBox(0, 5, 0, 0), makeBox(20, 0, 10, 10), pxVec(40, 0)}).kind, SweepKind::kMiss);
}

TEST(Swept, ABoxWithoutWidthOrHeightHitsNothingOnItsPath) {
  // Each side alone zero, moving or hit, on a path straight through the other box.
  const Box target = makeBox(20, 0, 10, 10);
  const Box mover = makeBox(0, 3, 4, 4);
  for (const Box& flat : {makeBox(0, 5, 0, 4), makeBox(0, 5, 4, 0)}) {
    EXPECT_EQ(sweepBoxes({flat, target, pxVec(40, 0)}).kind, SweepKind::kMiss)
        << flat.w.floorToInt() << "x" << flat.h.floorToInt() << " moving";
  }
  for (const Box& flat : {makeBox(20, 0, 0, 10), makeBox(20, 5, 10, 0)}) {
    EXPECT_EQ(sweepBoxes({mover, flat, pxVec(40, 0)}).kind, SweepKind::kMiss)
        << flat.w.floorToInt() << "x" << flat.h.floorToInt() << " hit";
  }
}

}  // namespace
}  // namespace retrace::sim
