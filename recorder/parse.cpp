#include "recorder/parse.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sim/game.h"

namespace retrace::recorder {
namespace {

constexpr std::int64_t kMaxWhole = sim::kMaxCoordinatePx;
/// Digits after the point a decimal may have: 10^9 times the largest whole part fits 64 bits.
constexpr std::size_t kMostDecimals = 9;

std::vector<std::string_view> splitOnComma(std::string_view text) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) return parts;
    start = comma + 1;
  }
}

/// Decimal digits into an int64: parseCount's rules, within int64's range.
bool parseDigits(std::string_view digits, std::int64_t& outValue) {
  const auto count = parseCount(digits);
  const auto* value = std::get_if<std::uint64_t>(&count);
  if (value == nullptr || *value > static_cast<std::uint64_t>(INT64_MAX)) return false;
  outValue = static_cast<std::int64_t>(*value);
  return true;
}

}  // namespace

Parsed<std::uint64_t> parseCount(std::string_view text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) {
    return quoteForMessage(text) + " is not a whole number (digits 0-9 only)";
  }
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size())
    return quoteForMessage(text) + " is too large (at most 18446744073709551615)";
  return value;
}

Parsed<Shard> parseShard(std::string_view text) {
  const std::size_t slash = text.find('/');
  const std::string shape = quoteForMessage(text) + " is not a shard: I/N with 1 <= I <= N, like 2/4";
  if (slash == std::string_view::npos) return shape;
  const auto index = parseCount(text.substr(0, slash));
  const auto count = parseCount(text.substr(slash + 1));
  if (!std::holds_alternative<std::uint64_t>(index) || !std::holds_alternative<std::uint64_t>(count)) return shape;
  const std::uint64_t i = std::get<std::uint64_t>(index);
  const std::uint64_t n = std::get<std::uint64_t>(count);
  if (i < 1 || i > n) return shape;
  return Shard{i - 1, n};
}

Parsed<sim::Fixed> parseFixed(std::string_view text) {
  const std::string quoted = quoteForMessage(text);
  bool negative = !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  const std::size_t dot = text.find('.');
  const std::string_view wholePart = text.substr(0, dot);
  const std::string_view fractionPart = dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
  const auto digitsOnly = [](std::string_view part) {
    return !part.empty() && part.find_first_not_of("0123456789") == std::string_view::npos;
  };
  if (!digitsOnly(wholePart) || (dot != std::string_view::npos && !digitsOnly(fractionPart))) {
    return quoted + " is not a decimal number (like 98, -3.25 or 0.38)";
  }
  if (fractionPart.size() > kMostDecimals)
    return quoted + " has more than " + std::to_string(kMostDecimals) + " digits after the point";
  std::int64_t whole = 0;
  // Digits only by now, so a failure is a number too large for 64 bits.
  if (!parseDigits(wholePart, whole) || whole > kMaxWhole) {
    return quoted + " is out of range (at most " + std::to_string(kMaxWhole) + " in magnitude)";
  }
  std::int64_t fraction = 0;
  std::int64_t scale = 1;
  if (!fractionPart.empty()) {
    (void)parseDigits(fractionPart, fraction);  // at most kMostDecimals digits: always fits
    for (std::size_t i = 0; i < fractionPart.size(); ++i) scale *= 10;
  }
  const std::int64_t numerator = (whole * scale + fraction) * (negative ? -1 : 1);
  return sim::Fixed::fromRatio(numerator, scale);
}

Parsed<sim::Box> parseBox(std::string_view text) {
  const auto parts = splitOnComma(text);
  if (parts.size() != 4) return quoteForMessage(text) + " is not a box: expected x,y,w,h";
  sim::Fixed values[4];
  for (std::size_t i = 0; i < 4; ++i) {
    auto parsed = parseFixed(parts[i]);
    if (auto* error = std::get_if<std::string>(&parsed)) return "box " + quoteForMessage(text) + ": " + *error;
    values[i] = std::get<sim::Fixed>(parsed);
  }
  if (values[2] < sim::Fixed() || values[3] < sim::Fixed()) return "box " + quoteForMessage(text) + " has a negative size";
  return sim::Box{values[0], values[1], values[2], values[3]};
}

Parsed<sim::Vec2> parseVec2(std::string_view text) {
  const auto parts = splitOnComma(text);
  if (parts.size() != 2) return quoteForMessage(text) + " is not a displacement: expected dx,dy";
  sim::Fixed values[2];
  for (std::size_t i = 0; i < 2; ++i) {
    auto parsed = parseFixed(parts[i]);
    if (auto* error = std::get_if<std::string>(&parsed)) return "displacement " + quoteForMessage(text) + ": " + *error;
    values[i] = std::get<sim::Fixed>(parsed);
  }
  return sim::Vec2{values[0], values[1]};
}

std::string joinGameNames() {
  std::vector<std::string_view> names;
  for (const sim::GameDefinition* game : sim::listGames()) names.push_back(game->name());
  return joinNames(names);
}

namespace {

/// The sentence for a game the registry refused.
std::string describeRefusal(std::string_view name, const std::string& reason) {
  return "the game " + quoteForMessage(name) + " was refused when it was registered: " + reason;
}

}  // namespace

std::string describeMissingGame(std::string_view name) {
  if (auto reason = sim::findRefusal(name)) return describeRefusal(name, *reason);
  return "there is no game " + quoteForMessage(name) + " (games: " + joinGameNames() + ")";
}

std::vector<std::string> describeRefusedGames() {
  std::vector<std::string> sentences;
  for (const sim::RefusedGame& refused : sim::listRefusedGames())
    sentences.push_back(describeRefusal(refused.name, refused.reason));
  return sentences;
}

namespace {

/// The first character of `text` a terminal cannot show as it is: where it starts and what it
/// is ("holds a control character", "is not UTF-8" and why), the position left to say.
struct Unprintable {
  std::size_t at = 0;
  std::string what;
  std::string why;  ///< in brackets after what, with the position; empty for a control character
};

std::optional<Unprintable> locateUnprintable(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    // The sequence length and the smallest code point it may encode (shorter forms are overlong).
    std::size_t length = 1;
    std::uint32_t point = lead;
    std::uint32_t least = 0;
    if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4, point = lead & 0x07U, least = 0x10000;
    } else if (lead >= 0xE0 && lead < 0xF0) {
      length = 3, point = lead & 0x0FU, least = 0x800;
    } else if (lead >= 0xC2 && lead < 0xE0) {
      length = 2, point = lead & 0x1FU, least = 0x80;
    } else if (lead >= 0x80) {
      return Unprintable{i, "is not UTF-8",
                         "byte 0x" + std::string{"0123456789abcdef"[lead >> 4], "0123456789abcdef"[lead & 15]}};
    }
    if (i + length > text.size()) return Unprintable{i, "is not UTF-8", "a character cut short"};
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0U) != 0x80) return Unprintable{i, "is not UTF-8", "a broken character"};
      point = (point << 6) | (next & 0x3FU);
    }
    if (point < least || point > 0x10FFFF || (point >= 0xD800 && point <= 0xDFFF))
      return Unprintable{i, "is not UTF-8", "an invalid character"};
    // C0 controls (newline, escape), DEL and the C1 controls a terminal also obeys.
    if (point < 0x20 || (point >= 0x7F && point < 0xA0)) return Unprintable{i, "holds a control character", ""};
    i += length;
  }
  return std::nullopt;
}

/// "holds a control character at byte 3", "is not UTF-8 (byte 0xff at byte 0)".
std::string describeUnprintable(const Unprintable& found) {
  const std::string at = "at byte " + std::to_string(found.at);
  return found.why.empty() ? found.what + " " + at : found.what + " (" + found.why + " " + at + ")";
}

}  // namespace

std::optional<std::string> findUnprintable(std::string_view text, std::size_t maxBytes) {
  if (text.size() > maxBytes) return "is " + std::to_string(text.size()) + " bytes long, over " + std::to_string(maxBytes);
  const std::optional<Unprintable> found = locateUnprintable(text);
  if (!found) return std::nullopt;
  return describeUnprintable(*found);
}

std::optional<std::string> findUnprintableArgument(std::span<char* const> arguments) {
  for (const char* argument : arguments) {
    const std::string_view text(argument);
    const std::optional<Unprintable> found = locateUnprintable(text);
    if (!found) continue;
    // Quoted from a little before the character, so that a long path still shows it.
    constexpr std::size_t kShownBefore = 16;
    const std::size_t from = found->at > kShownBefore ? found->at - kShownBefore : 0;
    const std::string quoted = from == 0 ? quoteForMessage(text) : "'..." + quoteForMessage(text.substr(from)).substr(1);
    return "the argument " + quoted + " " + describeUnprintable(*found) +
           "; only printable text is taken, so that what is said back stays one plain line";
  }
  return std::nullopt;
}

std::string formatHash(std::uint64_t hash) {
  return sim::formatFieldValue(static_cast<std::int64_t>(hash), sim::FieldKind::kBits);
}

std::string formatCount(std::uint64_t count, std::string_view noun) {
  return std::to_string(count) + " " + std::string(noun) + (count == 1 ? "" : "s");
}

std::string formatFixed(sim::Fixed value) { return sim::formatFieldValue(value.raw(), sim::FieldKind::kFixed); }

namespace {

/// A count of minutes before the seconds: "M", or "H:MM" as info prints a replay's length.
std::optional<std::uint64_t> parseMinutes(std::string_view text) {
  const std::size_t colon = text.find(':');
  const auto last = parseCount(colon == std::string_view::npos ? text : text.substr(colon + 1));
  if (!std::holds_alternative<std::uint64_t>(last)) return std::nullopt;
  if (colon == std::string_view::npos) return std::get<std::uint64_t>(last);
  const auto hours = parseCount(text.substr(0, colon));
  if (!std::holds_alternative<std::uint64_t>(hours) || text.size() - colon - 1 != 2 || std::get<std::uint64_t>(last) >= 60)
    return std::nullopt;
  if (std::get<std::uint64_t>(hours) > 100'000'000) return std::nullopt;  // no overflow below
  return std::get<std::uint64_t>(hours) * 60 + std::get<std::uint64_t>(last);
}

/// "M:SS", "M:SS.f" to "M:SS.fff" (as formatTickTime prints a tick) or "H:MM:SS.fff" (as info
/// prints a length) in ticks: the first tick whose time, in whole milliseconds as they print
/// it, is the time or after it, so that every printed time reads back as its own tick.
std::optional<std::uint64_t> parseTickTime(std::string_view text) {
  const std::size_t colon = text.rfind(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const std::string_view rest = text.substr(colon + 1);
  const std::size_t dot = rest.find('.');
  const std::string_view secondsText = rest.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? std::string_view() : rest.substr(dot + 1);
  const auto minutes = parseMinutes(text.substr(0, colon));
  const auto seconds = parseCount(secondsText);
  if (!minutes || !std::holds_alternative<std::uint64_t>(seconds)) return std::nullopt;
  if (secondsText.size() != 2 || std::get<std::uint64_t>(seconds) >= 60 || fraction.size() > 3) return std::nullopt;
  if (dot != std::string_view::npos && fraction.empty()) return std::nullopt;
  std::uint64_t millis = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    const char c = i < fraction.size() ? fraction[i] : '0';
    if (c < '0' || c > '9') return std::nullopt;
    millis = millis * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (*minutes > kLatestTickTimeMinutes) return std::nullopt;
  millis += (*minutes * 60 + std::get<std::uint64_t>(seconds)) * 1000;
  // The printers round a tick's time down to the millisecond; this is their inverse.
  return (millis * sim::kTickRate + 999) / 1000;
}

}  // namespace

Parsed<std::uint64_t> parseTick(std::string_view text) {
  if (!text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos) return parseCount(text);
  if (const auto tick = parseTickTime(text)) return *tick;
  return quoteForMessage(text) + " is no tick: a count of ticks (673) or a time, minutes:seconds (0:11.216)";
}

std::string canonicalizeTick(std::string& text) {
  const auto tick = parseTick(text);
  if (const auto* problem = std::get_if<std::string>(&tick)) return *problem;
  text = std::to_string(std::get<std::uint64_t>(tick));
  return {};
}

std::string canonicalizeCount(std::string& text, std::uint64_t most) {
  const auto count = parseCount(text);
  const auto* value = std::get_if<std::uint64_t>(&count);
  // Digits only, yet no count: past 2^64 - 1, which is past `most` too.
  const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  if ((value != nullptr && *value > most) || (value == nullptr && digits))
    return quoteForMessage(text) + " is too large (at most " + std::to_string(most) + ")";
  if (value == nullptr) return std::get<std::string>(count);
  text = std::to_string(*value);
  return {};
}

std::function<std::string(std::string&)> chooseOptionTransform(std::string_view typeName) {
  if (typeName.starts_with("TICK")) return canonicalizeTick;
  if (!typeName.starts_with("UINT")) return nullptr;
  std::uint64_t most = UINT64_MAX;
  // CLI::Range writes its bounds into the type name: "UINT:UINT in [1 - 256]".
  const std::size_t open = typeName.find(" in [");
  const std::size_t dash = typeName.find(" - ", open);
  const std::size_t close = typeName.find(']', dash);
  if (open != std::string_view::npos && dash != std::string_view::npos && close != std::string_view::npos) {
    if (const auto top = parseCount(typeName.substr(dash + 3, close - dash - 3)); std::holds_alternative<std::uint64_t>(top))
      most = std::get<std::uint64_t>(top);
  }
  return [most](std::string& text) { return canonicalizeCount(text, most); };
}

std::string lowerAscii(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::size_t countEdits(std::string_view a, std::string_view b) {
  // Three rows of the table: a swap looks two letters back.
  std::vector<std::size_t> before(b.size() + 1);
  std::vector<std::size_t> above(b.size() + 1);
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) above[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      row[j] = std::min({above[j] + 1, row[j - 1] + 1, above[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, above);
    std::swap(above, row);
  }
  return above[b.size()];
}

namespace {

/// An option's name without its dashes, in lower case ("--Ticks": "ticks").
std::string bareOptionName(std::string_view option) {
  return lowerAscii(option.substr(std::min(option.find_first_not_of('-'), option.size())));
}

}  // namespace

std::string suggestOptionName(std::string_view word, const std::vector<std::string>& options) {
  const std::string wanted = bareOptionName(word.substr(0, word.find('=')));
  if (wanted.empty()) return {};
  // The one long option the word begins ("--out" for "--output"), as some parsers take it; none of several.
  std::vector<const std::string*> begun;
  for (const std::string& option : options) {
    if (option.starts_with("--") && wanted.size() >= 2 && bareOptionName(option).starts_with(wanted)) begun.push_back(&option);
  }
  if (begun.size() > 1) return {};
  if (begun.size() == 1) return *begun.front();
  // Else the nearest by spelling, and none where two are as near.
  const std::string* nearest = nullptr;
  std::size_t fewest = std::max<std::size_t>(1, wanted.size() / 3) + 1;
  bool tied = false;
  for (const std::string& option : options) {
    const std::size_t edits = countEdits(wanted, bareOptionName(option));
    if (edits < fewest) {
      nearest = &option;
      fewest = edits;
      tied = false;
    } else if (edits == fewest) {
      tied = true;
    }
  }
  return nearest != nullptr && !tied ? *nearest : std::string();
}

std::optional<std::string> describeUnknownOption(const std::vector<std::string>& words, const std::vector<std::string>& options) {
  for (const std::string& word : words) {
    const bool number = word.size() > 1 && std::isdigit(static_cast<unsigned char>(word[1])) != 0;
    if (!word.starts_with('-') || word == "-" || word == "--" || number) continue;
    std::string_view name = std::string_view(word).substr(0, word.find('='));
    if (name.find_first_not_of('-') == std::string_view::npos) name = word;  // "--=x" names no option
    if (std::find(options.begin(), options.end(), name) != options.end()) continue;
    const std::string near = suggestOptionName(name, options);
    std::string sentence = "unknown option ";  // piece by piece, as g++ 12's -Wrestrict needs at -O3
    sentence.append(quoteForMessage(name));
    if (!near.empty()) sentence.append("; did you mean ").append(near).append("?");
    return sentence;
  }
  return std::nullopt;
}

}  // namespace retrace::recorder
