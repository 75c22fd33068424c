#pragma once
// Drawing a game: one SceneDrawer per game, found by name, reading sim state only. A fourth
// game adds its drawer file and one line in drawers.cpp; nothing else in the viewer changes.

#include <string_view>

#include <SFML/Graphics.hpp>

#include "sim/aabb.h"
#include "sim/game.h"

namespace retrace::viewer {

/// Which overlays are drawn; toggled by keys, never part of the simulated state.
struct Overlays {
  bool boxes = true;    ///< bounding boxes
  bool sweeps = true;   ///< this tick's swept volumes and first-contact positions
  bool window = true;   ///< landing windows on platforms
  bool grid = true;     ///< tile grid, sampled corners, bullet hit circles
  bool events = true;   ///< the event panel
  bool help = false;    ///< the key list
};

// Colours, shared with the tests that check rendered regions.
inline const sf::Color kBackground{18, 18, 26};
inline const sf::Color kPlayerColour{64, 160, 255};
inline const sf::Color kObstacleColour{230, 80, 60};
inline const sf::Color kBrickColour{170, 90, 40};
inline const sf::Color kSteelColour{150, 150, 160};
inline const sf::Color kBaseColour{240, 200, 40};
inline const sf::Color kEnemyColour{220, 70, 70};
inline const sf::Color kBulletColour{255, 255, 255};
inline const sf::Color kPlatformColour{120, 200, 120};
inline const sf::Color kSpikedColour{220, 60, 140};
inline const sf::Color kOverlayColour{255, 230, 0};
inline const sf::Color kSweepColour{255, 230, 0, 60};

/// Draws one game.
class SceneDrawer {
 public:
  virtual ~SceneDrawer() = default;
  /// The world area drawn, in world pixels.
  [[nodiscard]] virtual sf::Vector2f worldSize(const sim::GameSession& now) const = 0;
  /// Draws the game in world pixels; `previous` is the state one tick earlier (for sweeps).
  virtual void draw(sf::RenderTarget& target, sf::RenderStates states, const sim::GameSession& previous,
                    const sim::GameSession& now, const Overlays& overlays) const = 0;
};

/// The drawer for a game, or nullptr.
[[nodiscard]] const SceneDrawer* findDrawer(std::string_view game);

/// A fixed-point value as a float, for drawing only (floats never reach sim).
[[nodiscard]] inline float toPixels(sim::Fixed v) noexcept { return static_cast<float>(v.raw()) / static_cast<float>(sim::Fixed::kOne); }

/// A filled (or outlined, when fill is transparent) rectangle for a box, shifted up by dy.
void drawBox(sf::RenderTarget& target, sf::RenderStates states, const sim::Box& box, sf::Color fill, sf::Color outline = sf::Color::Transparent,
             float dy = 0.0F);

}  // namespace retrace::viewer
