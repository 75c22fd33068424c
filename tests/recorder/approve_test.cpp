#include "recorder/approve.h"

#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>

#include <gtest/gtest.h>

#include "replay_test_support.h"
#include "support/temp_dir.h"

namespace retrace::recorder {
namespace {

namespace fs = std::filesystem;

void writeBytes(const fs::path& path, const std::vector<std::byte>& bytes) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

TEST(CollectReplays, FindsSortedReplaysAndRefusesWhatChecksNothing) {
  retrace::testing::TempDir temp("retrace_approve");
  const fs::path dir = temp.path();
  const auto bytes = testing::recordInMemory("tank", 100);
  writeBytes(dir / "b.rtr", bytes);
  writeBytes(dir / "a.rtr", bytes);
  std::ofstream(dir / "notes.txt") << "not a replay";
  const auto found = collectReplays({dir.string()});
  ASSERT_TRUE(std::holds_alternative<std::vector<std::string>>(found));
  EXPECT_EQ(std::get<std::vector<std::string>>(found),
            (std::vector<std::string>{(dir / "a.rtr").string(), (dir / "b.rtr").string()}));
  fs::create_directories(dir / "empty");
  EXPECT_EQ(std::get<std::string>(collectReplays({(dir / "empty").string()})),
            (dir / "empty").string() + ": no *.rtr replays in the folder");
  EXPECT_EQ(std::get<std::string>(collectReplays({(dir / "missing").string()})), (dir / "missing").string() + " does not exist");
}

TEST(JudgeReplay, NamesEachVerdict) {
  const LoadedReplay replay = testing::loadOrFail(testing::recordInMemory("dodge", 300));
  EXPECT_EQ(judgeReplay(replay, 0).verdict, Approval::Verdict::kUnchanged);
  EXPECT_EQ(judgeReplay(replay, replay.header.fullHashEvery).verdict, Approval::Verdict::kUnchanged);
  EXPECT_EQ(judgeReplay(replay, replay.header.fullHashEvery + 1).verdict, Approval::Verdict::kRecadenced);
  LoadedReplay forged = replay;
  forged.chunks[2].checksums[3] ^= 1U;
  const Approval changed = judgeReplay(forged, 0);
  EXPECT_EQ(changed.verdict, Approval::Verdict::kChanged);
  EXPECT_TRUE(changed.report.divergence.has_value());
  EXPECT_EQ(judgeReplay(cutReplay(forged, 200), 0).verdict, Approval::Verdict::kUnrewritable);
}

TEST(RewriteReplay, KeepsTheInputsAndComesBackUnchanged) {
  retrace::testing::TempDir temp("retrace_rewrite");
  const fs::path file = temp.path() / "golden.rtr";
  LoadedReplay replay = testing::loadOrFail(testing::recordInMemory("fallingman", 500));
  replay.chunks[1].checksums[0] ^= 1U;  // as if the simulation had changed
  writeBytes(file, encodeReplay(replay));
  ASSERT_FALSE(rewriteReplay(file.string(), replay, 1).has_value());
  auto loaded = loadReplayFile(file.string());
  ASSERT_TRUE(std::holds_alternative<LoadedReplay>(loaded)) << std::get<std::string>(loaded);
  const LoadedReplay& rewritten = std::get<LoadedReplay>(loaded);
  EXPECT_EQ(expandInputs(rewritten), expandInputs(replay));
  EXPECT_EQ(rewritten.header.fullHashEvery, 1U);
  EXPECT_EQ(rewritten.header.seed, replay.header.seed);
  EXPECT_EQ(judgeReplay(rewritten, 1).verdict, Approval::Verdict::kUnchanged);
}

TEST(RewriteReplay, KeepsAConfigurationMadeWithSettingsOrDrawnByAHuntWhateverTheRulesVersion) {
  // A golden recorded with --set (in two rounds, as record --like A --set ... makes one).
  RecordingOptions first;
  first.game = "tank";
  first.settings = {"tankSpeed=edge", "fireCooldown=1"};
  const auto firstHeader = makeHeader(first);
  ASSERT_TRUE(std::holds_alternative<ReplayHeader>(firstHeader)) << std::get<std::string>(firstHeader);
  RecordingOptions options = first;
  options.baseConfig = configOf(std::get<ReplayHeader>(firstHeader));
  options.settings = {"bulletSpeed=5"};
  options.seed = 3;
  auto sink = std::make_unique<MemorySink>();
  MemorySink* memory = sink.get();
  auto opened = openRecording(options, std::move(sink));
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Recorder>>(opened)) << std::get<std::string>(opened);
  auto& recorder = *std::get<std::unique_ptr<Recorder>>(opened);
  for (int t = 0; t < 300; ++t) (void)recorder.record(static_cast<sim::Input>(t % 7));
  ASSERT_FALSE(recorder.close().has_value());
  const LoadedReplay golden = testing::loadOrFail(memory->bytes());
  ASSERT_EQ(golden.header.configName, "default+tankSpeed=edge,fireCooldown=1+bulletSpeed=5");

  retrace::testing::TempDir temp("retrace_rewrite");
  const fs::path file = temp.path() / "golden.rtr";
  // Rewritten by the same rules, it keeps its values; recorded by other rules, the values its
  // name records are made again (here the same, as the rules are in truth the same).
  LoadedReplay otherRules = golden;
  otherRules.header.rulesVersion += 1;
  for (const LoadedReplay& changed : {golden, otherRules}) {
    SCOPED_TRACE(changed.header.rulesVersion);
    writeBytes(file, encodeReplay(changed));
    const auto problem = rewriteReplay(file.string(), changed, 0);
    ASSERT_FALSE(problem.has_value()) << *problem;
    auto loaded = loadReplayFile(file.string());
    ASSERT_TRUE(std::holds_alternative<LoadedReplay>(loaded)) << std::get<std::string>(loaded);
    const LoadedReplay& rewritten = std::get<LoadedReplay>(loaded);
    EXPECT_EQ(rewritten.header.configName, golden.header.configName);
    EXPECT_EQ(rewritten.header.configValues, golden.header.configValues);
    EXPECT_EQ(rewritten.header.rulesVersion, golden.header.rulesVersion);
    EXPECT_EQ(expandInputs(rewritten), expandInputs(golden));
    EXPECT_EQ(judgeReplay(rewritten, 0).verdict, Approval::Verdict::kUnchanged);
  }
  // A hunt's finding names values drawn for it, no recipe: kept while this build takes them.
  LoadedReplay drawn = otherRules;
  drawn.header.configName = "default~outside";
  writeBytes(file, encodeReplay(drawn));
  ASSERT_FALSE(rewriteReplay(file.string(), drawn, 0).has_value());
  auto loaded = loadReplayFile(file.string());
  ASSERT_TRUE(std::holds_alternative<LoadedReplay>(loaded)) << std::get<std::string>(loaded);
  EXPECT_EQ(std::get<LoadedReplay>(loaded).header.configName, "default~outside");
  EXPECT_EQ(std::get<LoadedReplay>(loaded).header.configValues, golden.header.configValues);
  drawn.header.configValues.pop_back();  // nor a configuration of this build
  EXPECT_EQ(rewriteReplay(file.string(), drawn, 0),
            "tank has no configuration 'default~outside' (configurations: default, discrete)");
}

}  // namespace
}  // namespace retrace::recorder
