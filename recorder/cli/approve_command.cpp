// `retrace approve`: after an intended change to the simulation, shows what would change in
// the golden replays and rewrites them with the current code, only on consent. Answers
// OpenRCT2's pain of re-recording replays by hand: the inputs stay, everything derived from
// them (events, checksums, snapshots, final hash, rules version) is recomputed.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include <spdlog/spdlog.h>
#include <unistd.h>

#include "recorder/cli/command.h"
#include "recorder/recorder.h"
#include "recorder/replay.h"
#include "recorder/verifier.h"

namespace retrace::recorder::cli {
namespace {

struct ApproveOptions {
  std::vector<std::string> paths;
  bool check = false;
  bool yes = false;
  std::uint32_t fullHashEvery = 0;  ///< 0: keep each replay's checksum cadence
};

/// Replay files named directly or found (*.rtr, sorted) in the folders named; a sentence
/// instead when a folder cannot be listed or holds no replay, since a gate over a folder that
/// checked nothing must not pass.
std::variant<std::vector<std::string>, std::string> collectReplays(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code error;
    // Said once, as the whole answer: a tally of "0 of 1" after it would only repeat it.
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, error))) return path + " does not exist";
    if (!std::filesystem::is_directory(path, error)) {
      files.push_back(path);  // loading it gives the sentence when it is no replay
      continue;
    }
    std::vector<std::string> found;
    // The error_code forms throughout: the folder may change while it is walked.
    std::filesystem::directory_iterator entry(path, error);
    for (; !error && entry != std::filesystem::directory_iterator(); entry.increment(error)) {
      // Every *.rtr, whatever it is: a dangling link or a folder by that name is a golden that
      // cannot be read, which loading it says, not one to skip.
      if (entry->path().extension() == ".rtr") found.push_back(entry->path().string());
    }
    if (error) return path + ": cannot list the folder (" + error.message() + ")";
    if (found.empty()) return path + ": no *.rtr replays in the folder";
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

/// Re-records a replay's inputs with the current code, replacing the file atomically, at the
/// checksum cadence asked for (0: the replay's own).
std::optional<std::string> rewriteReplay(const std::string& file, const LoadedReplay& replay, std::uint32_t fullHashEvery) {
  const ReplayHeader& old = replay.header;
  const sim::GameDefinition& game = *gameOf(old);
  RecordingOptions options;
  options.output = file;
  options.overwrite = true;
  options.game = old.game;
  options.configName = old.configName;
  options.allowLimitBreaks = old.limitBreaksAllowed;
  options.seed = old.seed;
  options.inputSource = old.inputSource;
  options.plannedTicks = countTicks(replay);
  options.chunkTicks = old.chunkTicks;
  options.snapshotEvery = old.snapshotEvery;
  // A cadence the recording chose is kept; a 1.0 file had no choice (every tick was whole
  // state), so it gets today's default like any new recording.
  if (replay.formatMinor > 0) options.fullHashEvery = old.fullHashEvery;
  if (fullHashEvery != 0) options.fullHashEvery = fullHashEvery;
  auto sink = FileSink::create(options.output, true);
  if (auto* problem = std::get_if<std::string>(&sink)) return *problem;
  auto header = makeHeader(options);
  if (auto* problem = std::get_if<std::string>(&header)) return *problem;
  ReplayHeader fresh = std::get<ReplayHeader>(header);
  // Keep the recording's own configuration values when this build still accepts them: a
  // replay pins its configuration, not whatever the named one is today.
  if (simulatesRulesOf(old) && !game.validateConfig(configOf(old), old.limitBreaksAllowed)) fresh.configValues = old.configValues;
  Recorder recorder(std::move(std::get<std::unique_ptr<FileSink>>(sink)), fresh, game.start(configOf(fresh), fresh.seed));
  for (const sim::Input input : expandInputs(replay)) (void)recorder.record(input);
  return recorder.close();
}

bool askToRewrite(std::size_t count) {
  if (::isatty(STDIN_FILENO) == 0) return false;
  std::printf("rewrite %zu replay%s with the current simulation? [y/N] ", count, count == 1 ? "" : "s");
  std::fflush(stdout);
  std::string answer;
  std::getline(std::cin, answer);
  return answer == "y" || answer == "Y" || answer == "yes";
}

ExitCode runApprove(const ApproveOptions& options) {
  auto collected = collectReplays(options.paths);
  if (auto* problem = std::get_if<std::string>(&collected)) {
    spdlog::error("retrace approve: {}", *problem);
    return ExitCode::kBadInput;
  }
  const std::vector<std::string>& files = std::get<std::vector<std::string>>(collected);
  std::vector<std::pair<std::string, LoadedReplay>> changed;
  std::size_t unreadable = 0;
  std::size_t broken = 0;
  ExitCode exit = ExitCode::kOk;
  for (const std::string& file : files) {
    auto loaded = loadReplayFile(file);
    if (auto* problem = std::get_if<std::string>(&loaded)) {
      spdlog::error("retrace approve: {}", *problem);
      exit = worse(exit, ExitCode::kBadInput);
      ++unreadable;
      continue;
    }
    LoadedReplay& replay = std::get<LoadedReplay>(loaded);
    VerifyOptions identityOnly;
    identityOnly.oracle = false;  // tunnels are an expected outcome, not a change
    const VerifyReport report = verifyReplay(replay, identityOnly);
    // A cadence asked for changes a replay recorded at another, identical as it is.
    const bool recadenced = options.fullHashEvery != 0 && replay.header.fullHashEvery != options.fullHashEvery;
    if (report.passed() && !recadenced) {
      std::printf("%s: unchanged\n", file.c_str());
      continue;
    }
    if (report.passed()) {
      std::printf("%s: identical; its whole-state checksum is every %u ticks, to be every %u\n", file.c_str(), replay.header.fullHashEvery,
                  options.fullHashEvery);
      changed.emplace_back(file, std::move(replay));
      continue;
    }
    std::printf("%s\n", formatReport(file, replay, report).c_str());
    // A replay cut short or of no ticks has no whole recording to re-record: rewriting it
    // would turn a broken golden into a shorter one that passes.
    if (replay.truncated || countTicks(replay) == 0) {
      ++broken;
      exit = worse(exit, ExitCode::kFailed);
      continue;
    }
    changed.emplace_back(file, std::move(replay));
  }
  // An unreadable or broken replay is neither unchanged nor changed: the summary says so.
  std::string others;
  if (broken != 0) others += "; " + std::to_string(broken) + " cut short or empty, which approve cannot rewrite (record them again)";
  if (unreadable != 0) others += "; " + std::to_string(unreadable) + " could not be read";
  std::printf("%zu of %zu replays would change%s\n", changed.size(), files.size(), others.c_str());
  if (options.check || changed.empty()) return worse(exit, changed.empty() ? ExitCode::kOk : ExitCode::kFailed);
  if (std::getenv("CI") != nullptr) {
    spdlog::error("retrace approve: refusing to rewrite golden replays with CI set; approve on a developer machine and commit");
    return ExitCode::kBadInput;
  }
  if (!options.yes && !askToRewrite(changed.size())) {
    std::printf("nothing rewritten\n");
    return ExitCode::kFailed;
  }
  for (const auto& [file, replay] : changed) {
    if (auto problem = rewriteReplay(file, replay, options.fullHashEvery)) {
      spdlog::error("retrace approve: {}: {}", file, *problem);
      exit = worse(exit, ExitCode::kBadInput);
      continue;
    }
    std::printf("%s: rewritten\n", file.c_str());
  }
  return exit;
}

}  // namespace

void attachApproveCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<ApproveOptions>();
  command.add_option("paths", options->paths, "replays, or folders of *.rtr replays")->required();
  command.add_flag("--check", options->check, "only report; exit 1 when anything would change (for CI)");
  command.add_flag("--yes", options->yes, "rewrite without asking (scripts); refused when CI is set");
  command.add_option("--full-hash-every", options->fullHashEvery,
                     "re-record at this whole-state checksum cadence (1: every tick, the default for new recordings); a replay at another counts as changed")
      ->check(CLI::Range(1U, kMaxFullHashEvery));
  command.footer("Exit status: 0 nothing changes (or all rewritten), 1 something would change and was not rewritten, or a replay is cut short or empty, 2 bad input.");
  command.callback([options, &outExit] { outExit = runApprove(*options); });
}

}  // namespace retrace::recorder::cli
