#include "viewer/navigation.h"

#include <algorithm>

#include "recorder/parse.h"
#include "sim/game.h"

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
