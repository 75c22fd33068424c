#pragma once
// Parsing of numbers and boxes typed by users. Errors come back as one human sentence.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sim/aabb.h"
#include "sim/text.h"

namespace retrace::recorder {

/// A parsed value or the sentence that says why the text was refused.
template <typename T>
using Parsed = std::variant<T, std::string>;

/// Parses a count, seed or tick typed in decimal digits ("600", "010" is ten); a sign, any other
/// character or a value past 2^64 - 1 is refused, never wrapped or saturated.
[[nodiscard]] Parsed<std::uint64_t> parseCount(std::string_view text);
/// One machine's share of work spread over `count` machines, numbered from 0 here.
struct Shard {
  std::uint64_t index = 0;
  std::uint64_t count = 1;
};
/// Parses "I/N", shard I of N counted from 1 as batch systems number them ("1/4" to "4/4").
[[nodiscard]] Parsed<Shard> parseShard(std::string_view text);
/// Replaces a typed count with its canonical decimal ("010" becomes "10"); returns why it is
/// not a count or is past `most`, or nothing. The shape of a CLI11 transform.
[[nodiscard]] std::string canonicalizeCount(std::string& text, std::uint64_t most = UINT64_MAX);
/// The latest time a tick may be written as, in minutes: far past any recording (record stops at
/// a billion ticks, under 300,000 minutes), and small enough that its milliseconds never overflow.
inline constexpr std::uint64_t kLatestTickTimeMinutes = 1'000'000'000;
/// A tick as a count ("673") or as the time it is played at, minutes:seconds as events and show
/// print it ("0:11.216", "1:02.5", "1:02") or hours:minutes:seconds as info prints a length
/// ("0:01:00.000"): the tick printed so, or the first after a time between two ticks.
[[nodiscard]] Parsed<std::uint64_t> parseTick(std::string_view text);
/// canonicalizeCount for a tick: a count or a time (parseTick) replaced with its count of ticks.
[[nodiscard]] std::string canonicalizeTick(std::string& text);
/// What an option of this CLI11 type name reads its text through, or nothing: a count ("UINT")
/// by canonicalizeCount up to the top of its range ("UINT:UINT in [1 - 256]"), so that twenty
/// digits are refused with the bound the option has, not 2^64's; a tick ("TICK") by
/// canonicalizeTick.
[[nodiscard]] std::function<std::string(std::string&)> chooseOptionTransform(std::string_view typeName);
/// Parses a decimal like "98", "-3.25" or "0.38" exactly into 16.16 (rounded to nearest).
[[nodiscard]] Parsed<sim::Fixed> parseFixed(std::string_view text);
/// Parses "x,y,w,h" into a box; sizes must not be negative.
[[nodiscard]] Parsed<sim::Box> parseBox(std::string_view text);
/// Parses "dx,dy" into a displacement.
[[nodiscard]] Parsed<sim::Vec2> parseVec2(std::string_view text);
/// Text a user gave, quoted for a message (sim/text.h: the contract's checks quote with it too).
using sim::quoteForMessage;
/// Why a string read from a file cannot be shown as it is (not UTF-8, a control character such
/// as a newline or a terminal escape, or longer than maxBytes), or nothing when it can: the
/// loader refuses such a header, so every printer may print what a file holds.
[[nodiscard]] std::optional<std::string> findUnprintable(std::string_view text, std::size_t maxBytes);
/// Why a command line cannot be taken: an argument (a path, a name, a condition, a mistyped
/// option) that findUnprintable refuses, which any message naming it would print back, breaking
/// the line or writing to the terminal; nothing when every argument is printable.
[[nodiscard]] std::optional<std::string> findUnprintableArgument(std::span<char* const> arguments);
/// A 64-bit hash as 0x and 16 hex digits.
[[nodiscard]] std::string formatHash(std::uint64_t hash);
/// Names joined for a message: "a, b, c", or "none" (a game may have no buttons or events).
template <typename Range>
[[nodiscard]] std::string joinNames(const Range& names) {
  std::string text;
  bool first = true;
  for (const auto& name : names) {
    text += (first ? "" : ", ") + std::string(name);
    first = false;
  }
  return first ? "none" : text;
}
/// The names of every game, joined for a message.
[[nodiscard]] std::string joinGameNames();
/// Why there is no game of this name, as a sentence: the registry refused it (and why), or the
/// games there are.
[[nodiscard]] std::string describeMissingGame(std::string_view name);
/// A sentence for each game the program tried to register and could not, which its programs
/// print on every run: a refused game is a mistake in the program, and one refused for a name
/// already taken would otherwise be shadowed by the other game without a word.
[[nodiscard]] std::vector<std::string> describeRefusedGames();

/// `text` with its letters A to Z in lower case, for names compared whatever their capitals.
[[nodiscard]] std::string lowerAscii(std::string_view text);
/// How many letters must be inserted, deleted, replaced or swapped with the next to make `a`
/// into `b` (the optimal string alignment distance: "feild" is one from "field").
[[nodiscard]] std::size_t countEdits(std::string_view a, std::string_view b);
/// What a command line's word that starts with '-' and is none of `options` (each written with
/// its dashes: "--ticks", "-o") was likely meant as: the one option it begins ("--out" for
/// "--output"), else the nearest within a third of its letters ("--tick", "-ticks", "--Ticks");
/// empty when none is.
[[nodiscard]] std::string suggestOptionName(std::string_view word, const std::vector<std::string>& options);
/// "unknown option '--tick'; did you mean --ticks?", for the first of `words` (those a command
/// line's parser did not take) that starts with '-' and is none of `options` (nor a negative
/// number); nothing when there is none.
[[nodiscard]] std::optional<std::string> describeUnknownOption(const std::vector<std::string>& words,
                                                               const std::vector<std::string>& options);

/// A count and its noun, plural unless it is one: "1 tick", "600 ticks", "0 findings".
[[nodiscard]] std::string formatCount(std::uint64_t count, std::string_view noun);

/// Formats a fixed-point value as a short decimal ("98", "0.38", "-2.5").
[[nodiscard]] std::string formatFixed(sim::Fixed value);

}  // namespace retrace::recorder
