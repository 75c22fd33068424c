#include "sim/tile_map.h"

#include <cstddef>

namespace retrace::sim {
namespace {

int floorDivide(int value, int divisor) noexcept {
  const int q = value / divisor;
  return (value % divisor != 0 && value < 0) ? q - 1 : q;
}

std::size_t indexOf(const TileMap& map, TileCoord c) noexcept {
  return static_cast<std::size_t>(c.row) * static_cast<std::size_t>(map.columns) + static_cast<std::size_t>(c.column);
}

}  // namespace

TileMap makeTileMap(int columns, int rows, int tileSizePx) {
  RETRACE_CHECK(columns > 0 && rows > 0 && tileSizePx > 0);
  return {columns, rows, tileSizePx, std::vector<std::uint8_t>(static_cast<std::size_t>(columns * rows), 0)};
}

TileCoord tileAt(const TileMap& map, Vec2 p) noexcept {
  // Pixel positions are fixed-point, so floor to the pixel first, then floor-divide by the
  // tile size: both floors keep negative positions out of tile 0.
  return {floorDivide(p.x.floorToInt(), map.tileSizePx), floorDivide(p.y.floorToInt(), map.tileSizePx)};
}

bool isInside(const TileMap& map, TileCoord c) noexcept {
  return c.column >= 0 && c.row >= 0 && c.column < map.columns && c.row < map.rows;
}

std::uint8_t tileCode(const TileMap& map, TileCoord c) noexcept {
  RETRACE_CHECK(isInside(map, c));
  return map.tiles[indexOf(map, c)];
}

void setTileCode(TileMap& ioMap, TileCoord c, std::uint8_t code) noexcept {
  RETRACE_CHECK(isInside(ioMap, c));
  ioMap.tiles[indexOf(ioMap, c)] = code;
}

bool isSolidAt(const TileMap& map, Vec2 p) noexcept {
  const TileCoord c = tileAt(map, p);
  return !isInside(map, c) || tileCode(map, c) != 0;
}

std::array<Vec2, 4> sampleCorners(const Box& box) noexcept {
  const Fixed unit = Fixed::fromRaw(1);
  const Fixed left = box.left();
  const Fixed right = box.right() - unit;
  const Fixed top = box.top();
  const Fixed bottom = box.bottom() - unit;
  return {Vec2{left, top}, Vec2{right, top}, Vec2{left, bottom}, Vec2{right, bottom}};
}

bool hitsWall(const TileMap& map, const Box& box) noexcept {
  RETRACE_CHECK(box.w > Fixed() && box.h > Fixed() && box.w <= px(map.tileSizePx) && box.h <= px(map.tileSizePx));
  for (const Vec2 corner : sampleCorners(box)) {
    if (isSolidAt(map, corner)) return true;
  }
  return false;
}

}  // namespace retrace::sim
