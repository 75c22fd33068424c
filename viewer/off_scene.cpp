#include "viewer/off_scene.h"

#include <algorithm>
#include <cmath>

#include "viewer/scene.h"

namespace retrace::viewer {

std::optional<sf::FloatRect> measureDrawing(const sim::Scene& drawing) {
  std::optional<sf::FloatRect> area;
  const auto cover = [&area](sf::Vector2f from, sf::Vector2f to) {
    const sf::Vector2f low{std::min(from.x, to.x), std::min(from.y, to.y)};
    const sf::Vector2f high{std::max(from.x, to.x), std::max(from.y, to.y)};
    if (!area) {
      area = sf::FloatRect(low, high - low);
      return;
    }
    const float left = std::min(area->left, low.x);
    const float top = std::min(area->top, low.y);
    const float right = std::max(area->left + area->width, high.x);
    const float bottom = std::max(area->top + area->height, high.y);
    area = sf::FloatRect(left, top, right - left, bottom - top);
  };
  for (const sim::ScenePrimitive& p : drawing.primitives) {
    const sf::Vector2f a{toPixels(p.a.x), toPixels(p.a.y)};
    const sf::Vector2f b{toPixels(p.b.x), toPixels(p.b.y)};
    switch (p.shape) {
      case sim::SceneShape::kBox: cover(a, a + b); break;
      case sim::SceneShape::kCircle: cover(a - sf::Vector2f{b.x, b.x}, a + sf::Vector2f{b.x, b.x}); break;
      case sim::SceneShape::kSegment: cover(a, b); break;
      case sim::SceneShape::kPoint:
      case sim::SceneShape::kLabel: cover(a, a); break;
    }
  }
  return area;
}

std::optional<OffScene> locateOffScene(sf::FloatRect area, sf::Vector2f size) noexcept {
  const float right = area.left + area.width;
  const float bottom = area.top + area.height;
  const auto sideOf = [](float low, float high, float extent) { return high < 0.0F ? -1 : low > extent ? 1 : 0; };
  const sf::Vector2i side{sideOf(area.left, right, size.x), sideOf(area.top, bottom, size.y)};
  if (side.x == 0 && side.y == 0) return std::nullopt;
  const float dx = side.x < 0 ? -right : side.x > 0 ? area.left - size.x : 0.0F;
  const float dy = side.y < 0 ? -bottom : side.y > 0 ? area.top - size.y : 0.0F;
  const sf::Vector2f centre{area.left + area.width / 2, area.top + area.height / 2};
  return OffScene{{std::clamp(centre.x, 0.0F, size.x), std::clamp(centre.y, 0.0F, size.y)}, side, std::hypot(dx, dy)};
}

std::string describeOffScene(const OffScene& off) {
  std::string where;
  if (off.side.y != 0) where = off.side.y < 0 ? "above" : "below";
  if (off.side.x != 0) where += std::string(where.empty() ? "" : " and ") + (off.side.x < 0 ? "left" : "right");
  // Whole pixels: the marker says where to look, the oracle's sentence gives the exact values.
  return std::to_string(static_cast<long>(std::ceil(off.distance))) + " px " + where;
}

}  // namespace retrace::viewer
