#pragma once
// The timeline as tracks: a lane of marks (tunnels, the first divergence, bookmarks, --find
// matches, the events the events panel lists under a condition), a lane per event category the game's schemas use, and a piano
// roll of the inputs held, one lane per button, then a taller lane for each field plotted over time. Lanes are binned per pixel
// column, so a mark stays visible at any replay length, and a view (from..to) zooms to a range. Drawn in SFML, so PNGs show it
// too.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

#include "sim/game.h"
#include "viewer/plot.h"
#include "viewer/tick_store.h"

namespace retrace::viewer {

/// What a lane shows.
enum class LaneKind : std::uint8_t { kMarks, kEvents, kInput, kPlot };

/// The rows a plot's lane takes (every other lane takes one): room for a curve.
inline constexpr unsigned kPlotRows = 3;

/// One track of the timeline.
struct Lane {
  LaneKind kind = LaneKind::kMarks;
  std::string label;
  sim::EventCategory category = sim::EventCategory::kOther;  ///< for kEvents
  unsigned bit = 0;                                          ///< for kInput
  std::size_t plot = 0;                                      ///< for kPlot: which of the plotted fields
  unsigned rows = 1;
};

/// The lanes of a game: marks, its event categories (in the order of the enumeration), its
/// buttons, then a lane for each field plotted (by its dotted name).
[[nodiscard]] std::vector<Lane> describeLanes(const sim::GameDefinition& game, std::span<const std::string> plotted = {});
/// The rows the lanes take, which the timeline's height and its label gutter are measured in.
[[nodiscard]] std::size_t countRows(std::span<const Lane> lanes) noexcept;
/// The height of a timeline of `rows` rows given at most `room` pixels: rows of full height
/// while they fit, thinner ones when they do not (a small window keeps room for the scene),
/// each at least a few pixels high, so the timeline may then take more than `room`.
[[nodiscard]] float measureTimeline(std::size_t rows, float room = 1e9F) noexcept;

/// The range of ticks the timeline shows.
struct TimelineView {
  std::uint64_t from = 0;
  std::uint64_t to = 0;  ///< inclusive
  [[nodiscard]] std::uint64_t span() const noexcept { return to - from + 1; }
};
/// The whole replay.
[[nodiscard]] inline TimelineView viewWhole(std::uint64_t lastTick) noexcept { return {0, lastTick}; }
/// Zooms in (factor < 1) or out (factor > 1) keeping `anchor` where it is; at least 10 ticks,
/// at most the whole replay.
[[nodiscard]] TimelineView zoomView(TimelineView view, std::uint64_t anchor, double factor, std::uint64_t lastTick) noexcept;

/// The view moved (its span kept) so that it shows `tick`; unchanged when it does.
[[nodiscard]] TimelineView followTick(TimelineView view, std::uint64_t tick, std::uint64_t lastTick) noexcept;

/// The tick under an x position of the bar (clamped to the view).
[[nodiscard]] std::uint64_t tickAtX(sf::FloatRect bar, TimelineView view, float x) noexcept;
/// The x position of a tick on the bar (may lie outside it when the tick is outside the view).
[[nodiscard]] float xOfTick(sf::FloatRect bar, TimelineView view, std::uint64_t tick) noexcept;
/// The pixel column of each tick's start, for binning: columns that hold one or more of `ticks`.
[[nodiscard]] std::vector<bool> binTicks(std::span<const std::uint64_t> sortedTicks, TimelineView view, unsigned columns);

/// The marks of the marks lane.
struct TimelineMarks {
  std::span<const std::uint64_t> tunnels;
  std::optional<std::uint64_t> divergence;
  std::span<const std::uint64_t> bookmarks;
  std::span<const std::uint64_t> matches;
  std::span<const std::uint64_t> listedEvents;     ///< with a condition in the events panel: the ticks of its events
  std::optional<std::uint64_t> compareDifference;  ///< compare mode: where A and B first differ
  std::optional<std::uint64_t> selectionFrom;      ///< a selected range, shaded
  std::optional<std::uint64_t> selectionTo;
};

/// The pixel columns of the bar of a timeline of `rows` rows drawn into `area`.
[[nodiscard]] unsigned countColumns(sf::FloatRect area, std::size_t rows) noexcept;

/// A plotted field as its lane draws it: the values of the view's columns, A's and (compare
/// mode) B's, on one scale.
struct PlotTrack {
  std::string field;
  std::vector<PlotColumn> a;  ///< one a column, countColumns(area, rows) of them
  std::vector<PlotColumn> b;  ///< compare mode: B's (empty otherwise)
  sim::FieldKind kind = sim::FieldKind::kInt;
  sim::EnumNames names{};
  std::optional<std::int64_t> now;  ///< A's value at the cursor
  bool complete = true;             ///< false while the replay is still being stepped for it
};

/// Everything the timeline draws from.
struct TimelineData {
  const sim::GameDefinition& game;
  std::span<const TickActivity> activity;   ///< the view's ticks binned into countColumns(area, lanes) columns
  std::span<const TickActivity> activityB;  ///< compare mode: B's, binned alike; each input lane shows B's button under A's
  std::uint64_t lastTick = 0;
  TimelineMarks marks;
  std::uint64_t cursor = 0;
  TimelineView view;
  std::span<const PlotTrack> plots;     ///< the fields plotted, a lane each after the buttons
  std::optional<sf::Vector2f> pointer;  ///< the mouse, when it is over the frame: a readout where it is on the bar
};

/// What the timeline says of a column on a lane (the pointer's readout): its tick or ticks, and
/// on a plot's lane the field's value there, or its lowest and highest (B's too in compare mode).
[[nodiscard]] std::string describeTimelinePoint(const TimelineData& data, const Lane& lane, unsigned column, unsigned columns);

/// The colour of a mark kind on the timeline.
[[nodiscard]] sf::Color tunnelColour() noexcept;
[[nodiscard]] sf::Color divergenceColour() noexcept;
[[nodiscard]] sf::Color bookmarkColour() noexcept;
[[nodiscard]] sf::Color matchColour() noexcept;
[[nodiscard]] sf::Color listedEventColour() noexcept;
/// The colour of a plotted field's curve: A's, and compare mode's B's (translucent, over A's).
[[nodiscard]] sf::Color plotColourA() noexcept;
[[nodiscard]] sf::Color plotColourB() noexcept;
/// A button held on an input lane: A's, and in compare mode B's beneath it.
[[nodiscard]] sf::Color heldColourA() noexcept;
[[nodiscard]] sf::Color heldColourB() noexcept;

/// Draws the lanes with their labels into `area` (its width minus the label gutter is the bar;
/// lanes too thin for a label have none, and the bar takes the whole width).
void drawTimeline(sf::RenderTarget& target, sf::FloatRect area, const TimelineData& data, const sf::Font& font);
/// The row under a y position of a timeline area of `rows` rows, if any.
[[nodiscard]] std::optional<std::size_t> findLaneAt(sf::FloatRect area, float y, std::size_t rows) noexcept;
/// The lane under a y position of a timeline area drawn with these lanes, if any.
[[nodiscard]] std::optional<std::size_t> findLaneAt(sf::FloatRect area, float y, std::span<const Lane> lanes) noexcept;
/// The bar part of a timeline area of `rows` rows (without the label gutter).
[[nodiscard]] sf::FloatRect timelineBar(sf::FloatRect area, std::size_t rows) noexcept;

}  // namespace retrace::viewer
