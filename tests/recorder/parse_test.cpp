#include "recorder/parse.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/inspect.h"
#include "sim/game.h"

namespace retrace::recorder {
namespace {

TEST(ParseShard, ReadsIOfNCountedFromOne) {
  const Shard second = std::get<Shard>(parseShard("2/4"));
  EXPECT_EQ(second.index, 1U);
  EXPECT_EQ(second.count, 4U);
  EXPECT_EQ(std::get<Shard>(parseShard("1/1")).count, 1U);
  for (const char* bad : {"0/4", "5/4", "1/0", "4", "/4", "2/", "a/b", "-1/4", "2/4/8", "1 /4", ""}) {
    const auto parsed = parseShard(bad);
    ASSERT_TRUE(std::holds_alternative<std::string>(parsed)) << bad;
    EXPECT_NE(std::get<std::string>(parsed).find("is not a shard: I/N with 1 <= I <= N, like 2/4"), std::string::npos) << bad;
  }
}

TEST(ParseCount, ReadsDecimalDigitsAndRefusesSignsAndOverflow) {
  EXPECT_EQ(std::get<std::uint64_t>(parseCount("600")), 600U);
  EXPECT_EQ(std::get<std::uint64_t>(parseCount("010")), 10U);  // decimal, not octal 8
  EXPECT_EQ(std::get<std::uint64_t>(parseCount("0")), 0U);
  EXPECT_EQ(std::get<std::uint64_t>(parseCount("18446744073709551615")), UINT64_MAX);
  EXPECT_EQ(std::get<std::string>(parseCount("-1")), "'-1' is not a whole number (digits 0-9 only)");
  EXPECT_EQ(std::get<std::string>(parseCount("18446744073709551616")),
            "'18446744073709551616' is too large (at most 18446744073709551615)");
  for (const char* text : {"", "+5", " 7", "0x10", "1e3", "12x"})
    EXPECT_TRUE(std::holds_alternative<std::string>(parseCount(text))) << text;
}

TEST(ChooseOptionTransform, ACountIsRefusedPastItsOptionsRangeWithThatRangesTop) {
  const auto ranged = chooseOptionTransform("UINT:UINT in [1 - 256]");
  ASSERT_TRUE(ranged);
  std::string text = "0256";
  EXPECT_EQ(ranged(text), "");
  EXPECT_EQ(text, "256");
  // Twenty digits are past 2^64, yet what the user needs to hear is the option's own bound.
  for (const char* large : {"257", "99999999999999999999"}) {
    text = large;
    EXPECT_EQ(ranged(text), "'" + std::string(large) + "' is too large (at most 256)");
  }
  text = "-1";
  EXPECT_EQ(ranged(text), "'-1' is not a whole number (digits 0-9 only)");
  const auto unranged = chooseOptionTransform("UINT");
  text = "18446744073709551616";
  EXPECT_EQ(unranged(text), "'18446744073709551616' is too large (at most 18446744073709551615)");
  const auto tick = chooseOptionTransform("TICK");
  text = "0:01.000";
  EXPECT_EQ(tick(text), "");
  EXPECT_EQ(text, "60");
  EXPECT_FALSE(chooseOptionTransform("TEXT"));
  EXPECT_FALSE(chooseOptionTransform("FLOAT:FLOAT in [0 - 1]"));
}

TEST(ParseTick, EveryTimeAsPrintedReadsBackAsItsOwnTick) {
  // formatTickTime rounds a tick's time down to the millisecond (tick 673 is 0:11.216, 11216.67 ms).
  for (std::uint64_t tick = 0; tick < 200000; tick += tick < 4000 ? 1 : 997) {
    const std::string time = formatTickTime(tick);
    const auto parsed = parseTick(time);
    ASSERT_TRUE(std::holds_alternative<std::uint64_t>(parsed)) << time;
    EXPECT_EQ(std::get<std::uint64_t>(parsed), tick) << time;
  }
  EXPECT_EQ(std::get<std::uint64_t>(parseTick("673")), 673U);
  EXPECT_EQ(std::get<std::uint64_t>(parseTick("1:02.5")), 3750U);
  EXPECT_EQ(std::get<std::uint64_t>(parseTick("1:02")), 3720U);
  // info prints a replay's length with its hours: that reads back too.
  EXPECT_EQ(std::get<std::uint64_t>(parseTick("0:01:00.000")), 3600U);
  EXPECT_EQ(std::get<std::uint64_t>(parseTick("2:00:00")), 432000U);
  EXPECT_EQ(std::get<std::uint64_t>(parseTick("1:05:00.5")), 234030U);
  // A time between two ticks is the first tick after it.
  EXPECT_EQ(std::get<std::uint64_t>(parseTick("0:00.010")), 1U);
  // Up to the latest time a tick is read for, and the ticks just under it, every time reads back;
  // a minute later is refused.
  constexpr std::uint64_t kLatest = kLatestTickTimeMinutes * 60 * sim::kTickRate;
  for (const std::uint64_t tick : {kLatest, kLatest - 1, kLatest - 59}) {
    const auto parsed = parseTick(formatTickTime(tick));
    ASSERT_TRUE(std::holds_alternative<std::uint64_t>(parsed)) << formatTickTime(tick);
    EXPECT_EQ(std::get<std::uint64_t>(parsed), tick) << formatTickTime(tick);
  }
  EXPECT_TRUE(std::holds_alternative<std::string>(parseTick(formatTickTime(kLatest + 60 * sim::kTickRate))));
  for (const char* bad : {"", "-1", "1:5", "1:60", "1:00.", "1:00.1234", "0x10", "1e3", "1:60:00", "1:5:00", "1:00:00:00",
                          "::", ":00", "1::00", "0:00:"}) {
    const auto parsed = parseTick(bad);
    ASSERT_TRUE(std::holds_alternative<std::string>(parsed)) << bad;
    EXPECT_NE(std::get<std::string>(parsed).find("is no tick: a count of ticks (673) or a time, minutes:seconds (0:11.216)"),
              std::string::npos)
        << std::get<std::string>(parsed);
  }
  std::string text = "0:11.216";
  EXPECT_EQ(canonicalizeTick(text), "");
  EXPECT_EQ(text, "673");
}

TEST(ParseFixed, AcceptsDecimalsExactly) {
  EXPECT_EQ(std::get<sim::Fixed>(parseFixed("98")), sim::px(98));
  EXPECT_EQ(std::get<sim::Fixed>(parseFixed("-3.25")), sim::Fixed::fromRatio(-13, 4));
  EXPECT_EQ(std::get<sim::Fixed>(parseFixed("4.4")), sim::Fixed::fromRatio(22, 5));
  EXPECT_EQ(std::get<sim::Fixed>(parseFixed("-0.5")), sim::Fixed::fromRatio(-1, 2));
}

TEST(ParseFixed, RefusesWithASentence) {
  for (const char* bad : {"", "x", "1.", ".5", "1.2.3", "1e3", "--1", "1.-2", "99999", "1.0000000001"}) {
    const auto parsed = parseFixed(bad);
    ASSERT_TRUE(std::holds_alternative<std::string>(parsed)) << bad;
    EXPECT_NE(std::get<std::string>(parsed).find('\''), std::string::npos) << bad;
  }
}

TEST(ParseFixed, SaysWhetherTheShapeOrTheSizeIsWrong) {
  const auto problem = [](const char* text) { return std::get<std::string>(parseFixed(text)); };
  EXPECT_EQ(problem("1e3"), "'1e3' is not a decimal number (like 98, -3.25 or 0.38)");
  EXPECT_EQ(problem("99999"), "'99999' is out of range (at most 8192 in magnitude)");
  // Too many digits for 64 bits is still a number, only too large.
  EXPECT_EQ(problem("99999999999999999999999"), "'99999999999999999999999' is out of range (at most 8192 in magnitude)");
  EXPECT_EQ(problem("-99999999999999999999999.5"), "'-99999999999999999999999.5' is out of range (at most 8192 in magnitude)");
  EXPECT_EQ(problem("1.0000000001"), "'1.0000000001' has more than 9 digits after the point");
}

TEST(ParseBox, ParsesAndChecksShape) {
  EXPECT_EQ(std::get<sim::Box>(parseBox("100,110,48,24")), sim::makeBox(100, 110, 48, 24));
  EXPECT_TRUE(std::holds_alternative<std::string>(parseBox("1,2,3")));
  EXPECT_TRUE(std::holds_alternative<std::string>(parseBox("1,2,-3,4")));
  EXPECT_EQ(std::get<sim::Vec2>(parseVec2("0,-100")), sim::pxVec(0, -100));
  EXPECT_TRUE(std::holds_alternative<std::string>(parseVec2("0")));
}

TEST(CountEdits, CountsLettersInsertedDeletedReplacedOrSwapped) {
  EXPECT_EQ(countEdits("", ""), 0U);
  EXPECT_EQ(countEdits("", "abc"), 3U);
  EXPECT_EQ(countEdits("ticks", "tick"), 1U);
  EXPECT_EQ(countEdits("kitten", "sitting"), 3U);
  EXPECT_EQ(countEdits("feild", "field"), 1U);
  EXPECT_EQ(countEdits("pgn", "png"), 1U);
  EXPECT_EQ(countEdits("ab", "ba"), 1U);
  EXPECT_EQ(countEdits("ca", "abc"), 3U) << "a swapped pair is not edited again";
}

TEST(SuggestOptionName, AnOptionCutShortMisspeltOrInOtherCapitalsIsTheOneMeant) {
  const std::vector<std::string> options = {"-h", "--help", "--ticks", "--seed", "--set", "-o", "--output", "--json"};
  EXPECT_EQ(suggestOptionName("--tick", options), "--ticks");
  EXPECT_EQ(suggestOptionName("--out", options), "--output");
  EXPECT_EQ(suggestOptionName("--outptu=x", options), "--output");
  EXPECT_EQ(suggestOptionName("-ticks", options), "--ticks");
  EXPECT_EQ(suggestOptionName("--JSON", options), "--json");
  EXPECT_EQ(suggestOptionName("--jsno", options), "--json");
  // Two it begins, two as near, or none near: nothing is guessed.
  EXPECT_EQ(suggestOptionName("--se", options), "");
  EXPECT_EQ(suggestOptionName("--frobnicate", options), "");
  EXPECT_EQ(suggestOptionName("--", options), "");
}

TEST(DescribeUnknownOption, NamesTheFirstWordThatIsNoOptionAndNotANumber) {
  const std::vector<std::string> options = {"--ticks", "--from", "-o"};
  EXPECT_EQ(describeUnknownOption({"a.rtr", "-5", "--tick", "--nope"}, options),
            "unknown option '--tick'; did you mean --ticks?");
  EXPECT_EQ(describeUnknownOption({"--nope=3"}, options), "unknown option '--nope'");
  EXPECT_EQ(describeUnknownOption({"--=3"}, options), "unknown option '--=3'");
  EXPECT_EQ(describeUnknownOption({"a.rtr", "-", "--", "-o"}, options), std::nullopt);
  EXPECT_EQ(describeUnknownOption({std::string("--\x1b[2J")}, options), "unknown option '--\\x1b[2J'");
}

TEST(FormatFixed, ShortDecimals) {
  EXPECT_EQ(formatFixed(sim::px(98)), "98");
  EXPECT_EQ(formatFixed(sim::Fixed::fromRatio(-5, 2)), "-2.5");
  EXPECT_EQ(formatFixed(sim::Fixed::fromRatio(19, 50)), "0.38");
  EXPECT_EQ(formatFixed(sim::Fixed::fromRatio(-1, 4)), "-0.25");
}

TEST(QuoteForMessage, KeepsASentenceOneShortLineWhateverTheTextHolds) {
  EXPECT_EQ(quoteForMessage("banana"), "'banana'");
  EXPECT_EQ(quoteForMessage(std::string_view("a\nb\0c\xff", 6)), "'a\\x0ab\\x00c\\xff'");
  const std::string huge(16 << 20, 'x');  // a 16 MiB line in a script
  EXPECT_EQ(quoteForMessage(huge), "'" + std::string(40, 'x') + "...'");
  EXPECT_LE(quoteForMessage(std::string(1000, '\xff')).size(), 50U);                   // escapes count too
  EXPECT_EQ(quoteForMessage(std::string(40, 'y')), "'" + std::string(40, 'y') + "'");  // exactly 40: whole
}

TEST(FormatCount, IsPluralUnlessOne) {
  EXPECT_EQ(formatCount(1, "tick"), "1 tick");
  EXPECT_EQ(formatCount(0, "finding"), "0 findings");
  EXPECT_EQ(formatCount(600, "input change"), "600 input changes");
}

TEST(FindUnprintableArgument, NamesTheFirstArgumentAMessageCouldNotPrintBack) {
  std::string words[] = {"verify", "héllo.rtr", "--jobs", "a\x1b[31mred\nb", "\xff"};
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  EXPECT_EQ(findUnprintableArgument(std::span(argv.data(), 3)), std::nullopt);  // UTF-8 is printable
  EXPECT_EQ(
      findUnprintableArgument(argv),
      "the argument 'a\\x1b[31mred\\x0ab' holds a control character at byte 1; only printable text is taken, so that what is "
      "said back stays one plain line");
  EXPECT_EQ(
      findUnprintableArgument(std::span(argv.data() + 4, 1)),
      "the argument '\\xff' is not UTF-8 (byte 0xff at byte 0); only printable text is taken, so that what is said back stays one "
      "plain line");
  // A long path is quoted from a little before the character, so that the message shows it.
  std::string path = "/home/someone/projects/game/recordings/run\x1b[2J.rtr";
  char* longPath[] = {path.data()};
  EXPECT_EQ(
      findUnprintableArgument(longPath),
      "the argument '...e/recordings/run\\x1b[2J.rtr' holds a control character at byte 42; only printable text is taken, so that "
      "what is said back stays one plain line");
}

}  // namespace
}  // namespace retrace::recorder

namespace retrace::recorder {
namespace {

TEST(ParseFixed, EveryValueAsPrintedReadsBackExactly) {
  // A field one raw unit under 6 must not print as 6: --set takes what show printed.
  for (std::int64_t raw = -3 * sim::Fixed::kOne; raw <= 3 * sim::Fixed::kOne; raw += 7) {
    const std::string text = sim::formatFieldValue(raw, sim::FieldKind::kFixed);
    const auto parsed = parseFixed(text);
    ASSERT_TRUE(std::holds_alternative<sim::Fixed>(parsed)) << text;
    ASSERT_EQ(std::get<sim::Fixed>(parsed).raw(), raw) << text;
  }
  EXPECT_EQ(sim::formatFieldValue(6 * sim::Fixed::kOne - 1, sim::FieldKind::kFixed), "5.99998");
  EXPECT_EQ(sim::formatFieldValue(std::get<sim::Fixed>(parseFixed("4.4")).raw(), sim::FieldKind::kFixed), "4.4");
  EXPECT_EQ(sim::formatFieldValue(std::get<sim::Fixed>(parseFixed("0.38")).raw(), sim::FieldKind::kFixed), "0.38");
  EXPECT_EQ(sim::formatFieldValue(-5 * sim::Fixed::kOne / 2, sim::FieldKind::kFixed), "-2.5");
  EXPECT_EQ(sim::formatFieldValue(98 * sim::Fixed::kOne, sim::FieldKind::kFixed), "98");
  EXPECT_EQ(sim::formatFieldValue(1, sim::FieldKind::kFixed), "0.00002");
  // The ends of the 16.16 range print (one raw unit under 32768 reads back as itself: 5 places);
  // past them (a forged event argument) a value prints as the ratio it is, where formatting
  // once aborted.
  EXPECT_EQ(sim::formatFieldValue(INT32_MAX, sim::FieldKind::kFixed), "32767.99998");
  EXPECT_EQ(sim::formatFieldValue(INT32_MAX - 1, sim::FieldKind::kFixed), "32767.99997");
  EXPECT_EQ(sim::formatFieldValue(INT32_MIN, sim::FieldKind::kFixed), "-32768");
  EXPECT_EQ(sim::formatFieldValue(std::int64_t{1} << 40, sim::FieldKind::kFixed), "1099511627776/65536");
  EXPECT_EQ(sim::formatFieldValue(INT64_MIN, sim::FieldKind::kFixed), "-9223372036854775808/65536");
}

}  // namespace
}  // namespace retrace::recorder
