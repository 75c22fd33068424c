#include "sim/fixed.h"

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

TEST(Fixed, WholeNumbersRoundTrip) {
  EXPECT_EQ(px(98).floorToInt(), 98);
  EXPECT_EQ(px(-3).raw(), -3 * Fixed::kOne);
  EXPECT_EQ(px(5) + px(7), px(12));
  EXPECT_EQ(px(5) - px(7), px(-2));
}

TEST(Fixed, MultiplyRoundsToNearestTiesUp) {
  const Fixed half = Fixed::fromRaw(Fixed::kOne / 2);
  const Fixed ulp = Fixed::fromRaw(1);
  EXPECT_EQ(px(3) * half, Fixed::fromRatio(3, 2));
  // 1 ulp * 0.5 = half an ulp: a tie, rounds toward +infinity.
  EXPECT_EQ((ulp * half).raw(), 1);
  // -1 ulp * 0.5 = -half an ulp: a tie, rounds toward +infinity, to zero.
  EXPECT_EQ((-ulp * half).raw(), 0);
  // 1 ulp * 0.25 rounds down to zero.
  EXPECT_EQ((ulp * Fixed::fromRaw(Fixed::kOne / 4)).raw(), 0);
}

TEST(Fixed, DivideRoundsToNearestTiesAwayFromZero) {
  EXPECT_EQ(px(1) / px(3), Fixed::fromRaw(21845));  // 21845.33 -> 21845
  EXPECT_EQ(px(2) / px(3), Fixed::fromRaw(43691));  // 43690.67 -> 43691
  EXPECT_EQ(px(-2) / px(3), Fixed::fromRaw(-43691));
  EXPECT_EQ(px(-1) / px(3), Fixed::fromRaw(-21845));  // a remainder under half, below zero
  EXPECT_EQ(px(1) / px(-3), Fixed::fromRaw(-21845));  // and by a negative divisor
  EXPECT_EQ(px(2) / px(-3), Fixed::fromRaw(-43691));
  EXPECT_EQ(Fixed::fromRaw(1) / px(2), Fixed::fromRaw(1));  // 0.5 ulp: tie, away from zero
  EXPECT_EQ(Fixed::fromRaw(-1) / px(2), Fixed::fromRaw(-1));
  EXPECT_EQ(Fixed::divideRounded(7, -2), -4);
  EXPECT_EQ(Fixed::divideRounded(5, 4), 1);
}

TEST(Fixed, RatioMatchesDivision) {
  EXPECT_EQ(Fixed::fromRatio(22, 5), px(22) / px(5));  // 4.4, fallingman's fall cap
  EXPECT_EQ(Fixed::fromRatio(22, 5).raw(), 288358);    // 4.4 * 65536 = 288358.4
}

TEST(Fixed, FloorAndRoundToInt) {
  EXPECT_EQ(Fixed::fromRatio(-1, 2).floorToInt(), -1);
  EXPECT_EQ(Fixed::fromRatio(-1, 2).roundToInt(), 0);
  EXPECT_EQ(Fixed::fromRatio(5, 2).roundToInt(), 3);
  EXPECT_EQ(Fixed::fromRatio(9, 4).roundToInt(), 2);
  EXPECT_EQ(Fixed::fromRatio(11, 4).roundToInt(), 3);
  EXPECT_EQ(Fixed::fromRatio(49, 10).floorToInt(), 4);
}

TEST(Fixed, ADefaultValueIsZero) {
  EXPECT_EQ(Fixed().raw(), 0);
  EXPECT_EQ(Fixed(), px(0));
}

TEST(Fixed, AbsoluteDropsTheSign) {
  EXPECT_EQ(absolute(px(-3)), px(3));
  EXPECT_EQ(absolute(px(3)), px(3));
}

TEST(Fixed, CompoundAssignmentAddsAndSubtracts) {
  Fixed value = px(5);
  value += px(7);
  EXPECT_EQ(value, px(12));
  value -= px(3);
  EXPECT_EQ(value, px(9));
}

TEST(FixedDeathTest, OverflowIsAProgrammerError) {
  EXPECT_DEATH((void)(px(30000) + px(30000)), "check failed");
  EXPECT_DEATH((void)(px(1) / Fixed()), "check failed");
}

}  // namespace
}  // namespace retrace::sim
