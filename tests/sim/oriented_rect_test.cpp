#include "sim/oriented_rect.h"

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

OrientedRect makeAxisRect(int cx, int cy, int halfW, int halfH) { return {pxVec(cx, cy), pxVec(halfW, 0), pxVec(0, halfH)}; }

// A square rotated 45 degrees: half-edges (5, 5) and (-5, 5), corners 10 px from the centre.
OrientedRect makeDiamond(int cx, int cy) { return {pxVec(cx, cy), pxVec(5, 5), pxVec(-5, 5)}; }

TEST(OrientedRect, AxisAlignedCasesMatchAabbRules) {
  EXPECT_TRUE(orientedRectsOverlap(makeAxisRect(0, 0, 5, 5), makeAxisRect(9, 0, 5, 5)));
  EXPECT_FALSE(orientedRectsOverlap(makeAxisRect(0, 0, 5, 5), makeAxisRect(10, 0, 5, 5)));   // touching
  EXPECT_FALSE(orientedRectsOverlap(makeAxisRect(0, 0, 5, 5), makeAxisRect(10, 10, 5, 5)));  // corner
}

TEST(OrientedRect, RotatedSquareCornerReachesIn) {
  // The diamond's right corner is at x = cx + 10.
  EXPECT_TRUE(orientedRectsOverlap(makeDiamond(0, 0), makeAxisRect(14, 0, 5, 5)));
  EXPECT_FALSE(orientedRectsOverlap(makeDiamond(0, 0), makeAxisRect(15, 0, 5, 5)));  // corner on edge
}

TEST(OrientedRect, SeparatedOnlyAlongADiagonalAxis) {
  // The diamond at (10, 10) has corners (10, 0), (20, 10), (10, 20), (0, 10); its lower-right
  // edge lies on x + y = 30. A box centred at (21, 21) spans 16..26, so the bounding boxes
  // overlap, but its nearest corner (16, 16) sums to 32: the diagonal axis separates them.
  EXPECT_TRUE(orientedRectsOverlap(makeDiamond(10, 10), makeAxisRect(19, 19, 5, 5)));
  EXPECT_FALSE(orientedRectsOverlap(makeDiamond(10, 10), makeAxisRect(21, 21, 5, 5)));
  EXPECT_FALSE(orientedRectsOverlap(makeDiamond(10, 10), makeAxisRect(20, 20, 5, 5)));  // corner on edge
}

TEST(OrientedRect, ValidityNeedsPerpendicularNonZeroHalfEdges) {
  EXPECT_TRUE(isValidOrientedRect(makeDiamond(0, 0)));
  EXPECT_FALSE(isValidOrientedRect({pxVec(0, 0), pxVec(5, 1), pxVec(0, 5)}));
  EXPECT_FALSE(isValidOrientedRect({pxVec(0, 0), pxVec(0, 0), pxVec(0, 5)}));
}

TEST(OrientedRect, AZeroSizeRectangleOverlapsNothing) {
  // As overlaps() does for a zero-size box: no abort, no overlap, even at the other's centre.
  const OrientedRect point{pxVec(0, 0), pxVec(0, 0), pxVec(0, 0)};
  const OrientedRect segment{pxVec(0, 0), pxVec(5, 0), pxVec(0, 0)};
  const OrientedRect doubledBack{pxVec(0, 0), pxVec(5, 5), pxVec(-5, -5)};
  for (const OrientedRect& degenerate : {point, segment, doubledBack}) {
    EXPECT_FALSE(hasArea(degenerate));
    EXPECT_FALSE(orientedRectsOverlap(degenerate, makeAxisRect(0, 0, 5, 5)));
    EXPECT_FALSE(orientedRectsOverlap(makeDiamond(0, 0), degenerate));
    EXPECT_FALSE(orientedRectsOverlap(degenerate, degenerate));
  }
}

}  // namespace
}  // namespace retrace::sim
