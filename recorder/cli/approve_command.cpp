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
#include "recorder/interrupt.h"
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
  printOut("rewrite {} with the current simulation? [y/N] ", formatCount(count, "replay"));
  std::fflush(stdout);
  std::string answer;
  std::getline(std::cin, answer);
  return answer == "y" || answer == "Y" || answer == "yes";
}

/// What approve found over its replays: those to rewrite, and how many it could not judge.
struct Judged {
  std::vector<std::pair<std::string, LoadedReplay>> changed;  ///< each with its file
  std::size_t unreadable = 0;
  std::size_t broken = 0;  ///< cut short or empty: approve cannot rewrite them
  ExitCode exit = ExitCode::kOk;
};

/// Judges each replay against this build, printing its verdict (and its report when it changed).
Judged judgeReplays(const std::vector<std::string>& files, std::uint32_t fullHashEvery) {
  Judged judged;
  for (const std::string& file : files) {
    auto loaded = loadReplayFile(file);
    if (auto* problem = std::get_if<std::string>(&loaded)) {
      spdlog::error("{} approve: {}", programName(), *problem);
      judged.exit = worse(judged.exit, ExitCode::kBadInput);
      ++judged.unreadable;
      continue;
    }
    LoadedReplay& replay = std::get<LoadedReplay>(loaded);
    const Approval approval = judgeReplay(replay, fullHashEvery);
    switch (approval.verdict) {
      case Approval::Verdict::kUnchanged: printOut("{}: unchanged\n", file); continue;
      case Approval::Verdict::kRecadenced:
        printOut("{}: identical; its whole-state checksum is every {} ticks, to be every {}\n", file, replay.header.fullHashEvery,
                 fullHashEvery);
        break;
      case Approval::Verdict::kChanged: printOut("{}\n", formatReport(file, replay, approval.report)); break;
      case Approval::Verdict::kUnrewritable:
        printOut("{}\n", formatReport(file, replay, approval.report));
        ++judged.broken;
        judged.exit = worse(judged.exit, ExitCode::kFailed);
        continue;
    }
    judged.changed.emplace_back(file, std::move(replay));
  }
  return judged;
}

/// "2 of 30 replays would change", and the replays that are neither unchanged nor changed.
void printJudgedSummary(const Judged& judged, std::size_t files) {
  std::string others;
  if (judged.broken != 0)
    others += "; " + std::to_string(judged.broken) + " cut short or empty, which approve cannot rewrite (record them again)";
  if (judged.unreadable != 0) others += "; " + std::to_string(judged.unreadable) + " could not be read";
  printOut("{} of {} replays would change{}\n", judged.changed.size(), files, others);
}

/// Rewrites each changed replay in place, saying so of each (and of a regression replay that no
/// longer shows what its .expect expects); the worse of the judging's exit and any failure.
/// Ctrl+C stops it between two replays, each either rewritten whole or as it was.
ExitCode rewriteChanged(const Judged& judged, std::uint32_t fullHashEvery) {
  ExitCode exit = judged.exit;
  InterruptCatcher interrupts;
  std::size_t done = 0;
  for (const auto& [file, replay] : judged.changed) {
    if (InterruptCatcher::caught()) {
      spdlog::error("{} approve: interrupted after rewriting {} of {}: the others are as they were", programName(), done,
                    formatCount(judged.changed.size(), "replay"));
      interrupts.endByTheSignal();
    }
    ++done;
    if (auto problem = rewriteReplay(file, replay, fullHashEvery)) {
      spdlog::error("{} approve: {}: {}", programName(), file, *problem);
      exit = worse(exit, ExitCode::kBadInput);
      continue;
    }
    if (auto unmet = judgeRewrittenOutcome(file)) {
      printOut("{}: rewritten, but {}\n", file, *unmet);
      exit = worse(exit, ExitCode::kFailed);
      continue;
    }
    printOut("{}: rewritten\n", file);
  }
  if (InterruptCatcher::caught()) interrupts.endByTheSignal();  // during the last: all are rewritten
  return exit;
}

ExitCode runApprove(const ApproveOptions& options) {
  auto collected = collectReplays(options.paths);
  if (auto* problem = std::get_if<std::string>(&collected)) return refuseInput("approve", *problem);
  const std::vector<std::string>& files = std::get<std::vector<std::string>>(collected);
  const Judged judged = judgeReplays(files, options.fullHashEvery);
  printJudgedSummary(judged, files.size());
  if (options.check || judged.changed.empty())
    return worse(judged.exit, judged.changed.empty() ? ExitCode::kOk : ExitCode::kFailed);
  if (std::getenv("CI") != nullptr) {
    spdlog::error("{} approve: refusing to rewrite golden replays with CI set; approve on a developer machine and commit",
                  programName());
    return ExitCode::kBadInput;
  }
  if (!options.yes && !askToRewrite(judged.changed.size())) {
    printOut("nothing rewritten\n");
    return ExitCode::kFailed;
  }
  return rewriteChanged(judged, options.fullHashEvery);
}

}  // namespace

void attachApproveCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<ApproveOptions>();
  command.add_option("paths", options->paths, "replays, or folders of *.rtr replays")->required();
  command.add_flag("--check", options->check, "only report; exit 1 when anything would change (for CI)");
  command.add_flag("--yes", options->yes, "rewrite without asking (scripts); refused when CI is set");
  command
      .add_option(
          "--full-hash-every", options->fullHashEvery,
          "re-record at this whole-state checksum cadence (1: every tick, the default for new recordings); a replay at another counts as changed")
      ->check(CLI::Range(1U, kMaxFullHashEvery));
  command.footer(
      "Exit status: 0 nothing changes (or all rewritten), 1 something would change and was not rewritten, a replay is cut short or empty, or a rewritten one no longer shows what its NAME.expect expects, 2 bad input.");
  command.callback([options, &outExit] { outExit = runApprove(*options); });
}

}  // namespace retrace::recorder::cli
