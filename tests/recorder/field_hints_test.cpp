// What a field name that names no field may have meant (recorder/field_hints.h): the closest
// names, written with the indices given, or how long the list whose element is not there is.
#include "recorder/field_hints.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace retrace::recorder {
namespace {

using Names = std::vector<std::string>;

sim::Field makeField(std::string name, std::int64_t value = 0) {
  sim::Field field;
  field.name = std::move(name);
  field.value = value;
  return field;
}

/// A cell of a grid two cells wide.
sim::Field makeCell(std::string name) {
  sim::Field field = makeField(std::move(name));
  field.gridColumns = 2;
  return field;
}

/// A state of two players, one shot (id 7) and a grid, as describeState names such a state.
std::vector<sim::Field> makeState() {
  return {makeField("ball.vy"),
          makeField("players.size", 2),
          makeField("players[0].hp", 3),
          makeField("players[0].position.x"),
          makeField("players[1].hp", 1),
          makeField("players[1].position.x"),
          makeField("shots.size", 1),
          makeField("shots[0].id", 7),
          makeField("shots[0].position.x"),
          makeField("shots[0].position.y"),
          makeCell("tiles[0][0]"),
          makeCell("tiles[0][1]"),
          makeCell("tiles[1][0]"),
          makeCell("tiles[1][1]"),
          makeField("empty.size", 0)};
}

TEST(FieldHints, ALetterWrongOrAnotherCaseIsTheNameNearest) {
  const std::vector<sim::Field> state = makeState();
  EXPECT_EQ(suggestFieldNames("players[1].hq", state), Names{"players[1].hp"});
  EXPECT_EQ(suggestFieldNames("Ball.VY", state), Names{"ball.vy"});
  EXPECT_EQ(suggestFieldNames("ball.vz", state), Names{"ball.vy"});
  // A list named in the singular keeps the index given, an id included, and a grid's cell both.
  EXPECT_EQ(suggestFieldNames("player[0].hp", state), Names{"players[0].hp"});
  EXPECT_EQ(suggestFieldNames("shot[id=7].position.y", state), Names{"shots[id=7].position.y"});
  EXPECT_EQ(suggestFieldNames("tile[1][0]", state), Names{"tiles[1][0]"});
  // What holds fields is a name too: a pattern may select a whole element or list.
  EXPECT_EQ(suggestFieldNames("player", state), Names{"players"});
  EXPECT_EQ(suggestFieldNames("shots[0].positon", state), Names{"shots[0].position"});
}

TEST(FieldHints, ALevelLeftOutFindsTheNamesThatEndAsItEnds) {
  const std::vector<sim::Field> state = makeState();
  EXPECT_EQ(suggestFieldNames("players[1].x", state), Names{"players[1].position.x"});
  // Never an element that is not there: the list's every element instead.
  EXPECT_EQ(suggestFieldNames("players[5].x", state), Names{"players[*].position.x"});
  EXPECT_EQ(suggestFieldNames("shot[id=9].position", state), Names{"shots[*].position"});
  EXPECT_EQ(suggestFieldNames("players.x", state), Names{"players[*].position.x"});
  // Every list's, in the state's order, the list's index unknown.
  EXPECT_EQ(suggestFieldNames("position.x", state), (Names{"players[*].position.x", "shots[*].position.x"}));
  // A near spelling comes before a level left out.
  EXPECT_EQ(suggestFieldNames("shots[0].postion.x", state), Names{"shots[0].position.x"});
  EXPECT_EQ(suggestFieldNames("players.hp", state), Names{"players[*].hp"});
}

TEST(FieldHints, ALevelNamedByAnotherWordFindsTheNamesAroundIt) {
  std::vector<sim::Field> state = makeState();
  for (const char* name : {"players[0].velocity.x", "players[1].velocity.x", "man.centre.y"}) state.push_back(makeField(name));
  EXPECT_EQ(suggestFieldNames("man.position.y", state), Names{"man.centre.y"}) << "the part before what holds it";
  EXPECT_EQ(suggestFieldNames("shots[0].pos.y", state), Names{"shots[0].position.y"});
  EXPECT_EQ(suggestFieldNames("players[1].speed.x", state), (Names{"players[1].position.x", "players[1].velocity.x"}));
  EXPECT_EQ(suggestFieldNames("guy.centre.y", state), Names{"man.centre.y"});
  // The last level is what is asked for: never another.
  EXPECT_EQ(suggestFieldNames("man.centre.z", state), Names{});
  EXPECT_EQ(suggestFieldNames("man.centre.width", state), Names{});
  EXPECT_EQ(suggestFieldNames("paddle.vy", state), Names{}) << "two levels are too few to guess one";
}

TEST(FieldHints, AListsLengthByAnotherLanguagesWordIsItsSize) {
  const std::vector<sim::Field> state = makeState();
  EXPECT_EQ(suggestFieldNames("shots.length", state), Names{"shots.size"});
  EXPECT_EQ(suggestFieldNames("players.COUNT", state), Names{"players.size"});
  EXPECT_EQ(hintFieldName("empty.len", state), "did you mean empty.size?");
  EXPECT_EQ(suggestFieldNames("shots.lenght", state), Names{"shots.size"});
  EXPECT_EQ(suggestFieldNames("shots.x", state), Names{"shots[*].position.x"}) << "a level left out, not a length";
  // A list inside an element keeps the element's index, and never names one not there.
  const std::vector<sim::Field> nested = {makeField("players.size", 1), makeField("players[0].items.size", 2)};
  EXPECT_EQ(suggestFieldNames("players[0].items.count", nested), Names{"players[0].items.size"});
  EXPECT_EQ(suggestFieldNames("players[3].items.count", nested), Names{"players[*].items.size"});
  // What is not a list has no size to suggest.
  EXPECT_EQ(suggestFieldNames("ball.length", state), Names{});
}

TEST(FieldHints, NothingNearOrAWildcardOrTheRightNameGetsNoSuggestion) {
  const std::vector<sim::Field> state = makeState();
  EXPECT_EQ(suggestFieldNames("score", state), Names{});
  EXPECT_EQ(suggestFieldNames("players[*].*q", state), Names{});
  EXPECT_EQ(suggestFieldNames("players[5].hp", state), Names{});
  EXPECT_EQ(hintFieldName("score", state), "");
}

TEST(FieldHints, AtMostThreeNamesAreSuggested) {
  std::vector<sim::Field> state;
  for (const char* list : {"a", "b", "c", "d"}) state.push_back(makeField(std::string(list) + "[0].speed.x"));
  EXPECT_EQ(suggestFieldNames("x", state), (Names{"a[*].speed.x", "b[*].speed.x", "c[*].speed.x"}));
  EXPECT_EQ(hintFieldName("x", state), "did you mean a[*].speed.x, b[*].speed.x or c[*].speed.x?");
  EXPECT_EQ(hintFieldName("a[0].x", state), "did you mean a[0].speed.x?");
}

TEST(FieldHints, AnElementThatIsNotThereSaysHowLongItsListIs) {
  const std::vector<sim::Field> state = makeState();
  EXPECT_EQ(hintFieldName("players[2].hp", state), "players has 2 elements");
  EXPECT_EQ(hintFieldName("shots[1]", state), "shots has 1 element");
  EXPECT_EQ(hintFieldName("empty[0].x", state), "empty is empty");
  EXPECT_EQ(hintFieldName("empty[id=3]", state), "no element of empty has id 3");
  EXPECT_EQ(suggestFieldNames("empty[0]", state), Names{}) << "an element of an empty list is no misspelt list";
  EXPECT_EQ(hintFieldName("tiles[2][0]", state), "tiles has 2 rows of 2 cells");
  EXPECT_EQ(hintFieldName("tiles[1][2]", state), "tiles has 2 rows of 2 cells");
  EXPECT_EQ(hintFieldName("shots[id=9].position.y", state), "no element of shots has id 9");
  // An element that is there but lacks the field: no length to blame.
  EXPECT_EQ(hintFieldName("players[1].score", state), "");
}

}  // namespace
}  // namespace retrace::recorder
