#include "viewer/plot.h"

#include <algorithm>
#include <charconv>
#include <span>
#include <string_view>
#include <variant>

#include "recorder/inspect.h"
#include "recorder/parse.h"
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
  // Naming every field costs more than a step; the values alone come in the same order, and only
  // a list's length moves a field's place among them, so the names are read again only when a
  // length or the count of values changed.
  const std::vector<std::int64_t> values = game.saveState();
  if (!place_.fits(values)) place_ = FieldPlace::read(game, field_, values.size());
  if (!place_.index) return;
  const std::int64_t value = place_.aligned ? values[*place_.index] : place_.named;
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

bool FieldPlace::fits(std::span<const std::int64_t> values) const noexcept {
  if (!aligned || waiting || values.size() != count) return false;
  return std::all_of(anchors.begin(), anchors.end(), [&](const auto& anchor) { return values[anchor.first] == anchor.second; });
}

FieldPlace FieldPlace::read(const sim::GameSession& game, const std::string& field, std::size_t valueCount) {
  const std::vector<sim::Field> fields = game.describeState();
  FieldPlace place;
  // A game whose names and values do not line up is read by name every tick (it never fits).
  place.aligned = fields.size() == valueCount;
  place.count = fields.size();
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name.ends_with(".size")) place.anchors.emplace_back(i, fields[i].value);
  }
  const std::optional<std::string> name = resolveIds(fields, field, place.anchors);
  // No element has the id yet (or any more): one may take it without a list changing length,
  // one entity spawned as another is gone, so the names are read again each tick until one does.
  place.waiting = !name.has_value();
  if (!name) return place;
  const auto found = std::find_if(fields.begin(), fields.end(), [&](const sim::Field& f) { return f.name == *name; });
  if (found == fields.end()) return place;
  place.index = static_cast<std::size_t>(found - fields.begin());
  place.named = found->value;
  place.kind = found->kind;
  place.names = found->names;
  return place;
}

namespace {

constexpr std::string_view kIdOpen = "[id=";

/// The index of the element of list `list` whose `id` field is `id` (a field "list[i].id").
std::optional<std::pair<std::size_t, std::size_t>> findElementById(const std::vector<sim::Field>& fields, std::string_view list, std::int64_t id) {
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const std::string_view name = fields[i].name;
    if (fields[i].value != id || !name.starts_with(list) || name.size() <= list.size() || name[list.size()] != '[' || !name.ends_with("].id")) continue;
    const std::string_view digits = name.substr(list.size() + 1, name.size() - list.size() - 5);
    std::size_t index = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (error == std::errc() && end == digits.data() + digits.size() && !digits.empty()) return std::pair{index, i};
  }
  return std::nullopt;
}

/// The id of an `[id=N]` at `open` of `field`, and where it closes; nothing when it is not one.
std::optional<std::pair<std::int64_t, std::size_t>> readIdSelector(std::string_view field, std::size_t open) {
  const std::size_t close = field.find(']', open);
  if (close == std::string_view::npos) return std::nullopt;
  const std::string_view digits = field.substr(open + kIdOpen.size(), close - open - kIdOpen.size());
  std::int64_t id = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
  if (error != std::errc() || end != digits.data() + digits.size() || digits.empty()) return std::nullopt;
  return std::pair{id, close};
}

}  // namespace

std::optional<std::string> resolveIds(const std::vector<sim::Field>& fields, const std::string& field,
                                      std::vector<std::pair<std::size_t, std::int64_t>>& outAnchors) {
  std::string name = field;
  for (std::size_t open = name.find(kIdOpen); open != std::string::npos; open = name.find(kIdOpen, open)) {
    const auto selector = readIdSelector(name, open);
    if (!selector) return std::nullopt;
    const auto element = findElementById(fields, std::string_view(name).substr(0, open), selector->first);
    if (!element) return std::nullopt;
    outAnchors.emplace_back(element->second, selector->first);
    name.replace(open, selector->second - open + 1, "[" + std::to_string(element->first) + "]");
  }
  return name;
}

std::string nameByIds(const std::vector<sim::Field>& fields, const std::string& field) {
  std::string name;
  for (std::size_t at = 0; at < field.size();) {
    const std::size_t open = field.find('[', at);
    const std::size_t close = open == std::string::npos ? std::string::npos : field.find(']', open);
    if (close == std::string::npos) {
      name += field.substr(at);
      break;
    }
    // The element's id is the field "<everything so far>[i].id" in the concrete name.
    const std::string element = field.substr(0, close + 1);
    const auto id = std::find_if(fields.begin(), fields.end(), [&](const sim::Field& f) { return f.name == element + ".id"; });
    name += field.substr(at, open - at);
    name += id == fields.end() ? field.substr(open, close - open + 1) : std::string(kIdOpen) + std::to_string(id->value) + "]";
    at = close + 1;
  }
  return name;
}

std::optional<std::string> checkPlotName(const std::string& field) {
  std::string indexed = field;  // the name with each [id=N] as an index, for the pattern's rules
  for (std::size_t open = indexed.find(kIdOpen); open != std::string::npos; open = indexed.find(kIdOpen, open)) {
    const auto selector = readIdSelector(indexed, open);
    if (!selector) return recorder::quoteForMessage(field) + ": an element picked by its id is [id=N], N a whole number";
    indexed.replace(open, selector->second - open + 1, "[0]");
  }
  auto pattern = recorder::FieldPattern::parse(indexed);
  if (auto* problem = std::get_if<std::string>(&pattern)) return recorder::quoteForMessage(field) + ": " + *problem;
  if (field.find('*') != std::string::npos) return recorder::quoteForMessage(field) + ": name one field (as retrace show prints it), not a pattern";
  return std::nullopt;
}

std::pair<std::uint64_t, std::uint64_t> findColumnTicks(std::uint64_t from, std::uint64_t to, std::uint64_t columns, std::uint64_t i) noexcept {
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
