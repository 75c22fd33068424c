#include "viewer/navigation.h"

#include <algorithm>

#include "recorder/parse.h"

namespace retrace::viewer {

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

std::string writeEventLine(const sim::GameDefinition& game, const EventRow& row, std::uint64_t lastTick) {
  const std::size_t width = std::to_string(lastTick).size();
  std::string line = std::to_string(row.tick);
  if (line.size() < width) line.insert(0, width - line.size(), ' ');
  return line + "  " + sim::formatEvent(game, row.event);
}

std::variant<std::uint64_t, std::string> parseTickText(std::string_view text, std::uint64_t current, std::uint64_t last) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  const std::string refusal = recorder::quoteForMessage(text) + " is no tick: type 151, 1:02.500 (minutes:seconds), +60 or -60";
  if (text.empty()) return refusal;
  const char sign = text.front();
  // A tick or its time as retrace prints it (recorder/parse.h), or a count of ticks either way.
  const auto count = sign == '+' || sign == '-' ? recorder::parseCount(text.substr(1)) : recorder::parseTick(text);
  if (!std::holds_alternative<std::uint64_t>(count)) return refusal;
  const std::uint64_t n = std::get<std::uint64_t>(count);
  if (sign == '+') return n >= last - std::min(current, last) ? last : current + n;
  if (sign == '-') return n >= current ? 0 : current - n;
  return std::min(n, last);
}

}  // namespace retrace::viewer
