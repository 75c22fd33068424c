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

#include "recorder/approve.h"
#include "recorder/cli/command.h"
#include "recorder/parse.h"
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

bool askToRewrite(std::size_t count) {
  if (::isatty(STDIN_FILENO) == 0) return false;
  std::printf("rewrite %s with the current simulation? [y/N] ", formatCount(count, "replay").c_str());
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
    const Approval approval = judgeReplay(replay, options.fullHashEvery);
    switch (approval.verdict) {
      case Approval::Verdict::kUnchanged: std::printf("%s: unchanged\n", file.c_str()); continue;
      case Approval::Verdict::kRecadenced:
        std::printf("%s: identical; its whole-state checksum is every %u ticks, to be every %u\n", file.c_str(), replay.header.fullHashEvery,
                    options.fullHashEvery);
        break;
      case Approval::Verdict::kChanged: std::printf("%s\n", formatReport(file, replay, approval.report).c_str()); break;
      case Approval::Verdict::kUnrewritable:
        std::printf("%s\n", formatReport(file, replay, approval.report).c_str());
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
