#include "viewer/frame.h"

#include <fmt/core.h>
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "recorder/inspect.h"
#include "sim/field_ids.h"
#include "viewer/off_scene.h"

namespace retrace::viewer {
namespace {

constexpr float kHudHeight = 24.0F;
constexpr float kMargin = 4.0F;
constexpr float kTitleHeight = 20.0F;
/// Above a contact sheet's scene: its tick.
constexpr float kSceneLabelHeight = 18.0F;
/// The most of a frame's height the timeline takes before its lanes grow thinner: a small
/// window still shows the scene (the default window gives the timeline about a quarter).
constexpr float kTimelineShare = 0.4F;

constexpr const char* kFontPaths[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
                                      "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"};

sf::Vector2f worldOf(const Playback& playback) { return measureScene(playback.current().describeScene(playback.previous())); }

/// The rows of the timeline's lanes: the game's, and a plot's for each field plotted.
std::size_t countTimelineRows(const Playback& playback, std::size_t plots) {
  return countRows(describeLanes(playback.game())) + plots * kPlotRows;
}

float timelineHeightOf(const Playback& playback, sf::FloatRect area, std::size_t plots) {
  return measureTimeline(countTimelineRows(playback, plots), area.height * kTimelineShare);
}

/// A plotted field's columns in view, A's and B's, and A's value at the cursor (among `now`,
/// the fields of A's game there).
PlotTrack trackPlot(const PlotLine& line, TimelineView view, unsigned columns, const std::vector<sim::Field>& now) {
  PlotTrack track;
  track.field = line.a->field();
  track.kind = line.a->kind();
  track.names = line.a->names();
  track.a = line.a->bin(view.from, view.to, columns);
  track.complete = line.a->complete();
  if (line.b != nullptr) {
    track.b = line.b->bin(view.from, view.to, columns);
    track.complete = track.complete && line.b->complete();
  }
  std::vector<std::pair<std::size_t, std::int64_t>> anchors;
  const std::optional<std::string> name = sim::resolveIds(now, track.field, anchors);  // an element by its id: at its index now
  const auto found = std::find_if(now.begin(), now.end(), [&](const sim::Field& f) { return name && f.name == *name; });
  if (found != now.end()) track.now = found->value;
  return track;
}

/// A scene's world scaled to fit an area and centred in it.
void fitScene(FrameLayout& layout, sf::FloatRect area, sf::Vector2f world) {
  const float sceneHeight = std::max(1.0F, area.height);
  const float sceneWidth = std::max(1.0F, area.width);
  layout.scale = std::min(sceneWidth / world.x, sceneHeight / world.y);
  const sf::Vector2f size{world.x * layout.scale, world.y * layout.scale};
  layout.scene = {area.left + (sceneWidth - size.x) / 2, area.top + (sceneHeight - size.y) / 2, size.x, size.y};
}

/// A view that draws in target pixels as the default one does, cut to `area` (rounded out to
/// whole pixels, so that nothing drawn inside moves by a fraction of one).
sf::View clipTo(const sf::RenderTarget& target, sf::FloatRect area) {
  const sf::Vector2f size(target.getSize());
  const float left = std::floor(area.left);
  const float top = std::floor(area.top);
  const sf::FloatRect whole{left, top, std::ceil(area.left + area.width) - left, std::ceil(area.top + area.height) - top};
  sf::View view(whole);
  view.setViewport({whole.left / size.x, whole.top / size.y, whole.width / size.x, whole.height / size.y});
  return view;
}

/// An arrow at the scene's edge pointing at a drawing beyond it, and what lies there.
void markOffScene(sf::RenderTarget& target, const FrameLayout& layout, const OffScene& off, const sf::Font& font) {
  constexpr float kArrow = 10.0F;
  const sf::Color colour = colourOf(sim::SceneCategory::kTunnelPath);
  const sf::Vector2f tip{layout.scene.left + off.edge.x * layout.scale, layout.scene.top + off.edge.y * layout.scale};
  const sf::Vector2f way = sf::Vector2f(off.side) / std::hypot(static_cast<float>(off.side.x), static_cast<float>(off.side.y));
  const sf::Vector2f across{-way.y, way.x};
  sf::ConvexShape arrow(3);
  arrow.setPoint(0, tip);
  arrow.setPoint(1, tip - way * kArrow + across * (kArrow / 2));
  arrow.setPoint(2, tip - way * kArrow - across * (kArrow / 2));
  arrow.setFillColor(colour);
  target.draw(arrow);
  // What lies there, as much of it as the scene has room for (a contact sheet's cell is narrow).
  sf::Text label = makeText("tunnel " + describeOffScene(off), font, kTextSize);
  if (label.getLocalBounds().width > layout.scene.width) label.setString(decodeUtf8(describeOffScene(off)));
  if (label.getLocalBounds().width > layout.scene.width) return;
  label.setFillColor(colour);
  const sf::FloatRect box = label.getLocalBounds();
  // Beside the arrow, inside the scene.
  const sf::Vector2f at = tip - way * (kArrow + 4.0F) - sf::Vector2f{box.width / 2, box.height / 2} -
                          sf::Vector2f{way.x * box.width / 2, way.y * (box.height / 2 + box.top)};
  const float x =
      std::clamp(at.x, layout.scene.left, std::max(layout.scene.left, layout.scene.left + layout.scene.width - box.width));
  const float y = std::clamp(at.y, layout.scene.top,
                             std::max(layout.scene.top, layout.scene.top + layout.scene.height - box.height - box.top));
  label.setPosition(std::round(x), std::round(y));
  target.draw(label);
}

/// Draws what the oracle found on this tick over the scene: the path it checked and what the
/// path passed through, cut to the scene's area; a finding wholly beyond it is marked at its edge.
void paintTunnels(sf::RenderTarget& target, const FrameLayout& layout, const Playback& playback, const Overlays& overlays,
                  const sf::Font& font) {
  const sf::Vector2f world{layout.scene.width / layout.scale, layout.scene.height / layout.scale};
  const sf::View whole = target.getView();
  sf::RenderStates states;
  states.transform.translate(layout.scene.left, layout.scene.top).scale(layout.scale, layout.scale);
  // The arrows and their words lie inside the scene too.
  target.setView(clipTo(target, layout.scene));
  for (const sim::Tunnel& tunnel : playback.tunnelsNow()) {
    paintScene(target, states, tunnel.drawing, overlays, font);
    const std::optional<sf::FloatRect> area = measureDrawing(tunnel.drawing);
    if (const std::optional<OffScene> off = area ? locateOffScene(*area, world) : std::nullopt)
      markOffScene(target, layout, *off, font);
  }
  target.setView(whole);
}

/// What a recording cut short holds: "truncated: 600 of 36000 ticks recovered".
std::string describeRecovered(const Playback& playback) {
  const recorder::ReplayHeader& h = playback.replay().header;
  const std::string planned = h.plannedTicks > 0 ? " of " + std::to_string(h.plannedTicks) : "";
  return "truncated: " + std::to_string(playback.lastTick()) + planned + " ticks recovered";
}

}  // namespace

std::string fitLine(std::vector<LinePart> parts, const sf::Font& font, float width) {
  const auto join = [&parts] {
    std::string line;
    for (const LinePart& part : parts) line += (line.empty() ? "" : "  ") + part.text;
    return line;
  };
  std::string line = join();
  while (parts.size() > 1 && makeText(line, font, kTextSize).getLocalBounds().width > width) {
    parts.erase(
        std::min_element(parts.begin(), parts.end(), [](const LinePart& x, const LinePart& y) { return x.want < y.want; }));
    line = join();
  }
  return line;
}

std::string shortenToFit(const std::string& text, const sf::Font& font, float width) {
  static const std::string kEllipsis = "\u2026";
  const auto fits = [&](const std::string& line) { return makeText(line, font, kTextSize).getLocalBounds().width <= width; };
  if (fits(text)) return text;
  // Cut between UTF-8 characters, never inside one.
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0U) != 0x80U) starts.push_back(i);
  const auto shorten = [&](std::size_t kept) {
    // More of the start, where a name says most (the end is often its extension).
    const std::size_t head = (2 * kept + 2) / 3;
    const std::size_t tail = kept - head;
    return text.substr(0, starts[head]) + kEllipsis + (tail == 0 ? std::string() : text.substr(starts[starts.size() - tail]));
  };
  std::string best = kEllipsis;
  for (std::size_t kept = 1; kept < starts.size(); ++kept) {
    std::string candidate = shorten(kept);
    if (!fits(candidate)) break;
    best = std::move(candidate);
  }
  return best;
}

std::vector<std::string> wrapText(const std::string& text, const sf::Font& font, unsigned size, float width) {
  const auto fits = [&](const std::string& part) { return makeText(part, font, size).getLocalBounds().width <= width; };
  // Where the UTF-8 character before byte `at` starts.
  const auto previousCharacter = [](const std::string& s, std::size_t at) {
    do --at;
    while (at > 0 && (static_cast<unsigned char>(s[at]) & 0xC0U) == 0x80U);
    return at;
  };
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    const std::string longer = line.empty() ? word : line + " " + word;
    if (line.empty() || fits(longer)) {
      line = longer;
    } else {
      lines.push_back(line);
      line = word;
    }
    // A word wider than a whole line is cut where it stops fitting (a character a line at least).
    while (!line.empty() && !fits(line)) {
      std::size_t cut = line.size();
      while (previousCharacter(line, cut) > 0 && !fits(line.substr(0, cut))) cut = previousCharacter(line, cut);
      if (cut == line.size()) break;  // one character wider than the line: it stands alone
      lines.push_back(line.substr(0, cut));
      line.erase(0, cut);
    }
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

FrameLayout computeLayout(sf::FloatRect area, sf::Vector2f world, float timelineHeight) {
  FrameLayout layout;
  layout.timeline = {area.left + kMargin, area.top + area.height - timelineHeight - kMargin, area.width - 2 * kMargin,
                     timelineHeight};
  layout.hud = {area.left + kMargin, layout.timeline.top - kHudHeight, area.width - 2 * kMargin, kHudHeight};
  fitScene(layout, {area.left + kMargin, area.top + kMargin, area.width - 2 * kMargin, layout.hud.top - area.top - 2 * kMargin},
           world);
  return layout;
}

FrameLayout layoutFrame(sf::FloatRect area, const Playback& playback, std::size_t plots) {
  return computeLayout(area, worldOf(playback), timelineHeightOf(playback, area, plots));
}

CompareLayout layoutCompare(sf::FloatRect area, const Playback& a, const Playback& b, std::size_t plots) {
  CompareLayout layout;
  layout.a = computeLayout(area, worldOf(a), timelineHeightOf(a, area, plots));
  layout.b = layout.a;
  const float top = area.top + kMargin + kTitleHeight;
  const float height = layout.a.hud.top - top - kMargin;
  const float half = (area.width - 3 * kMargin) / 2;
  fitScene(layout.a, {area.left + kMargin, top, half, height}, worldOf(a));
  fitScene(layout.b, {area.left + 2 * kMargin + half, top, half, height}, worldOf(b));
  return layout;
}

std::optional<std::string> findFontPath() {
  for (const char* path : kFontPaths) {
    if (std::filesystem::is_regular_file(path)) return path;
  }
  return std::nullopt;
}

std::optional<std::string> loadFont(sf::Font& outFont) {
  const auto path = findFontPath();
  if (path && outFont.loadFromFile(*path)) return std::nullopt;
  return "no font: install Debian's fonts-dejavu-core (scripts/demo and scripts/test do)";
}

void FrameRenderer::drawText(sf::RenderTarget& target, const std::string& text, sf::Vector2f at, unsigned size,
                             sf::Color colour) const {
  sf::Text label = makeText(text, font_, size);
  label.setFillColor(colour);
  label.setPosition(at);
  target.draw(label);
}

void drawSceneInArea(sf::RenderTarget& target, sf::FloatRect area, float scale, const sim::Scene& scene, const Overlays& overlays,
                     const sf::Font& font, const PaintStyle& style) {
  if (style.alpha == 255) {
    sf::RectangleShape background({area.width, area.height});
    background.setPosition(area.left, area.top);
    background.setFillColor(kBackground);
    target.draw(background);
  }
  sf::RenderStates states;
  states.transform.translate(area.left, area.top).scale(scale, scale);
  paintScene(target, states, scene, overlays, font, style);
}

std::vector<std::string> describeViewerKeys(std::span<const sim::SceneLayer> layers) {
  const auto has = [&](sim::SceneLayer layer) { return std::find(layers.begin(), layers.end(), layer) != layers.end(); };
  std::vector<std::string> lines = {
      "space        play / pause",
      "right/left   one tick (shift: 60 ticks)",
      "home/end     first / last tick",
      "+ / -        playback speed 0.25x .. 8x",
      ". / ,        next / previous event listed",
      "] / [        next / previous mark (tunnel, divergence, bookmark)",
      "K            bookmark this tick",
      "D            first difference (compare) or divergence",
      "T            go to a tick typed (151, 1:02.5, +60)",
      "N / shift+N  next / previous find match",
      "L            take over here: play on live from this tick (needs -o OUT.rtr)",
      "timeline: click/drag seek, wheel zoom (Z: all), shift+drag select",
      "          right-click an input lane: flip that button there (B is the edit)",
      "scene: click an entity to inspect it",
      "inspector: right-click a field to plot it on the timeline",
  };
  std::string overlays = "B boxes  I names";
  if (has(sim::SceneLayer::kSweeps)) overlays += "  S sweeps";
  if (has(sim::SceneLayer::kWindows)) overlays += "  W windows";
  lines.push_back(overlays);
  lines.push_back(std::string(has(sim::SceneLayer::kGrid) ? "G grid, corners, hit circles  " : "") + "E events  P panels");
  lines.push_back("H help   Q or Esc quit");
  return lines;
}

float scaleLabelledScene(sf::Vector2f area, sf::Vector2f world) noexcept {
  return std::min(area.x / world.x, (area.y - kSceneLabelHeight) / world.y);
}

void FrameRenderer::renderScene(sf::RenderTarget& target, sf::FloatRect area, const Playback& playback,
                                const Overlays& overlays) const {
  const sim::Scene scene = playback.current().describeScene(playback.previous());
  const sf::Vector2f world = measureScene(scene);
  FrameLayout cell;
  cell.scale = scaleLabelledScene({area.width, area.height}, world);
  cell.scene = {area.left, area.top + kSceneLabelHeight, world.x * cell.scale, world.y * cell.scale};
  drawSceneInArea(target, cell.scene, cell.scale, scene, overlays, font_);
  paintTunnels(target, cell, playback, overlays, font_);
  // A tick the oracle finds a tunnel on is labelled in the tunnel's colour.
  const sf::Color label = playback.tunnelsNow().empty() ? sf::Color::White : colourOf(sim::SceneCategory::kTunnelPath);
  drawText(target, "tick " + std::to_string(playback.tick()), {area.left, area.top}, kTextSize, label);
}

void FrameRenderer::render(sf::RenderTarget& target, sf::FloatRect area, const Playback& playback, const Overlays& overlays,
                           const FrameExtras& extras) const {
  const sim::Scene scene = playback.current().describeScene(playback.previous());
  const FrameLayout layout = computeLayout(area, measureScene(scene), timelineHeightOf(playback, area, extras.plots.size()));
  drawSceneInArea(target, layout.scene, layout.scale, scene, overlays, font_, {extras.highlight});
  paintTunnels(target, layout, playback, overlays, font_);
  drawHud(target, layout, playback, "", extras.clipSpeed);
  drawBottom(target, layout, playback, extras);
  if (overlays.events) drawEventPanel(target, layout, playback, extras.oracleText);
  drawBanner(target, layout, playback);
  if (overlays.help) drawHelp(target, area, layout.scene, playback.game().sceneLayers());
}

void FrameRenderer::renderCompare(sf::RenderTarget& target, sf::FloatRect area, const Playback& a, const Playback& b,
                                  const Overlays& overlays, const FrameExtras& extras) const {
  const CompareLayout layout = layoutCompare(area, a, b, extras.plots.size());
  const sim::Scene sceneA = a.current().describeScene(a.previous());
  const sim::Scene sceneB = b.current().describeScene(b.previous());
  drawSceneInArea(target, layout.a.scene, layout.a.scale, sceneA, overlays, font_, {extras.highlight});
  // At a difference, B's entities over A's as ghosts show where they part.
  if (extras.ghosts) drawSceneInArea(target, layout.a.scene, layout.a.scale, sceneB, overlays, font_, {{}, 90});
  drawSceneInArea(target, layout.b.scene, layout.b.scale, sceneB, overlays, font_, {extras.highlight});
  paintTunnels(target, layout.a, a, overlays, font_);
  paintTunnels(target, layout.b, b, overlays, font_);
  // A title wider than its scene would run into the other's: its name is shortened, its letter kept.
  const auto drawTitle = [&](const std::string& letter, const std::string& name, const Playback& side, const Playback& other,
                             const FrameLayout& at) {
    const float width = at.scene.width;
    std::string title = fitLine(listTitleParts(letter + name, side, other), font_, width);
    if (title == letter + name)
      title = letter + shortenToFit(name, font_, width - makeText(letter, font_, kTextSize).findCharacterPos(letter.size()).x);
    drawText(target, title, {at.scene.left, at.scene.top - kTitleHeight}, kTextSize, {220, 220, 230});
  };
  drawTitle("A  ", extras.titleA, a, b, layout.a);
  drawTitle("B  ", extras.titleB, b, a, layout.b);
  drawHud(target, layout.a, a, describeComparison(a, b, extras.compareDifference), extras.clipSpeed);
  drawBottom(target, layout.a, a, extras, &b);
  if (overlays.events) {
    drawEventPanel(target, layout.a, a, extras.oracleText);
    drawEventPanel(target, layout.b, b, extras.oracleText);
  }
  drawBanner(target, layout.a, a);
  drawBanner(target, layout.b, b);
  if (overlays.help) drawHelp(target, area, layout.a.scene, a.game().sceneLayers());
}

std::string describeComparison(const Playback& a, const Playback& b, std::optional<std::uint64_t> difference) {
  if (!difference) return "A and B are identical";
  const std::string tick = std::to_string(*difference);
  if (a.tick() < *difference) return "A and B first differ at tick " + tick;
  // Parted replays can meet again (a player pushed back against a wall), or differ in their
  // inputs alone: "since" would say they still differ.
  if (a.tick() == b.tick() && a.current().hash() == b.current().hash())
    return "A and B first differ at tick " + tick + ", in the same state here";
  return "A and B differ since tick " + tick;
}

std::vector<LinePart> listTitleParts(const std::string& title, const Playback& side, const Playback& other) {
  const recorder::ReplayHeader& h = side.replay().header;
  const recorder::ReplayHeader& o = other.replay().header;
  std::vector<LinePart> parts{{title, 9}};
  if (h.configName != o.configName || h.seed != o.seed)
    parts.push_back({"(" + h.configName + ") seed " + std::to_string(h.seed), 5});
  // The HUD says A's; B cut short (a crash's recovered prefix beside the whole run) says so here.
  if (side.replay().truncated) parts.push_back({describeRecovered(side), 7});
  return parts;
}

std::vector<LinePart> listHudParts(const Playback& playback, const std::string& suffix, std::optional<double> clipSpeed) {
  const recorder::ReplayHeader& h = playback.replay().header;
  const std::string speed = fmt::format("{:g}x", clipSpeed.value_or(playback.speed()));
  // What is left out first when the line is too wide: the key hint, the state hash, the game.
  std::vector<LinePart> parts = {{"tick " + std::to_string(playback.tick()) + "/" + std::to_string(playback.lastTick()), 9}};
  // A recording cut short shows its recovered prefix, and says so.
  if (playback.replay().truncated) parts.push_back({describeRecovered(playback), 7});
  parts.push_back({recorder::formatTickTime(playback.tick()), 5});
  parts.push_back({h.game + " (" + h.configName + ") seed " + std::to_string(h.seed), 3});
  parts.push_back(
      {"state " + sim::formatFieldValue(static_cast<std::int64_t>(playback.current().hash()), sim::FieldKind::kBits), 2});
  parts.push_back({speed + (playback.playing() || clipSpeed ? "  playing" : "  paused"), 6});
  if (!suffix.empty()) parts.push_back({suffix, 8});
  if (!clipSpeed) parts.push_back({"(H: keys)", 1});  // a clip has no keys
  return parts;
}

void FrameRenderer::drawHud(sf::RenderTarget& target, const FrameLayout& layout, const Playback& playback,
                            const std::string& suffix, std::optional<double> clipSpeed) const {
  drawText(target, fitLine(listHudParts(playback, suffix, clipSpeed), font_, layout.hud.width),
           {layout.hud.left, layout.hud.top + 3.0F}, kTextSize, sf::Color(220, 220, 230));
}

void FrameRenderer::drawBottom(sf::RenderTarget& target, const FrameLayout& layout, const Playback& playback,
                               const FrameExtras& extras, const Playback* other) const {
  const TimelineView view = extras.view.value_or(viewWhole(playback.lastTick()));
  const unsigned columns = countColumns(layout.timeline, countTimelineRows(playback, extras.plots.size()));
  const std::vector<TickActivity> activity = playback.ticks().binActivity(view.from, view.to, columns);
  const std::vector<TickActivity> activityB =
      other == nullptr ? std::vector<TickActivity>() : other->ticks().binActivity(view.from, view.to, columns);
  std::vector<PlotTrack> plots;
  const std::vector<sim::Field> now = extras.plots.empty() ? std::vector<sim::Field>() : playback.current().describeState();
  for (const PlotLine& line : extras.plots) plots.push_back(trackPlot(line, view, columns, now));
  TimelineData data{playback.game(), activity, activityB, playback.lastTick(), {}, playback.tick(), view, plots, extras.pointer};
  data.marks.tunnels = playback.tunnelTicks();
  data.marks.divergence = playback.divergenceTick();
  data.marks.bookmarks = extras.bookmarks;
  data.marks.matches = extras.matches;
  data.marks.listedEvents = extras.listedEvents;
  data.marks.compareDifference = extras.compareDifference;
  data.marks.selectionFrom = extras.selectionFrom;
  data.marks.selectionTo = extras.selectionTo;
  drawTimeline(target, layout.timeline, data, font_);
}

void FrameRenderer::drawBanner(sf::RenderTarget& target, const FrameLayout& layout, const Playback& playback) const {
  if (!playback.divergenceTick() || playback.tick() < *playback.divergenceTick()) return;
  sf::RectangleShape banner({layout.scene.width, 26.0F});
  banner.setPosition(layout.scene.left, layout.scene.top);
  banner.setFillColor(sf::Color(200, 0, 60, 220));
  target.draw(banner);
  // The why only where the scene is wide enough: past the banner it would run over the panels.
  const std::string what = "DIVERGED at tick " + std::to_string(*playback.divergenceTick());
  const std::string whole = what + ": no longer matches the recording";
  const bool fits = makeText(whole, font_, kTextSize).getLocalBounds().width <= layout.scene.width - 12.0F;
  drawText(target, fits ? whole : what, {layout.scene.left + 6.0F, layout.scene.top + 4.0F}, kTextSize, sf::Color::White);
}

void FrameRenderer::drawEventPanel(sf::RenderTarget& target, const FrameLayout& layout, const Playback& playback,
                                   bool oracleText) const {
  float y = layout.scene.top + 30.0F;
  // Each wrapped at the scene's width (a narrow scene is narrower than an event with three
  // arguments or an oracle's sentence), and none past the scene's bottom.
  const auto put = [&](const std::string& text, sf::Color colour) {
    for (const std::string& line : wrapText(text, font_, kTextSize, layout.scene.width - 12.0F)) {
      if (y + kLineHeight > layout.scene.top + layout.scene.height) return;
      drawText(target, line, {layout.scene.left + 6.0F, y}, kTextSize, colour);
      y += kLineHeight;
    }
  };
  const auto events = playback.eventsNow();
  for (std::size_t i = 0; i < events.size() && i < 8; ++i) put(sim::formatEvent(playback.game(), events[i]), kOverlayColour);
  // The oracle's sentences, so a PNG without the panels says what its drawing shows.
  if (!oracleText) return;
  for (const sim::Tunnel& tunnel : playback.tunnelsNow())
    put("TUNNEL " + tunnel.sentence, colourOf(sim::SceneCategory::kTunnelPath));
}

HelpLayout layoutHelp(sf::FloatRect frame, sf::FloatRect scene, std::span<const std::string> lines, const sf::Font& font) {
  constexpr float kPadding = 8.0F;
  const auto measure = [&](unsigned textSize) {
    float widest = 0.0F;
    for (const std::string& line : lines) widest = std::max(widest, makeText(line, font, textSize).getLocalBounds().width);
    const float scale = static_cast<float>(textSize) / static_cast<float>(kTextSize);
    return sf::Vector2f{widest + 2 * kPadding * scale, (kLineHeight * static_cast<float>(lines.size()) + 12.0F) * scale};
  };
  const sf::Vector2f full = measure(kTextSize);
  const float room = std::min((frame.width - 2 * kPadding) / full.x, (frame.height - 2 * kPadding) / full.y);
  HelpLayout help;
  help.textSize = std::max(8U, static_cast<unsigned>(static_cast<float>(kTextSize) * std::min(1.0F, room)));
  help.lineHeight = kLineHeight * static_cast<float>(help.textSize) / static_cast<float>(kTextSize);
  const sf::Vector2f size = measure(help.textSize);
  // Over the scene's corner as before when it fits, else as far up and left as the frame needs.
  const float left = std::clamp(scene.left + 20.0F, frame.left, std::max(frame.left, frame.left + frame.width - size.x));
  const float top = std::clamp(scene.top + 40.0F, frame.top, std::max(frame.top, frame.top + frame.height - size.y));
  help.panel = {left, top, size.x, size.y};
  return help;
}

void FrameRenderer::drawHelp(sf::RenderTarget& target, sf::FloatRect frame, sf::FloatRect scene,
                             std::span<const sim::SceneLayer> layers) const {
  const std::vector<std::string> lines = describeViewerKeys(layers);
  const HelpLayout help = layoutHelp(frame, scene, lines, font_);
  sf::RectangleShape panel({help.panel.width, help.panel.height});
  panel.setPosition(help.panel.left, help.panel.top);
  panel.setFillColor(sf::Color(0, 0, 0, 210));
  target.draw(panel);
  const float padding = help.lineHeight / kLineHeight * 8.0F;
  float y = help.panel.top + padding * 0.75F;
  for (const std::string& line : lines) {
    drawText(target, line, {help.panel.left + padding, y}, help.textSize, sf::Color::White);
    y += help.lineHeight;
  }
}

}  // namespace retrace::viewer
