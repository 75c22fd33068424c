#include "sim/aabb.h"

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

TEST(Aabb, OverlappingBoxesOverlap) {
  EXPECT_TRUE(overlaps(makeBox(0, 0, 10, 10), makeBox(5, 5, 10, 10)));
  EXPECT_TRUE(overlaps(makeBox(0, 0, 10, 10), makeBox(2, 2, 2, 2)));  // containment
}

TEST(Aabb, TouchingEdgesDoNotOverlap) {
  // Seed 001: the hero's right edge exactly on the wall's left edge is not a collision.
  EXPECT_FALSE(overlaps(makeBox(0, 0, 10, 10), makeBox(10, 0, 10, 10)));
  EXPECT_FALSE(overlaps(makeBox(0, 0, 10, 10), makeBox(0, 10, 10, 10)));
  EXPECT_FALSE(overlaps(makeBox(0, 0, 10, 10), makeBox(10, 10, 5, 5)));  // corner touch
}

TEST(Aabb, ZeroSizeBoxesOverlapNothing) {
  EXPECT_FALSE(overlaps(makeBox(5, 5, 0, 0), makeBox(0, 0, 10, 10)));
  EXPECT_FALSE(overlaps(makeBox(0, 0, 10, 10), makeBox(5, 0, 0, 10)));
  EXPECT_FALSE(overlaps(makeBox(5, 5, 0, 0), makeBox(5, 5, 0, 0)));
}

TEST(Aabb, ABoxWithoutWidthOrHeightOverlapsNothingItLiesInside) {
  // Each side alone zero, and the box inside the other, so only the guard says no (the four
  // comparisons alone would say yes), whichever argument it is.
  const Box outer = makeBox(0, 0, 10, 10);
  for (const Box& flat : {makeBox(5, 5, 0, 4), makeBox(5, 5, 4, 0)}) {
    EXPECT_FALSE(overlaps(flat, outer)) << flat.w.floorToInt() << "x" << flat.h.floorToInt() << " first";
    EXPECT_FALSE(overlaps(outer, flat)) << flat.w.floorToInt() << "x" << flat.h.floorToInt() << " second";
  }
}

TEST(Aabb, IntersectionGivesPenetrationDepth) {
  const auto overlap = intersect(makeBox(0, 0, 20, 40), makeBox(15, 10, 30, 10));
  ASSERT_TRUE(overlap.has_value());
  EXPECT_EQ(*overlap, makeBox(15, 10, 5, 10));
  EXPECT_FALSE(intersect(makeBox(0, 0, 10, 10), makeBox(10, 0, 10, 10)).has_value());
}

TEST(Aabb, CentredBoxesUseCentreCoordinates) {
  // Seed 002 keeps tanks at their centre: a 16x16 tank at (30, 30) spans 22..38.
  const Box tank = makeCentredBox(pxVec(30, 30), px(16), px(16));
  EXPECT_EQ(tank, makeBox(22, 22, 16, 16));
  EXPECT_EQ(centreOf(tank), pxVec(30, 30));
}

}  // namespace
}  // namespace retrace::sim
