#include "viewer/timeline.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "viewer/scene.h"

namespace retrace::viewer {
namespace {

constexpr float kLaneHeight = 15.0F;
constexpr float kLaneGap = 1.0F;
constexpr float kLanePitch = kLaneHeight + kLaneGap;
constexpr float kMinLanePitch = 3.0F;  ///< two pixels of colour and the gap: still a lane to see and click
constexpr float kGutter = 84.0F;       ///< room for a lane's label at the left, at kLabelSize
constexpr unsigned kLabelSize = 14;    ///< as the frame's text (frame.h)
constexpr unsigned kMinLabelSize = 8;  ///< smaller is unreadable: thinner lanes go without labels
constexpr float kMinMarkWidth = 3.0F;  ///< a tunnel among 30,000 ticks is still three pixels wide

/// How lanes fit a timeline area: their pitch (a lane and its gap), and their labels' size and
/// gutter (none when the lanes are too thin to label).
struct LaneFit {
  float pitch = kLanePitch;
  unsigned labelSize = kLabelSize;
  float gutter = kGutter;
};

LaneFit fitLanes(float areaHeight, std::size_t lanes) noexcept {
  LaneFit fit;
  if (lanes == 0) return fit;
  fit.pitch = std::clamp((areaHeight - 2.0F) / static_cast<float>(lanes), 1.0F, kLanePitch);
  // A label is as tall as its font size and may rise a pixel or two above its lane.
  fit.labelSize = std::min(kLabelSize, static_cast<unsigned>(std::max(0.0F, fit.pitch - 2.0F)));
  if (fit.labelSize < kMinLabelSize) fit.labelSize = 0;
  fit.gutter = kGutter * static_cast<float>(fit.labelSize) / static_cast<float>(kLabelSize);
  return fit;
}

constexpr std::array kCategories = {sim::EventCategory::kContact, sim::EventCategory::kLanding, sim::EventCategory::kDeath,
                                    sim::EventCategory::kSpawn,   sim::EventCategory::kRound,   sim::EventCategory::kOther};

const char* nameOf(sim::EventCategory category) noexcept {
  switch (category) {
    case sim::EventCategory::kContact: return "contact";
    case sim::EventCategory::kLanding: return "landing";
    case sim::EventCategory::kDeath: return "death";
    case sim::EventCategory::kSpawn: return "spawn";
    case sim::EventCategory::kRound: return "round";
    case sim::EventCategory::kOther: break;
  }
  return "other";
}

sf::Color colourOf(sim::EventCategory category) noexcept {
  switch (category) {
    case sim::EventCategory::kContact: return {230, 80, 60};
    case sim::EventCategory::kLanding: return {120, 200, 120};
    case sim::EventCategory::kDeath: return {255, 120, 120};
    case sim::EventCategory::kSpawn: return {110, 150, 230};
    case sim::EventCategory::kRound: return {200, 200, 200};
    case sim::EventCategory::kOther: break;
  }
  return {130, 130, 150};
}

void addColumn(sf::VertexArray& quads, float x, float top, float width, float height, sf::Color colour) {
  quads.append(sf::Vertex({x, top}, colour));
  quads.append(sf::Vertex({x + width, top}, colour));
  quads.append(sf::Vertex({x + width, top + height}, colour));
  quads.append(sf::Vertex({x, top + height}, colour));
}

/// Fills the columns of a lane that hold a tick; `minWidth` widens lone marks.
void addBins(sf::VertexArray& quads, sf::FloatRect bar, const std::vector<bool>& bins, float top, float height, sf::Color colour,
             float minWidth) {
  const float column = bar.width / static_cast<float>(bins.size());
  for (std::size_t i = 0; i < bins.size(); ++i) {
    if (!bins[i]) continue;
    const float width = std::max(column, minWidth);
    addColumn(quads, bar.left + static_cast<float>(i) * column - (width - column) / 2, top, width, height, colour);
  }
}

/// The columns whose activity passes `lit`; none lit when the activity has another width.
template <typename Lit>
std::vector<bool> litColumns(std::span<const TickActivity> activity, unsigned columns, Lit lit) {
  std::vector<bool> bins(columns, false);
  if (activity.size() != columns) return bins;
  for (std::size_t i = 0; i < columns; ++i) bins[i] = lit(activity[i]);
  return bins;
}

void addMark(sf::VertexArray& quads, sf::FloatRect bar, TimelineView view, std::uint64_t tick, float top, float height,
             sf::Color colour) {
  if (tick < view.from || tick > view.to) return;
  addColumn(quads, xOfTick(bar, view, tick) - kMinMarkWidth / 2, top, kMinMarkWidth, height, colour);
}

}  // namespace

std::vector<Lane> describeLanes(const sim::GameDefinition& game, std::span<const std::string> plotted) {
  std::vector<Lane> lanes = {{LaneKind::kMarks, "marks"}};
  for (const sim::EventCategory category : kCategories) {
    const auto schemas = game.eventSchemas();
    if (std::any_of(schemas.begin(), schemas.end(), [&](const sim::EventSchema& s) { return s.category == category; })) {
      lanes.push_back({LaneKind::kEvents, nameOf(category), category});
    }
  }
  const auto inputs = game.inputNames();
  for (unsigned bit = 0; bit < inputs.size() && bit < 8; ++bit) lanes.push_back({LaneKind::kInput, inputs[bit], {}, bit});
  for (std::size_t i = 0; i < plotted.size(); ++i) lanes.push_back({LaneKind::kPlot, plotted[i], {}, 0, i, kPlotRows});
  return lanes;
}

std::size_t countRows(std::span<const Lane> lanes) noexcept {
  std::size_t rows = 0;
  for (const Lane& lane : lanes) rows += lane.rows;
  return rows;
}

float measureTimeline(std::size_t rows, float room) noexcept {
  const float count = static_cast<float>(rows);
  return std::clamp(room, count * kMinLanePitch + 2.0F, count * kLanePitch + 2.0F);
}

TimelineView zoomView(TimelineView view, std::uint64_t anchor, double factor, std::uint64_t lastTick) noexcept {
  const double span = std::clamp(static_cast<double>(view.span()) * factor, 10.0, static_cast<double>(lastTick) + 1.0);
  anchor = std::clamp(anchor, view.from, view.to);
  const double share = static_cast<double>(anchor - view.from) / static_cast<double>(view.span());
  const double from = std::clamp(static_cast<double>(anchor) - share * span, 0.0, static_cast<double>(lastTick) + 1.0 - span);
  TimelineView zoomed;
  zoomed.from = static_cast<std::uint64_t>(from);
  zoomed.to = std::min(lastTick, zoomed.from + static_cast<std::uint64_t>(span) - 1);
  return zoomed;
}

TimelineView followTick(TimelineView view, std::uint64_t tick, std::uint64_t lastTick) noexcept {
  if (tick >= view.from && tick <= view.to) return view;
  const std::uint64_t span = std::min(view.span(), lastTick + 1);
  const std::uint64_t from = std::min(tick > span / 2 ? tick - span / 2 : 0, lastTick + 1 - span);
  return {from, from + span - 1};
}

std::uint64_t tickAtX(sf::FloatRect bar, TimelineView view, float x) noexcept {
  const double fraction = std::clamp(static_cast<double>(x - bar.left) / static_cast<double>(bar.width), 0.0, 1.0);
  return std::min(view.to, view.from + static_cast<std::uint64_t>(fraction * static_cast<double>(view.span() - 1) + 0.5));
}

float xOfTick(sf::FloatRect bar, TimelineView view, std::uint64_t tick) noexcept {
  const double offset = static_cast<double>(tick) - static_cast<double>(view.from);
  return bar.left + static_cast<float>(offset / static_cast<double>(std::max<std::uint64_t>(view.span() - 1, 1)) *
                                       static_cast<double>(bar.width));
}

std::vector<bool> binTicks(std::span<const std::uint64_t> sortedTicks, TimelineView view, unsigned columns) {
  std::vector<bool> bins(std::max(columns, 1U), false);
  const auto first = std::lower_bound(sortedTicks.begin(), sortedTicks.end(), view.from);
  for (auto it = first; it != sortedTicks.end() && *it <= view.to; ++it) {
    bins[static_cast<std::size_t>((*it - view.from) * bins.size() / view.span())] = true;
  }
  return bins;
}

std::string describeTimelinePoint(const TimelineData& data, const Lane& lane, unsigned column, unsigned columns) {
  const auto [first, last] = findColumnTicks(data.view.from, data.view.to, std::max(columns, 1U), column);
  std::string text =
      first == last ? "tick " + std::to_string(first) : "ticks " + std::to_string(first) + "-" + std::to_string(last);
  if (lane.kind != LaneKind::kPlot || lane.plot >= data.plots.size()) return text;
  const PlotTrack& track = data.plots[lane.plot];
  const auto valuesIn = [&](const std::vector<PlotColumn>& bins) {
    if (column >= bins.size() || !bins[column].present) return std::string("none");
    const PlotColumn& bin = bins[column];
    std::string values = sim::formatFieldValue(bin.low, track.kind, track.names);
    if (bin.high != bin.low) values += " to " + sim::formatFieldValue(bin.high, track.kind, track.names);
    return values;
  };
  text += ": " + track.field + " " + valuesIn(track.a);
  if (!track.b.empty()) text += ", B " + valuesIn(track.b);
  return text;
}

std::optional<std::size_t> findLaneAt(sf::FloatRect area, float y, std::size_t rows) noexcept {
  const float offset = y - area.top - 1.0F;
  if (offset < 0.0F) return std::nullopt;
  const auto row = static_cast<std::size_t>(offset / fitLanes(area.height, rows).pitch);
  if (row >= rows) return std::nullopt;
  return row;
}

std::optional<std::size_t> findLaneAt(sf::FloatRect area, float y, std::span<const Lane> lanes) noexcept {
  auto row = findLaneAt(area, y, countRows(lanes));
  for (std::size_t lane = 0; row && lane < lanes.size(); ++lane) {
    if (*row < lanes[lane].rows) return lane;
    *row -= lanes[lane].rows;
  }
  return std::nullopt;
}

sf::Color tunnelColour() noexcept { return {255, 230, 0}; }
sf::Color divergenceColour() noexcept { return {255, 0, 255}; }
sf::Color bookmarkColour() noexcept { return {80, 220, 255}; }
sf::Color matchColour() noexcept { return {230, 230, 230}; }
sf::Color listedEventColour() noexcept { return {190, 255, 60}; }
sf::Color plotColourA() noexcept { return {120, 220, 160}; }
sf::Color plotColourB() noexcept { return {255, 170, 60, 190}; }
sf::Color heldColourA() noexcept { return {150, 130, 230}; }
sf::Color heldColourB() noexcept { return {255, 170, 60}; }

unsigned countColumns(sf::FloatRect area, std::size_t rows) noexcept {
  return static_cast<unsigned>(std::max(1.0F, timelineBar(area, rows).width));
}

sf::FloatRect timelineBar(sf::FloatRect area, std::size_t rows) noexcept {
  const float gutter = fitLanes(area.height, rows).gutter;
  return {area.left + gutter, area.top, std::max(1.0F, area.width - gutter), area.height};
}

namespace {

/// The lowest and highest value of a plot's columns, A's and B's together (one scale for both).
std::optional<std::pair<std::int64_t, std::int64_t>> measurePlot(const PlotTrack& track) {
  std::optional<std::pair<std::int64_t, std::int64_t>> range;
  for (const auto* columns : {&track.a, &track.b}) {
    for (const PlotColumn& c : *columns) {
      if (!c.present) continue;
      if (!range) range.emplace(c.low, c.high);
      range->first = std::min(range->first, c.low);
      range->second = std::max(range->second, c.high);
    }
  }
  return range;
}

/// A plot's columns as bars from their lowest to their highest value, at least a pixel tall,
/// on the scale `range` (a flat line in the middle when every value is the same).
void addPlot(sf::VertexArray& quads, sf::FloatRect bar, const std::vector<PlotColumn>& columns,
             std::pair<std::int64_t, std::int64_t> range, float top, float height, sf::Color colour) {
  if (columns.empty()) return;
  const float width = bar.width / static_cast<float>(columns.size());
  const double spread = static_cast<double>(range.second) - static_cast<double>(range.first);
  const float inner = std::max(1.0F, height - 2.0F);
  const auto yOf = [&](std::int64_t value) {
    const double share = spread > 0.0 ? (static_cast<double>(value) - static_cast<double>(range.first)) / spread : 0.5;
    return top + 1.0F + inner - static_cast<float>(share) * inner;
  };
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (!columns[i].present) continue;
    const float high = yOf(columns[i].high);
    const float low = yOf(columns[i].low);
    addColumn(quads, bar.left + static_cast<float>(i) * width, std::min(high, low - 1.0F), std::max(width, 1.0F),
              std::max(low - high, 1.0F), colour);
  }
}

/// One lane's marks for the ticks in view: the marks lane's matches, bookmarks, tunnels,
/// difference and divergence; an event category's ticks; a button held.
void addLaneMarks(sf::VertexArray& quads, const Lane& lane, const TimelineData& data, sf::FloatRect bar, unsigned columns,
                  float top, float laneHeight) {
  switch (lane.kind) {
    case LaneKind::kMarks: {
      // Under the other marks: a condition may list many events.
      addBins(quads, bar, binTicks(data.marks.listedEvents, data.view, columns), top, laneHeight, listedEventColour(),
              kMinMarkWidth);
      for (const std::uint64_t t : data.marks.matches) addMark(quads, bar, data.view, t, top, laneHeight, matchColour());
      for (const std::uint64_t t : data.marks.bookmarks) addMark(quads, bar, data.view, t, top, laneHeight, bookmarkColour());
      addBins(quads, bar, binTicks(data.marks.tunnels, data.view, columns), top, laneHeight, tunnelColour(), kMinMarkWidth);
      if (data.marks.compareDifference)
        addMark(quads, bar, data.view, *data.marks.compareDifference, top, laneHeight, divergenceColour());
      if (data.marks.divergence) addMark(quads, bar, data.view, *data.marks.divergence, top, laneHeight, divergenceColour());
      break;
    }
    case LaneKind::kEvents: {
      const std::uint8_t bit = categoryBit(lane.category);
      addBins(quads, bar, litColumns(data.activity, columns, [&](TickActivity a) { return (a.categories & bit) != 0; }), top,
              laneHeight, colourOf(lane.category), 1.0F);
      break;
    }
    case LaneKind::kInput: {
      // A column is lit when the button is held on any tick it covers; in compare mode A's
      // take the lane's upper half and B's (an edit's, say) the lower.
      const auto held = [&](TickActivity a) { return ((a.held >> lane.bit) & 1U) != 0; };
      const float inset = laneHeight > 4.0F ? 1.0F : 0.0F;
      const float height = laneHeight - 2.0F * inset;
      if (data.activityB.empty()) {
        addBins(quads, bar, litColumns(data.activity, columns, held), top + inset, height, heldColourA(), 1.0F);
        break;
      }
      addBins(quads, bar, litColumns(data.activity, columns, held), top + inset, height / 2.0F, heldColourA(), 1.0F);
      addBins(quads, bar, litColumns(data.activityB, columns, held), top + inset + height / 2.0F, height / 2.0F, heldColourB(),
              1.0F);
      break;
    }
    case LaneKind::kPlot: {
      if (lane.plot >= data.plots.size()) break;
      const PlotTrack& track = data.plots[lane.plot];
      addColumn(quads, bar.left, top, bar.width, laneHeight, {30, 34, 46});
      if (const auto range = measurePlot(track)) {
        addPlot(quads, bar, track.a, *range, top, laneHeight, plotColourA());
        addPlot(quads, bar, track.b, *range, top, laneHeight, plotColourB());
      }
      break;
    }
  }
}

/// What a plot's lane says over its curve: the field, its range in view, and whether it is
/// still being stepped or names no field.
std::string describePlot(const PlotTrack& track) {
  std::string text = track.field;
  if (const auto range = measurePlot(track)) {
    text += "  " + sim::formatFieldValue(range->first, track.kind, track.names);
    if (range->second != range->first) text += " to " + sim::formatFieldValue(range->second, track.kind, track.names);
  } else if (track.complete) {
    text += "  (on no tick in view)";
  }
  if (!track.complete) text += "  (stepping...)";
  return text;
}

/// A lane's name at its left; zoomed, the marks lane's is the range of ticks shown, and a
/// plot's is its value at the cursor (its name is over its curve).
void drawLaneLabel(sf::RenderTarget& target, const Lane& lane, const TimelineData& data, const sf::Font& font, sf::Vector2f at,
                   unsigned size, float width) {
  const bool range = (data.view.from != 0 || data.view.to < data.lastTick) && lane.kind == LaneKind::kMarks;
  std::string text = range ? std::to_string(data.view.from) + "-" + std::to_string(data.view.to) : lane.label;
  if (lane.kind == LaneKind::kPlot && lane.plot < data.plots.size()) {
    const PlotTrack& track = data.plots[lane.plot];
    text = track.now ? sim::formatFieldValue(*track.now, track.kind, track.names) : std::string("-");
  }
  sf::Text label = makeText(text, font, size);
  // A long decimal loses digits rather than run into the bar (the inspector has them all).
  while (lane.kind == LaneKind::kPlot && label.getLocalBounds().width > width && text.find('.') != std::string::npos) {
    text.pop_back();
    if (!text.empty() && text.back() == '.') text.pop_back();
    label.setString(decodeUtf8(text));
  }
  label.setFillColor(range ? sf::Color(230, 230, 120) : sf::Color(170, 170, 185));
  label.setPosition(at.x, at.y - 3.0F * static_cast<float>(size) / static_cast<float>(kLabelSize));
  target.draw(label);
}

/// Text on a dark patch, so that what is drawn under it does not hide it.
void drawNote(sf::RenderTarget& target, const std::string& text, sf::Vector2f at, unsigned size, const sf::Font& font) {
  sf::Text label = makeText(text, font, size);
  label.setFillColor(sf::Color(210, 210, 220));
  label.setPosition(at);
  const sf::FloatRect bounds = label.getGlobalBounds();
  sf::RectangleShape patch({bounds.width + 6.0F, bounds.height + 4.0F});
  patch.setPosition(bounds.left - 3.0F, bounds.top - 2.0F);
  patch.setFillColor(sf::Color(20, 22, 30, 200));
  target.draw(patch);
  target.draw(label);
}

/// Under the pointer on the bar: a faint line, and what its column holds on the lane there,
/// written beside the pointer and kept inside the timeline.
void drawPointer(sf::RenderTarget& target, sf::FloatRect area, std::span<const Lane> lanes, const TimelineData& data,
                 const sf::Font& font) {
  const std::size_t rows = countRows(lanes);
  const sf::FloatRect bar = timelineBar(area, rows);
  const sf::Vector2f at = *data.pointer;
  const auto lane = findLaneAt(area, at.y, lanes);
  if (!bar.contains(at) || !lane) return;
  const unsigned columns = countColumns(area, rows);
  const auto column = std::min(columns - 1, static_cast<unsigned>((at.x - bar.left) / bar.width * static_cast<float>(columns)));
  sf::RectangleShape line({1.0F, area.height});
  line.setPosition(at.x, area.top);
  line.setFillColor(sf::Color(255, 255, 255, 90));
  target.draw(line);
  const std::string text = describeTimelinePoint(data, lanes[*lane], column, columns);
  constexpr unsigned kSize = 12;
  const float width = makeText(text, font, kSize).getLocalBounds().width;
  const float x = std::clamp(at.x + 10.0F, bar.left + 3.0F, std::max(bar.left + 3.0F, bar.left + bar.width - width - 6.0F));
  drawNote(target, text, {x, std::clamp(at.y - 18.0F, area.top + 2.0F, area.top + area.height - 16.0F)}, kSize, font);
}

}  // namespace

void drawTimeline(sf::RenderTarget& target, sf::FloatRect area, const TimelineData& data, const sf::Font& font) {
  std::vector<std::string> plotted;
  for (const PlotTrack& track : data.plots) plotted.push_back(track.field);
  const std::vector<Lane> lanes = describeLanes(data.game, plotted);
  const std::size_t rows = countRows(lanes);
  const LaneFit fit = fitLanes(area.height, rows);
  const sf::FloatRect bar = timelineBar(area, rows);
  const unsigned columns = countColumns(area, rows);
  sf::VertexArray quads(sf::Quads);
  addColumn(quads, bar.left, area.top, bar.width, area.height, {40, 40, 52});
  if (data.marks.selectionFrom && data.marks.selectionTo) {
    const float a = std::clamp(xOfTick(bar, data.view, *data.marks.selectionFrom), bar.left, bar.left + bar.width);
    const float b = std::clamp(xOfTick(bar, data.view, *data.marks.selectionTo), bar.left, bar.left + bar.width);
    addColumn(quads, std::min(a, b), area.top, std::max(std::abs(b - a), 1.0F), area.height, {70, 90, 140});
  }
  float top = area.top + 1.0F;
  std::vector<std::pair<std::string, sf::Vector2f>> plotTexts;  ///< over the curves, once the bar is drawn
  for (const Lane& lane : lanes) {
    const float laneHeight = std::max(1.0F, fit.pitch * static_cast<float>(lane.rows) - kLaneGap);
    if (fit.labelSize != 0) drawLaneLabel(target, lane, data, font, {area.left, top}, fit.labelSize, fit.gutter - 10.0F);
    addLaneMarks(quads, lane, data, bar, columns, top, laneHeight);
    if (lane.kind == LaneKind::kPlot && lane.plot < data.plots.size())
      plotTexts.emplace_back(describePlot(data.plots[lane.plot]), sf::Vector2f{bar.left + 4.0F, top});
    top += fit.pitch * static_cast<float>(lane.rows);
  }
  if (data.cursor >= data.view.from && data.cursor <= data.view.to) {
    addColumn(quads, xOfTick(bar, data.view, data.cursor) - 1.0F, area.top - 2.0F, 2.0F, area.height + 4.0F, sf::Color::White);
  }
  target.draw(quads);
  const float plotHeight = fit.pitch * static_cast<float>(kPlotRows);
  // Too thin to write in: the curve alone.
  if (plotHeight >= 12.0F) {
    for (const auto& [text, at] : plotTexts)
      drawNote(target, text, {at.x, at.y - 2.0F}, plotHeight >= 30.0F ? 12U : kMinLabelSize, font);
  }
  if (data.pointer) drawPointer(target, area, lanes, data, font);
}

}  // namespace retrace::viewer
