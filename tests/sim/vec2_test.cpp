#include "sim/vec2.h"

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

// Four different numbers in each case, so a coordinate read for its twin or a sign flipped shows.

TEST(Vec2, AddingAndSubtractingGoCoordinateByCoordinate) {
  EXPECT_EQ(pxVec(3, 5) + pxVec(7, 11), pxVec(10, 16));
  EXPECT_EQ(pxVec(3, 5) - pxVec(7, 11), pxVec(-4, -6));
  EXPECT_EQ(-pxVec(3, -5), pxVec(-3, 5));
}

TEST(Vec2, DotProductIsExactInRawUnits) {
  // 3 * 7 + 5 * 11 = 76 square pixels: 76 * 2^32 raw units, which only a 64-bit product holds.
  EXPECT_EQ(dotRaw(pxVec(3, 5), pxVec(7, 11)), 76 * (std::int64_t{1} << 32));
  EXPECT_EQ(dotRaw(pxVec(3, -5), pxVec(7, 11)), -34 * (std::int64_t{1} << 32));
  EXPECT_EQ(dotRaw(Vec2{Fixed::fromRaw(3), Fixed::fromRaw(5)}, Vec2{Fixed::fromRaw(7), Fixed::fromRaw(11)}), 76);
}

TEST(Vec2, PerpendicularIsMinusYThenX) {
  EXPECT_EQ(perpendicular(pxVec(3, 5)), pxVec(-5, 3));
  EXPECT_EQ(dotRaw(perpendicular(pxVec(3, 5)), pxVec(3, 5)), 0);
}

}  // namespace
}  // namespace retrace::sim
