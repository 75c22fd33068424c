#pragma once
// A game's scene: what a state looks like, as a list of primitives (boxes, circles, segments,
// points, text labels) in fixed-point world pixels. Box2D's idea of debug draw: the game says
// what is where and what it is; the viewer alone turns that into pixels, for any game. Each
// primitive names the entity it belongs to by its field path ("tanks[1]"), so a tool can label
// it or link it to the state's fields, and sits on a layer that one overlay toggles. A map's
// cell is named as its field ("tiles[5][7]"), so a click on it asks about that one cell.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/aabb.h"
#include "sim/fields.h"
#include "sim/fixed.h"
#include "sim/vec2.h"

namespace retrace::sim {

/// The geometry of a primitive.
enum class SceneShape : std::uint8_t { kBox, kCircle, kSegment, kPoint, kLabel };

/// What a primitive shows; the viewer gives each category its colour.
enum class SceneCategory : std::uint8_t {
  kPlayer,       ///< what the input moves
  kBody,         ///< another moving thing that is neither hazard nor projectile
  kProjectile,   ///< bullets, balls
  kHazard,       ///< what ends a round on contact: obstacles, enemies, spikes
  kSolid,        ///< walls that stop things and do not break
  kBreakable,    ///< walls that break
  kPlatform,     ///< surfaces to stand or land on
  kGoal,         ///< what must be protected or reached
  kSweep,        ///< a path or volume moved through this tick
  kWindow,       ///< a band a contact must fall within (a landing window)
  kHeading,      ///< which way an entity faces
  kSamplePoint,  ///< a point the rules sample (a tank's corners)
  kHitRadius,    ///< a distance the rules test (a hit circle)
  kGrid,         ///< cell edges of a tile map
  kLabel,        ///< text
  kTunnelPath,   ///< the path the tunnel oracle checked (a finding's drawing, not the state's)
  kTunnelHit,    ///< what that path passed through without a registered contact
};

/// The overlay a primitive belongs to: kBodies is always drawn, the others toggle.
enum class SceneLayer : std::uint8_t { kBodies, kSweeps, kWindows, kGrid };

/// One thing drawn.
struct ScenePrimitive {
  SceneShape shape = SceneShape::kBox;
  SceneCategory category = SceneCategory::kBody;
  SceneLayer layer = SceneLayer::kBodies;
  bool filled = true;  ///< false: outline only
  Vec2 a;              ///< box: top-left corner; circle: centre; segment: start; point and label: where
  Vec2 b;              ///< box: size; circle: (radius, 0); segment: end
  std::string entity;  ///< the entity's field path ("obstacles[2]"), empty when it is no entity
  std::string text;    ///< a label's text
  bool cell = false;   ///< `entity` is a map cell's field: picked and highlighted on any layer, never named or boxed
};

/// A state's scene: the world area in pixels and what is drawn in it, in drawing order.
struct Scene {
  Vec2 size;
  std::vector<ScenePrimitive> primitives;
};

/// How a primitive is drawn: its category, layer, entity, whether it is filled and whether the
/// entity is a map cell.
struct SceneStyle {
  SceneCategory category = SceneCategory::kBody;
  SceneLayer layer = SceneLayer::kBodies;
  std::string entity;
  bool filled = true;
  bool cell = false;
};

/// How a tunnel finding draws the path its oracle checked, and what the path passed through.
inline SceneStyle tunnelPathStyle() { return {SceneCategory::kTunnelPath, SceneLayer::kBodies, {}, false}; }
inline SceneStyle tunnelHitStyle() { return {SceneCategory::kTunnelHit, SceneLayer::kBodies, {}, false}; }

/// Adds a primitive of `shape` at `a` and `b` (what each means for it: ScenePrimitive).
inline void addPrimitive(Scene& scene, SceneShape shape, Vec2 a, Vec2 b, SceneStyle style, std::string text = {}) {
  scene.primitives.push_back(
      {shape, style.category, style.layer, style.filled, a, b, std::move(style.entity), std::move(text), style.cell});
}
/// Adds a box.
inline void addBox(Scene& scene, const Box& box, SceneStyle style) {
  addPrimitive(scene, SceneShape::kBox, {box.x, box.y}, {box.w, box.h}, std::move(style));
}
/// Adds the part of a box inside `clip`, if any (things partly off screen).
inline void addClippedBox(Scene& scene, const Box& box, const Box& clip, SceneStyle style) {
  if (const auto visible = intersect(box, clip)) addBox(scene, *visible, std::move(style));
}
/// Adds a circle.
inline void addCircle(Scene& scene, Vec2 centre, Fixed radius, SceneStyle style) {
  addPrimitive(scene, SceneShape::kCircle, centre, {radius, Fixed()}, std::move(style));
}
/// Adds a segment.
inline void addSegment(Scene& scene, Vec2 from, Vec2 to, SceneStyle style) {
  addPrimitive(scene, SceneShape::kSegment, from, to, std::move(style));
}
/// Adds a point.
inline void addPoint(Scene& scene, Vec2 at, SceneStyle style) {
  addPrimitive(scene, SceneShape::kPoint, at, {}, std::move(style));
}
/// Adds a text label whose top-left corner is `at`.
inline void addLabel(Scene& scene, Vec2 at, std::string text, SceneStyle style) {
  style.category = SceneCategory::kLabel;
  style.filled = true;
  addPrimitive(scene, SceneShape::kLabel, at, {}, std::move(style), std::move(text));
}
/// The field path of element `index` of list `list`: "tanks[1]".
[[nodiscard]] inline std::string nameElement(const char* list, std::size_t index) {
  return std::string(list) + "[" + std::to_string(index) + "]";
}
/// How a map's cell is drawn: as its field (packed bytes `grid` in rows of `columns`,
/// "tiles[5][7]"), one cell of the map rather than an entity of its own.
[[nodiscard]] inline SceneStyle styleCell(SceneCategory category, SceneLayer layer, const char* grid, std::size_t row,
                                          std::size_t column, std::size_t columns, bool filled = true) {
  return {category, layer, namePackedByte(grid, row * columns + column, columns), filled, true};
}

}  // namespace retrace::sim
