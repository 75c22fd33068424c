#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>

#include "recorder/cli/command.h"
#include "recorder/verifier.h"

namespace retrace::recorder::cli {
namespace {

struct VerifyCommandOptions {
  std::vector<std::string> files;
  bool noOracle = false;
  bool allowTruncated = false;
};

ExitCode runVerify(const VerifyCommandOptions& options) {
  ExitCode exit = ExitCode::kOk;
  std::size_t failed = 0;
  std::size_t unreadable = 0;
  for (const std::string& file : options.files) {
    VerifyOptions verify;
    verify.oracle = !options.noOracle;
    verify.allowTruncated = options.allowTruncated;
    verify.keepChunks = false;  // only the report is printed: memory stays bounded by the file
    auto verified = verifyReplayFile(file, verify);
    if (auto* problem = std::get_if<std::string>(&verified)) {
      spdlog::error("retrace verify: {}", *problem);
      exit = worse(exit, ExitCode::kBadInput);
      ++unreadable;
      continue;
    }
    const auto& [replay, report] = std::get<VerifiedReplay>(verified);
    std::printf("%s\n", formatReport(file, replay, report).c_str());
    if (!report.passed()) {
      exit = worse(exit, ExitCode::kFailed);
      ++failed;
    }
  }
  // Many replays (a CI gate over a folder): the tally, so that one failure among the OK lines
  // is not missed.
  if (options.files.size() > 1) {
    const std::size_t ok = options.files.size() - failed - unreadable;
    std::printf("%zu replays: %zu OK, %zu failed%s\n", options.files.size(), ok, failed,
                unreadable == 0 ? "" : (", " + std::to_string(unreadable) + " could not be read").c_str());
  }
  return exit;
}

}  // namespace

void attachVerifyCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<VerifyCommandOptions>();
  command.add_option("files", options->files, "replays to verify")->required();
  command.add_flag("--no-oracle", options->noOracle, "skip the tunnel oracle (identity only)");
  command.add_flag("--allow-truncated", options->allowTruncated, "pass a replay cut short on its verified prefix (recovering a crash)");
  command.footer("Exit status: 0 every replay identical and tunnel-free, 1 a divergence, tunnel, empty replay or one cut short (unless --allow-truncated), 2 a bad file.");
  command.callback([options, &outExit] { outExit = runVerify(*options); });
}

}  // namespace retrace::recorder::cli
