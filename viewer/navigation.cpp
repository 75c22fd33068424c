#include "viewer/navigation.h"

#include <algorithm>

#include "recorder/parse.h"
#include "sim/game.h"

namespace retrace::viewer {

std::vector<EventRow> listEvents(const recorder::LoadedReplay& replay) {
  std::vector<EventRow> rows;
  for (const recorder::Chunk& chunk : replay.chunks) {
    for (const recorder::RecordedEvent& e : chunk.events) rows.push_back({e.tick, e.event});
  }
  // Chunks are in tick order and so are their events; a stable sort keeps a tick's own order.
  std::stable_sort(rows.begin(), rows.end(), [](const EventRow& a, const EventRow& b) { return a.tick < b.tick; });
  return rows;
}

std::vector<std::size_t> filterEvents(std::span<const EventRow> events, std::optional<std::uint16_t> kind) {
  std::vector<std::size_t> shown;
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (!kind || events[i].event.kind == *kind) shown.push_back(i);
  }
  return shown;
}

std::size_t findEventRow(std::span<const EventRow> events, std::span<const std::size_t> shown, std::uint64_t tick) {
  const auto at = std::lower_bound(shown.begin(), shown.end(), tick, [&](std::size_t i, std::uint64_t t) { return events[i].tick < t; });
  return static_cast<std::size_t>(at - shown.begin());
}

std::optional<std::uint64_t> findEventTick(std::span<const EventRow> events, std::uint64_t tick, Direction direction,
                                           std::optional<std::uint16_t> kind) {
  const auto ofKind = [&](const EventRow& row) { return !kind || row.event.kind == *kind; };
  if (direction == Direction::kForward) {
    auto at = std::upper_bound(events.begin(), events.end(), tick, [](std::uint64_t t, const EventRow& row) { return t < row.tick; });
    at = std::find_if(at, events.end(), ofKind);
    if (at == events.end()) return std::nullopt;
    return at->tick;
  }
  const auto end = std::lower_bound(events.begin(), events.end(), tick, [](const EventRow& row, std::uint64_t t) { return row.tick < t; });
  const auto found = std::find_if(std::make_reverse_iterator(end), events.rend(), ofKind);
  if (found == events.rend()) return std::nullopt;
  return found->tick;
}

std::optional<std::uint64_t> findMarkTick(std::span<const std::uint64_t> sortedTicks, std::uint64_t tick, Direction direction) {
  if (direction == Direction::kForward) {
    const auto at = std::upper_bound(sortedTicks.begin(), sortedTicks.end(), tick);
    if (at == sortedTicks.end()) return std::nullopt;
    return *at;
  }
  const auto at = std::lower_bound(sortedTicks.begin(), sortedTicks.end(), tick);
  if (at == sortedTicks.begin()) return std::nullopt;
  return *(at - 1);
}

namespace {

/// "M:SS" or "M:SS.fff" (as formatTickTime prints a tick) in ticks, rounded down.
std::optional<std::uint64_t> parseTime(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const std::string_view rest = text.substr(colon + 1);
  const std::size_t dot = rest.find('.');
  const std::string_view secondsText = rest.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? std::string_view() : rest.substr(dot + 1);
  const auto minutes = recorder::parseCount(text.substr(0, colon));
  const auto seconds = recorder::parseCount(secondsText);
  if (!std::holds_alternative<std::uint64_t>(minutes) || !std::holds_alternative<std::uint64_t>(seconds)) return std::nullopt;
  if (secondsText.size() != 2 || std::get<std::uint64_t>(seconds) >= 60 || fraction.size() > 3) return std::nullopt;
  if (dot != std::string_view::npos && fraction.empty()) return std::nullopt;
  std::uint64_t millis = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    const char c = i < fraction.size() ? fraction[i] : '0';
    if (c < '0' || c > '9') return std::nullopt;
    millis = millis * 10 + static_cast<std::uint64_t>(c - '0');
  }
  const std::uint64_t m = std::get<std::uint64_t>(minutes);
  if (m > 1'000'000'000) return std::nullopt;  // past any replay the loader accepts, and no overflow below
  millis += (m * 60 + std::get<std::uint64_t>(seconds)) * 1000;
  return millis * sim::kTickRate / 1000;
}

}  // namespace

std::variant<std::uint64_t, std::string> parseTickText(std::string_view text, std::uint64_t current, std::uint64_t last) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  const std::string refusal = recorder::quoteForMessage(text) + " is no tick: type 151, 1:02.500 (minutes:seconds), +60 or -60";
  if (text.empty()) return refusal;
  if (const auto time = parseTime(text)) return std::min(*time, last);
  const char sign = text.front();
  const auto count = recorder::parseCount(sign == '+' || sign == '-' ? text.substr(1) : text);
  if (!std::holds_alternative<std::uint64_t>(count)) return refusal;
  const std::uint64_t n = std::get<std::uint64_t>(count);
  if (sign == '+') return n >= last - std::min(current, last) ? last : current + n;
  if (sign == '-') return n >= current ? 0 : current - n;
  return std::min(n, last);
}

}  // namespace retrace::viewer
