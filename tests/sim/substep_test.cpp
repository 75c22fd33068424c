#include "sim/substep.h"

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

TEST(Substep, PartsNoLongerThanHalfTheSmallestSide) {
  // Seed 004's example body: 20 px wide moving 30 px per tick; half of 20 is 10: 3 parts.
  EXPECT_EQ(computeSubstepCount(pxVec(30, 0), px(20), px(40)), 3);
  EXPECT_EQ(computeSubstepCount(pxVec(31, 0), px(20), px(40)), 4);
  EXPECT_EQ(computeSubstepCount(pxVec(0, -30), px(40), px(20)), 3);
  // The longer axis decides; a still body still takes one step.
  EXPECT_EQ(computeSubstepCount(pxVec(5, -21), px(20), px(20)), 3);
  EXPECT_EQ(computeSubstepCount(Vec2{}, px(20), px(20)), 1);
  EXPECT_EQ(computeSubstepCount(pxVec(10, 0), px(20), px(20)), 1);
}

}  // namespace
}  // namespace retrace::sim
