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

TEST(Aabb, TranslatingMovesEachCornerByTheDisplacementAndKeepsTheSize) {
  // Four different numbers, so a coordinate read for its twin (x for y, w for h) or a sign
  // flipped shows.
  EXPECT_EQ(translated(makeBox(3, 5, 7, 11), pxVec(13, -17)), makeBox(16, -12, 7, 11));
}

TEST(Aabb, SpansOverlapOnlyWhenTheyShareAStretch) {
  // Open spans: (0, 10) and (10, 20) touch at 10 and share nothing, whichever comes first.
  EXPECT_FALSE(spansOverlap(px(0), px(10), px(10), px(20)));
  EXPECT_FALSE(spansOverlap(px(10), px(20), px(0), px(10)));
  EXPECT_TRUE(spansOverlap(px(0), px(10), px(9), px(20)));
  EXPECT_TRUE(spansOverlap(px(9), px(20), px(0), px(10)));
  EXPECT_FALSE(spansOverlap(px(0), px(10), px(30), px(40)));  // apart, though one comparison holds
  EXPECT_FALSE(spansOverlap(px(30), px(40), px(0), px(10)));
}

}  // namespace
}  // namespace retrace::sim
