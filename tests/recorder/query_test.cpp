#include "recorder/query.h"

#include <gtest/gtest.h>

#include <regex>

#include "recorder/state_fields.h"
#include "sim/game.h"
#include "sim/rng.h"

namespace retrace::recorder {
namespace {

constexpr sim::EnumName kFacing[] = {{0, "up"}, {1, "right"}, {2, "down"}, {3, "left"}};

std::vector<sim::Field> makeFields() {
  return {{"tanks.size", 2, sim::FieldKind::kInt, {}},
          {"tanks[0].hp", 2, sim::FieldKind::kInt, {}},
          {"tanks[0].facing", 3, sim::FieldKind::kEnum, kFacing},
          {"tanks[1].hp", 5, sim::FieldKind::kInt, {}},
          {"tanks[1].facing", 0, sim::FieldKind::kEnum, kFacing},
          {"man.vy", sim::Fixed::fromRatio(9, 2).raw(), sim::FieldKind::kFixed, {}},
          {"man.onPlatform", 0, sim::FieldKind::kBool, {}},
          {"rng.state", static_cast<std::int64_t>(0xb678203e833af5e3ULL), sim::FieldKind::kBits, {}}};
}

bool holds(const std::string& text) {
  const auto parsed = Condition::parse(text);
  EXPECT_TRUE(std::holds_alternative<Condition>(parsed)) << text << ": " << std::get<std::string>(parsed);
  const auto result = std::get<Condition>(parsed).check(makeFields());
  EXPECT_TRUE(std::holds_alternative<bool>(result)) << text << ": " << std::get<std::string>(result);
  return std::holds_alternative<bool>(result) && std::get<bool>(result);
}

// Conditions and `verify --expect` share one comparison: each operator on a value below, at and
// above the other, as the truth table reads.
TEST(Condition, EachOperatorComparesBelowAtAndAbove) {
  const std::pair<std::string_view, std::string_view> table[] = {{"==", "FTF"}, {"!=", "TFT"}, {"<", "TFF"},
                                                                 {"<=", "TTF"}, {">", "FFT"},  {">=", "FTT"}};
  for (const auto& [op, want] : table) {
    EXPECT_TRUE(isComparisonOperator(op)) << op;
    std::string got;
    for (const std::int64_t left : {-1, 0, 1}) got += compareBy(left, op, 0) ? 'T' : 'F';
    EXPECT_EQ(got, want) << op;
  }
  EXPECT_EQ(std::size(kComparisonOperators), std::size(table));
  for (const std::string_view word : {"=", "=<", "<>", "changed", ""}) EXPECT_FALSE(isComparisonOperator(word)) << word;
}

TEST(Condition, ComparesEachKindByItsOwnValues) {
  EXPECT_TRUE(holds("tanks[0].hp < 3"));
  EXPECT_FALSE(holds("tanks[0].hp >= 3"));
  EXPECT_TRUE(holds("tanks[0].hp==2"));  // operators need no spaces
  EXPECT_TRUE(holds("man.vy > 4.4"));
  EXPECT_FALSE(holds("man.vy > 4.5"));
  EXPECT_TRUE(holds("man.vy == 4.5"));
  EXPECT_TRUE(holds("man.onPlatform == false"));
  EXPECT_TRUE(holds("tanks[0].facing == left"));
  EXPECT_TRUE(holds("tanks[0].facing != up"));
  EXPECT_TRUE(holds("tanks.size >= 2"));
  // Bits as show prints them (the sign bit set here), and as a whole number.
  EXPECT_TRUE(holds("rng.state == 0xb678203e833af5e3"));
  EXPECT_TRUE(holds("rng.state == 0XB678203E833AF5E3"));
  EXPECT_TRUE(holds("rng.state != 0x1"));
  EXPECT_TRUE(holds("tanks[0].hp == 0x2"));
  EXPECT_TRUE(holds("rng.state == -5298449508739648029"));
}

TEST(Condition, ReadsBackEveryValueAsShowPrintsItInEveryGame) {
  // find --where and hunt --until take values as show and trace print them: every field's.
  for (const sim::GameDefinition* game : sim::listGames()) {
    auto session = game->start(*game->findConfig(game->configNames().front()), 3);
    sim::Rng rng = sim::seedRng(3);
    for (int tick = 0; tick <= 400; ++tick) {
      if (tick % 100 == 0) {
        StateFields named;
        const std::vector<sim::Field>& fields = named.read(*session);
        for (const sim::Field& field : fields) {
          const std::string text = field.name + " == " + sim::formatField(field);
          const auto condition = Condition::parse(text);
          ASSERT_TRUE(std::holds_alternative<Condition>(condition)) << text;
          const auto result = std::get<Condition>(condition).check(fields);
          ASSERT_TRUE(std::holds_alternative<bool>(result)) << game->name() << ": " << std::get<std::string>(result);
          EXPECT_TRUE(std::get<bool>(result)) << game->name() << ": " << text;
        }
      }
      (void)session->step(session->chooseBotInput(rng));
    }
  }
}

TEST(Condition, AndBindsTighterThanOr) {
  EXPECT_TRUE(holds("tanks[0].hp > 9 and man.vy > 9 or tanks.size == 2"));  // (false and false) or true
  EXPECT_FALSE(holds("tanks[0].hp > 9 and man.vy > 9 or tanks.size == 3"));
  EXPECT_FALSE(holds("tanks.size == 2 and tanks[0].hp > 9"));
  EXPECT_TRUE(holds("tanks.size == 2 and tanks[0].hp == 2 and man.onPlatform == false"));
}

TEST(Condition, AnIndexStarHoldsWhenAnyElementDoesAndAMissingFieldNever) {
  EXPECT_TRUE(holds("tanks[*].hp > 4"));
  EXPECT_FALSE(holds("tanks[*].hp > 5"));
  EXPECT_TRUE(holds("tanks[*].facing == up"));
  EXPECT_FALSE(holds("tanks[2].hp > 0"));  // no such tank on this tick
  EXPECT_FALSE(holds("tanks[2].hp > 0 or tanks[3].hp > 0"));
}

TEST(Condition, BadConditionsNameTheirToken) {
  const auto problem = [](const std::string& text) {
    const auto parsed = Condition::parse(text);
    if (const auto* p = std::get_if<std::string>(&parsed)) return *p;
    const auto checked = std::get<Condition>(parsed).check(makeFields());
    return std::holds_alternative<std::string>(checked) ? std::get<std::string>(checked) : std::string("accepted");
  };
  EXPECT_EQ(problem(""), "a condition compares a field with a value (like players[0].hp < 3), not nothing");
  EXPECT_EQ(problem("tanks[0].hp <"), "the condition ends after '<' inside a comparison (FIELD OP VALUE or FIELD changed)");
  EXPECT_EQ(problem("tanks[0].hp"),
            "the condition ends after 'tanks[0].hp' inside a comparison (FIELD OP VALUE or FIELD changed)");
  EXPECT_EQ(problem("tanks[0].hp 3"), "'3' is where an operator (==, !=, <, <=, >, >=) or changed should be");
  EXPECT_EQ(problem("tanks[0].hp is 3"), "'is' is where an operator (==, !=, <, <=, >, >=) or changed should be");
  EXPECT_EQ(problem("tanks[0].hp changed 3"), "'3' is where and or or should be");
  EXPECT_EQ(problem("tanks[0].hp changed and"),
            "the condition ends after 'and' inside a comparison (FIELD OP VALUE or FIELD changed)");
  EXPECT_EQ(problem("tanks[0].hp == changed"), "tanks[0].hp is a whole number, not 'changed'");
  EXPECT_EQ(problem("< 3 x"), "'<' is where a field's name should be");
  EXPECT_EQ(problem("tanks[0].hp < 3 but man.vy > 1"), "'but' is where and or or should be");
  EXPECT_EQ(problem("tanks[0].hp ~ 3"), "'~' is no part of a condition (FIELD OP VALUE or FIELD changed, joined by and, or)");
  EXPECT_EQ(problem("tanks[0].hp < three"), "tanks[0].hp is a whole number, not 'three'");
  EXPECT_EQ(problem("rng.state == 0xg"),
            "rng.state is 64 bits, written 0x and up to 16 hex digits or as a whole number, not '0xg'");
  EXPECT_EQ(problem("rng.state == 0x10000000000000000"),
            "rng.state is 64 bits, written 0x and up to 16 hex digits or as a whole number, not '0x10000000000000000'");
  EXPECT_EQ(problem("tanks[0].facing == north"), "tanks[0].facing is one of up, right, down, left, not 'north'");
  EXPECT_EQ(problem("man.onPlatform == 1"), "man.onPlatform is true or false, not '1'");
  EXPECT_EQ(problem("man.vy > fast"), "man.vy: 'fast' is not a decimal number (like 98, -3.25 or 0.38)");
}

TEST(Condition, ChangedComparesAFieldWithTheTickBeforeByNameOrById) {
  const auto check = [](const std::string& text, const std::vector<sim::Field>& now, const std::vector<sim::Field>* before) {
    const auto result = std::get<Condition>(Condition::parse(text)).check(now, before);
    EXPECT_TRUE(std::holds_alternative<bool>(result)) << text;
    return std::holds_alternative<bool>(result) && std::get<bool>(result);
  };
  const std::vector<sim::Field> before = makeFields();
  std::vector<sim::Field> now = makeFields();
  EXPECT_FALSE(check("tanks[1].hp changed", now, &before));
  EXPECT_FALSE(check("tanks[*].hp changed", now, &before));
  now[3].value = 4;  // tanks[1].hp
  EXPECT_TRUE(check("tanks[1].hp changed", now, &before));
  EXPECT_FALSE(check("tanks[0].hp changed", now, &before));
  EXPECT_TRUE(check("tanks[*].hp changed", now, &before)) << "any element";
  EXPECT_FALSE(check("tanks[1] changed", now, &before)) << "a field's name, never what is inside it";
  EXPECT_FALSE(check("tanks[1].hp changed", now, nullptr)) << "no tick before";
  EXPECT_TRUE(check("tanks[0].hp changed or tanks[1].hp < 5", now, &before));
  EXPECT_FALSE(check("tanks[1].hp changed and tanks[1].hp > 4", now, &before));
  // A field that is new changed, and so did one that is gone (as show --changed lists it): the
  // last element leaving changes [*] as the first leaving does, whose place the next takes.
  std::vector<sim::Field> grown = before;
  grown.push_back({"tanks[2].hp", 1, sim::FieldKind::kInt, {}});
  EXPECT_TRUE(check("tanks[*].hp changed", grown, &before));
  EXPECT_TRUE(check("tanks[*].hp changed", before, &grown)) << "gone";
  EXPECT_TRUE(check("tanks[2].hp changed", before, &grown)) << "gone";
  EXPECT_FALSE(check("tanks[0].hp changed", before, &grown));
  EXPECT_FALSE(check("tanks[2].hp changed", before, &before)) << "never there";
  // By id, an element is followed to its new place: tank 7 moves from index 1 to 0, its hp kept.
  const std::vector<sim::Field> was{
      {"tanks.size", 2}, {"tanks[0].id", 3}, {"tanks[0].hp", 1}, {"tanks[1].id", 7}, {"tanks[1].hp", 5}};
  const std::vector<sim::Field> is{{"tanks.size", 1}, {"tanks[0].id", 7}, {"tanks[0].hp", 5}};
  EXPECT_FALSE(check("tanks[id=7].hp changed", is, &was));
  EXPECT_TRUE(check("tanks[0].hp changed", is, &was)) << "by index, another tank's";
  EXPECT_TRUE(check("tanks[id=3].hp changed", is, &was)) << "gone";
  EXPECT_FALSE(check("tanks[id=3].hp changed", is, &is)) << "not there either tick";
  EXPECT_TRUE(std::get<Condition>(Condition::parse("a < 1 or b changed")).looksBack());
  EXPECT_FALSE(std::get<Condition>(Condition::parse("a < 1 or b == 2")).looksBack());
  EXPECT_EQ(std::get<Condition>(Condition::parse("a changed and b changed or a > 2")).listFields(),
            (std::vector<std::string>{"a", "b"}));
}

TEST(Condition, ListsItsFieldsOnce) {
  const auto condition = std::get<Condition>(Condition::parse("a.b < 1 and c[*].d > 2 or a.b == 3"));
  EXPECT_EQ(condition.listFields(), (std::vector<std::string>{"a.b", "c[*].d"}));
  EXPECT_EQ(generalizeIndices("tanks[12].centre.x"), "tanks[*].centre.x");
  EXPECT_EQ(generalizeIndices("a[1].b[22]"), "a[*].b[*]");
}

TEST(Condition, SaysWhichFieldsMeetItsComparisons) {
  // What a hunt's finding names: the element of a pattern that meets it, not only that it holds.
  const std::vector<sim::Field> fields = makeFields();
  const auto meeting = [&](const std::string& text) {
    std::vector<std::string> names;
    for (const sim::Field* field : std::get<Condition>(Condition::parse(text)).listMeetingFields(fields))
      names.push_back(field->name);
    return names;
  };
  EXPECT_EQ(meeting("tanks[*].hp > 4"), std::vector<std::string>{"tanks[1].hp"});
  EXPECT_EQ(meeting("tanks[*].hp > 1"), std::vector<std::string>{"tanks[0].hp"});  // the first that does
  EXPECT_EQ(meeting("tanks[*].hp > 9 or man.vy == 4.5 and tanks[*].facing == up"),
            (std::vector<std::string>{"man.vy", "tanks[1].facing"}));
  EXPECT_EQ(meeting("tanks[*].hp > 9"), std::vector<std::string>{});
  // Only of the conjunctions that hold: tanks[1].hp meets its part, but man.vy fails it.
  EXPECT_EQ(meeting("tanks[*].hp > 4 and man.vy > 9 or man.onPlatform == false"), std::vector<std::string>{"man.onPlatform"});
  EXPECT_EQ(meeting("tanks[0].hp changed"), std::vector<std::string>{});  // of the tick before, not here
}

TEST(Condition, SaysWhichFieldAChangeHoldsOfGivenTheTickBefore) {
  // What find and the viewer's find box name for `changed`: the first field named that is new or
  // holds another value than on the tick before; none for one that is gone.
  const std::vector<sim::Field> before = makeFields();
  const auto meeting = [&](const std::string& text, const std::vector<sim::Field>& now) {
    const auto condition = std::get<Condition>(Condition::parse(text));
    std::vector<std::string> names;
    for (const sim::Field* field : condition.listMeetingFields(now, &before)) names.push_back(field->name);
    const auto holds = condition.check(now, &before);
    EXPECT_TRUE(std::get<bool>(holds) || names.empty()) << text << " names fields of a condition that does not hold";
    return names;
  };
  std::vector<sim::Field> hurt = makeFields();
  hurt[3].value = 4;  // tanks[1].hp
  EXPECT_EQ(meeting("tanks[*].hp changed", hurt), std::vector<std::string>{"tanks[1].hp"});
  EXPECT_EQ(meeting("tanks[*].hp changed", before), std::vector<std::string>{});
  EXPECT_EQ(meeting("tanks[*].hp changed and man.vy > 4", hurt), (std::vector<std::string>{"tanks[1].hp", "man.vy"}));
  EXPECT_EQ(meeting("tanks[*].facing changed and man.vy > 4", hurt), std::vector<std::string>{});  // the change fails
  std::vector<sim::Field> more = makeFields();
  more[0].value = 3;
  more.insert(more.begin() + 5, sim::Field{"tanks[2].hp", 1, sim::FieldKind::kInt, {}});
  EXPECT_EQ(meeting("tanks[*].hp changed", more), std::vector<std::string>{"tanks[2].hp"});
  std::vector<sim::Field> fewer = makeFields();
  fewer[0].value = 1;
  fewer.erase(fewer.begin() + 3, fewer.begin() + 5);  // tanks[1] is gone: it changed, but no field of now says so
  EXPECT_TRUE(std::get<bool>(std::get<Condition>(Condition::parse("tanks[*].hp changed")).check(fewer, &before)));
  EXPECT_EQ(meeting("tanks[*].hp changed", fewer), std::vector<std::string>{});
}

TEST(Condition, NamesMatchAsTheRegexAndTheGeneralisedNamesDid) {
  // The matcher and the comparison replaced a regex built each tick and a set of every
  // generalised name met: the same answers on names that are fields and names that nearly are.
  const std::vector<std::string> names = {"a",        "a.b",     "a[0]",    "a[12].b",   "a[x].b",   "a[].b",
                                          "a[3",      "a[3]b",   "a[3][4]", "a[3].b[4]", "tick",     "a.b.c",
                                          "[1]",      "a[*].b",  "b[0].a",  "a[01].b",   "a0].b",    "a[-1].b",
                                          "a[3].b.c", "aa[1].b", "a[1]",    "a[1].bb",   "a.b[1].c", ""};
  for (const std::string& pattern : names) {
    std::string regex;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
      if (pattern.compare(i, 3, "[*]") == 0) {
        regex += "\\[[0-9]+\\]";
        i += 2;
      } else if (pattern[i] == '.' || pattern[i] == '[' || pattern[i] == ']' || pattern[i] == '*') {
        regex += std::string("\\") + pattern[i];
      } else {
        regex += pattern[i];
      }
    }
    for (const std::string& name : names) {
      EXPECT_EQ(matchesFieldName(name, pattern), std::regex_match(name, std::regex(regex))) << name << " against " << pattern;
      EXPECT_EQ(sameGeneralName(name, pattern), generalizeIndices(name) == generalizeIndices(pattern))
          << name << " and " << pattern;
    }
    EXPECT_TRUE(matchesFieldName("a[7].b", "a[*].b"));
    EXPECT_FALSE(matchesFieldName("a.b", "a[*].b"));
  }
}

TEST(FormatTickRanges, JoinsRunsOfTicks) {
  EXPECT_EQ(formatTickRanges({}), "");
  EXPECT_EQ(formatTickRanges({5}), "5");
  EXPECT_EQ(formatTickRanges({1, 2, 3, 7, 9, 10}), "1..3, 7, 9..10");
}

}  // namespace
}  // namespace retrace::recorder
