#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include <spdlog/spdlog.h>

#include "recorder/approve.h"
#include "recorder/byte_sink.h"
#include "recorder/cli/command.h"
#include "recorder/cli/junit_report.h"
#include "recorder/cli/report_json.h"
#include "recorder/expectations.h"
#include "recorder/parallel.h"
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
  unsigned jobs = 1;
  bool json = false;
  bool expect = false;               ///< judge each replay by its NAME.expect, as the corpus test does
  std::optional<std::string> junit;  ///< a JUnit XML report to write as well
  bool force = false;
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
  if (auto problem = refuseConfig(game, config, allowBreaks)) return *problem;
  replay.header.configName = config.name;
  replay.header.configValues = config.values;
  replay.header.limitBreaksAllowed = allowBreaks;
  return replay;
}

/// One file's outcome: the report (lines, or a JSON object with --json) or the sentence that
/// says why it could not be read, and its case in the JUnit report when there is one.
struct FileVerdict {
  ExitCode exit = ExitCode::kOk;
  std::string report;   ///< for stdout
  std::string problem;  ///< for stderr
  JunitCase junit;
  bool expectBeside = false;  ///< failed on tunnels alone, with a NAME.expect beside it that --expect would judge by
};

/// Whether a replay verified without --expect failed on its tunnels alone while a NAME.expect
/// beside it says what it must show: a regression replay, whose tunnels may be its point.
bool hasExpectBeside(const std::string& file, const VerifyReport& report) {
  if (report.tunnelCount == 0 || report.divergence || !report.problems.empty()) return false;
  std::error_code error;
  return std::filesystem::exists(expectationsPathFor(file), error);
}

/// The verdict on a replay that was read (by its expected outcome when there is one): its report
/// as the options ask.
FileVerdict judge(const std::string& name, const std::string& file, const LoadedReplay& replay, const VerifyReport& report,
                  const VerifyCommandOptions& options, const ExpectedOutcome* expected = nullptr) {
  std::string lines = options.json && !options.junit ? std::string() : formatReport(name, replay, report, expected);
  FileVerdict verdict{passesVerification(report, expected) ? ExitCode::kOk : ExitCode::kFailed, lines, {}, {}};
  if (options.junit) verdict.junit = describeVerifiedCase(name, replay, report, expected, std::move(lines));
  if (options.json) {
    nlohmann::ordered_json line = reportToJson(file, replay, report, expected);
    if (!options.settings.empty()) line["whatIf"] = replay.header.configName;
    verdict.report = line.dump();
  }
  return verdict;
}

FileVerdict verifyOneFile(const std::string& file, const VerifyCommandOptions& options) {
  VerifyOptions verify;
  verify.oracle = !options.noOracle;
  verify.allowTruncated = options.allowTruncated;
  // Only the report is printed: memory holds a few chunks (--expect counts events as they go).
  verify.keepChunks = false;
  if (!options.settings.empty()) {
    // What if: the recording's inputs under other values, compared with what they did.
    auto whatIf = loadWhatIf(file, options);
    if (auto* problem = std::get_if<std::string>(&whatIf))
      return {ExitCode::kBadInput, {}, *problem, describeUnreadableCase(file, *problem)};
    const LoadedReplay& replay = std::get<LoadedReplay>(whatIf);
    return judge(file + " (what if " + replay.header.configName + ")", file, replay, verifyReplay(replay, verify), options);
  }
  if (options.expect) {
    auto judged = verifyExpectedOutcome(file, verify);
    if (auto* problem = std::get_if<std::string>(&judged))
      return {ExitCode::kBadInput, {}, *problem, describeUnreadableCase(file, *problem)};
    const auto& [verified, expected] = std::get<JudgedReplay>(judged);
    return judge(file, file, verified.replay, verified.report, options, expected ? &*expected : nullptr);
  }
  auto verified = verifyReplayFile(file, verify);
  if (auto* problem = std::get_if<std::string>(&verified))
    return {ExitCode::kBadInput, {}, *problem, describeUnreadableCase(file, *problem)};
  const auto& [replay, report] = std::get<VerifiedReplay>(verified);
  FileVerdict verdict = judge(file, file, replay, report, options);
  verdict.expectBeside = hasExpectBeside(file, report);
  if (verdict.expectBeside && !options.json)
    verdict.report += "\n  its tunnels may be its point: " + expectationsPathFor(file).filename().string() +
                      " beside it says what it must show (" + programName() + " verify --expect " + quoteForShell(file) +
                      " judges it by that)";
  return verdict;
}

/// Writes the JUnit report into its file, opened before any replay was verified, and moves it
/// into place; one sentence when it cannot (then nothing is left of it).
std::optional<std::string> writeJunitReport(FileSink& sink, const std::vector<JunitCase>& cases) {
  const std::string xml = formatJunitReport(programName() + " verify", cases);
  auto problem = sink.write(std::as_bytes(std::span(xml)));
  if (!problem) problem = sink.commit();
  if (problem) sink.discard();
  return problem;
}

/// What a verify of many replays found, counted.
struct VerifyTally {
  std::size_t replays = 0;
  std::size_t failed = 0;
  std::size_t unreadable = 0;
  std::size_t expectBeside = 0;  ///< failed on tunnels alone, with a NAME.expect beside them
};

/// The tally's line after the reports (one object with --json), for many replays (a CI gate over
/// a folder), so that one failure among the OK lines is not missed.
void printVerifyTally(const VerifyTally& tally, bool json) {
  const std::size_t ok = tally.replays - tally.failed - tally.unreadable;
  if (json) {
    printOut(
        "{}\n",
        nlohmann::ordered_json{{"replays", tally.replays}, {"ok", ok}, {"failed", tally.failed}, {"unreadable", tally.unreadable}}
            .dump());
    return;
  }
  if (tally.replays <= 1) return;
  const std::string unread = tally.unreadable == 0 ? "" : ", " + std::to_string(tally.unreadable) + " could not be read";
  const std::string beside = tally.expectBeside == 0
                                 ? ""
                                 : fmt::format(" ({} on tunnels with a .expect beside {}: --expect judges by it)",
                                               tally.expectBeside, tally.expectBeside == 1 ? "it" : "them");
  printOut("{} replays: {} OK, {} failed{}{}\n", tally.replays, ok, tally.failed, unread, beside);
}

ExitCode runVerify(const VerifyCommandOptions& options) {
  // A folder is its replays, as for approve: `retrace verify --expect replays/` gates a corpus.
  auto expanded = expandReplayFolders(options.files);
  if (auto* problem = std::get_if<std::string>(&expanded)) return refuseInput("verify", *problem);
  const std::vector<std::string>& files = std::get<std::vector<std::string>>(expanded);
  // Opened before any replay is verified, so that a report that cannot be written is said first.
  std::unique_ptr<FileSink> junit;
  if (options.junit) {
    for (const std::string& file : files) {
      auto problem = refuseOutputOverInput(*options.junit, file, "one of the replays to verify");
      if (!problem && options.expect)
        problem = refuseOutputOverInput(*options.junit, expectationsPathFor(file), "the .expect of " + file);
      if (problem) return refuseInput("verify", "--junit: " + *problem);
    }
    auto created = FileSink::create(*options.junit, options.force);
    if (auto* problem = std::get_if<std::string>(&created)) return refuseInput("verify", "--junit: " + *problem);
    junit = std::move(std::get<std::unique_ptr<FileSink>>(created));
  }
  ExitCode exit = ExitCode::kOk;
  std::size_t failed = 0;
  std::size_t unreadable = 0;
  std::size_t expectBeside = 0;
  std::vector<JunitCase> cases;
  // Files are verified on --jobs threads and reported in the order given.
  (void)runInOrder(
      files.size(), options.jobs, [&](std::uint64_t i) { return verifyOneFile(files[static_cast<std::size_t>(i)], options); },
      [&](std::uint64_t i, FileVerdict&& verdict) {
        exit = worse(exit, verdict.exit);
        if (options.junit) cases.push_back(std::move(verdict.junit));
        if (verdict.exit == ExitCode::kBadInput) {
          spdlog::error("{} verify: {}", programName(), verdict.problem);
          // Every file has its line, so that a script sees the one it could not read.
          const std::string& file = files[static_cast<std::size_t>(i)];
          if (options.json) printOut("{}\n", nlohmann::ordered_json{{"file", file}, {"error", verdict.problem}}.dump());
          ++unreadable;
        } else {
          printOut("{}\n", verdict.report);
          if (verdict.exit == ExitCode::kFailed) ++failed;
          if (verdict.expectBeside) ++expectBeside;
        }
        return true;
      });
  printVerifyTally({files.size(), failed, unreadable, expectBeside}, options.json);
  if (!junit) return exit;
  if (auto problem = writeJunitReport(*junit, cases)) return refuseInput("verify", "--junit: " + *problem);
  return exit;
}

}  // namespace

void attachVerifyCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<VerifyCommandOptions>();
  command.add_option("files", options->files, "replays to verify, or folders of *.rtr replays")->required();
  command.add_flag("--no-oracle", options->noOracle, "skip the tunnel oracle (identity only)");
  command.add_flag("--allow-truncated", options->allowTruncated,
                   "pass a replay cut short on its verified prefix (recovering a crash)");
  command.add_option(
      "--set", options->settings,
      "NAME=VALUE: what if the configuration had this value? re-simulates the replay's own inputs under it and reports the divergence (repeatable)");
  command.add_flag("--allow-limit-breaks", options->allowLimitBreaks, "with --set: allow a value past a speed limit");
  command
      .add_flag("--expect", options->expect,
                "judge each replay by its NAME.expect beside it, as the corpus test does: a regression replay passes "
                "when it shows what it expects (tunnels, events, states), and one without must show no tunnel")
      ->excludes("--set");
  options->jobs = countDefaultJobs();
  command
      .add_option("--jobs", options->jobs,
                  "replays verified at once, one thread each (reported in the order given; default: one for each processor "
                  "it may run on)")
      ->capture_default_str()
      ->check(CLI::Range(1U, kMostJobs));
  command.add_flag(
      "--json", options->json,
      "one JSON object a line for each replay, in the order given (what the report says, or the error), then the tally");
  CLI::Option* junit = command.add_option(
      "--junit", options->junit,
      "also write a JUnit XML report to FILE, a test case a replay (a failure's first line and its whole report), for a CI "
      "service's test view");
  command.add_flag("--force", options->force, "replace the --junit FILE if it exists")->needs(junit);
  command.footer(
      "Exit status: 0 every replay identical and tunnel-free (with --expect: showing what its NAME.expect expects), 1 a divergence, tunnel, unmet expectation, empty replay or one cut short (unless --allow-truncated), 2 a bad file or .expect, or a --junit report that cannot be written.");
  command.callback([options, &outExit] { outExit = runVerify(*options); });
}

}  // namespace retrace::recorder::cli
