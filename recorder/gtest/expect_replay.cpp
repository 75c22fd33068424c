#include "recorder/gtest/expect_replay.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

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
  // Judged as verify --expect judges it, in one pass that keeps no chunk: expected outcomes
  // (NAME.expect) replace the default "no tunnel" rule.
  auto judged = recorder::verifyExpectedOutcome(path, {});
  if (auto* problem = std::get_if<std::string>(&judged)) return fail(path, *problem);
  const auto& [verified, expected] = std::get<recorder::JudgedReplay>(judged);
  const recorder::ExpectedOutcome* outcome = expected ? &*expected : nullptr;
  if (recorder::passesVerification(verified.report, outcome)) return ::testing::AssertionSuccess();
  return fail(path, recorder::formatReport(path, verified.replay, verified.report, outcome));
}

}  // namespace retrace::testing
