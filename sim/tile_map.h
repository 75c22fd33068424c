#pragma once
// Tile maps: pixel to tile by division, out of bounds is solid, four-corner sampling.
//
// From seed 002: a body smaller than two tiles cannot straddle a whole tile, so if its four
// corners (each pulled 1 px inward, so a body flush against a wall is not inside it) are in
// empty tiles, everything between them is empty too: four look-ups instead of hundreds.

#include <array>
#include <cstdint>
#include <vector>

#include "sim/aabb.h"
#include "sim/vec2.h"

namespace retrace::sim {

/// A grid of tile codes, row-major; code 0 is empty and every other code is solid.
struct TileMap {
  int columns = 0;
  int rows = 0;
  int tileSizePx = 1;
  std::vector<std::uint8_t> tiles;

  bool operator==(const TileMap&) const = default;
};

/// A tile coordinate (column, row); may lie outside the map.
struct TileCoord {
  int column = 0;
  int row = 0;
  constexpr bool operator==(const TileCoord&) const noexcept = default;
};

/// Builds an all-empty map of the given size.
[[nodiscard]] TileMap makeTileMap(int columns, int rows, int tileSizePx);
/// The tile containing a pixel position (floor division, so -0.5 px is tile -1).
[[nodiscard]] TileCoord tileAt(const TileMap& map, Vec2 p) noexcept;
/// True when the coordinate names a tile of the map.
[[nodiscard]] bool isInside(const TileMap& map, TileCoord c) noexcept;
/// The code of a tile; out-of-bounds coordinates must not be passed.
[[nodiscard]] std::uint8_t tileCode(const TileMap& map, TileCoord c) noexcept;
/// Sets the code of an in-bounds tile.
void setTileCode(TileMap& ioMap, TileCoord c, std::uint8_t code) noexcept;
/// True when the pixel lies in a non-empty tile or outside the map.
[[nodiscard]] bool isSolidAt(const TileMap& map, Vec2 p) noexcept;
/// The four corners of a box, each 1 px inside it, in the order TL, TR, BL, BR.
[[nodiscard]] std::array<Vec2, 4> sampleCorners(const Box& box) noexcept;
/// True when any inset corner of the box is solid; the box must be smaller than two tiles.
[[nodiscard]] bool hitsWall(const TileMap& map, const Box& box) noexcept;

}  // namespace retrace::sim
