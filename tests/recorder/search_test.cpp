#include "recorder/search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "recorder/inspect.h"
#include "recorder/query.h"
#include "recorder/state_fields.h"
#include "sim/game.h"
#include "sim/rng.h"

namespace retrace::recorder {
namespace {

/// The bot's inputs for `ticks` ticks of the setup's game.
std::vector<sim::Input> playBot(const RunSetup& setup, std::uint64_t ticks) {
  auto session = setup.game->start(setup.config, setup.seed);
  sim::Rng rng = sim::seedRng(setup.seed);
  std::vector<sim::Input> inputs;
  while (inputs.size() < ticks) {
    inputs.push_back(session->chooseBotInput(rng));
    (void)session->step(inputs.back());
  }
  return inputs;
}

/// The fields of the game before its first tick.
std::vector<sim::Field> readStart(const RunSetup& setup) {
  StateFields fields;
  return fields.read(*setup.game->start(setup.config, setup.seed));
}

/// The fields of a recording's state at a tick.
std::vector<sim::Field> fieldsAt(const LoadedReplay& replay, std::uint64_t tick) {
  auto reached = reachTick(replay, tick);
  if (!std::holds_alternative<std::unique_ptr<sim::GameSession>>(reached)) return {};
  StateFields fields;
  return fields.read(*std::get<std::unique_ptr<sim::GameSession>>(reached));
}

Predicate parseWhere(const std::string& condition, const sim::GameDefinition& game) {
  auto parsed = parsePredicate("where:" + condition, game);
  if (auto* problem = std::get_if<std::string>(&parsed)) ADD_FAILURE() << *problem;
  return std::get<Predicate>(parsed);
}

class SearchOverGames : public ::testing::TestWithParam<const sim::GameDefinition*> {};

TEST_P(SearchOverGames, AConditionShowsFirstWhereFindFindsItInTheRecording) {
  // shrink and hunt judge `where:` by re-simulating inputs; find walks a recording of them. The
  // two must agree on every field's first change and first departure from its start.
  const sim::GameDefinition& game = *GetParam();
  const RunSetup setup{&game, *game.findConfig(game.configNames().front()), 5};
  const std::vector<sim::Input> inputs = playBot(setup, 1200);
  auto recorded = recordReplay(setup, false, "bot", inputs);
  ASSERT_TRUE(std::holds_alternative<LoadedReplay>(recorded)) << std::get<std::string>(recorded);
  const LoadedReplay& replay = std::get<LoadedReplay>(recorded);
  std::set<std::string> asked;
  int shown = 0;
  int namedChanges = 0;
  int namedPatternChanges = 0;  // which element: what a pattern's change alone cannot say
  for (const sim::Field& field : readStart(setup)) {
    const std::string name = generalizeIndices(field.name);
    if (!asked.insert(name).second) continue;
    for (const std::string& text : {name + " changed", name + " != " + sim::formatField(field)}) {
      const Predicate predicate = parseWhere(text, game);
      const auto found = findTicks(replay, *predicate.where, 1, false);
      const auto witness = findWitness(setup, inputs, predicate);
      if (const auto* unanswered = std::get_if<Unanswered>(&found)) {
        // A value find cannot compare (a cell printed as its symbol): explained, never a witness.
        EXPECT_FALSE(witness.has_value()) << text;
        EXPECT_TRUE(explainUnshown(setup, inputs, predicate).has_value()) << text << ": " << unanswered->sentence;
        continue;
      }
      const auto& ticks = std::get<std::vector<std::uint64_t>>(found);
      ASSERT_EQ(witness.has_value(), !ticks.empty()) << game.name() << ": " << text;
      if (!witness) continue;
      EXPECT_EQ(witness->tick, ticks.front()) << game.name() << ": " << text;
      EXPECT_EQ(witness->description.rfind("'" + text + "' holds", 0), 0U) << witness->description;
      ++shown;
      // A change names the field that changed, as find does: new, or another value than the
      // tick before's (one only gone has none of this tick to name).
      const std::size_t open = witness->description.find(" holds (");
      if (!text.ends_with(" changed") || open == std::string::npos) continue;
      const std::string named = witness->description.substr(open + 8, witness->description.find(' ', open + 8) - open - 8);
      const auto now = fieldsAt(replay, witness->tick);
      const auto was = fieldsAt(replay, witness->tick - 1);
      const auto isNamed = [&](const sim::Field& f) { return f.name == named; };
      const auto at = std::find_if(now.begin(), now.end(), isNamed);
      const auto before = std::find_if(was.begin(), was.end(), isNamed);
      ASSERT_NE(at, now.end()) << witness->description;
      EXPECT_TRUE(before == was.end() || before->value != at->value) << witness->description << " names what did not change";
      ++namedChanges;
      if (name.find("[*]") != std::string::npos) ++namedPatternChanges;
    }
  }
  EXPECT_GE(shown, 4) << game.name() << ": too few fields changed to compare the two";
  EXPECT_GE(namedChanges, 2) << game.name() << ": too few changes named";
  const bool listsAtStart =
      std::any_of(asked.begin(), asked.end(), [](const std::string& n) { return n.find("[*]") != std::string::npos; });
  if (listsAtStart) {
    EXPECT_GE(namedPatternChanges, 1) << game.name() << ": no change of a list's element named";
  }
}

TEST_P(SearchOverGames, AConditionsTypoOrImpossibleValueIsExplainedNotMerelyUnshown) {
  const sim::GameDefinition& game = *GetParam();
  const RunSetup setup{&game, *game.findConfig(game.configNames().front()), 5};
  const std::vector<sim::Input> inputs = playBot(setup, 300);
  const std::string name = generalizeIndices(readStart(setup).front().name);
  // A name a letter off: said with the name meant, as find says it.
  const auto typo = explainUnshown(setup, inputs, parseWhere(name + "x == 1", game));
  ASSERT_TRUE(typo.has_value());
  EXPECT_TRUE(typo->unknownField);
  EXPECT_EQ(typo->sentence, "'" + name + "x' names no field of " + std::string(game.name()) +
                                " on any tick searched; did you mean " + name + "?");
  // A value no field takes.
  const auto value = explainUnshown(setup, inputs, parseWhere(name + " == nowhere", game));
  ASSERT_TRUE(value.has_value());
  EXPECT_FALSE(value->unknownField);
  EXPECT_EQ(value->sentence.rfind("where: ", 0), 0U) << value->sentence;
  // Inputs that merely do not show it have nothing to explain.
  Predicate past;
  past.kind = Predicate::Kind::kEndsBefore;
  past.tick = 1;
  EXPECT_FALSE(findWitness(setup, inputs, past).has_value());
  EXPECT_FALSE(explainUnshown(setup, inputs, past).has_value());
}

INSTANTIATE_TEST_SUITE_P(AllGames, SearchOverGames, ::testing::ValuesIn(sim::listGames().begin(), sim::listGames().end()),
                         [](const auto& param) { return std::string(param.param->name()); });

TEST(Search, WhereReadsFindsGrammarAndSaysWhatIsWrong) {
  const sim::GameDefinition& game = *sim::listGames().front();
  const auto parsed = parsePredicate("where:tick >= 3 and tick changed", game);
  ASSERT_TRUE(std::holds_alternative<Predicate>(parsed)) << std::get<std::string>(parsed);
  EXPECT_EQ(std::get<Predicate>(parsed).kind, Predicate::Kind::kWhere);
  EXPECT_EQ(std::get<Predicate>(parsed).where->text(), "tick >= 3 and tick changed");
  const auto problem = [&](const std::string& text) {
    auto bad = parsePredicate(text, game);
    return std::holds_alternative<std::string>(bad) ? std::get<std::string>(bad) : std::string("(parsed)");
  };
  EXPECT_EQ(problem("where:"), "where: a condition compares a field with a value (like players[0].hp < 3), not nothing");
  EXPECT_EQ(problem("where:tick <"), "where: the condition ends after '<' inside a comparison (FIELD OP VALUE or FIELD changed)");
  EXPECT_EQ(problem("wher:tick"),
            "'wher:tick' is not a predicate (tunnel, ends-before:T, event:KIND, where:CONDITION, diverges)");
  EXPECT_EQ(Predicate{}.kind, Predicate::Kind::kTunnel);
  EXPECT_EQ(Predicate{}.text, "tunnel");
}

}  // namespace
}  // namespace retrace::recorder
