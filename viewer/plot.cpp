#include "viewer/plot.h"

#include <algorithm>
#include <span>
#include <string_view>
#include <variant>

#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/replay.h"
#include "sim/field_ids.h"

namespace retrace::viewer {

FieldSeries::FieldSeries(std::string field, const Playback& playback)
    : field_(std::move(field)),
      playback_(&playback),
      game_(playback.game().start(recorder::configOf(playback.replay().header), playback.replay().header.seed)),
      last_(playback.lastTick()),
      ticksPerRange_(std::max<std::uint64_t>(1, (playback.lastTick() + kMaxPlotRanges) / kMaxPlotRanges)) {
  ranges_.resize(static_cast<std::size_t>(last_ / ticksPerRange_ + 1));
}

bool FieldSeries::extend(std::uint64_t ticks) {
  for (std::uint64_t i = 0; i < ticks && !complete(); ++i) {
    // The same inputs the playback steps its keyframes with: the values are the scene's.
    if (next_ > 0) (void)game_->step(playback_->ticks().inputAt(next_));
    take(*game_);
    ++next_;
  }
  return complete();
}

void FieldSeries::take(const sim::GameSession& game) {
  // Naming every field costs more than a step; the values alone come in the same order, and only
  // a list's length moves a field's place among them, so the names are read again only when a
  // length or the count of values changed.
  const std::vector<std::int64_t> values = game.saveState();
  if (!place_.fits(values)) place_ = FieldPlace::read(game, field_, values.size());
  if (!place_.index) return;
  const std::int64_t value = place_.aligned ? place_.readValue(values) : place_.named;
  if (!seen_) {
    seen_ = true;
    kind_ = place_.kind;
    names_ = place_.names;
  }
  PlotColumn& range = ranges_[static_cast<std::size_t>(next_ / ticksPerRange_)];
  range.low = range.present ? std::min(range.low, value) : value;
  range.high = range.present ? std::max(range.high, value) : value;
  range.present = true;
}

bool FieldPlace::fits(std::span<const std::int64_t> values) const noexcept { return aligned && !waiting && layout.fits(values); }

std::int64_t FieldPlace::readValue(std::span<const std::int64_t> values) const noexcept {
  return sim::readSavedValue(values, *index, packedByte);
}

FieldPlace FieldPlace::read(const sim::GameSession& game, const std::string& field, std::size_t valueCount) {
  const std::vector<sim::Field> fields = game.describeState();
  FieldPlace place;
  // A game whose names and values do not line up is read by name every tick (it never fits).
  place.layout = sim::ValueLayout::of(fields);
  place.aligned = place.layout.count == valueCount;
  const std::optional<std::string> name = sim::resolveIds(fields, field, place.layout.anchors);
  // No element has the id yet (or any more): one may take it without a list changing length,
  // one entity spawned as another is gone, so the names are read again each tick until one does.
  place.waiting = !name.has_value();
  if (!name) return place;
  const auto found = std::find_if(fields.begin(), fields.end(), [&](const sim::Field& f) { return f.name == *name; });
  if (found == fields.end()) return place;
  place.index = found->place;
  place.packedByte = found->packedByte;
  place.named = found->value;
  place.kind = found->kind;
  place.names = found->names;
  return place;
}

std::optional<std::string> checkPlotName(const std::string& field) {
  if (auto problem = sim::checkIdSelectors(field)) return recorder::quoteForMessage(field) + ": " + *problem;
  auto pattern = recorder::FieldPattern::parse(field);
  if (auto* problem = std::get_if<std::string>(&pattern)) return recorder::quoteForMessage(field) + ": " + *problem;
  if (field.find('*') != std::string::npos)
    return recorder::quoteForMessage(field) + ": name one field (as the inspector gives it), not a pattern";
  return std::nullopt;
}

std::pair<std::uint64_t, std::uint64_t> findColumnTicks(std::uint64_t from, std::uint64_t to, std::uint64_t columns,
                                                        std::uint64_t i) noexcept {
  const std::uint64_t span = to - from + 1;
  const std::uint64_t first = from + (i * span + columns - 1) / columns;
  const std::uint64_t last = from + ((i + 1) * span + columns - 1) / columns - 1;
  if (last < first) return {from + i * span / columns, from + i * span / columns};
  return {first, last};
}

std::vector<PlotColumn> FieldSeries::bin(std::uint64_t from, std::uint64_t to, unsigned columns) const {
  std::vector<PlotColumn> bins(std::max(columns, 1U));
  if (from > to || next_ == 0) return bins;
  for (std::size_t i = 0; i < bins.size(); ++i) {
    auto [first, last] = findColumnTicks(from, to, bins.size(), i);
    last = std::min(last, next_ - 1);  // the ticks known so far, none past the last
    if (first > last) continue;
    PlotColumn& bin = bins[i];
    for (std::uint64_t r = first / ticksPerRange_; r <= last / ticksPerRange_; ++r) {
      const PlotColumn& range = ranges_[static_cast<std::size_t>(r)];
      if (!range.present) continue;
      bin.low = bin.present ? std::min(bin.low, range.low) : range.low;
      bin.high = bin.present ? std::max(bin.high, range.high) : range.high;
      bin.present = true;
    }
  }
  return bins;
}

}  // namespace retrace::viewer
