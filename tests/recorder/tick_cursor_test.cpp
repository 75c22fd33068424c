#include "recorder/tick_cursor.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "recorder/verifier.h"
#include "replay_test_support.h"
#include "support/temp_dir.h"

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

TEST(TickCursor, OverAnIndexItWalksTheFileAsTheLoadedReplayAndSaysWhenTheFileChanged) {
  ::retrace::testing::TempDir temp("retrace_cursor");
  const std::string path = temp.file("walk.rtr");
  const auto write = [&](const std::vector<std::byte>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  };
  const std::vector<std::byte> bytes = testing::recordInMemory("tank", 1000, 4);
  write(bytes);
  const LoadedReplay replay = testing::loadOrFail(bytes);
  const ReplayIndex index = std::get<ReplayIndex>(ReplayIndex::open(path));
  TickCursor loaded(replay);
  TickCursor indexed(index);
  for (; loaded.valid(); loaded.advance(), indexed.advance()) {
    ASSERT_TRUE(indexed.valid());
    ASSERT_EQ(indexed.tick(), loaded.tick());
    ASSERT_EQ(indexed.input(), loaded.input());
    ASSERT_EQ(indexed.checksum(), loaded.checksum());
    ASSERT_TRUE(std::ranges::equal(indexed.events(), loaded.events()));
    ASSERT_EQ(indexed.chunk(), loaded.chunk());
  }
  EXPECT_FALSE(indexed.valid());
  EXPECT_EQ(resimulateTo(index, 700)->hash(), resimulateTo(replay, 700)->hash());
  write(testing::recordInMemory("tank", 1000, 5));  // another recording over it
  try {
    TickCursor later(index);
    for (; later.valid(); later.advance()) {
    }
    FAIL() << "a changed file was walked as if it had not changed";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(std::string(error.what()).rfind(path + " changed since it was opened: ", 0), 0U) << error.what();
  }
}

TEST(TickCursor, AReplayWithoutTicksIsAtItsEnd) {
  LoadedReplay empty;
  EXPECT_FALSE(TickCursor(empty).valid());
}

INSTANTIATE_TEST_SUITE_P(AllGames, TickCursorOverGames, ::testing::ValuesIn(sim::listGames().begin(), sim::listGames().end()),
                         [](const auto& param) { return std::string(param.param->name()); });

}  // namespace
}  // namespace retrace::recorder
