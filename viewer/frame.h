#pragma once
// One frame of the viewer: the scene scaled into its area, the HUD, the timeline with event
// markers, the event panel, the DIVERGED banner and the help overlay. Used by the window and
// by headless rendering alike.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

#include "viewer/playback.h"
#include "viewer/scene.h"

namespace retrace::viewer {

/// Where the parts of a frame go in a target of a given size.
struct FrameLayout {
  sf::FloatRect scene;     ///< the world, scaled to fit and centred
  sf::FloatRect hud;       ///< one line of text above the timeline
  sf::FloatRect timeline;  ///< the bar along the bottom
  float scale = 1.0F;      ///< target pixels per world pixel
};

/// Lays a frame out in an area for a world of the given size.
[[nodiscard]] FrameLayout computeLayout(sf::FloatRect area, sf::Vector2f world);
/// The tick under an x position of the timeline (clamped to [0, lastTick]).
[[nodiscard]] std::uint64_t tickAtTimeline(const FrameLayout& layout, float x, std::uint64_t lastTick);

/// Draws a scene on its background into `area` at `scale` target pixels per world pixel.
void drawSceneInArea(sf::RenderTarget& target, sf::FloatRect area, float scale, const sim::Scene& scene, const Overlays& overlays, const sf::Font& font);
/// The help lines: playback keys, and the overlay keys of the layers this game's scenes use.
[[nodiscard]] std::vector<std::string> describeViewerKeys(std::span<const sim::SceneLayer> layers);

/// Finds the DejaVu font Debian's fonts-dejavu-core installs; one sentence when it is missing.
[[nodiscard]] std::optional<std::string> loadFont(sf::Font& outFont);

/// Draws frames of one playback.
class FrameRenderer {
 public:
  explicit FrameRenderer(const sf::Font& font) : font_(font) {}
  /// Draws the whole frame into an area of the target.
  void render(sf::RenderTarget& target, sf::FloatRect area, const Playback& playback, const Overlays& overlays,
              std::optional<std::uint64_t> compareMark = std::nullopt) const;
  /// Draws only the scene (contact sheets), with a tick label.
  void renderScene(sf::RenderTarget& target, sf::FloatRect area, const Playback& playback, const Overlays& overlays) const;

 private:
  void drawText(sf::RenderTarget& target, const std::string& text, sf::Vector2f at, unsigned size, sf::Color colour) const;
  void drawTimeline(sf::RenderTarget& target, const FrameLayout& layout, const Playback& playback,
                    std::optional<std::uint64_t> compareMark) const;
  void drawEventPanel(sf::RenderTarget& target, const FrameLayout& layout, const Playback& playback) const;
  void drawHelp(sf::RenderTarget& target, sf::FloatRect area, std::span<const sim::SceneLayer> layers) const;
  const sf::Font& font_;
};

}  // namespace retrace::viewer
