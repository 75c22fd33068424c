#include "viewer/scene.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/text.h"

namespace retrace::viewer {
namespace {

using sim::SceneCategory;
using sim::SceneShape;

sf::Vector2f toPoint(sim::Vec2 v) noexcept { return {toPixels(v.x), toPixels(v.y)}; }

void paintBox(sf::RenderTarget& target, sf::RenderStates states, const sim::ScenePrimitive& p, sf::Color colour, bool outlined) {
  sf::RectangleShape shape(toPoint(p.b));
  shape.setPosition(toPoint(p.a));
  shape.setFillColor(p.filled ? colour : sf::Color::Transparent);
  if (!p.filled || outlined) {
    shape.setOutlineColor(p.filled ? kOverlayColour : colour);
    // Inside the box, so it never covers a neighbour; a tunnel's drawing is thicker, to be seen.
    const bool tunnel = p.category == SceneCategory::kTunnelPath || p.category == SceneCategory::kTunnelHit;
    shape.setOutlineThickness(tunnel ? -1.0F : -0.5F);
  }
  target.draw(shape, states);
}

void paintCircle(sf::RenderTarget& target, sf::RenderStates states, const sim::ScenePrimitive& p, sf::Color colour) {
  const float radius = toPixels(p.b.x);
  sf::CircleShape shape(radius);
  shape.setOrigin(radius, radius);
  shape.setPosition(toPoint(p.a));
  shape.setFillColor(p.filled ? colour : sf::Color::Transparent);
  if (!p.filled) {
    shape.setOutlineColor(colour);
    shape.setOutlineThickness(0.5F);
  }
  target.draw(shape, states);
}

void paintText(sf::RenderTarget& target, const sf::Transform& transform, sim::Vec2 at, const std::string& text,
               const sf::Font& font, sf::Color colour) {
  sf::Text label = makeText(text, font, 14);
  label.setFillColor(colour);
  label.setOutlineColor(sf::Color::Black);
  label.setOutlineThickness(1.0F);
  label.setPosition(transform.transformPoint(toPoint(at)));
  target.draw(label);
}

/// Whether a click or a highlight finds `p`: an entity's bodies, and a map cell on any layer
/// (an empty cell is drawn on the grid layer alone).
bool isPickable(const sim::ScenePrimitive& p) noexcept {
  return !p.entity.empty() && (p.layer == sim::SceneLayer::kBodies || p.cell);
}

/// A white frame around every body of the entity, a little outside it so it shows on any fill.
void paintHighlight(sf::RenderTarget& target, sf::RenderStates states, const sim::Scene& scene, std::string_view highlight) {
  for (const sim::ScenePrimitive& p : scene.primitives) {
    if (!isPickable(p)) continue;
    // The highlight names an entity or a field inside one ("players[1].position.x" lights players[1]).
    const bool inside =
        highlight.starts_with(p.entity) &&
        (highlight.size() == p.entity.size() || highlight[p.entity.size()] == '.' || highlight[p.entity.size()] == '[');
    if (!inside) continue;
    const bool round = p.shape == SceneShape::kCircle;
    const sf::Vector2f at = round ? toPoint(p.a) - sf::Vector2f(toPixels(p.b.x), toPixels(p.b.x)) : toPoint(p.a);
    const sf::Vector2f size = round ? sf::Vector2f(2 * toPixels(p.b.x), 2 * toPixels(p.b.x))
                                    : (p.shape == SceneShape::kBox ? toPoint(p.b) : sf::Vector2f(0.0F, 0.0F));
    const float margin = 2.0F / std::max(states.transform.getMatrix()[0], 0.01F);
    sf::RectangleShape frame(size + sf::Vector2f(2 * margin, 2 * margin));
    frame.setPosition(at - sf::Vector2f(margin, margin));
    frame.setFillColor(sf::Color::Transparent);
    frame.setOutlineColor(sf::Color::White);
    frame.setOutlineThickness(margin / 2);
    target.draw(frame, states);
  }
}

}  // namespace

std::optional<std::string> findEntityAt(const sim::Scene& scene, sf::Vector2f world) {
  for (auto it = scene.primitives.rbegin(); it != scene.primitives.rend(); ++it) {
    const sim::ScenePrimitive& p = *it;
    if (!isPickable(p)) continue;
    const sf::Vector2f a = toPoint(p.a);
    bool hit = false;
    switch (p.shape) {
      case SceneShape::kBox:
        hit = world.x >= a.x && world.y >= a.y && world.x <= a.x + toPixels(p.b.x) && world.y <= a.y + toPixels(p.b.y);
        break;
      case SceneShape::kCircle: {
        const float dx = world.x - a.x;
        const float dy = world.y - a.y;
        const float r = std::max(toPixels(p.b.x), 2.0F);
        hit = dx * dx + dy * dy <= r * r;
        break;
      }
      case SceneShape::kPoint: hit = std::abs(world.x - a.x) <= 2.0F && std::abs(world.y - a.y) <= 2.0F; break;
      case SceneShape::kSegment:
      case SceneShape::kLabel: break;
    }
    if (hit) return p.entity;
  }
  return std::nullopt;
}

const char* describeCategory(SceneCategory category) noexcept {
  switch (category) {
    case SceneCategory::kPlayer: return "player";
    case SceneCategory::kBody: return "body";
    case SceneCategory::kProjectile: return "projectile";
    case SceneCategory::kHazard: return "hazard";
    case SceneCategory::kSolid: return "solid wall";
    case SceneCategory::kBreakable: return "breakable wall";
    case SceneCategory::kPlatform: return "platform";
    case SceneCategory::kGoal: return "goal";
    case SceneCategory::kSweep: return "swept path or volume (S)";
    case SceneCategory::kWindow: return "landing window (W)";
    case SceneCategory::kHeading: return "heading";
    case SceneCategory::kSamplePoint: return "sampled point (G)";
    case SceneCategory::kHitRadius: return "hit radius (G)";
    case SceneCategory::kGrid: return "grid (G)";
    case SceneCategory::kLabel: return "label";
    case SceneCategory::kTunnelPath: return "tunnel: the path the oracle checked";
    case SceneCategory::kTunnelHit: return "tunnel: what the path passed through";
  }
  return "other";
}

sf::Color colourOf(SceneCategory category) noexcept {
  switch (category) {
    case SceneCategory::kPlayer: return {64, 160, 255};
    case SceneCategory::kBody: return {200, 200, 220};
    case SceneCategory::kProjectile: return sf::Color::White;
    case SceneCategory::kHazard: return {230, 80, 60};
    case SceneCategory::kSolid: return {150, 150, 160};
    case SceneCategory::kBreakable: return {170, 90, 40};
    case SceneCategory::kPlatform: return {120, 200, 120};
    case SceneCategory::kGoal: return {240, 200, 40};
    case SceneCategory::kSweep: return {255, 230, 0, 60};
    case SceneCategory::kWindow: return {255, 90, 220, 120};  // magenta: seen on any platform colour
    case SceneCategory::kHeading: return sf::Color::White;
    case SceneCategory::kSamplePoint: return kOverlayColour;
    case SceneCategory::kHitRadius: return {255, 230, 0, 120};
    case SceneCategory::kGrid: return {60, 60, 80};
    case SceneCategory::kTunnelPath: return {255, 255, 0};
    case SceneCategory::kTunnelHit: return {255, 40, 200};
    case SceneCategory::kLabel: break;
  }
  return {220, 220, 230};
}

bool isLayerShown(sim::SceneLayer layer, const Overlays& overlays) noexcept {
  switch (layer) {
    case sim::SceneLayer::kBodies: return true;
    case sim::SceneLayer::kSweeps: return overlays.sweeps;
    case sim::SceneLayer::kWindows: return overlays.window;
    case sim::SceneLayer::kGrid: return overlays.grid;
  }
  return false;
}

sf::String decodeUtf8(const std::string& text) { return sf::String::fromUtf8(text.begin(), text.end()); }

sf::Text makeText(const std::string& text, const sf::Font& font, unsigned size) { return {decodeUtf8(text), font, size}; }

sf::Vector2f measureScene(const sim::Scene& scene) noexcept {
  return {std::max(1.0F, toPixels(scene.size.x)), std::max(1.0F, toPixels(scene.size.y))};
}

namespace {

/// A 2x2-pixel dot at `at`, for a point or a path's end (a path a fraction of a pixel long is
/// still seen).
void appendDot(sf::VertexArray& dots, sf::Vector2f at, sf::Color colour) {
  for (const sf::Vector2f corner : {sf::Vector2f{-1, -1}, sf::Vector2f{1, -1}, sf::Vector2f{1, 1}, sf::Vector2f{-1, 1}})
    dots.append(sf::Vertex(at + corner, colour));
}

/// Each entity's name, once, at the top-left of the first thing drawn for it on the bodies layer;
/// never a map cell's, which would cover the map with names.
void paintEntityNames(sf::RenderTarget& target, const sf::RenderStates& states, const sim::Scene& scene, const sf::Font& font) {
  std::set<std::string> named;
  for (const sim::ScenePrimitive& p : scene.primitives) {
    if (p.entity.empty() || p.cell || p.layer != sim::SceneLayer::kBodies || !named.insert(p.entity).second) continue;
    const sim::Vec2 at = p.shape == SceneShape::kCircle ? sim::Vec2{p.a.x + p.b.x, p.a.y - p.b.x} : p.a;
    paintText(target, states.transform, at, p.entity, font, sf::Color(255, 255, 255));
  }
}

}  // namespace

void paintScene(sf::RenderTarget& target, sf::RenderStates states, const sim::Scene& scene, const Overlays& overlays,
                const sf::Font& font, const PaintStyle& style) {
  sf::VertexArray lines(sf::Lines);
  sf::VertexArray dots(sf::Quads);
  for (const sim::ScenePrimitive& p : scene.primitives) {
    if (!isLayerShown(p.layer, overlays)) continue;
    sf::Color colour = colourOf(p.category);
    colour.a = static_cast<std::uint8_t>(colour.a * style.alpha / 255);
    switch (p.shape) {
      case SceneShape::kBox:
        // The boxes overlay outlines every entity's own box (its body, not its sweep or window,
        // and not a map's cells, which are the map rather than things on it).
        paintBox(target, states, p, colour,
                 style.alpha == 255 && overlays.boxes && p.layer == sim::SceneLayer::kBodies && !p.entity.empty() && !p.cell);
        break;
      case SceneShape::kCircle: paintCircle(target, states, p, colour); break;
      case SceneShape::kSegment:
        lines.append(sf::Vertex(toPoint(p.a), colour));
        lines.append(sf::Vertex(toPoint(p.b), colour));
        if (p.category == SceneCategory::kTunnelPath) {
          appendDot(dots, toPoint(p.a), colour);
          appendDot(dots, toPoint(p.b), colour);
        }
        break;
      case SceneShape::kPoint: appendDot(dots, toPoint(p.a), colour); break;
      case SceneShape::kLabel: paintText(target, states.transform, p.a, p.text, font, colour); break;
    }
  }
  target.draw(lines, states);
  target.draw(dots, states);
  if (!style.highlight.empty()) paintHighlight(target, states, scene, style.highlight);
  if (overlays.ids && style.alpha == 255) paintEntityNames(target, states, scene, font);
}

std::variant<Overlays, std::string> chooseOverlays(std::string_view list, std::span<const sim::SceneLayer> layers,
                                                   Overlays base) {
  const auto has = [&](sim::SceneLayer layer) { return std::find(layers.begin(), layers.end(), layer) != layers.end(); };
  // The overlays this game's scenes have, in the order the window's help lists them.
  std::vector<std::pair<std::string_view, bool*>> named{{"boxes", &base.boxes}, {"names", &base.ids}, {"events", &base.events}};
  if (has(sim::SceneLayer::kSweeps)) named.emplace_back("sweeps", &base.sweeps);
  if (has(sim::SceneLayer::kWindows)) named.emplace_back("windows", &base.window);
  if (has(sim::SceneLayer::kGrid)) named.emplace_back("grid", &base.grid);
  // Every overlay hidden first, those of layers this game's scenes lack included (none draws).
  base.boxes = base.ids = base.events = base.sweeps = base.window = base.grid = false;
  if (list == "none") return base;
  std::string there;
  for (const auto& [name, shown] : named) there += (there.empty() ? "" : ", ") + std::string(name);
  while (true) {
    const std::string_view word = list.substr(0, list.find(','));
    const auto found = std::find_if(named.begin(), named.end(), [&](const auto& n) { return n.first == word; });
    if (found == named.end())
      return sim::quoteForMessage(std::string(word)) + " is no overlay of this game's scenes (overlays: " + there + ", or none)";
    *found->second = true;
    if (word.size() == list.size()) return base;
    list.remove_prefix(word.size() + 1);
  }
}

}  // namespace retrace::viewer
