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
    // The world extends past the screen (platforms wait below it and linger above it); only
    // what the camera sees is drawn, so nothing spills over the HUD or a neighbouring cell.
    const sim::Box screen{sim::Fixed(), state.cameraY, sim::px(config.screenWidth), sim::px(config.screenHeight)};
    const auto drawVisible = [&](const sim::Box& box, sf::Color fill, sf::Color edge) {
      if (const auto visible = sim::intersect(box, screen)) drawBox(target, states, *visible, fill, edge, -camera);
    };
    for (const auto& p : state.platforms) {
      drawVisible(p.box, p.spiked ? kSpikedColour : kPlatformColour, outline);
      // feet <= top + window - 1: the band a falling man's feet must end the tick in.
      if (overlays.window) drawVisible({p.box.x, p.box.y, p.box.w, sim::px(config.landingWindow - 1)}, sf::Color(255, 230, 0, 90), sf::Color::Transparent);
    }
    if (overlays.sweeps) {
      const auto& before = dynamic_cast<const Session&>(previous).state();
      const float shift = static_cast<float>((state.rebases - before.rebases) * fm::kRebasePx);
      sim::Box was = fm::manBox(config, before.man);
      was.y -= sim::px(static_cast<int>(shift));
      drawVisible(was, sf::Color::Transparent, kSweepColour);
    }
    drawVisible(fm::manBox(config, state.man), kPlayerColour, outline);
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
