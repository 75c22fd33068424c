// A list's element picked by its id: on every tick of every golden replay, `list[id=N]` selects
// the fields of the element whose id is N wherever it is in its list, named by its id, and a
// condition on it holds exactly where one on that element's index does.
#include "sim/field_ids.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/inspect.h"
#include "recorder/query.h"
#include "support/corpus.h"

namespace retrace::recorder {
namespace {

using sim::checkIdSelectors;
using sim::nameByIds;
using sim::renameByIds;
using sim::resolveIds;

/// The element names ("list[i]") of every field "list[i].id" in the state, with their ids.
std::vector<std::pair<std::string, std::int64_t>> listElementsWithIds(const std::vector<sim::Field>& fields) {
  std::vector<std::pair<std::string, std::int64_t>> elements;
  for (const sim::Field& f : fields) {
    if (f.name.ends_with("].id")) elements.emplace_back(f.name.substr(0, f.name.size() - 3), f.value);
  }
  return elements;
}

/// The name with `element` ("bullets[2]") at its start written `byId` ("bullets[id=41]").
std::string renamed(const std::string& name, const std::string& element, const std::string& byId) {
  return byId + name.substr(element.size());
}

TEST(FieldIds, AnElementPickedByItsIdIsThatElementOnEveryTickWhereverItIsInItsList) {
  std::size_t replays = 0;
  std::size_t moves = 0;  // ticks on which an element with an id had another index than the tick before
  for (const auto& entry : std::filesystem::directory_iterator(RETRACE_REPLAYS_DIR)) {
    // One bot replay of each game: its lists' elements come and go.
    if (!entry.path().filename().string().ends_with("-bot-seed1.rtr")) continue;
    SCOPED_TRACE(entry.path().filename().string());
    const LoadedReplay replay = retrace::testing::loadCorpus(entry.path().filename().string());
    std::map<std::string, std::string> lastPlace;  // "list#id" to the element's name on the tick before
    const auto parted = visitTicks(replay, 0, findLastTick(replay), [&](const sim::GameSession& game, std::uint64_t tick) {
      const std::vector<sim::Field> fields = game.describeState();
      for (const auto& [element, id] : listElementsWithIds(fields)) {
        const std::string list = element.substr(0, element.rfind('['));
        const std::string byId = list + "[id=" + std::to_string(id) + "]";
        std::vector<sim::Field> expected;
        for (const sim::Field& f : fields) {
          if (f.name.starts_with(element + ".")) expected.push_back({renamed(f.name, element, byId), f.value, f.kind, f.names});
        }
        const auto pattern = std::get<FieldPattern>(FieldPattern::parse(byId));
        EXPECT_EQ(selectFields(fields, {pattern}), expected) << byId << " at tick " << tick;
        for (const sim::Field& f : expected) EXPECT_TRUE(pattern.matches(f.name)) << f.name;
        // A condition on the element by its id holds where the same one on its index does.
        const sim::Field& last = expected.back();
        const std::string value = sim::formatField(last);
        const std::string byIndex = element + last.name.substr(byId.size());
        for (const std::string op : {"==", "!="}) {
          const auto onId = std::get<Condition>(Condition::parse(last.name + " " + op + " " + value)).check(fields);
          const auto onIndex = std::get<Condition>(Condition::parse(byIndex + " " + op + " " + value)).check(fields);
          EXPECT_EQ(std::get<bool>(onId), op == "==") << last.name << " at tick " << tick;
          EXPECT_EQ(onId, onIndex);
        }
        const std::string key = list + "#" + std::to_string(id);
        moves += lastPlace.contains(key) && lastPlace[key] != element ? 1U : 0U;
        lastPlace[key] = element;
      }
      return !::testing::Test::HasFailure();
    });
    EXPECT_FALSE(parted.has_value());
    ++replays;
  }
  EXPECT_GE(replays, 3U);
  EXPECT_GT(moves, 0U) << "no element with an id ever changed its index: the test shows nothing";
}

TEST(FieldIds, AnIdNoElementHasSelectsNothingAndMeetsNoCondition) {
  const LoadedReplay replay = retrace::testing::loadCorpus("tank-bot-seed5.rtr");
  auto reached = reachTick(replay, 300);
  const std::vector<sim::Field> fields = std::get<std::unique_ptr<sim::GameSession>>(reached)->describeState();
  const auto pattern = std::get<FieldPattern>(FieldPattern::parse("tanks[id=999999]"));
  EXPECT_TRUE(selectFields(fields, {pattern}).empty());
  EXPECT_FALSE(std::get<bool>(std::get<Condition>(Condition::parse("tanks[id=999999].hp > -1000")).check(fields)));
  // Over the whole replay: never found (exit 1), which is not a name no field has (exit 2).
  const auto never = findTicks(replay, std::get<Condition>(Condition::parse("tanks[id=999999].hp > -1000")), 0, true);
  ASSERT_TRUE(std::holds_alternative<std::vector<std::uint64_t>>(never)) << std::get<Unanswered>(never).sentence;
  EXPECT_TRUE(std::get<std::vector<std::uint64_t>>(never).empty());
  const auto typo = findTicks(replay, std::get<Condition>(Condition::parse("tanks[id=15].hitpoints > 0")), 0, true);
  ASSERT_TRUE(std::holds_alternative<Unanswered>(typo));
  EXPECT_EQ(std::get<Unanswered>(typo).sentence, "'tanks[id=15].hitpoints' names no field of tank on any tick searched");
  EXPECT_TRUE(std::get<Unanswered>(typo).unknownField) << "the caller says where the names are listed";
}

TEST(FieldIds, NamesTurnFromIndicesToIdsAndBack) {
  std::vector<sim::Field> fields{
      {"tick", 4},          {"enemies.size", 2},  {"enemies[0].id", 228},       {"enemies[0].hp", 3},
      {"enemies[1].id", 7}, {"enemies[1].hp", 1}, {"enemies[1].parts.size", 1}, {"enemies[1].parts[0].id", 9},
      {"grid[0][0]", 5}};
  for (std::size_t i = 0; i < fields.size(); ++i) fields[i].place = static_cast<std::uint32_t>(i + 10);  // saved after 10 others
  EXPECT_EQ(nameByIds(fields, "enemies[1].hp"), "enemies[id=7].hp");
  EXPECT_EQ(nameByIds(fields, "enemies[1].parts[0].id"), "enemies[id=7].parts[id=9].id");
  EXPECT_EQ(nameByIds(fields, "grid[0][0]"), "grid[0][0]") << "an element without an id keeps its index";
  EXPECT_EQ(nameByIds(fields, "tick"), "tick");
  // Every field at once, the ids taken from the whole state, as nameByIds names each.
  const std::vector<sim::Field> some{fields[3], fields[7], fields[8]};
  const std::vector<sim::Field> named = nameEachByIds(some, fields);
  ASSERT_EQ(named.size(), some.size());
  for (std::size_t i = 0; i < some.size(); ++i) {
    EXPECT_EQ(named[i].name, nameByIds(fields, some[i].name));
    EXPECT_EQ(named[i].value, some[i].value);
  }
  EXPECT_EQ(named[0].name, "enemies[id=228].hp") << "its id is not among the fields named, but in the state";
  std::vector<std::pair<std::size_t, std::int64_t>> anchors;
  EXPECT_EQ(resolveIds(fields, "enemies[id=7].parts[id=9].id", anchors), "enemies[1].parts[0].id");
  EXPECT_EQ(anchors, (std::vector<std::pair<std::size_t, std::int64_t>>{{14, 7}, {17, 9}}));
  EXPECT_EQ(resolveIds(fields, "enemies[id=228]"), "enemies[0]");
  EXPECT_FALSE(resolveIds(fields, "enemies[id=9]").has_value()) << "9 is a part's id, not an enemy's";
  EXPECT_FALSE(resolveIds(fields, "grid[id=5]").has_value());
  // A field selected by a pattern with its ids resolved, named by the pattern again.
  EXPECT_EQ(renameByIds("enemies[1].parts[0].id", "enemies[id=7].parts[id=9]", "enemies[1].parts[0]"),
            "enemies[id=7].parts[id=9].id");
  EXPECT_EQ(renameByIds("enemies[1].parts[0].id", "enemies[id=7].parts[*]", "enemies[1].parts[*]"), "enemies[id=7].parts[0].id");
  EXPECT_EQ(renameByIds("enemies[1].hp", "enemies[1].hp", "enemies[1].hp"), "enemies[1].hp");
  const auto pattern = std::get<FieldPattern>(FieldPattern::parse("enemies[id=7].parts"));
  EXPECT_EQ(selectFields(fields, {pattern, std::get<FieldPattern>(FieldPattern::parse("tick"))}),
            (std::vector<sim::Field>{{"tick", 4}, {"enemies[id=7].parts.size", 1}, {"enemies[id=7].parts[0].id", 9}}));
  // A pattern of the longest length, longer still once its id is an index of five digits.
  const std::string tail = "." + std::string(kMaxFieldPatternLength - 8, 'x');
  const std::vector<sim::Field> many{{"a[10000].id", 0}, {"a[10000]" + tail, 5}};
  const auto longest = std::get<FieldPattern>(FieldPattern::parse("a[id=0]" + tail));
  EXPECT_EQ(selectFields(many, {longest}), (std::vector<sim::Field>{{"a[id=0]" + tail, 5}}));
}

TEST(FieldIds, ABadIdIsRefusedByEveryParserWithOneSentence) {
  EXPECT_FALSE(checkIdSelectors("a[id=-3].b[id=0]").has_value());
  EXPECT_FALSE(checkIdSelectors("a[id=3].b[*].c").has_value());
  for (const std::string bad : {"a[id=x].b", "a[id=].b", "a[id=5.b", "a[id=1.5]", "a[id= 5]"}) {
    EXPECT_EQ(checkIdSelectors(bad), "an element picked by its id is [id=N], N a whole number") << bad;
    EXPECT_EQ(std::get<std::string>(FieldPattern::parse(bad)),
              "'" + bad + "' is not a field pattern: an element picked by its id is [id=N], N a whole number");
  }
  for (const std::string bad : {"a[*].b[id=3]", "*[id=3]", "a.*.b[id=3]"}) {
    EXPECT_EQ(checkIdSelectors(bad), "an element picked by its id is in a list named in full, with no * before its [id=N]")
        << bad;
  }
  EXPECT_EQ(std::get<std::string>(Condition::parse("a[id=x].b == 1")),
            "'a[id=x].b': an element picked by its id is [id=N], N a whole number");
  EXPECT_EQ(std::get<std::string>(Condition::parse("a[*].b[id=2].c == 1")),
            "'a[*].b[id=2].c': an element picked by its id is in a list named in full, with no * before its [id=N]");
  // Its '=' is no operator, with or without spaces around the comparison's.
  const auto condition = std::get<Condition>(Condition::parse("a[id=3].b==1 and a[id=4].b < 2"));
  EXPECT_EQ(condition.listFields(), (std::vector<std::string>{"a[id=3].b", "a[id=4].b"}));
}

}  // namespace
}  // namespace retrace::recorder
