#include "recorder/tick_cursor.h"

#include <gtest/gtest.h>

#include "replay_test_support.h"

namespace retrace::recorder {
namespace {

class TickCursorOverGames : public ::testing::TestWithParam<const sim::GameDefinition*> {};

TEST_P(TickCursorOverGames, WalksEveryTickWithItsInputChecksumAndEvents) {
  // Chunks of 30 ticks, so the walk crosses many chunk and input-run boundaries.
  const LoadedReplay replay = testing::loadOrFail(testing::recordInMemory(std::string(GetParam()->name()), 1000, 4));
  const std::vector<sim::Input> inputs = expandInputs(replay);
  const std::vector<std::uint16_t> checksums = flattenChecksums(replay);
  std::uint64_t expected = 1;
  std::size_t events = 0;
  for (TickCursor cursor(replay); cursor.valid(); cursor.advance(), ++expected) {
    ASSERT_EQ(cursor.tick(), expected);
    EXPECT_EQ(cursor.input(), inputs[expected - 1]) << "tick " << expected;
    EXPECT_EQ(cursor.checksum(), checksums[expected - 1]) << "tick " << expected;
    std::vector<sim::Event> seen;
    for (const RecordedEvent& e : cursor.events()) {
      EXPECT_EQ(e.tick, expected);
      seen.push_back(e.event);
    }
    EXPECT_EQ(seen, recordedEventsAt(replay, expected)) << "tick " << expected;
    events += seen.size();
  }
  EXPECT_EQ(expected - 1, countTicks(replay));
  std::size_t recorded = 0;
  for (const Chunk& c : replay.chunks) recorded += c.events.size();
  EXPECT_EQ(events, recorded);
}

TEST(TickCursor, AReplayWithoutTicksIsAtItsEnd) {
  LoadedReplay empty;
  EXPECT_FALSE(TickCursor(empty).valid());
}

INSTANTIATE_TEST_SUITE_P(AllGames, TickCursorOverGames, ::testing::ValuesIn(sim::listGames().begin(), sim::listGames().end()),
                         [](const auto& param) { return std::string(param.param->name()); });

}  // namespace
}  // namespace retrace::recorder
