// tank: the tile map, tanks and bullets; overlays for the tile grid, each tank's four sampled
// corners, the hit circle around each tank, and each bullet's path this tick.
#include "sim/game_model.h"
#include "sim/games/tank.h"
#include "viewer/scene.h"

namespace retrace::viewer {
namespace {

using Session = sim::GameModelSession<sim::tank::Game>;
namespace tank = sim::tank;

sf::Color tileColour(std::uint8_t code) {
  switch (code) {
    case tank::kBrick: return kBrickColour;
    case tank::kSteel: return kSteelColour;
    case tank::kBase: return kBaseColour;
    default: return sf::Color::Transparent;
  }
}

class TankDrawer final : public SceneDrawer {
 public:
  sf::Vector2f worldSize(const sim::GameSession&) const override {
    return {static_cast<float>(tank::kColumns * tank::kTilePx), static_cast<float>(tank::kRows * tank::kTilePx)};
  }

  void draw(sf::RenderTarget& target, sf::RenderStates states, const sim::GameSession& previous, const sim::GameSession& now,
            const Overlays& overlays) const override {
    const auto& session = dynamic_cast<const Session&>(now);
    const auto& state = session.state();
    const auto& config = session.config();
    drawTiles(target, states, state.map, overlays.grid);
    for (const auto& t : state.tanks) {
      const sim::Box box = tank::tankBox(config, t.centre);
      drawBox(target, states, box, t.enemy ? kEnemyColour : kPlayerColour, overlays.boxes ? kOverlayColour : sf::Color::Transparent);
      if (overlays.grid) drawSampling(target, states, box, t.centre, config.hitRadius);
    }
    const auto& before = dynamic_cast<const Session&>(previous).state();
    for (const auto& b : state.bullets) {
      if (overlays.sweeps) drawBulletPath(target, states, before, b);
      sf::CircleShape dot(2.0F);
      dot.setOrigin(2.0F, 2.0F);
      dot.setPosition(toPixels(b.position.x), toPixels(b.position.y));
      dot.setFillColor(kBulletColour);
      target.draw(dot, states);
    }
  }

 private:
  static void drawTiles(sf::RenderTarget& target, sf::RenderStates states, const sim::TileMap& map, bool grid) {
    for (int row = 0; row < map.rows; ++row) {
      for (int column = 0; column < map.columns; ++column) {
        const sim::Box box = sim::makeBox(column * map.tileSizePx, row * map.tileSizePx, map.tileSizePx, map.tileSizePx);
        drawBox(target, states, box, tileColour(sim::tileCode(map, {column, row})), grid ? sf::Color(60, 60, 80) : sf::Color::Transparent);
      }
    }
  }

  static void drawSampling(sf::RenderTarget& target, sf::RenderStates states, const sim::Box& box, sim::Vec2 centre, sim::Fixed radius) {
    for (const sim::Vec2 corner : sim::sampleCorners(box)) {
      sf::RectangleShape dot({2.0F, 2.0F});
      dot.setPosition(toPixels(corner.x) - 1.0F, toPixels(corner.y) - 1.0F);
      dot.setFillColor(kOverlayColour);
      target.draw(dot, states);
    }
    const float r = toPixels(radius);
    sf::CircleShape circle(r);
    circle.setOrigin(r, r);
    circle.setPosition(toPixels(centre.x), toPixels(centre.y));
    circle.setFillColor(sf::Color::Transparent);
    circle.setOutlineColor(sf::Color(255, 230, 0, 120));
    circle.setOutlineThickness(0.5F);
    target.draw(circle, states);
  }

  static void drawBulletPath(sf::RenderTarget& target, sf::RenderStates states, const tank::State& before, const tank::Bullet& b) {
    for (const auto& was : before.bullets) {
      if (was.id != b.id) continue;
      const sf::Vertex line[] = {sf::Vertex({toPixels(was.position.x), toPixels(was.position.y)}, kOverlayColour),
                                 sf::Vertex({toPixels(b.position.x), toPixels(b.position.y)}, kOverlayColour)};
      target.draw(line, 2, sf::Lines, states);
    }
  }
};

}  // namespace

const SceneDrawer& tankDrawer() {
  static const TankDrawer drawer;
  return drawer;
}

}  // namespace retrace::viewer
