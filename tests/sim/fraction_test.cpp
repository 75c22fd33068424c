#include "sim/fraction.h"

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

TEST(Fraction, ADefaultFractionIsZeroOverOne) {
  const Fraction zero;
  EXPECT_EQ(zero.num, 0);
  EXPECT_EQ(zero.den, 1);
}

TEST(Fraction, MakingOneMovesTheSignToTheNumerator) {
  const Fraction f = makeFraction(3, -4);
  EXPECT_EQ(f.num, -3);
  EXPECT_EQ(f.den, 4);
  const Fraction g = makeFraction(-3, 4);
  EXPECT_EQ(g.num, -3);
  EXPECT_EQ(g.den, 4);
}

TEST(Fraction, ComparesValuesNotRepresentations) {
  // 1/3 < 2/5 (5 < 6 when cross-multiplied), and 2/4 is 1/2.
  EXPECT_LT(makeFraction(1, 3), makeFraction(2, 5));
  EXPECT_GT(makeFraction(2, 5), makeFraction(1, 3));
  EXPECT_EQ(makeFraction(2, 4), makeFraction(1, 2));
  EXPECT_FALSE(makeFraction(1, 3) == makeFraction(2, 5));
}

TEST(Fraction, ToFixedRoundsDown) {
  // Seed 000's first contact: 0.38 of a step is 24903.68 raw units.
  EXPECT_EQ(toFixedFloor(makeFraction(38, 100)).raw(), 24903);
  EXPECT_EQ(toFixedFloor(makeFraction(-38, 100)).raw(), -24904);
  EXPECT_EQ(toFixedFloor(makeFraction(-1, 2)).raw(), -32768);  // exact: nothing to round
  EXPECT_EQ(toFixedFloor(makeFraction(1, 2)).raw(), 32768);
}

TEST(Fraction, ScalingRoundsTowardZero) {
  // 10 px is 655360 raw units; 0.38 of it is 249036.8.
  EXPECT_EQ(scaleTowardZero(px(10), makeFraction(38, 100)).raw(), 249036);
  EXPECT_EQ(scaleTowardZero(px(-10), makeFraction(38, 100)).raw(), -249036);
}

}  // namespace
}  // namespace retrace::sim
