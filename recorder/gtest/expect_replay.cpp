#include "recorder/gtest/expect_replay.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "recorder/byte_sink.h"
#include "recorder/expectations.h"
#include "recorder/replay.h"
#include "recorder/verifier.h"

namespace retrace::testing {
namespace {

namespace fs = std::filesystem;

/// Writes the report where CI can pick it up; returns where, or why it could not.
std::string writeArtifact(const std::string& path, const std::string& report) {
  const char* configured = std::getenv("RETRACE_ARTIFACTS_DIR");
  const fs::path dir = configured != nullptr && *configured != '\0' ? fs::path(configured) : fs::path("replay-artifacts");
  std::error_code error;
  fs::create_directories(dir, error);
  const fs::path file = dir / (fs::path(path).stem().string() + ".txt");
  std::ofstream out(file);
  out << report << '\n';
  return out ? "report written to " + file.string() : "could not write the report to " + file.string();
}

::testing::AssertionResult fail(const std::string& path, const std::string& report) {
  return ::testing::AssertionFailure() << report << "\n(" << writeArtifact(path, report) << ")";
}

}  // namespace

::testing::AssertionResult replayMatches(const std::string& path) {
  auto loaded = recorder::loadReplayFile(path);
  if (auto* problem = std::get_if<std::string>(&loaded)) return fail(path, *problem);
  const recorder::LoadedReplay& replay = std::get<recorder::LoadedReplay>(loaded);
  const recorder::VerifyReport report = recorder::verifyReplay(replay);
  std::string text = recorder::formatReport(path, replay, report);
  if (report.divergence || !report.problems.empty()) return fail(path, text);
  // Expected outcomes replace the default "no tunnel" rule.
  fs::path expectFile = path;
  expectFile.replace_extension(".expect");
  std::vector<recorder::Expectation> expectations{{"tunnels", "==", 0, 0}};
  if (fs::exists(expectFile)) {
    auto bytes = recorder::readFileCapped(expectFile, 1U << 20);
    if (auto* problem = std::get_if<std::string>(&bytes)) return fail(path, expectFile.string() + " " + *problem);
    const auto& data = std::get<std::vector<std::byte>>(bytes);
    auto parsed =
        recorder::parseExpectations({reinterpret_cast<const char*>(data.data()), data.size()}, *recorder::gameOf(replay.header));
    if (auto* problem = std::get_if<std::string>(&parsed)) return fail(path, expectFile.string() + ": " + *problem);
    expectations = std::get<std::vector<recorder::Expectation>>(parsed);
  }
  const auto unmet = recorder::checkExpectations(expectations, replay, report);
  if (unmet.empty()) return ::testing::AssertionSuccess();
  for (const std::string& line : unmet) text += "\n  outcome: " + line;
  return fail(path, text);
}

}  // namespace retrace::testing
