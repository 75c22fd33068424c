#pragma once
// A field plotted over time: its value after every tick of a replay, for a lane of the
// timeline. The values come from re-simulating the replay from tick 0 with its recorded inputs,
// as the scene's do, a slice of ticks at a time so that the window stays responsive while a long
// replay is stepped; a column of the timeline then shows the lowest and highest value of the
// ticks it covers, so a spike of one tick in an hour still shows. Without SFML: tested headless.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sim/game.h"
#include "sim/value_layout.h"
#include "viewer/playback.h"

namespace retrace::viewer {

/// The values a stretch of ticks took: their range, or nothing when the field did not exist
/// on any of them (a list element not yet spawned, or not yet stepped).
struct PlotColumn {
  std::int64_t low = 0;
  std::int64_t high = 0;
  bool present = false;
  bool operator==(const PlotColumn&) const = default;
};

/// Ticks are kept one value range each up to this many ranges; a longer replay shares a range
/// between neighbouring ticks, so a plot of any length holds at most about 6 MB.
inline constexpr std::uint64_t kMaxPlotRanges = std::uint64_t{1} << 18;
/// The most fields plotted at once (each is a lane of the timeline).
inline constexpr std::size_t kMaxPlots = 4;

/// The ticks column `i` of `columns` covers when ticks [from, to] are spread over them: the ticks t
/// with (t - from) * columns / (to - from + 1) == i, or, when none is (more columns than ticks),
/// the tick under the column. First and last, inclusive.
[[nodiscard]] std::pair<std::uint64_t, std::uint64_t> findColumnTicks(std::uint64_t from, std::uint64_t to, std::uint64_t columns,
                                                                      std::uint64_t i) noexcept;

/// One sentence, starting with the name quoted, when a plot's name is not one field's: not a
/// name at all, a pattern, or an `[id=` that is not `[id=N]` with N a whole number. A name may
/// pick a list's element by its id (sim/field_ids.h), and a plot then follows that element.
[[nodiscard]] std::optional<std::string> checkPlotName(const std::string& field);

/// Where a field is among a state's values (saveState), and what decides that: the count of
/// values, every list's length, and the id of each element picked by its id. Reading the
/// values alone is far cheaper than naming them all.
struct FieldPlace {
  bool aligned = false;              ///< the names (describeState) line up with the values
  bool waiting = false;              ///< an element picked by its id is not there: read again every tick
  sim::ValueLayout layout;           ///< the count of values, each list's length and each picked id's place and value
  std::optional<std::size_t> index;  ///< the field's place, when the state has it
  std::int8_t packedByte = -1;       ///< a byte packed in the value there: which one
  std::int64_t named = 0;            ///< its value when the place was read
  sim::FieldKind kind = sim::FieldKind::kInt;
  sim::EnumNames names{};
  /// The field's value among these values (they fit).
  [[nodiscard]] std::int64_t readValue(std::span<const std::int64_t> values) const noexcept;
  /// True when these values are laid out alike (the field where it was).
  [[nodiscard]] bool fits(std::span<const std::int64_t> values) const noexcept;
  /// Where the field is in the game as it is now (`valueCount`: how many values saveState gives).
  [[nodiscard]] static FieldPlace read(const sim::GameSession& game, const std::string& field, std::size_t valueCount);
};

/// One field's values over a replay, stepped a slice at a time.
class FieldSeries {
 public:
  /// The field of `playback`'s game by its dotted name ("hero.vy", "enemies[1].hp"), from tick 0.
  /// The playback must outlive the series (its recorded inputs are read as it steps).
  FieldSeries(std::string field, const Playback& playback);

  [[nodiscard]] const std::string& field() const noexcept { return field_; }
  /// Steps up to `ticks` more ticks; true once every tick is known.
  bool extend(std::uint64_t ticks);
  /// Every tick up to the replay's last is known.
  [[nodiscard]] bool complete() const noexcept { return next_ > last_; }
  /// Ticks 0 to known() - 1 are known.
  [[nodiscard]] std::uint64_t known() const noexcept { return next_; }
  /// The field existed on some tick known so far.
  [[nodiscard]] bool seen() const noexcept { return seen_; }
  /// How the field reads (its kind and enumeration names, from the first tick that had it).
  [[nodiscard]] sim::FieldKind kind() const noexcept { return kind_; }
  [[nodiscard]] sim::EnumNames names() const noexcept { return names_; }
  /// Ticks sharing one stored range (1: every tick is exact).
  [[nodiscard]] std::uint64_t ticksPerRange() const noexcept { return ticksPerRange_; }
  /// The range of ticks [from, to] split into `columns` equal parts as the timeline draws them,
  /// each holding the values of the ticks findColumnTicks gives it. Ticks not yet known are absent.
  [[nodiscard]] std::vector<PlotColumn> bin(std::uint64_t from, std::uint64_t to, unsigned columns) const;

 private:
  /// Notes the field's value in the game as it is after tick next_.
  void take(const sim::GameSession& game);

  std::string field_;
  const Playback* playback_;
  std::unique_ptr<sim::GameSession> game_;
  std::uint64_t last_ = 0;
  std::uint64_t next_ = 0;  ///< the next tick to note (0: the game as initialised)
  std::uint64_t ticksPerRange_ = 1;
  FieldPlace place_;
  std::vector<PlotColumn> ranges_;  ///< range r: ticks r * ticksPerRange_ to (r + 1) * ticksPerRange_ - 1
  bool seen_ = false;
  sim::FieldKind kind_ = sim::FieldKind::kInt;
  sim::EnumNames names_{};
};

}  // namespace retrace::viewer
