#include "recorder/shrink.h"

#include <variant>

#include <gtest/gtest.h>

#include "sim/game.h"
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

TEST(Shrink, ABudgetOfNothingStillCutsAtTheFailure) {
  const sim::GameDefinition& game = *sim::listGames().front();
  const RunSetup setup{&game, *game.findConfig(game.configNames().front()), 3};
  const Predicate predicate = std::get<Predicate>(parsePredicate("ends-before:100000", game));
  const std::vector<sim::Input> inputs = mashButtons(game, 20000, 11);
  const ShrinkResult shrunk = shrinkInputs(setup, predicate, inputs, 0);
  EXPECT_EQ(shrunk.evaluations, 0U);
  EXPECT_EQ(shrunk.inputs.size(), findWitness(setup, inputs, predicate)->tick);
}

INSTANTIATE_TEST_SUITE_P(AllGames, ShrinkOverGames, ::testing::ValuesIn(sim::listGames().begin(), sim::listGames().end()),
                         [](const auto& param) { return std::string(param.param->name()); });

}  // namespace
}  // namespace retrace::recorder
