#include "recorder/inspect.h"

#include <algorithm>
#include <map>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/verifier.h"
#include "replay_test_support.h"
#include "sim/rng.h"

namespace retrace::recorder {
namespace {

class InspectOverGames : public ::testing::TestWithParam<const sim::GameDefinition*> {};

TEST_P(InspectOverGames, ReachingATickGivesTheStateOfSteppingToIt) {
  // Snapshots every 60 ticks: ticks on, before and after them, and both ends.
  const LoadedReplay replay = testing::loadOrFail(testing::recordInMemory(std::string(GetParam()->name()), 1000, 6));
  const std::vector<sim::Input> inputs = expandInputs(replay);
  auto direct = GetParam()->start(configOf(replay.header), replay.header.seed);
  std::uint64_t at = 0;
  for (const std::uint64_t tick : {0U, 1U, 59U, 60U, 61U, 119U, 500U, 999U, 1000U}) {
    while (at < tick) (void)direct->step(inputs[at++]);
    for (const ReachFrom from : {ReachFrom::kSnapshot, ReachFrom::kStart}) {
      auto reached = reachTick(replay, tick, from);
      ASSERT_TRUE(std::holds_alternative<std::unique_ptr<sim::GameSession>>(reached)) << std::get<Unanswered>(reached).sentence;
      const sim::GameSession& session = *std::get<std::unique_ptr<sim::GameSession>>(reached);
      EXPECT_EQ(session.tick(), static_cast<std::int64_t>(tick));
      EXPECT_EQ(session.saveState(), direct->saveState()) << "tick " << tick;
    }
  }
  EXPECT_EQ(std::get<Unanswered>(reachTick(replay, 1001)).sentence, "tick 1001 is past the replay's last tick, 1000");
  EXPECT_FALSE(std::get<Unanswered>(reachTick(replay, 1001)).diverged);
}

TEST_P(InspectOverGames, VisitingTicksGivesEachTicksStateInOrderAndStopsWhenAsked) {
  const LoadedReplay replay = testing::loadOrFail(testing::recordInMemory(std::string(GetParam()->name()), 300, 2));
  std::vector<std::uint64_t> visited;
  const auto problem = visitTicks(replay, 55, 125, [&](const sim::GameSession& game, std::uint64_t tick) {
    const auto direct = std::get<std::unique_ptr<sim::GameSession>>(reachTick(replay, tick, ReachFrom::kStart));
    EXPECT_EQ(game.saveState(), direct->saveState()) << "tick " << tick;
    visited.push_back(tick);
    return tick < 100;
  });
  EXPECT_FALSE(problem.has_value());
  ASSERT_EQ(visited.size(), 46U);  // 55 to 100, then asked to stop
  EXPECT_EQ(visited.back(), 100U);
  EXPECT_EQ(visitTicks(replay, 0, 301, [](const sim::GameSession&, std::uint64_t) { return true; })->sentence,
            "tick 301 is past the replay's last tick, 300");
}

TEST_P(InspectOverGames, FieldChangedHoldsOnEveryTickItsValueDiffersFromTheTickBeforeOrItIsNewOrGone) {
  const LoadedReplay replay = testing::loadOrFail(testing::recordInMemory(std::string(GetParam()->name()), 1500, 4));
  const std::vector<sim::Input> inputs = expandInputs(replay);
  auto direct = GetParam()->start(configOf(replay.header), replay.header.seed);
  std::vector<std::map<std::string, std::int64_t>> values;  // each tick's fields by name
  for (std::size_t tick = 0; tick <= inputs.size(); ++tick) {
    if (tick > 0) (void)direct->step(inputs[tick - 1]);
    auto& now = values.emplace_back();
    for (const sim::Field& f : direct->describeState()) now.emplace(f.name, f.value);
  }
  // Eight or so fields of a tick halfway, and each list's elements as [*].
  std::vector<std::string> asked;
  const auto& halfway = values[values.size() / 2];
  std::size_t i = 0;
  for (const auto& [name, value] : halfway) {
    if (i++ % std::max<std::size_t>(1, halfway.size() / 8) == 0) asked.push_back(name);
    const std::string general = generalizeIndices(name);
    if (general != name && std::find(asked.begin(), asked.end(), general) == asked.end()) asked.push_back(general);
  }
  std::size_t sometimes = 0;  // fields that change on some ticks and not on others
  for (const std::string& field : asked) {
    SCOPED_TRACE(field);
    std::vector<std::uint64_t> expected;
    for (std::uint64_t tick = 1; tick < values.size(); ++tick) {
      const auto& before = values[tick - 1];
      const auto& now = values[tick];
      const bool changed =
          std::any_of(now.begin(), now.end(),
                      [&](const auto& f) {
                        const auto was = before.find(f.first);
                        return matchesFieldName(f.first, field) && (was == before.end() || was->second != f.second);
                      }) ||
          std::any_of(before.begin(), before.end(), [&](const auto& f) {
            return matchesFieldName(f.first, field) && !now.contains(f.first);  // gone
          });
      if (changed) expected.push_back(tick);
    }
    if (!expected.empty() && expected.size() < inputs.size()) ++sometimes;
    const Condition condition = std::get<Condition>(Condition::parse(field + " changed"));
    EXPECT_EQ(std::get<std::vector<std::uint64_t>>(findTicks(replay, condition, 0, true)), expected);
    // Searched from a tick it changed on (as --next-after does), that tick's change is seen.
    const auto later = std::lower_bound(expected.begin(), expected.end(), std::uint64_t{700});
    const std::uint64_t first = later == expected.end() ? 700 : *later;
    // The last before a tick (as --last-before does), searched back in windows that double.
    for (const std::uint64_t last : {std::uint64_t{0}, std::uint64_t{255}, std::uint64_t{700}, std::uint64_t{1499}}) {
      const auto upTo = std::upper_bound(expected.begin(), expected.end(), last);
      const auto found = findLastMatch(replay, condition, 0, last);
      if (const auto* typo = std::get_if<Unanswered>(&found)) {
        // As findTicks says: a list's element no tick up to `last` has had.
        EXPECT_EQ(upTo, expected.begin()) << typo->sentence;
        EXPECT_NE(typo->sentence.find("names no field of"), std::string::npos) << typo->sentence;
        continue;
      }
      EXPECT_EQ(std::get<std::vector<std::uint64_t>>(found),
                upTo == expected.begin() ? std::vector<std::uint64_t>{} : std::vector<std::uint64_t>{*std::prev(upTo)})
          << "before " << last + 1;
    }
    expected.erase(expected.begin(), later);
    EXPECT_EQ(std::get<std::vector<std::uint64_t>>(findTicks(replay, condition, first, true)), expected);
  }
  EXPECT_GE(sometimes, 2U) << "of " << asked.size() << " fields";
}

INSTANTIATE_TEST_SUITE_P(AllGames, InspectOverGames, ::testing::ValuesIn(sim::listGames().begin(), sim::listGames().end()),
                         [](const auto& param) { return std::string(param.param->name()); });

TEST(ReachTick, StartsFromTheRecordingsOwnSnapshotAndRefusesOneThatIsNot) {
  // A snapshot is the recording's state: reaching past it starts there, unless asked not to.
  // One whose values no longer give its recorded hash is not the recording's: a divergence.
  LoadedReplay replay = testing::loadOrFail(testing::recordInMemory("dodge", 300));
  const auto session = std::get<std::unique_ptr<sim::GameSession>>(reachTick(replay, 60));
  std::vector<sim::Field> fields = session->describeState();
  std::size_t player = 0;
  while (fields[player].name != "player.x") ++player;
  for (Chunk& c : replay.chunks) {
    if (c.hasSnapshot && c.snapshot.tick == 60) c.snapshot.values[player] += 65536;  // the player 1 px to the right
  }
  const auto forged = std::get<Unanswered>(reachTick(replay, 61, ReachFrom::kSnapshot));
  EXPECT_TRUE(forged.diverged);
  EXPECT_EQ(forged.sentence.find(
                "no longer re-simulates as recorded: the state stored in the snapshot differs from its recorded hash at tick 60"),
            0U)
      << forged.sentence;
  const auto fromStart = std::get<std::unique_ptr<sim::GameSession>>(reachTick(replay, 60, ReachFrom::kStart));
  EXPECT_EQ(fromStart->describeState()[player].value, fields[player].value);
  // With its hash made to match (as a forger would), the snapshot is reached as it is, and the
  // next tick parts from the recorded checksums.
  for (Chunk& c : replay.chunks) {
    if (!c.hasSnapshot || c.snapshot.tick != 60) continue;
    auto moved = sim::findGame("dodge")->start(configOf(replay.header), replay.header.seed);
    ASSERT_TRUE(moved->loadState(c.snapshot.values));
    c.snapshot.hash = moved->hash();
  }
  const auto fromSnapshot = std::get<std::unique_ptr<sim::GameSession>>(reachTick(replay, 60, ReachFrom::kSnapshot));
  EXPECT_EQ(fromSnapshot->describeState()[player].value, fields[player].value + 65536);
  const auto parted = std::get<Unanswered>(reachTick(replay, 90));
  EXPECT_TRUE(parted.diverged);
  EXPECT_EQ(parted.sentence.find("no longer re-simulates as recorded: the state differs from its recorded checksum at tick 61"),
            0U)
      << parted.sentence;
  EXPECT_TRUE(std::holds_alternative<std::unique_ptr<sim::GameSession>>(reachTick(replay, 90, ReachFrom::kStart)));
}

TEST_P(InspectOverGames, AReplayThisBuildNoLongerReproducesIsNeverShownAsItsRecording) {
  // Another tick's input from tick 70 on (the chunks' checksums kept, as a rules change would
  // leave them): every way of asking stops at the first tick that parts, whatever the cadence.
  for (const std::uint32_t fullHashEvery : {1U, 30U}) {
    SCOPED_TRACE(fullHashEvery);
    LoadedReplay replay = testing::loadOrFail(
        testing::recordInMemory(std::string(GetParam()->name()), 300, 3, "default", 20, 60, false, "random", fullHashEvery));
    const std::vector<sim::Input> inputs = expandInputs(replay);
    // Re-simulate with tick 70's input flipped to find where the state first parts from the
    // recording's checksums: the changed tick itself, or later for a button that did nothing.
    std::vector<sim::Input> changed = inputs;
    changed[69] = static_cast<sim::Input>(changed[69] ^ 1U);
    std::uint64_t partsAt = 0;
    auto session = GetParam()->start(configOf(replay.header), replay.header.seed);
    for (std::uint64_t t = 1; t <= 300 && partsAt == 0; ++t) {
      (void)session->step(changed[t - 1]);
      const Chunk& c = replay.chunks[(t - 1) / 20];
      if (!matchesTickChecksum(*session, t, fullHashEvery, c.checksums[t - c.firstTick])) partsAt = t;
    }
    ASSERT_GT(partsAt, 0U) << "the flip changed nothing the checksums see: pick another tick";
    ASSERT_LT(partsAt, 120U);
    for (Chunk& c : replay.chunks) {  // the changed inputs as each chunk's runs, nothing else touched
      c.inputs.clear();
      for (std::uint64_t t = c.firstTick; t < c.firstTick + c.checksums.size(); ++t) {
        if (c.inputs.empty() || c.inputs.back().input != changed[t - 1]) c.inputs.push_back({changed[t - 1], 0});
        ++c.inputs.back().length;
      }
    }
    const auto reached = reachTick(replay, 119);
    ASSERT_TRUE(std::holds_alternative<Unanswered>(reached));
    EXPECT_TRUE(std::get<Unanswered>(reached).diverged);
    EXPECT_NE(std::get<Unanswered>(reached).sentence.find("at tick " + std::to_string(partsAt) + " "), std::string::npos)
        << std::get<Unanswered>(reached).sentence;
    EXPECT_TRUE(std::holds_alternative<std::unique_ptr<sim::GameSession>>(reachTick(replay, partsAt - 1)));
    // From the snapshot at 120 on, the recording's own state holds again.
    EXPECT_TRUE(std::holds_alternative<std::unique_ptr<sim::GameSession>>(reachTick(replay, 150)));
    std::uint64_t lastVisited = 0;
    const auto walked = visitTicks(replay, 10, 119, [&](const sim::GameSession&, std::uint64_t tick) {
      lastVisited = tick;
      return true;
    });
    ASSERT_TRUE(walked.has_value());
    EXPECT_TRUE(walked->diverged);
    EXPECT_EQ(lastVisited, partsAt - 1) << "the tick that parts is not visited";
    const auto condition = std::get<Condition>(Condition::parse("tick > 200"));  // met only past the tick that parts
    const auto found = findTicks(replay, condition, 0, false);
    ASSERT_TRUE(std::holds_alternative<Unanswered>(found));
    EXPECT_TRUE(std::get<Unanswered>(found).diverged);
  }
}

TEST(FieldPattern, SelectsAFieldAndWhatIsInsideIt) {
  const auto pattern = [](const char* text) { return std::get<FieldPattern>(FieldPattern::parse(text)); };
  EXPECT_TRUE(pattern("tanks[*].centre").matches("tanks[12].centre.x"));
  EXPECT_TRUE(pattern("tanks[*].centre").matches("tanks[0].centre"));
  EXPECT_FALSE(pattern("tanks[*].centre").matches("tanks[0].centreline"));
  EXPECT_FALSE(pattern("tanks[*].centre").matches("tanks.size"));
  EXPECT_TRUE(pattern("bullets").matches("bullets.size"));
  EXPECT_TRUE(pattern("bullets").matches("bullets[3].position.y"));
  EXPECT_FALSE(pattern("bullets").matches("bulletsFired"));
  EXPECT_TRUE(pattern("man.*").matches("man.vy"));
  EXPECT_FALSE(pattern("man.vy").matches("woman.vy"));
  EXPECT_TRUE(pattern("tanks[1]").matches("tanks[1].hp"));
  EXPECT_FALSE(pattern("tanks[1]").matches("tanks[10].hp"));
  EXPECT_EQ(std::get<std::string>(FieldPattern::parse("")),
            "a field pattern names a field (like players[*].position or ball.vy), not nothing");
  EXPECT_EQ(std::get<std::string>(FieldPattern::parse("a+b")), "'a+b' is not a field pattern: '+' is in no field's name");
}

/// The pattern as the regular expression FieldPattern once compiled it to: the reference the
/// hand-written matcher is held to.
std::regex regexOfPattern(std::string_view text) {
  std::string regex;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.substr(i, 3) == "[*]") {
      regex += "\\[[0-9]+\\]";
      i += 2;
    } else if (text[i] == '*') {
      regex += "[A-Za-z0-9_]*";
    } else {
      if (text[i] == '.' || text[i] == '[' || text[i] == ']') regex += '\\';
      regex += text[i];
    }
  }
  return std::regex(regex + "([.\\[].*)?");
}

TEST(FieldPattern, MatchesWhatItsRegularExpressionMatches) {
  // Random patterns and names from the characters that matter, each pair against std::regex.
  const std::vector<std::string> patternPieces{"a", "b", "1", "_", ".", "[", "]", "*", "[*]", "[1]", "**"};
  const std::vector<std::string> namePieces{"a", "b", "1", "12", "_", ".", "[", "]", "[3]", "[12]"};
  sim::Rng rng = sim::seedRng(7);
  const auto build = [&](const std::vector<std::string>& pieces, std::uint32_t most) {
    std::string text;
    for (std::uint32_t n = 1 + sim::drawBelow(rng, most); n > 0; --n)
      text += pieces[sim::drawBelow(rng, static_cast<std::uint32_t>(pieces.size()))];
    return text;
  };
  int matched = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const std::string text = build(patternPieces, 5);
    const std::string name = build(namePieces, 7);
    const bool expected = std::regex_match(name, regexOfPattern(text));
    ASSERT_EQ(std::get<FieldPattern>(FieldPattern::parse(text)).matches(name), expected)
        << "pattern " << text << ", name " << name;
    matched += expected ? 1 : 0;
  }
  EXPECT_GT(matched, 1000);  // the trials are not all misses
}

TEST(FieldPattern, ManyStarsDoNotMakeMatchingExponential) {
  // Each '*' could end anywhere in the run of a's: without remembering failures the tries never end.
  std::string text;
  for (int i = 0; i < 40; ++i) text += "*a";
  const FieldPattern pattern = std::get<FieldPattern>(FieldPattern::parse(text + "b"));
  EXPECT_FALSE(pattern.matches(std::string(60, 'a')));
  EXPECT_TRUE(pattern.matches(std::string(60, 'a') + "b.x"));
}

TEST(FieldPattern, ALongerPatternThanAnyNameIsRefusedWithItsLength) {
  EXPECT_TRUE(std::holds_alternative<FieldPattern>(FieldPattern::parse(std::string(kMaxFieldPatternLength, 'a'))));
  EXPECT_EQ(std::get<std::string>(FieldPattern::parse(std::string(kMaxFieldPatternLength + 1, 'a'))),
            "a field pattern is at most 512 characters, longer than any field's name; this one has 513");
}

TEST(FormatTickTime, IsMinutesSecondsAndMilliseconds) {
  EXPECT_EQ(formatTickTime(0), "0:00.000");
  EXPECT_EQ(formatTickTime(4216), "1:10.266");
  EXPECT_EQ(formatTickTime(216000), "60:00.000");
}

}  // namespace
}  // namespace retrace::recorder
