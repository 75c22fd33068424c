#include "viewer/frame.h"

#include <algorithm>
#include <cstdio>

#include "recorder/inspect.h"

namespace retrace::viewer {
namespace {

constexpr float kHudHeight = 22.0F;
constexpr float kTimelineHeight = 18.0F;
constexpr float kMargin = 4.0F;

constexpr const char* kFontPaths[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
                                      "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"};

sf::Color markerColour(MarkerKind kind) {
  switch (kind) {
    case MarkerKind::kContact: return {230, 80, 60};
    case MarkerKind::kLanding: return {120, 200, 120};
    case MarkerKind::kTunnel: return {255, 230, 0};
    case MarkerKind::kDivergence: return {255, 0, 255};
    case MarkerKind::kEvent: break;
  }
  return {90, 90, 110};
}


}  // namespace

FrameLayout computeLayout(sf::FloatRect area, sf::Vector2f world) {
  FrameLayout layout;
  layout.timeline = {area.left + kMargin, area.top + area.height - kTimelineHeight - kMargin, area.width - 2 * kMargin, kTimelineHeight};
  layout.hud = {area.left + kMargin, layout.timeline.top - kHudHeight, area.width - 2 * kMargin, kHudHeight};
  const float sceneHeight = std::max(1.0F, layout.hud.top - area.top - 2 * kMargin);
  const float sceneWidth = std::max(1.0F, area.width - 2 * kMargin);
  layout.scale = std::min(sceneWidth / world.x, sceneHeight / world.y);
  const sf::Vector2f size{world.x * layout.scale, world.y * layout.scale};
  layout.scene = {area.left + kMargin + (sceneWidth - size.x) / 2, area.top + kMargin + (sceneHeight - size.y) / 2, size.x, size.y};
  return layout;
}

std::uint64_t tickAtTimeline(const FrameLayout& layout, float x, std::uint64_t lastTick) {
  const float fraction = std::clamp((x - layout.timeline.left) / layout.timeline.width, 0.0F, 1.0F);
  return static_cast<std::uint64_t>(fraction * static_cast<float>(lastTick) + 0.5F);
}

std::optional<std::string> loadFont(sf::Font& outFont) {
  for (const char* path : kFontPaths) {
    if (outFont.loadFromFile(path)) return std::nullopt;
  }
  return "no font: install Debian's fonts-dejavu-core (scripts/demo and scripts/test do)";
}

void FrameRenderer::drawText(sf::RenderTarget& target, const std::string& text, sf::Vector2f at, unsigned size, sf::Color colour) const {
  sf::Text label(text, font_, size);
  label.setFillColor(colour);
  label.setPosition(at);
  target.draw(label);
}

void drawSceneInArea(sf::RenderTarget& target, sf::FloatRect area, float scale, const sim::Scene& scene, const Overlays& overlays, const sf::Font& font) {
  sf::RectangleShape background({area.width, area.height});
  background.setPosition(area.left, area.top);
  background.setFillColor(kBackground);
  target.draw(background);
  sf::RenderStates states;
  states.transform.translate(area.left, area.top).scale(scale, scale);
  paintScene(target, states, scene, overlays, font);
}

std::vector<std::string> describeViewerKeys(std::span<const sim::SceneLayer> layers) {
  const auto has = [&](sim::SceneLayer layer) { return std::find(layers.begin(), layers.end(), layer) != layers.end(); };
  std::vector<std::string> lines = {
      "space      play / pause",
      "right/left one tick (shift: 60 ticks)",
      "home/end   first / last tick",
      "+ / -      playback speed 0.25x .. 8x",
      "click/drag the timeline to seek",
      "N / shift+N next / previous --find match",
  };
  std::string overlays = "B boxes  I names";
  if (has(sim::SceneLayer::kSweeps)) overlays += "  S sweeps";
  if (has(sim::SceneLayer::kWindows)) overlays += "  W windows";
  lines.push_back(overlays);
  lines.push_back(std::string(has(sim::SceneLayer::kGrid) ? "G grid, corners, hit circles  " : "") + "E events");
  lines.push_back("H help   Q or Esc quit");
  return lines;
}

void FrameRenderer::renderScene(sf::RenderTarget& target, sf::FloatRect area, const Playback& playback, const Overlays& overlays) const {
  const sim::Scene scene = playback.current().describeScene(playback.previous());
  const sf::Vector2f world = measureScene(scene);
  const float scale = std::min(area.width / world.x, (area.height - 14.0F) / world.y);
  drawSceneInArea(target, {area.left, area.top + 14.0F, world.x * scale, world.y * scale}, scale, scene, overlays, font_);
  drawText(target, "tick " + std::to_string(playback.tick()), {area.left, area.top}, 11, sf::Color::White);
}

void FrameRenderer::render(sf::RenderTarget& target, sf::FloatRect area, const Playback& playback, const Overlays& overlays,
                           std::optional<std::uint64_t> compareMark) const {
  const sim::Scene scene = playback.current().describeScene(playback.previous());
  const FrameLayout layout = computeLayout(area, measureScene(scene));
  drawSceneInArea(target, layout.scene, layout.scale, scene, overlays, font_);

  const recorder::ReplayHeader& h = playback.replay().header;
  char speed[16];
  std::snprintf(speed, sizeof speed, "%gx", playback.speed());
  const std::string hud = "tick " + std::to_string(playback.tick()) + "/" + std::to_string(playback.lastTick()) + "  " +
                          recorder::formatTickTime(playback.tick()) + "  " + h.game + " (" + h.configName + ") seed " + std::to_string(h.seed) +
                          "  state " + sim::formatFieldValue(static_cast<std::int64_t>(playback.current().hash()), sim::FieldKind::kBits) +
                          "  " + speed + (playback.playing() ? "  playing" : "  paused") + "  (H: keys)";
  drawText(target, hud, {layout.hud.left, layout.hud.top + 3.0F}, 12, sf::Color(220, 220, 230));
  drawTimeline(target, layout, playback, compareMark);
  if (overlays.events) drawEventPanel(target, layout, playback);
  if (playback.divergenceTick() && playback.tick() >= *playback.divergenceTick()) {
    sf::RectangleShape banner({layout.scene.width, 24.0F});
    banner.setPosition(layout.scene.left, layout.scene.top);
    banner.setFillColor(sf::Color(200, 0, 60, 220));
    target.draw(banner);
    drawText(target, "DIVERGED at tick " + std::to_string(*playback.divergenceTick()) + ": re-simulation no longer matches the recording",
             {layout.scene.left + 6.0F, layout.scene.top + 4.0F}, 13, sf::Color::White);
  }
  if (overlays.help) drawHelp(target, layout.scene, playback.game().sceneLayers());
}

void FrameRenderer::drawTimeline(sf::RenderTarget& target, const FrameLayout& layout, const Playback& playback,
                                 std::optional<std::uint64_t> compareMark) const {
  const sf::FloatRect& bar = layout.timeline;
  sf::RectangleShape track({bar.width, bar.height});
  track.setPosition(bar.left, bar.top);
  track.setFillColor(sf::Color(40, 40, 52));
  target.draw(track);
  const float last = static_cast<float>(std::max<std::uint64_t>(playback.lastTick(), 1));
  const auto xOf = [&](std::uint64_t tick) { return bar.left + bar.width * static_cast<float>(tick) / last; };
  sf::VertexArray marks(sf::Lines);
  for (const Marker& m : playback.markers()) {
    const float top = m.kind == MarkerKind::kEvent ? bar.top + bar.height * 0.6F : bar.top;
    marks.append(sf::Vertex({xOf(m.tick), top}, markerColour(m.kind)));
    marks.append(sf::Vertex({xOf(m.tick), bar.top + bar.height}, markerColour(m.kind)));
  }
  if (compareMark) {
    marks.append(sf::Vertex({xOf(*compareMark), bar.top - 4.0F}, markerColour(MarkerKind::kDivergence)));
    marks.append(sf::Vertex({xOf(*compareMark), bar.top + bar.height}, markerColour(MarkerKind::kDivergence)));
  }
  target.draw(marks);
  sf::RectangleShape cursor({2.0F, bar.height + 4.0F});
  cursor.setPosition(xOf(playback.tick()) - 1.0F, bar.top - 2.0F);
  cursor.setFillColor(sf::Color::White);
  target.draw(cursor);
}

void FrameRenderer::drawEventPanel(sf::RenderTarget& target, const FrameLayout& layout, const Playback& playback) const {
  const auto events = playback.eventsNow();
  float y = layout.scene.top + 28.0F;
  for (std::size_t i = 0; i < events.size() && i < 8; ++i, y += 15.0F) {
    drawText(target, sim::formatEvent(playback.game(), events[i]), {layout.scene.left + 6.0F, y}, 12, kOverlayColour);
  }
}

void FrameRenderer::drawHelp(sf::RenderTarget& target, sf::FloatRect area, std::span<const sim::SceneLayer> layers) const {
  const std::vector<std::string> lines = describeViewerKeys(layers);
  sf::RectangleShape panel({300.0F, 16.0F * static_cast<float>(lines.size()) + 12.0F});
  panel.setPosition(area.left + 20.0F, area.top + 40.0F);
  panel.setFillColor(sf::Color(0, 0, 0, 200));
  target.draw(panel);
  float y = area.top + 46.0F;
  for (const std::string& line : lines) {
    drawText(target, line, {area.left + 28.0F, y}, 12, sf::Color::White);
    y += 16.0F;
  }
}

}  // namespace retrace::viewer
