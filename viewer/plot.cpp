#include "viewer/plot.h"

#include <algorithm>

#include "recorder/replay.h"

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
  const std::vector<sim::Field> fields = game.describeState();
  const auto found = std::find_if(fields.begin(), fields.end(), [&](const sim::Field& f) { return f.name == field_; });
  if (found == fields.end()) return;
  if (!seen_) {
    seen_ = true;
    kind_ = found->kind;
    names_ = found->names;
  }
  PlotColumn& range = ranges_[static_cast<std::size_t>(next_ / ticksPerRange_)];
  range.low = range.present ? std::min(range.low, found->value) : found->value;
  range.high = range.present ? std::max(range.high, found->value) : found->value;
  range.present = true;
}

std::vector<PlotColumn> FieldSeries::bin(std::uint64_t from, std::uint64_t to, unsigned columns) const {
  std::vector<PlotColumn> bins(std::max(columns, 1U));
  if (from > to || next_ == 0) return bins;
  const std::uint64_t span = to - from + 1;
  const std::uint64_t columns64 = bins.size();
  for (std::size_t i = 0; i < bins.size(); ++i) {
    // The ticks whose start falls in column i; when none does, the tick under it.
    std::uint64_t first = from + (i * span + columns64 - 1) / columns64;
    std::uint64_t last = from + ((i + 1) * span + columns64 - 1) / columns64 - 1;
    if (last < first) first = last = from + i * span / columns64;
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
