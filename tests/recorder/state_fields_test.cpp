// A state's named fields tick after tick (recorder/state_fields.h): what read gives on every tick
// is what describeState names there, while lists grow and shrink, for every game.
#include "recorder/state_fields.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/inspect.h"
#include "replay_test_support.h"
#include "sim/registry.h"

namespace retrace::recorder {
namespace {

class StateFieldsOverGames : public ::testing::TestWithParam<const sim::GameDefinition*> {};

TEST_P(StateFieldsOverGames, EveryTicksFieldsAreTheOnesDescribeStateNames) {
  const LoadedReplay replay = testing::loadOrFail(testing::recordInMemory(std::string(GetParam()->name()), 1500, 3));
  StateFields named;
  std::size_t renamed = 0;  // ticks whose layout changed
  std::vector<std::string> lastNames;
  const auto problem = visitTicks(replay, 0, 1500, [&](const sim::GameSession& session, std::uint64_t tick) {
    const std::vector<sim::Field> expected = session.describeState();
    const std::vector<sim::Field>& fields = named.read(session);
    EXPECT_EQ(fields, expected) << "tick " << tick;
    std::vector<std::string> names;
    for (const sim::Field& f : fields) names.push_back(f.name);
    if (!lastNames.empty() && names != lastNames) ++renamed;
    lastNames = std::move(names);
    return !::testing::Test::HasFailure();
  });
  EXPECT_FALSE(problem.has_value());
  EXPECT_GT(renamed, 0U) << "some list changes its length";
}

INSTANTIATE_TEST_SUITE_P(AllGames, StateFieldsOverGames, ::testing::ValuesIn(sim::listGames().begin(), sim::listGames().end()),
                         [](const auto& param) { return std::string(param.param->name()); });

}  // namespace
}  // namespace retrace::recorder
