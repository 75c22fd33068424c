// The one place in the viewer that names games.
#include <string_view>

#include "viewer/scene.h"

namespace retrace::viewer {

const SceneDrawer& dodgeDrawer();
const SceneDrawer& tankDrawer();
const SceneDrawer& fallingmanDrawer();

const SceneDrawer* findDrawer(std::string_view game) {
  if (game == "dodge") return &dodgeDrawer();
  if (game == "tank") return &tankDrawer();
  if (game == "fallingman") return &fallingmanDrawer();
  return nullptr;
}

void drawBox(sf::RenderTarget& target, sf::RenderStates states, const sim::Box& box, sf::Color fill, sf::Color outline, float dy) {
  sf::RectangleShape shape({toPixels(box.w), toPixels(box.h)});
  shape.setPosition(toPixels(box.x), toPixels(box.y) + dy);
  shape.setFillColor(fill);
  if (outline.a != 0) {
    shape.setOutlineColor(outline);
    shape.setOutlineThickness(-0.5F);  // inside the box, so it never covers a neighbour
  }
  target.draw(shape, states);
}

}  // namespace retrace::viewer
