// sim/ must stay pure: standard library only, and no I/O, clocks, threads or std random
// (their distributions differ between standard libraries).
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

std::vector<std::string> findForbiddenIncludes(const std::filesystem::path& root) {
  // Includes that bring I/O, clocks, threads or std random, and any floating-point type.
  const std::regex forbidden(
      R"((#\s*include\s*[<"](cereal/|spdlog/|SFML/|fstream>|chrono>|random>|thread>|iostream>|ctime>))|\b(float|double)\b)");
  std::vector<std::string> found;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path());
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
      ++number;
      if (std::regex_search(line, forbidden)) found.push_back(entry.path().string() + ":" + std::to_string(number) + ": " + line);
    }
  }
  return found;
}

TEST(SimPurity, NoForbiddenIncludesUnderSim) {
  const std::filesystem::path sim = std::filesystem::path(RETRACE_SOURCE_DIR) / "sim";
  ASSERT_TRUE(std::filesystem::is_directory(sim)) << sim;
  const auto found = findForbiddenIncludes(sim);
  std::ostringstream report;
  for (const auto& line : found) report << line << '\n';
  EXPECT_TRUE(found.empty()) << report.str();
}

TEST(SimPurity, CheckerSeesAPlantedInclude) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "retrace_purity_probe";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "probe.h") << "#pragma once\n#include <chrono>\ninline double probe();\n";
  const auto found = findForbiddenIncludes(dir);
  std::filesystem::remove_all(dir);
  EXPECT_EQ(found.size(), 2U);
}

}  // namespace
