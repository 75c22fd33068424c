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
  // Left of and above the map: tile -1 is pixels -20 to -1 and tile -2 ends at -21, so an exact
  // multiple of the tile size floors to itself, not one tile further.
  EXPECT_EQ(tileAt(map, pxVec(-20, -40)), (TileCoord{-1, -2}));
  EXPECT_EQ(tileAt(map, pxVec(-21, -1)), (TileCoord{-2, -1}));
}

TEST(TileMap, OutOfBoundsIsSolid) {
  const TileMap map = makeTileMap(13, 13, 20);
  EXPECT_FALSE(isSolidAt(map, pxVec(0, 0)));
  EXPECT_FALSE(isSolidAt(map, pxVec(259, 259)));
  EXPECT_TRUE(isSolidAt(map, pxVec(260, 10)));
  EXPECT_TRUE(isSolidAt(map, pxVec(10, -1)));
  EXPECT_TRUE(isSolidAt(map, Vec2{Fixed::fromRaw(-1), px(10)}));
}

TEST(TileMap, FourCornerSamplingInsetsTheFarEdges) {
  const TileMap map = makeMapWithBrickAt(2, 0);  // brick spans x 40..60
  // A 16x16 tank at centre (32, 10): right edge at 40, flush against the brick: no hit.
  EXPECT_FALSE(hitsWall(map, makeCentredBox(pxVec(32, 10), px(16), px(16))));
  // One pixel further right it enters the brick.
  EXPECT_TRUE(hitsWall(map, makeCentredBox(pxVec(33, 10), px(16), px(16))));
  // Even a fraction of a pixel in is seen.
  EXPECT_TRUE(hitsWall(map, makeCentredBox(Vec2{px(32) + Fixed::fromRaw(1), px(10)}, px(16), px(16))));
  // The corners: first and last point inside the half-open box, in order TL, TR, BL, BR.
  const auto corners = sampleCorners(makeBox(24, 2, 16, 16));
  EXPECT_EQ(corners[0], pxVec(24, 2));
  EXPECT_EQ(corners[3], (Vec2{px(40) - Fixed::fromRaw(1), px(18) - Fixed::fromRaw(1)}));
}

TEST(TileMap, FromTheLeftTooABodyOnePixelInsideAWallIsSeen) {
  // Brick at column 1 (x 20..40), tank box 39..55: one pixel column inside the brick. The
  // seed's corners l + 1 and l + w - 1 sample x 40 and 54, both outside it, and miss that.
  const TileMap map = makeMapWithBrickAt(1, 0);
  const Box tank = makeBox(39, 2, 16, 16);
  EXPECT_FALSE(isSolidAt(map, pxVec(39 + 1, 3)));  // the seed's left sample
  EXPECT_TRUE(hitsWall(map, tank));
}

TEST(TileMap, BodyAtTheMapEdgeHitsTheOutside) {
  const TileMap map = makeTileMap(13, 13, 20);
  EXPECT_FALSE(hitsWall(map, makeCentredBox(pxVec(8, 8), px(16), px(16))));
  EXPECT_TRUE(hitsWall(map, makeCentredBox(pxVec(6, 8), px(16), px(16))));
}

TEST(TileMap, CornersCatchATileBetweenThemForBodiesUpToATile) {
  // A brick under a corner of a 16-px body straddling four tiles is seen.
  const TileMap map = makeMapWithBrickAt(1, 1);
  EXPECT_TRUE(hitsWall(map, makeBox(12, 12, 16, 16)));
  EXPECT_TRUE(hitsWall(map, makeBox(21, 21, 20, 20)));  // exactly one tile, inside the brick
}

TEST(TileMapDeathTest, BodiesWiderThanATileAreRefused) {
  // A 39-px body at x 19 covers tiles 0, 1 and 2; its corners see only 0 and 2. The seed's
  // "smaller than two tiles" is not enough, so such bodies are a programmer error.
  const TileMap map = makeTileMap(13, 13, 20);
  EXPECT_DEATH((void)hitsWall(map, makeBox(19, 0, 39, 10)), "check failed");
}

}  // namespace
}  // namespace retrace::sim
