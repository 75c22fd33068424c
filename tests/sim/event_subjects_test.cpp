// What an event is about (sim/event_subjects.h): each subject pattern written out from the
// event's arguments, the patterns the contract refuses, and which entities an event can be about.
// That every built-in game's events are about entities its states hold is the contract's
// "events" check, run on each game in games/game_contract_test.cpp.
#include "sim/event_subjects.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

/// The kind of the game's event named `name`.
std::uint16_t findKind(const GameDefinition& game, std::string_view name) {
  const auto schemas = game.eventSchemas();
  for (std::size_t k = 0; k < schemas.size(); ++k) {
    if (name == schemas[k].name) return static_cast<std::uint16_t>(k);
  }
  ADD_FAILURE() << "no event " << name << " in " << game.name();
  return 0;
}

TEST(EventSubjects, EachPatternIsWrittenWithTheEventsArguments) {
  const GameDefinition& tank = *findGame("tank");
  // brickDestroyed{bullet, column, row}: the cell is tiles[row][column].
  EXPECT_EQ(nameEventSubjects(tank, makeEvent(findKind(tank, "brickDestroyed"), 7, 5, 3)),
            (std::vector<std::string>{"tiles[3][5]", "bullets[id=7]"}));
  EXPECT_EQ(nameEventSubjects(tank, makeEvent(findKind(tank, "tankDestroyed"), 2, 0)),
            (std::vector<std::string>{"tanks[id=2]", "tanks[id=0]"}));
  EXPECT_EQ(nameEventSubjects(tank, makeEvent(findKind(tank, "blocked"), -4, 1)), (std::vector<std::string>{"tanks[id=-4]"}));
  EXPECT_TRUE(nameEventSubjects(tank, makeEvent(findKind(tank, "roundStart"), 2)).empty());
  EXPECT_TRUE(nameEventSubjects(tank, makeEvent(999)).empty()) << "a kind the game does not have";
  const GameDefinition& dodge = *findGame("dodge");
  EXPECT_EQ(nameEventSubjects(dodge, makeEvent(findKind(dodge, "contact"), 12, 3, 4, 5)),
            (std::vector<std::string>{"obstacles[id=12]", "player"}));
}

TEST(EventSubjects, APatternNamesOnlyTheEventsArgumentsAndStartsWithAField) {
  const EventSchema schema{"hit", {"tank", "row", "column", nullptr}, {}};
  for (const char* good : {"tanks[id={tank}]", "tiles[{row}][{column}]", "player", "a.b[{row}].c"})
    EXPECT_FALSE(checkSubjectPattern(schema, good).has_value()) << good;
  EXPECT_EQ(checkSubjectPattern(schema, "tanks[id={tonk}]"), "names {tonk}, which is none of the event's arguments");
  EXPECT_EQ(checkSubjectPattern(schema, "tanks[id={}]"), "names {}, which is none of the event's arguments");
  EXPECT_EQ(checkSubjectPattern(schema, "tanks[id={tank]"), "has a { that no } closes");
  EXPECT_EQ(checkSubjectPattern(schema, "tanks[id=tank}]"), "has a } that closes no {");
  EXPECT_EQ(checkSubjectPattern(schema, "{tank}"), "does not start with the name of a field of the state");
  EXPECT_EQ(checkSubjectPattern(schema, "[1]"), "does not start with the name of a field of the state");
  EXPECT_EQ(checkSubjectPattern(schema, "tanks[*]"), "holds a space, a '*' or a character that is not printable");
  EXPECT_EQ(checkSubjectPattern(schema, "tank s"), "holds a space, a '*' or a character that is not printable");
  EXPECT_EQ(checkSubjectPattern(schema, ""), "is empty or longer than 64 characters");
  EXPECT_EQ(checkSubjectPattern(schema, std::string(65, 'a')), "is empty or longer than 64 characters");
}

TEST(EventSubjects, AnEntityHasEventsWhenAPatternCanGiveItOrOneInsideIt) {
  const GameDefinition& tank = *findGame("tank");
  for (const char* about : {"tanks", "tanks[id=1]", "tanks[id=-1]", "bullets[id=70000]", "tiles", "tiles[5]", "tiles[5][12]",
                            "tanks[id=0]", "tanks[id=2147483647]", "tanks[id=-2147483648]"})
    EXPECT_TRUE(canBeAbout(tank, about)) << about;
  // By index is no event's way (an index moves as a list changes); inside an entity is not it; a
  // number no 32-bit argument is written as is none.
  for (const char* about :
       {"tanks[1]", "tanks[id=1].hp", "tanks[id=]", "tanks[id=1", "tank", "tiles[x]", "tiles[05]", "clock", "", "[id=1]",
        "tanks[id=-0]", "tanks[id=2147483648]", "tanks[id=4294967297]", "tanks[id=-2147483649]"})
    EXPECT_FALSE(canBeAbout(tank, about)) << about;
  // An event is about each subject and whatever holds it, never about what lies inside it.
  const Event brick = makeEvent(findKind(tank, "brickDestroyed"), 7, 5, 3);
  for (const char* about : {"tiles[3][5]", "tiles[3]", "tiles", "bullets[id=7]", "bullets", ""})
    EXPECT_TRUE(isEventAbout(tank, brick, about)) << about;
  for (const char* about : {"tiles[5][3]", "tiles[3][50]", "bullets[id=70]", "bullets[id=7].x", "tanks", "tile"})
    EXPECT_FALSE(isEventAbout(tank, brick, about)) << about;
  EXPECT_EQ(listSubjectShapes(tank), (std::vector<std::string>{"tanks[id=N]", "bullets[id=N]", "tiles[N][N]"}));
  EXPECT_TRUE(canBeAbout(*findGame("fallingman"), "man"));
  EXPECT_FALSE(canBeAbout(*findGame("fallingman"), "man.hp"));
}

}  // namespace
}  // namespace retrace::sim
