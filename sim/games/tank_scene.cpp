// tank's scene: the tile map (each tile named as its cell, "tiles[5][7]"), the tanks with the
// way each faces, the bullets; on the grid layer the tile edges, each tank's four sampled
// corners and its hit circle; on the sweep layer each bullet's path this tick.
#include "sim/games/tank.h"

namespace retrace::sim::tank {
namespace {

constexpr SceneLayer kLayers[] = {SceneLayer::kSweeps, SceneLayer::kGrid};

/// The category of a tile, or nothing for an empty one.
std::optional<SceneCategory> categorizeTile(std::uint8_t code) {
  switch (code) {
    case kBrick: return SceneCategory::kBreakable;
    case kSteel: return SceneCategory::kSolid;
    case kBase: return SceneCategory::kGoal;
    default: return std::nullopt;
  }
}

}  // namespace

Scene Game::describeScene(const Config& config, const State& previous, const State& state) {
  const TileMap& map = state.map;
  Scene scene{{px(map.columns * map.tileSizePx), px(map.rows * map.tileSizePx)}, {}};
  for (int row = 0; row < map.rows; ++row) {
    for (int column = 0; column < map.columns; ++column) {
      const Box cell = makeBox(column * map.tileSizePx, row * map.tileSizePx, map.tileSizePx, map.tileSizePx);
      const auto r = static_cast<std::size_t>(row);
      const auto c = static_cast<std::size_t>(column);
      const auto columns = static_cast<std::size_t>(map.columns);
      if (const auto category = categorizeTile(tileCode(map, {column, row})))
        addBox(scene, cell, styleCell(*category, SceneLayer::kBodies, "tiles", r, c, columns));
      // Every cell's edges carry its name, so a click where a brick was asks about that cell.
      addBox(scene, cell, styleCell(SceneCategory::kGrid, SceneLayer::kGrid, "tiles", r, c, columns, false));
    }
  }
  for (std::size_t i = 0; i < state.tanks.size(); ++i) {
    const Tank& t = state.tanks[i];
    const std::string entity = nameElement("tanks", i);
    const Box box = tankBox(config, t.centre);
    addBox(scene, box, {t.enemy ? SceneCategory::kHazard : SceneCategory::kPlayer, SceneLayer::kBodies, entity});
    addSegment(scene, t.centre, t.centre + stepToward(t.facing, px(config.tankSize) / px(2)),
               {SceneCategory::kHeading, SceneLayer::kBodies, entity});
    for (const Vec2 corner : sampleCorners(box))
      addPoint(scene, corner, {SceneCategory::kSamplePoint, SceneLayer::kGrid, entity});
    addCircle(scene, t.centre, config.hitRadius, {SceneCategory::kHitRadius, SceneLayer::kGrid, entity, false});
  }
  for (std::size_t i = 0; i < state.bullets.size(); ++i) {
    const Bullet& b = state.bullets[i];
    const std::string entity = nameElement("bullets", i);
    for (const Bullet& was : previous.bullets) {
      if (was.id == b.id) addSegment(scene, was.position, b.position, {SceneCategory::kSweep, SceneLayer::kSweeps, entity});
    }
    addCircle(scene, b.position, px(2), {SceneCategory::kProjectile, SceneLayer::kBodies, entity});
  }
  return scene;
}

std::span<const SceneLayer> Game::sceneLayers() { return kLayers; }

}  // namespace retrace::sim::tank
