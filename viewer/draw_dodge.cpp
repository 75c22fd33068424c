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
    const auto& session = dynamic_cast<const Session&>(now);
    const auto& before = dynamic_cast<const Session&>(previous).state();
    const auto& state = session.state();
    // Obstacles spawn above the arena: only the part inside it is drawn.
    const sim::Box arena = sim::makeBox(0, 0, session.config().arenaWidth, session.config().arenaHeight);
    const auto drawVisible = [&](const sim::Box& box, sf::Color fill, sf::Color edge) {
      if (const auto visible = sim::intersect(box, arena)) drawBox(target, states, *visible, fill, edge);
    };
    if (overlays.sweeps) drawSweeps(before, state, drawVisible);
    const sf::Color outline = overlays.boxes ? kOverlayColour : sf::Color::Transparent;
    drawVisible(state.player, kPlayerColour, outline);
    for (const auto& o : state.obstacles) drawVisible(o.box, kObstacleColour, outline);
  }

 private:
  template <typename Draw>
  static void drawSweeps(const sim::dodge::State& before, const sim::dodge::State& now, const Draw& drawVisible) {
    for (const auto& was : before.obstacles) {
      for (const auto& is : now.obstacles) {
        if (is.id != was.id) continue;
        // The volume the obstacle swept this tick: from its old top to its new bottom.
        drawVisible(sim::Box{is.box.x, was.box.y, is.box.w, is.box.bottom() - was.box.y}, kSweepColour, sf::Color::Transparent);
        drawVisible(was.box, sf::Color::Transparent, kSweepColour);
      }
    }
    const sim::Box playerSwept{sim::smaller(before.player.x, now.player.x), now.player.y,
                               sim::absolute(now.player.x - before.player.x) + now.player.w, now.player.h};
    drawVisible(playerSwept, kSweepColour, sf::Color::Transparent);
  }
};

}  // namespace

const SceneDrawer& dodgeDrawer() {
  static const DodgeDrawer drawer;
  return drawer;
}

}  // namespace retrace::viewer
