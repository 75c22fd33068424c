#include <cstdio>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include <spdlog/spdlog.h>

#include "recorder/cli/command.h"
#include "recorder/replay.h"
#include "recorder/settings.h"
#include "recorder/verifier.h"

namespace retrace::recorder::cli {
namespace {

struct VerifyCommandOptions {
  std::vector<std::string> files;
  bool noOracle = false;
  bool allowTruncated = false;
  std::vector<std::string> settings;  ///< what-if: the replay's inputs under these values
  bool allowLimitBreaks = false;
};

/// The replay in `file` with its configuration changed by the settings, to re-simulate its own
/// inputs under them; one sentence when the file, the settings or the result are refused.
std::variant<LoadedReplay, std::string> loadWhatIf(const std::string& file, const VerifyCommandOptions& options) {
  auto loaded = loadReplayFile(file);
  if (auto* problem = std::get_if<std::string>(&loaded)) return *problem;
  LoadedReplay replay = std::move(std::get<LoadedReplay>(loaded));
  if (auto mismatch = findRulesMismatch(replay.header)) return file + " " + *mismatch;
  const sim::GameDefinition& game = *gameOf(replay.header);
  auto changed = applySettings(game, configOf(replay.header), options.settings);
  if (auto* problem = std::get_if<std::string>(&changed)) return *problem;
  const auto& config = std::get<sim::ConfigValues>(changed);
  const bool allowBreaks = options.allowLimitBreaks || replay.header.limitBreaksAllowed;
  if (auto problem = game.validateConfig(config, allowBreaks)) {
    const bool limitOnly = !allowBreaks && !game.validateConfig(config, true);
    return *problem + (limitOnly ? ": pass --allow-limit-breaks" : "");
  }
  replay.header.configName = config.name;
  replay.header.configValues = config.values;
  replay.header.limitBreaksAllowed = allowBreaks;
  return replay;
}

ExitCode runVerify(const VerifyCommandOptions& options) {
  ExitCode exit = ExitCode::kOk;
  std::size_t failed = 0;
  std::size_t unreadable = 0;
  for (const std::string& file : options.files) {
    VerifyOptions verify;
    verify.oracle = !options.noOracle;
    verify.allowTruncated = options.allowTruncated;
    verify.keepChunks = false;  // only the report is printed: memory stays bounded by the file
    if (!options.settings.empty()) {
      // What if: the recording's inputs under other values, compared with what they did.
      auto whatIf = loadWhatIf(file, options);
      if (auto* problem = std::get_if<std::string>(&whatIf)) {
        spdlog::error("retrace verify: {}", *problem);
        exit = worse(exit, ExitCode::kBadInput);
        ++unreadable;
        continue;
      }
      const LoadedReplay& replay = std::get<LoadedReplay>(whatIf);
      const VerifyReport report = verifyReplay(replay, verify);
      std::printf("%s\n", formatReport(file + " (what if " + replay.header.configName + ")", replay, report).c_str());
      if (!report.passed()) {
        exit = worse(exit, ExitCode::kFailed);
        ++failed;
      }
      continue;
    }
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
  command.add_option("--set", options->settings,
                     "NAME=VALUE: what if the configuration had this value? re-simulates the replay's own inputs under it and reports the divergence (repeatable)");
  command.add_flag("--allow-limit-breaks", options->allowLimitBreaks, "with --set: allow a value past a speed limit");
  command.footer("Exit status: 0 every replay identical and tunnel-free, 1 a divergence, tunnel, empty replay or one cut short (unless --allow-truncated), 2 a bad file.");
  command.callback([options, &outExit] { outExit = runVerify(*options); });
}

}  // namespace retrace::recorder::cli
