#pragma once
// Where a drawing lies when none of it is in the scene: a tunnel the oracle found past the
// scene's edge (a platform fallen through below the screen as the player left it) is marked at
// the edge it lies beyond, with which way and how far, instead of being drawn where no one sees it.

#include <optional>
#include <string>

#include <SFML/Graphics.hpp>

#include "sim/scene.h"

namespace retrace::viewer {

/// The world area a drawing's primitives cover (a label counts as its corner), or nothing for
/// a drawing with none.
[[nodiscard]] std::optional<sf::FloatRect> measureDrawing(const sim::Scene& drawing);

/// A drawing outside the scene, seen from the scene's edge.
struct OffScene {
  sf::Vector2f edge;      ///< the point of the scene's border nearest the drawing's centre (world px)
  sf::Vector2i side;      ///< which way it lies: x -1 left, 1 right; y -1 above, 1 below; 0 within on that axis
  float distance = 0.0F;  ///< world pixels from the scene to the nearest part of the drawing
};

/// Where `area` lies seen from a scene of `size` (world px from the origin), or nothing when any
/// of it is inside the scene or on its border.
[[nodiscard]] std::optional<OffScene> locateOffScene(sf::FloatRect area, sf::Vector2f size) noexcept;

/// Where it lies, in words: "15 px below", "13 px above and left".
[[nodiscard]] std::string describeOffScene(const OffScene& off);

}  // namespace retrace::viewer
