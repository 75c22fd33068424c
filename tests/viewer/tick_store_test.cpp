#include "viewer/tick_store.h"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>

#include "recorder/replay_test_support.h"
#include "support/corpus.h"
#include "support/temp_dir.h"

namespace retrace::viewer {
namespace {

/// Every event of a replay with its tick, in order, by brute force.
std::vector<EventRow> listEvents(const recorder::LoadedReplay& replay) {
  std::vector<EventRow> rows;
  for (const recorder::Chunk& c : replay.chunks) {
    for (const recorder::RecordedEvent& e : c.events) rows.push_back({e.tick, e.event});
  }
  return rows;
}

/// The activity of ticks [from, to] binned tick by tick, as binActivity promises at any zoom.
std::vector<TickActivity> binByTick(const recorder::LoadedReplay& replay, std::uint64_t from, std::uint64_t to,
                                    unsigned columns) {
  std::vector<TickActivity> bins(columns);
  const auto schemas = recorder::gameOf(replay.header)->eventSchemas();
  const std::vector<sim::Input> inputs = recorder::expandInputs(replay);
  const auto columnOf = [&](std::uint64_t t) { return static_cast<std::size_t>((t - from) * columns / (to - from + 1)); };
  for (std::uint64_t t = std::max<std::uint64_t>(from, 1); t <= std::min<std::uint64_t>(to, inputs.size()); ++t)
    bins[columnOf(t)].held |= inputs[t - 1];
  for (const EventRow& e : listEvents(replay)) {
    if (e.tick >= from && e.tick <= to) bins[columnOf(e.tick)].categories |= categoryBit(schemas[e.event.kind].category);
  }
  return bins;
}

/// The stores a replay can be opened as: from memory, and from its file through the index.
struct Stores {
  recorder::LoadedReplay replay;
  TickStore loaded;
  TickStore indexed;
};

Stores openBoth(const std::string& path) {
  recorder::LoadedReplay replay = std::get<recorder::LoadedReplay>(recorder::loadReplayFile(path));
  const sim::GameDefinition& game = *recorder::gameOf(replay.header);
  TickStore loaded(std::make_shared<const recorder::LoadedReplay>(replay), game, {});
  TickStore indexed(std::get<recorder::ReplayIndex>(recorder::ReplayIndex::open(path)), game, {});
  return {std::move(replay), std::move(loaded), std::move(indexed)};
}

std::string corpusPath(const char* name) { return std::string(RETRACE_REPLAYS_DIR) + "/" + name; }

const char* const kOnePerGame[] = {"dodge-random-seed2.rtr", "tank-random-seed2.rtr", "fallingman-random-seed2.rtr"};

TEST(TickStore, InputsChecksumsAndEventsAreTheRecordingsEitherWayItIsOpened) {
  for (const char* name : kOnePerGame) {
    SCOPED_TRACE(name);
    const Stores s = openBoth(corpusPath(name));
    const std::vector<sim::Input> inputs = recorder::expandInputs(s.replay);
    const std::vector<std::uint16_t> checksums = recorder::flattenChecksums(s.replay);
    for (const TickStore* store : {&s.loaded, &s.indexed}) {
      ASSERT_EQ(store->lastTick(), inputs.size());
      EXPECT_EQ(store->loadInputs(), inputs);
      for (std::uint64_t t = 1; t <= store->lastTick(); ++t) {
        ASSERT_EQ(store->inputAt(t), inputs[t - 1]) << "tick " << t;
        ASSERT_EQ(store->checksumAt(t), checksums[t - 1]) << "tick " << t;
        ASSERT_EQ(store->eventsAt(t), recorder::recordedEventsAt(s.replay, t)) << "tick " << t;
      }
      EXPECT_TRUE(store->eventsAt(0).empty());
    }
  }
}

TEST(TickStore, EventRowsAndJumpsOfEveryKindAreTheBruteForceOnes) {
  for (const char* name : kOnePerGame) {
    SCOPED_TRACE(name);
    const Stores s = openBoth(corpusPath(name));
    const std::vector<EventRow> all = listEvents(s.replay);
    ASSERT_FALSE(all.empty());
    const auto kinds = static_cast<std::uint16_t>(recorder::gameOf(s.replay.header)->eventSchemas().size());
    std::vector<std::optional<std::uint16_t>> filters{std::nullopt};
    for (std::uint16_t k = 0; k < kinds; ++k) filters.emplace_back(k);
    for (const TickStore* store : {&s.loaded, &s.indexed}) {
      for (const auto kind : filters) {
        SCOPED_TRACE(kind ? std::to_string(*kind) : "any kind");
        std::vector<EventRow> shown;
        for (const EventRow& e : all) {
          if (!kind || e.event.kind == *kind) shown.push_back(e);
        }
        ASSERT_EQ(store->countEvents(kind), shown.size());
        for (std::uint64_t row = 0; row < shown.size(); ++row) {
          const EventRow at = store->eventAt(kind, row);
          ASSERT_EQ(at.tick, shown[row].tick) << "row " << row;
          ASSERT_EQ(at.event, shown[row].event) << "row " << row;
        }
        for (std::uint64_t tick = 0; tick <= store->lastTick() + 1; tick += 37) {
          std::uint64_t firstAtOrAfter = 0;
          std::optional<std::uint64_t> next, previous;
          for (const EventRow& e : shown) {
            if (e.tick < tick) ++firstAtOrAfter;
            if (e.tick > tick && !next) next = e.tick;
            if (e.tick < tick) previous = e.tick;
          }
          ASSERT_EQ(store->findEventRow(kind, tick), firstAtOrAfter) << "tick " << tick;
          ASSERT_EQ(store->findEventTick(tick, Direction::kForward, kind), next) << "tick " << tick;
          ASSERT_EQ(store->findEventTick(tick, Direction::kBackward, kind), previous) << "tick " << tick;
        }
      }
      EXPECT_EQ(store->countEvents(kinds), 0U);  // a kind the game does not have
      EXPECT_EQ(store->findEventTick(0, Direction::kForward, kinds), std::nullopt);
    }
  }
}

TEST(TickStore, ZoomedInTheActivityIsExactAndZoomedOutItMissesNoTick) {
  // The timeline's lanes: exact while a column spans at most a block, and wider never missing a
  // tick, lighting at most the column beside one that holds it.
  for (const char* name : kOnePerGame) {
    SCOPED_TRACE(name);
    const Stores s = openBoth(corpusPath(name));
    const std::uint64_t last = s.loaded.lastTick();
    for (const unsigned columns : {1U, 7U, 100U, 960U}) {
      for (const auto& [from, to] : {std::pair<std::uint64_t, std::uint64_t>{0, last},
                                     {0, 99},
                                     {1, 1},
                                     {last / 3, last / 3 + 500},
                                     {last - 40, last + 40}}) {
        SCOPED_TRACE(std::to_string(columns) + " columns, ticks " + std::to_string(from) + " to " + std::to_string(to));
        const std::vector<TickActivity> exact = binByTick(s.replay, from, to, columns);
        for (const TickStore* store : {&s.loaded, &s.indexed}) {
          const std::vector<TickActivity> binned = store->binActivity(from, to, columns);
          ASSERT_EQ(binned.size(), columns);
          if (to - from + 1 <= columns * kActivityBlock) {
            ASSERT_EQ(binned, exact);
            continue;
          }
          for (std::size_t c = 0; c < columns; ++c) {
            ASSERT_EQ(binned[c].held & exact[c].held, exact[c].held) << "column " << c;
            ASSERT_EQ(binned[c].categories & exact[c].categories, exact[c].categories) << "column " << c;
            const TickActivity beside{static_cast<sim::Input>(exact[c].held | (c > 0 ? exact[c - 1].held : 0) |
                                                              (c + 1 < columns ? exact[c + 1].held : 0)),
                                      static_cast<std::uint8_t>(exact[c].categories | (c > 0 ? exact[c - 1].categories : 0) |
                                                                (c + 1 < columns ? exact[c + 1].categories : 0))};
            ASSERT_EQ(binned[c].held & ~beside.held, 0) << "column " << c;
            ASSERT_EQ(binned[c].categories & ~beside.categories, 0) << "column " << c;
          }
        }
      }
    }
    // Each category of the game's schemas shows on the timeline of the whole replay.
    std::uint8_t seen = 0;
    for (const TickActivity a : s.indexed.binActivity(0, last, 960)) seen |= a.categories;
    std::uint8_t expected = 0;
    const auto schemas = recorder::gameOf(s.replay.header)->eventSchemas();
    for (const EventRow& e : listEvents(s.replay)) expected |= categoryBit(schemas[e.event.kind].category);
    EXPECT_EQ(seen, expected);
    EXPECT_TRUE(s.indexed.binActivity(last + 1, last + 10, 5) == std::vector<TickActivity>(5));  // past the end: nothing
  }
}

TEST(TickStore, AReplayOfMoreChunksThanTheCacheHoldsIsReadRightAfterEvictions) {
  retrace::testing::TempDir temp{"retrace_tick_store"};
  const std::string path = temp.file("long.rtr");
  const std::uint64_t ticks = (kCachedChunks + 60) * 10;
  {
    const std::vector<std::byte> bytes = recorder::testing::recordInMemory("tank", ticks, 3, "default", 10, 50);
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  const Stores s = openBoth(path);
  ASSERT_GT(s.replay.chunks.size(), kCachedChunks);
  const std::vector<sim::Input> inputs = recorder::expandInputs(s.replay);
  // Forward, backward and strided, so that chunks leave the cache and are read again.
  for (int pass = 0; pass < 2; ++pass) {
    for (std::uint64_t t = 1; t <= ticks; ++t) ASSERT_EQ(s.indexed.inputAt(t), inputs[t - 1]) << "tick " << t;
    for (std::uint64_t t = ticks; t >= 1 && t <= ticks; t -= 7) ASSERT_EQ(s.indexed.inputAt(t), inputs[t - 1]) << "tick " << t;
  }
  const std::vector<EventRow> all = listEvents(s.replay);
  for (std::uint64_t row = 0; row < all.size(); row += 3) ASSERT_EQ(s.indexed.eventAt(std::nullopt, row).event, all[row].event);
}

TEST(TickStore, AFileChangedAfterOpeningIsOneSentenceWhenAChunkIsReadAgain) {
  retrace::testing::TempDir temp{"retrace_tick_store"};
  const std::string path = temp.file("changed.rtr");
  const auto write = [&](std::uint64_t seed) {
    const std::vector<std::byte> bytes =
        recorder::testing::recordInMemory("dodge", (kCachedChunks + 20) * 10, seed, "default", 10, 50);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  };
  write(1);
  const sim::GameDefinition& game = *sim::findGame("dodge");
  TickStore store(std::get<recorder::ReplayIndex>(recorder::ReplayIndex::open(path)), game, {});
  write(2);  // the same size of chunks, other bytes: written over in place, as cp does
  try {
    for (std::uint64_t t = 1; t <= store.lastTick(); ++t) (void)store.inputAt(t);
    FAIL() << "a changed file was read as if it had not changed";
  } catch (const std::runtime_error& error) {
    const std::string sentence = error.what();
    EXPECT_NE(sentence.find("changed since it was opened"), std::string::npos) << sentence;
    EXPECT_EQ(sentence.find('\n'), std::string::npos) << sentence;
  }
}

}  // namespace
}  // namespace retrace::viewer
