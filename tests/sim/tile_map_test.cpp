#include "sim/tile_map.h"

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

constexpr std::uint8_t kBrick = 1;

TileMap makeMapWithBrickAt(int column, int row) {
  TileMap map = makeTileMap(13, 13, 20);
  setTileCode(map, {column, row}, kBrick);
  return map;
}

TEST(TileMap, PixelToTileByDivision) {
  const TileMap map = makeTileMap(13, 13, 20);
  EXPECT_EQ(tileAt(map, pxVec(0, 0)), (TileCoord{0, 0}));
  EXPECT_EQ(tileAt(map, pxVec(19, 39)), (TileCoord{0, 1}));
  EXPECT_EQ(tileAt(map, pxVec(20, 40)), (TileCoord{1, 2}));
  EXPECT_EQ(tileAt(map, Vec2{Fixed::fromRatio(-1, 2), px(5)}), (TileCoord{-1, 0}));  // floor, not truncation
}

TEST(TileMap, OutOfBoundsIsSolid) {
  const TileMap map = makeTileMap(13, 13, 20);
  EXPECT_FALSE(isSolidAt(map, pxVec(0, 0)));
  EXPECT_FALSE(isSolidAt(map, pxVec(259, 259)));
  EXPECT_TRUE(isSolidAt(map, pxVec(260, 10)));
  EXPECT_TRUE(isSolidAt(map, pxVec(10, -1)));
  EXPECT_TRUE(isSolidAt(map, Vec2{Fixed::fromRaw(-1), px(10)}));
}

TEST(TileMap, FourCornerSamplingWithOnePixelInset) {
  const TileMap map = makeMapWithBrickAt(2, 0);  // brick spans x 40..60
  // A 16x16 tank at centre (32, 10): right edge at 40, flush against the brick: no hit.
  EXPECT_FALSE(hitsWall(map, makeCentredBox(pxVec(32, 10), px(16), px(16))));
  // One pixel further right it enters the brick.
  EXPECT_TRUE(hitsWall(map, makeCentredBox(pxVec(34, 10), px(16), px(16))));
  // The corners are sampled 1 px inside the box, in order TL, TR, BL, BR.
  const auto corners = sampleCorners(makeBox(24, 2, 16, 16));
  EXPECT_EQ(corners[0], pxVec(25, 3));
  EXPECT_EQ(corners[3], pxVec(39, 17));
}

TEST(TileMap, BodyAtTheMapEdgeHitsTheOutside) {
  const TileMap map = makeTileMap(13, 13, 20);
  EXPECT_FALSE(hitsWall(map, makeCentredBox(pxVec(8, 8), px(16), px(16))));
  EXPECT_TRUE(hitsWall(map, makeCentredBox(pxVec(6, 8), px(16), px(16))));
}

TEST(TileMap, CornersCatchATileBetweenThemOnlyForSmallBodies) {
  // A brick under the middle of a 16-px body is still seen: a corner lands in it.
  const TileMap map = makeMapWithBrickAt(1, 1);
  EXPECT_TRUE(hitsWall(map, makeBox(12, 12, 16, 16)));
}

TEST(TileMapDeathTest, BodiesOfTwoTilesOrMoreAreRefused) {
  const TileMap map = makeTileMap(13, 13, 20);
  EXPECT_DEATH((void)hitsWall(map, makeBox(0, 0, 40, 10)), "check failed");
}

}  // namespace
}  // namespace retrace::sim
