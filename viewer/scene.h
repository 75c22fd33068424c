#pragma once
// Turning any game's scene (sim/scene.h) into pixels: one colour per category, one overlay per
// layer. The viewer names no game; what it draws is what the game describes.

#include <span>
#include <string>

#include <SFML/Graphics.hpp>

#include "sim/fixed.h"
#include "sim/scene.h"

namespace retrace::viewer {

/// Which overlays are drawn; toggled by keys, never part of the simulated state.
struct Overlays {
  bool boxes = true;    ///< outlines of every entity's box
  bool sweeps = true;   ///< the sweep layer: this tick's swept volumes and paths
  bool window = true;   ///< the window layer: landing windows
  bool grid = true;     ///< the grid layer: tile edges, sampled corners, hit circles
  bool ids = false;     ///< each entity's name ("tanks[1]") beside it
  bool events = true;   ///< the event panel
  bool help = false;    ///< the key list
};

// Colours, shared with the tests that check rendered regions.
inline const sf::Color kBackground{18, 18, 26};
inline const sf::Color kOverlayColour{255, 230, 0};

/// The colour of a category (the fill of filled shapes, the line of the others).
[[nodiscard]] sf::Color colourOf(sim::SceneCategory category) noexcept;
/// True when the overlays draw this layer.
[[nodiscard]] bool isLayerShown(sim::SceneLayer layer, const Overlays& overlays) noexcept;
/// The scene's world area in pixels.
[[nodiscard]] sf::Vector2f measureScene(const sim::Scene& scene) noexcept;
/// Draws a scene in world pixels under `states` (which maps world to screen); labels and entity
/// names are drawn in screen pixels with `font`, so they stay legible at any scale.
void paintScene(sf::RenderTarget& target, sf::RenderStates states, const sim::Scene& scene, const Overlays& overlays, const sf::Font& font);

/// A fixed-point value as a float, for drawing only (floats never reach sim).
[[nodiscard]] inline float toPixels(sim::Fixed v) noexcept { return static_cast<float>(v.raw()) / static_cast<float>(sim::Fixed::kOne); }

}  // namespace retrace::viewer
