// One GoogleTest case per replay in replays/: ctest lists each by name, runs them in parallel
// with -j, and GoogleTest sharding splits them across machines. Each must re-simulate
// identically, run the oracle on every tick and show its expected outcome (NAME.expect).
//
// The folder is read when the binary starts; ctest lists the cases again when the binary is
// newer than its list, and tests/CMakeLists.txt relinks it whenever a replay is added or
// removed, so a build after a new replay file makes it a new test. An empty folder, an unreadable
// file or a replay of zero ticks fails; so does a run that selected no test at all (a stray
// GTEST_FILTER or sharding variable would otherwise "pass" by running nothing).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/gtest/expect_replay.h"
#include "recorder/replay.h"
#include "recorder/verifier.h"
#include "sim/games/builtin_games.h"

namespace {

namespace fs = std::filesystem;

fs::path findCorpus() {
  const char* configured = std::getenv("RETRACE_REPLAYS_DIR");
  return configured != nullptr && *configured != '\0' ? fs::path(configured) : fs::path(RETRACE_REPLAYS_DIR);
}

/// A GoogleTest name from a file name: letters and digits kept, everything else '_'.
std::string toTestName(const fs::path& file) {
  std::string name = file.stem().string();
  for (char& c : name) {
    if (std::isalnum(static_cast<unsigned char>(c)) == 0) c = '_';
  }
  return name;
}

/// When the viewer is built, a failing replay also gets a contact sheet and a clip of the ticks
/// around its first divergence in the artifacts folder (rendered by retrace-view under
/// xvfb-run): NAME.png, and NAME.gif from a second before it to half a second after at half speed,
/// verified, so that the DIVERGED banner and the oracle's sentences are in it.
void renderDivergencePictures(const fs::path& file) {
#ifdef RETRACE_VIEW_BINARY
  auto loaded = retrace::recorder::loadReplayFile(file.string());
  if (!std::holds_alternative<retrace::recorder::LoadedReplay>(loaded)) return;
  const auto& replay = std::get<retrace::recorder::LoadedReplay>(loaded);
  const auto report = retrace::recorder::verifyReplay(replay);
  if (!report.divergence) return;
  const std::uint64_t tick = report.divergence->tick;
  const std::uint64_t last = retrace::recorder::countTicks(replay);
  const char* configured = std::getenv("RETRACE_ARTIFACTS_DIR");
  const fs::path dir = configured != nullptr && *configured != '\0' ? fs::path(configured) : fs::path("replay-artifacts");
  const auto render = [&](const std::string& what, const fs::path& picture, const std::string& options) {
    const std::string command = "xvfb-run -a " + std::string(RETRACE_VIEW_BINARY) + " '" + file.string() + "' --force " +
                                options + " '" + picture.string() + "' >/dev/null 2>&1";
    if (std::system(command.c_str()) == 0)
      std::printf("%s around tick %llu: %s\n", what.c_str(), static_cast<unsigned long long>(tick), picture.c_str());
  };
  const auto range = [&](std::uint64_t before, std::uint64_t after) {
    return " --from " + std::to_string(tick > before ? tick - before : 0) + " --to " +
           std::to_string(std::min(tick + after, last));
  };
  render("contact sheet", dir / (file.stem().string() + ".png"), range(30, 30) + " --every 5 --sheet");
  render("clip", dir / (file.stem().string() + ".gif"), range(60, 30) + " --every 1 --speed 0.5 --verify --gif");
#else
  (void)file;
#endif
}

class ReplayCase : public ::testing::Test {
 public:
  explicit ReplayCase(fs::path file) : file_(std::move(file)) {}
  void TestBody() override {
    EXPECT_REPLAY_MATCHES(file_.string());
    if (HasFailure()) renderDivergencePictures(file_);
  }

 private:
  fs::path file_;
};

class EmptyCorpus : public ::testing::Test {
 public:
  explicit EmptyCorpus(fs::path dir) : dir_(std::move(dir)) {}
  void TestBody() override { FAIL() << "no *.rtr replays in " << dir_ << ": the corpus gate would check nothing"; }

 private:
  fs::path dir_;
};

std::vector<fs::path> listReplays(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    if (entry.path().extension() == ".rtr") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  retrace::sim::registerBuiltInGames();
  ::testing::InitGoogleTest(&argc, argv);
  const fs::path dir = findCorpus();
  const std::vector<fs::path> files = listReplays(dir);
  if (files.empty()) {
    ::testing::RegisterTest("ReplayCorpus", "NotEmpty", nullptr, nullptr, __FILE__, __LINE__,
                            [dir]() -> ::testing::Test* { return new EmptyCorpus(dir); });
  }
  for (const fs::path& file : files) {
    ::testing::RegisterTest("ReplayCorpus", toTestName(file).c_str(), nullptr, file.string().c_str(), __FILE__, __LINE__,
                            [file]() -> ::testing::Test* { return new ReplayCase(file); });
  }
  const int result = RUN_ALL_TESTS();
  const bool listing = ::testing::GTEST_FLAG(list_tests);
  if (!listing && ::testing::UnitTest::GetInstance()->test_to_run_count() == 0) {
    std::fprintf(stderr,
                 "replay corpus: no test was selected (filter or sharding variables?): failing rather than passing empty\n");
    return 1;
  }
  return result;
}
