#include "recorder/replay_index.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "recorder/byte_sink.h"
#include "recorder/inspect.h"
#include "sim/rng.h"
#include "support/temp_dir.h"

namespace retrace::recorder {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> listGoldens() {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(RETRACE_REPLAYS_DIR)) {
    if (entry.path().extension() == ".rtr") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::int64_t> stateAt(const LoadedReplay& replay, std::uint64_t tick) {
  auto reached = reachTick(replay, tick);
  return std::get<std::unique_ptr<sim::GameSession>>(reached)->saveState();
}

TEST(ReplayIndex, AnyTickReachedFromAFewChunksIsTheWholeReplaysState) {
  sim::Rng rng = sim::seedRng(11);
  for (const std::string& file : listGoldens()) {
    const LoadedReplay whole = std::get<LoadedReplay>(loadReplayFile(file));
    auto opened = ReplayIndex::open(file);
    ASSERT_TRUE(std::holds_alternative<ReplayIndex>(opened)) << std::get<std::string>(opened);
    const ReplayIndex& index = std::get<ReplayIndex>(opened);
    ASSERT_EQ(index.lastTick(), countTicks(whole)) << file;
    ASSERT_EQ(index.entries().size(), whole.chunks.size()) << file;
    EXPECT_EQ(index.summary().footer, whole.footer);
    EXPECT_TRUE(index.summary().chunks.empty());
    std::vector<std::uint64_t> ticks{0, 1, index.lastTick()};
    for (int i = 0; i < 6; ++i) ticks.push_back(sim::drawBelow(rng, static_cast<std::uint32_t>(index.lastTick())) + 1);
    for (const std::uint64_t tick : ticks) {
      const LoadedReplay few = std::get<LoadedReplay>(index.loadTicks(tick, tick));
      EXPECT_LE(few.chunks.size(), whole.chunks.size());
      EXPECT_EQ(stateAt(few, tick), stateAt(whole, tick)) << file << " tick " << tick;
      EXPECT_EQ(findInputAt(few, tick), tick == 0 ? 0 : expandInputs(whole)[tick - 1]) << file << " tick " << tick;
      EXPECT_EQ(recordedEventsAt(few, tick), recordedEventsAt(whole, tick)) << file << " tick " << tick;
    }
  }
}

TEST(ReplayIndex, VisitingTicksAChunkAtATimeSeesWhatTheWholeReplayShows) {
  for (const std::string& file : listGoldens()) {
    const LoadedReplay whole = std::get<LoadedReplay>(loadReplayFile(file));
    const ReplayIndex index = std::get<ReplayIndex>(ReplayIndex::open(file));
    const std::uint64_t last = index.lastTick();
    for (const auto& [from, to] :
         {std::pair<std::uint64_t, std::uint64_t>{0, std::min<std::uint64_t>(last, 700)}, {last / 2, last}, {last, last}}) {
      std::vector<std::vector<std::int64_t>> expected;
      std::vector<std::vector<std::int64_t>> got;
      ASSERT_FALSE(visitTicks(whole, from, to, [&](const sim::GameSession& s, std::uint64_t) {
        expected.push_back(s.saveState());
        return true;
      }));
      ASSERT_FALSE(visitTicks(index, from, to, [&](const sim::GameSession& s, std::uint64_t) {
        got.push_back(s.saveState());
        return true;
      }));
      EXPECT_EQ(got.size(), to - from + 1) << file;
      EXPECT_EQ(got, expected) << file << " ticks " << from << " to " << to;
    }
    EXPECT_EQ(visitTicks(index, 0, last + 1, [](const sim::GameSession&, std::uint64_t) { return true; })->sentence,
              "tick " + std::to_string(last + 1) + " is past the replay's last tick, " + std::to_string(last));
  }
}

TEST(ReplayIndex, ATickRangeIsSettledWithinTheReplayOrRefusedInOneSentence) {
  const std::string file = RETRACE_REPLAYS_DIR "/tank-bot-seed5.rtr";
  const ReplayIndex index = std::get<ReplayIndex>(ReplayIndex::open(file));
  const std::uint64_t last = index.lastTick();
  const auto settle = [&](std::uint64_t from, std::optional<std::uint64_t> to, std::uint64_t firstTick) {
    return settleTickRange(index, file, from, to, firstTick);
  };
  EXPECT_EQ(std::get<std::uint64_t>(settle(0, std::nullopt, 0)), last);  // --to defaults to the last tick
  EXPECT_EQ(std::get<std::uint64_t>(settle(5, 5, 1)), 5U);
  EXPECT_EQ(std::get<std::uint64_t>(settle(last, last, 1)), last);
  EXPECT_EQ(std::get<std::string>(settle(1, last + 1, 1)),
            file + " tick " + std::to_string(last + 1) + " is past the replay's last tick, " + std::to_string(last));
  EXPECT_EQ(std::get<std::string>(settle(50, 10, 0)), "ticks 50 to 10 are no range (--from comes before --to)");
  EXPECT_EQ(std::get<std::string>(settle(0, 10, 1)),
            "ticks 0 to 10 are no range (the first tick is 1, and --from comes before --to)");
  EXPECT_EQ(std::get<std::string>(settle(last + 1, std::nullopt, 1)),
            "ticks " + std::to_string(last + 1) + " to " + std::to_string(last) +
                " are no range (the first tick is 1, and --from comes before --to)");
}

TEST(ReplayIndex, AFileChangedAfterItWasOpenedIsSaidToHaveChanged) {
  retrace::testing::TempDir temp("retrace_index");
  const fs::path path = temp.path() / "changing.rtr";
  fs::copy_file(RETRACE_REPLAYS_DIR "/tank-bot-seed5.rtr", path);
  const ReplayIndex index = std::get<ReplayIndex>(ReplayIndex::open(path.string()));
  ASSERT_GT(index.entries().size(), 2U);
  {
    // Another recording written over it in place (cp does that): its bytes differ.
    auto bytes = std::get<std::vector<std::byte>>(readFileCapped(path, kMaxFileBytes));
    bytes[index.entries()[1].offset + 30] ^= std::byte{1};
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  const auto later = index.loadTicks(index.lastTick(), index.lastTick(), true);
  ASSERT_TRUE(std::holds_alternative<std::string>(later));
  EXPECT_EQ(std::get<std::string>(later).rfind(path.string() + " changed since it was opened: the frame at byte ", 0), 0U)
      << std::get<std::string>(later);
  // The chunk before the change still reads.
  EXPECT_TRUE(std::holds_alternative<LoadedReplay>(index.loadTicks(1, 1, true)));
  fs::resize_file(path, 100);
  EXPECT_TRUE(std::holds_alternative<std::string>(index.loadTicks(index.lastTick(), index.lastTick(), true)));
}

TEST(ReplayIndex, AnotherWellFormedRecordingOfTheSameLayoutIsSaidToHaveChanged) {
  // Every frame checks and every chunk starts where it did: only what the chunks recorded differs.
  retrace::testing::TempDir temp("retrace_index");
  const fs::path path = temp.path() / "replaced.rtr";
  const LoadedReplay original = std::get<LoadedReplay>(loadReplayFile(RETRACE_REPLAYS_DIR "/tank-bot-seed5.rtr"));
  const auto write = [&](const LoadedReplay& replay) {
    const std::vector<std::byte> bytes = encodeReplay(replay);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  };
  write(original);
  const ReplayIndex index = std::get<ReplayIndex>(ReplayIndex::open(path.string()));
  LoadedReplay other = original;
  std::swap(other.chunks[2].checksums[0], other.chunks[2].checksums[1]);  // the same bytes, in another order
  write(other);
  const ReplayIndex reopened = std::get<ReplayIndex>(ReplayIndex::open(path.string()));
  ASSERT_EQ(reopened.entries().size(), index.entries().size());
  for (std::size_t i = 0; i < index.entries().size(); ++i)
    ASSERT_EQ(reopened.entries()[i].offset, index.entries()[i].offset) << "chunk " << i;
  EXPECT_FALSE(index.visitChunks(0, 1, [](Chunk&) { return true; }).has_value());  // the chunks before it still read
  const auto problem = index.visitChunks(2, 2, [](Chunk&) { return true; });
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(*problem, path.string() + " changed since it was opened: the chunk starting at tick " +
                          std::to_string(original.chunks[2].firstTick) + " records other ticks");
}

}  // namespace
}  // namespace retrace::recorder
