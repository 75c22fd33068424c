// fallingman: the screen the camera sees (world y minus camera y), the platforms (spiked in
// another colour), the man, the ceiling spikes, and each platform's landing window band.
#include "sim/game_model.h"
#include "sim/games/fallingman.h"
#include "viewer/scene.h"

namespace retrace::viewer {
namespace {

using Session = sim::GameModelSession<sim::fallingman::Game>;
namespace fm = sim::fallingman;

class FallingmanDrawer final : public SceneDrawer {
 public:
  sf::Vector2f worldSize(const sim::GameSession& now) const override {
    const auto& config = dynamic_cast<const Session&>(now).config();
    return {static_cast<float>(config.screenWidth), static_cast<float>(config.screenHeight)};
  }

  void draw(sf::RenderTarget& target, sf::RenderStates states, const sim::GameSession& previous, const sim::GameSession& now,
            const Overlays& overlays) const override {
    const auto& session = dynamic_cast<const Session&>(now);
    const auto& state = session.state();
    const auto& config = session.config();
    const float camera = toPixels(state.cameraY);
    const sf::Color outline = overlays.boxes ? kOverlayColour : sf::Color::Transparent;
    for (const auto& p : state.platforms) {
      drawBox(target, states, p.box, p.spiked ? kSpikedColour : kPlatformColour, outline, -camera);
      if (overlays.window) {
        // feet <= top + window - 1: the band a falling man's feet must end the tick in.
        const sim::Box band{p.box.x, p.box.y, p.box.w, sim::px(config.landingWindow - 1)};
        drawBox(target, states, band, sf::Color(255, 230, 0, 90), sf::Color::Transparent, -camera);
      }
    }
    if (overlays.sweeps) {
      const auto& before = dynamic_cast<const Session&>(previous).state();
      const float shift = static_cast<float>((state.rebases - before.rebases) * fm::kRebasePx);
      sim::Box was = fm::manBox(config, before.man);
      was.y -= sim::px(static_cast<int>(shift));
      drawBox(target, states, was, sf::Color::Transparent, kSweepColour, -camera);
    }
    drawBox(target, states, fm::manBox(config, state.man), kPlayerColour, outline, -camera);
    sf::RectangleShape spikes({static_cast<float>(config.screenWidth), static_cast<float>(config.ceilingSpikes)});
    spikes.setFillColor(kSteelColour);
    target.draw(spikes, states);
  }
};

}  // namespace

const SceneDrawer& fallingmanDrawer() {
  static const FallingmanDrawer drawer;
  return drawer;
}

}  // namespace retrace::viewer
