#include "recorder/shrink.h"

#include <variant>

#include <gtest/gtest.h>

#include "sim/game.h"
#include "sim/game_model.h"
#include "sim/rng.h"

namespace retrace::recorder {
namespace {

TEST(FindActiveRuns, FindsEachHeldRunAndSkipsIdleOnes) {
  EXPECT_EQ(findActiveRuns({0, 1, 1, 0, 2, 3, 3, 0}), (std::vector<InputSpan>{{1, 2}, {4, 1}, {5, 2}}));
  EXPECT_TRUE(findActiveRuns({0, 0}).empty());
  EXPECT_TRUE(findActiveRuns({}).empty());
}

/// Random buttons over every game's inputs, held for a few ticks each.
std::vector<sim::Input> mashButtons(const sim::GameDefinition& game, std::uint64_t ticks, std::uint64_t seed) {
  sim::Rng rng = sim::seedRng(seed);
  const auto mask = static_cast<sim::Input>((1U << game.inputNames().size()) - 1U);
  std::vector<sim::Input> inputs;
  while (inputs.size() < ticks)
    inputs.insert(inputs.end(), static_cast<std::size_t>(sim::drawBetween(rng, 1, 20)),
                  static_cast<sim::Input>(sim::nextU32(rng) & mask));
  inputs.resize(ticks);
  return inputs;
}

class ShrinkOverGames : public ::testing::TestWithParam<const sim::GameDefinition*> {};

TEST_P(ShrinkOverGames, KeepsTheFailureWithFewerInputChangesAndNoLaterTicks) {
  const sim::GameDefinition& game = *GetParam();
  const RunSetup setup{&game, *game.findConfig(game.configNames().front()), 3};
  // The first round's end: every game has one, and random input reaches it.
  const auto parsed = parsePredicate("ends-before:100000", game);
  ASSERT_TRUE(std::holds_alternative<Predicate>(parsed));
  const Predicate& predicate = std::get<Predicate>(parsed);
  const std::vector<sim::Input> inputs = mashButtons(game, 20000, 11);
  const auto witness = findWitness(setup, inputs, predicate);
  ASSERT_TRUE(witness.has_value()) << game.name() << ": random input never ended a round";
  const ShrinkResult shrunk = shrinkInputs(setup, predicate, inputs, 400);
  EXPECT_GT(shrunk.evaluations, 0U);
  EXPECT_LE(shrunk.evaluations, 400U);
  EXPECT_LE(shrunk.inputs.size(), witness->tick);
  EXPECT_LE(countInputChanges(shrunk.inputs),
            countInputChanges(std::vector(inputs.begin(), inputs.begin() + static_cast<std::ptrdiff_t>(witness->tick))));
  const auto still = findWitness(setup, shrunk.inputs, predicate);
  ASSERT_TRUE(still.has_value());
  EXPECT_EQ(still->tick, shrunk.inputs.size());  // cut at the tick the failure shows
}

TEST_P(ShrinkOverGames, AShrunkInputShrinksNoFurther) {
  // The passes run until a round takes nothing: shrinking the result again gives it back.
  const sim::GameDefinition& game = *GetParam();
  const RunSetup setup{&game, *game.findConfig(game.configNames().front()), 3};
  const Predicate predicate = std::get<Predicate>(parsePredicate("ends-before:100000", game));
  const ShrinkResult shrunk = shrinkInputs(setup, predicate, mashButtons(game, 20000, 11), 20000);
  ASSERT_LT(shrunk.evaluations, 20000U);
  const ShrinkResult again = shrinkInputs(setup, predicate, shrunk.inputs, 20000);
  EXPECT_EQ(again.inputs, shrunk.inputs) << game.name();
}

TEST(Shrink, ABudgetOfNothingStillCutsAtTheFailure) {
  const sim::GameDefinition& game = *sim::listGames().front();
  const RunSetup setup{&game, *game.findConfig(game.configNames().front()), 3};
  const Predicate predicate = std::get<Predicate>(parsePredicate("ends-before:100000", game));
  const std::vector<sim::Input> inputs = mashButtons(game, 20000, 11);
  const ShrinkResult shrunk = shrinkInputs(setup, predicate, inputs, 0);
  EXPECT_EQ(shrunk.evaluations, 0U);
  EXPECT_EQ(shrunk.inputs.size(), findWitness(setup, inputs, predicate)->tick);
}

TEST(Shrink, AStopAskedForEndsItWithTheSmallestFoundSoFarWhichStillFails) {
  // What retrace shrink writes when Ctrl+C stops it: no candidate tried after the stop, and what
  // it has still shows the failure, cut at its tick.
  const sim::GameDefinition& game = *sim::listGames().front();
  const RunSetup setup{&game, *game.findConfig(game.configNames().front()), 3};
  const Predicate predicate = std::get<Predicate>(parsePredicate("ends-before:100000", game));
  const std::vector<sim::Input> inputs = mashButtons(game, 20000, 11);
  const ShrinkResult whole = shrinkInputs(setup, predicate, inputs, 20000);
  ASSERT_GT(whole.evaluations, 8U);
  EXPECT_FALSE(whole.stopped);
  std::uint64_t asked = 0;
  const ShrinkResult stopped = shrinkInputs(setup, predicate, inputs, 20000, [&asked] { return ++asked > 5; });
  EXPECT_TRUE(stopped.stopped);
  EXPECT_LE(stopped.evaluations, 5U);  // each candidate is asked for at least once
  EXPECT_GT(stopped.evaluations, 0U);
  const auto still = findWitness(setup, stopped.inputs, predicate);
  ASSERT_TRUE(still.has_value());
  EXPECT_EQ(still->tick, stopped.inputs.size());
  EXPECT_GE(stopped.inputs.size(), whole.inputs.size());
  // A budget spent is not a stop.
  EXPECT_FALSE(shrinkInputs(setup, predicate, inputs, 5).stopped);
}

/// A bell hung at tick 100: pressing `ring` from then on rings it; `wave` does nothing. The
/// shortest input that rings it is 100 idle ticks and a press.
struct Bell {
  struct Config {};
  struct State {
    std::int64_t tick = 0;
    bool operator==(const State&) const = default;
  };
  static constexpr std::string_view kName = "bell";
  static constexpr std::uint32_t kRulesVersion = 1;
  static constexpr sim::EventSchema kRang{"rang", {}, {}};
  static constexpr const char* kButtons[] = {"ring", "wave"};

  static std::vector<std::pair<std::string, Config>> namedConfigs() { return {{"default", {}}}; }
  static std::optional<std::string> checkSanity(const Config&) { return std::nullopt; }
  static std::span<const sim::SpeedLimit<Config>> speedLimits() { return {}; }
  static State init(const Config&, std::uint64_t /*seed*/) { return {}; }
  static void step(const Config&, State& s, sim::Input input, std::vector<sim::Event>& events) {
    if ((input & 1U) != 0 && s.tick >= 100) events.push_back(sim::makeEvent(0));
    ++s.tick;
  }
  static sim::Input chooseInput(const Config&, const State&, sim::Rng&) { return 0; }
  static void checkOracle(const Config&, const State&, const State&, const std::vector<sim::Event>&, std::vector<sim::Tunnel>&) {}
  static bool isPlausible(const Config&, const State& s) { return s.tick >= 0; }
  static std::span<const sim::EventSchema> eventSchemas() { return {&kRang, 1}; }
  static std::span<const char* const> inputNames() { return kButtons; }
  static sim::Scene describeScene(const Config&, const State& /*previous*/, const State&) { return {sim::pxVec(10, 10), {}}; }
  static std::span<const sim::SceneLayer> sceneLayers() { return {}; }
  template <typename V>
  static void visitConfig(V& /*v*/, Config& /*c*/) {}
  template <typename V>
  static void visitState(V& v, State& s) {
    sim::visitField(v, "tick", s.tick);
  }
};

TEST(Shrink, TicksThatDoNotMatterAreDroppedSoTheFailureComesSooner) {
  const sim::GameModel<Bell> game;
  const RunSetup setup{&game, *game.findConfig("default"), 1};
  const Predicate predicate = std::get<Predicate>(parsePredicate("event:rang", game));
  // Waving throughout, and ringing only at tick 2500: nothing to idle, 2,400 ticks to drop.
  std::vector<sim::Input> inputs(3000, sim::Input{2});
  inputs[2500] = 3;
  ASSERT_EQ(findWitness(setup, inputs, predicate)->tick, 2501U);
  const ShrinkResult shrunk = shrinkInputs(setup, predicate, inputs, 5000);
  ASSERT_EQ(shrunk.inputs.size(), 101U);
  EXPECT_EQ(shrunk.inputs.back(), sim::Input{1});  // the wave dropped from the press
  EXPECT_EQ(findWitness(setup, shrunk.inputs, predicate)->tick, 101U);
  EXPECT_LT(shrunk.evaluations, 1000U);  // a few hundred: no pass tries every tick of 2,500
}

INSTANTIATE_TEST_SUITE_P(AllGames, ShrinkOverGames, ::testing::ValuesIn(sim::listGames().begin(), sim::listGames().end()),
                         [](const auto& param) { return std::string(param.param->name()); });

}  // namespace
}  // namespace retrace::recorder
