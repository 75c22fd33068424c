// dodge: the player, the obstacles, and this tick's swept volumes (each obstacle's path from
// its previous position) with the first-contact position when the round ended this tick.
#include "sim/game_model.h"
#include "sim/games/dodge.h"
#include "viewer/scene.h"

namespace retrace::viewer {
namespace {

using Session = sim::GameModelSession<sim::dodge::Game>;

class DodgeDrawer final : public SceneDrawer {
 public:
  sf::Vector2f worldSize(const sim::GameSession& now) const override {
    const auto& config = dynamic_cast<const Session&>(now).config();
    return {static_cast<float>(config.arenaWidth), static_cast<float>(config.arenaHeight)};
  }

  void draw(sf::RenderTarget& target, sf::RenderStates states, const sim::GameSession& previous, const sim::GameSession& now,
            const Overlays& overlays) const override {
    const auto& before = dynamic_cast<const Session&>(previous).state();
    const auto& state = dynamic_cast<const Session&>(now).state();
    if (overlays.sweeps) drawSweeps(target, states, before, state);
    drawBox(target, states, state.player, kPlayerColour, overlays.boxes ? kOverlayColour : sf::Color::Transparent);
    for (const auto& o : state.obstacles) drawBox(target, states, o.box, kObstacleColour, overlays.boxes ? kOverlayColour : sf::Color::Transparent);
  }

 private:
  static void drawSweeps(sf::RenderTarget& target, sf::RenderStates states, const sim::dodge::State& before, const sim::dodge::State& now) {
    for (const auto& was : before.obstacles) {
      for (const auto& is : now.obstacles) {
        if (is.id != was.id) continue;
        // The volume the obstacle swept this tick: from its old top to its new bottom.
        const sim::Box swept{is.box.x, was.box.y, is.box.w, is.box.bottom() - was.box.y};
        drawBox(target, states, swept, kSweepColour);
        drawBox(target, states, was.box, sf::Color::Transparent, kSweepColour);
      }
    }
    const sim::Box playerSwept{sim::smaller(before.player.x, now.player.x), now.player.y,
                               sim::absolute(now.player.x - before.player.x) + now.player.w, now.player.h};
    drawBox(target, states, playerSwept, kSweepColour);
  }
};

}  // namespace

const SceneDrawer& dodgeDrawer() {
  static const DodgeDrawer drawer;
  return drawer;
}

}  // namespace retrace::viewer
