#pragma once
// Turning any game's scene (sim/scene.h) into pixels: one colour per category, one overlay per
// layer. The viewer names no game; what it draws is what the game describes.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include <SFML/Graphics.hpp>

#include "sim/fixed.h"
#include "sim/scene.h"

namespace retrace::viewer {

/// Which overlays are drawn; toggled by keys, never part of the simulated state.
struct Overlays {
  bool boxes = true;   ///< outlines of every entity's box
  bool sweeps = true;  ///< the sweep layer: this tick's swept volumes and paths
  bool window = true;  ///< the window layer: landing windows
  bool grid = true;    ///< the grid layer: tile edges, sampled corners, hit circles
  bool ids = false;    ///< each entity's name ("players[1]") beside it
  bool events = true;  ///< the event panel
  bool help = false;   ///< the key list
  bool panels = true;  ///< the debugger's panels (inspector, events, navigation) in the window
};

/// The overlays named in `list` ("boxes,names,grid", or "none") shown and the others hidden, the
/// help and panels as `base` has them: boxes, names and events for every game, and sweeps,
/// windows and grid for a game whose scenes have those `layers`. One sentence naming the
/// overlays there are when a name is not one of them.
[[nodiscard]] std::variant<Overlays, std::string> chooseOverlays(std::string_view list, std::span<const sim::SceneLayer> layers,
                                                                 Overlays base = {});

// Colours, shared with the tests that check rendered regions.
inline const sf::Color kBackground{18, 18, 26};
inline const sf::Color kOverlayColour{255, 230, 0};

/// What a category is, in words, for the legend.
[[nodiscard]] const char* describeCategory(sim::SceneCategory category) noexcept;
/// The colour of a category (the fill of filled shapes, the line of the others).
[[nodiscard]] sf::Color colourOf(sim::SceneCategory category) noexcept;
/// True when the overlays draw this layer.
[[nodiscard]] bool isLayerShown(sim::SceneLayer layer, const Overlays& overlays) noexcept;
/// The scene's world area in pixels.
[[nodiscard]] sf::Vector2f measureScene(const sim::Scene& scene) noexcept;
/// How one painting of a scene differs from the plain one.
struct PaintStyle {
  std::string highlight;     ///< an entity (or a field path inside one) outlined in white
  std::uint8_t alpha = 255;  ///< below 255: a translucent ghost (compare mode draws B over A)
};

/// Draws a scene in world pixels under `states` (which maps world to screen); labels and entity
/// names are drawn in screen pixels with `font`, so they stay legible at any scale.
void paintScene(sf::RenderTarget& target, sf::RenderStates states, const sim::Scene& scene, const Overlays& overlays,
                const sf::Font& font, const PaintStyle& style = {});
/// The entity drawn topmost at a world point on the bodies layer, or the map cell there (what a
/// click selects), if any.
[[nodiscard]] std::optional<std::string> findEntityAt(const sim::Scene& scene, sf::Vector2f world);

/// SFML's string of UTF-8 text: sf::String and sf::Text read a std::string in the locale's
/// 8-bit encoding, so a name read from a file ("é") would show as two wrong glyphs.
[[nodiscard]] sf::String decodeUtf8(const std::string& text);
/// SFML text of UTF-8 `text` (decodeUtf8) in `font` at `size` pixels.
[[nodiscard]] sf::Text makeText(const std::string& text, const sf::Font& font, unsigned size);

/// A fixed-point value as a float, for drawing only (floats never reach sim).
[[nodiscard]] inline float toPixels(sim::Fixed v) noexcept {
  return static_cast<float>(v.raw()) / static_cast<float>(sim::Fixed::kOne);
}

}  // namespace retrace::viewer
