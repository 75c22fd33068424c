// The dependency arrows hold in the includes: sim is pure (standard library only, no I/O,
// clocks, threads, std random or floating point) and names no game outside sim/games; the replay
// library includes nothing of the commands, CLI11, spdlog or the viewer; the commands nothing of
// the viewer.
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

/// Every line under `root` (but not under `skipped`, a folder inside it) matching `forbidden`.
std::vector<std::string> findForbiddenLines(const fs::path& root, const std::regex& forbidden, const fs::path& skipped = {}) {
  std::vector<std::string> found;
  for (auto entry = fs::recursive_directory_iterator(root); entry != fs::recursive_directory_iterator(); ++entry) {
    if (!skipped.empty() && entry->path() == root / skipped) {
      entry.disable_recursion_pending();
      continue;
    }
    if (!entry->is_regular_file()) continue;
    const auto extension = entry->path().extension();
    if (extension != ".h" && extension != ".cpp") continue;
    std::ifstream in(entry->path());
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
      ++number;
      if (std::regex_search(line, forbidden))
        found.push_back(entry->path().string() + ":" + std::to_string(number) + ": " + line);
    }
  }
  return found;
}

std::string joinLines(const std::vector<std::string>& lines) {
  std::ostringstream out;
  for (const auto& line : lines) out << line << '\n';
  return out.str();
}

const fs::path kSource = RETRACE_SOURCE_DIR;
// Includes that bring I/O, clocks, threads or std random, and any floating-point type.
const std::regex kImpure(
    R"((#\s*include\s*[<"](cereal/|spdlog/|SFML/|CLI/|fstream>|chrono>|random>|thread>|iostream>|ctime>))|\b(float|double)\b)");

TEST(IncludePurity, SimIsPureAndIncludesNoOtherFolder) {
  const std::regex outside(R"(#\s*include\s*"(recorder|viewer)/)");
  EXPECT_EQ(joinLines(findForbiddenLines(kSource / "sim", kImpure)), "");
  EXPECT_EQ(joinLines(findForbiddenLines(kSource / "sim", outside)), "");
}

TEST(IncludePurity, SimNamesNoGameOutsideItsGames) {
  EXPECT_EQ(joinLines(findForbiddenLines(kSource / "sim", std::regex(R"(#\s*include\s*"sim/games/)"), "games")), "");
}

TEST(IncludePurity, TheReplayLibraryIncludesNoCommandLineOrViewer) {
  const std::regex forbidden(R"(#\s*include\s*[<"](viewer/|recorder/cli/|CLI/|spdlog/|SFML/))");
  EXPECT_EQ(joinLines(findForbiddenLines(kSource / "recorder", forbidden, "cli")), "");
}

TEST(IncludePurity, TheCommandsIncludeNoViewer) {
  EXPECT_EQ(joinLines(findForbiddenLines(kSource / "recorder" / "cli", std::regex(R"(#\s*include\s*[<"](viewer/|SFML/|imgui))"))),
            "");
}

TEST(IncludePurity, TheViewerIncludesNoCommand) {
  EXPECT_EQ(joinLines(findForbiddenLines(kSource / "viewer", std::regex(R"(#\s*include\s*"recorder/cli/)"))), "");
}

TEST(IncludePurity, CheckerSeesAPlantedInclude) {
  const fs::path dir = fs::temp_directory_path() / "retrace_purity_probe";
  fs::create_directories(dir / "cli");
  std::ofstream(dir / "probe.h") << "#pragma once\n#include <chrono>\ninline double probe();\n";
  std::ofstream(dir / "cli" / "skipped.h") << "#include <chrono>\n";
  const auto found = findForbiddenLines(dir, kImpure, "cli");
  fs::remove_all(dir);
  EXPECT_EQ(found.size(), 2U) << joinLines(found);
}

}  // namespace
