#include "recorder/approve.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <system_error>

#include "recorder/byte_sink.h"
#include "recorder/expectations.h"
#include "recorder/parse.h"
#include "recorder/program_name.h"
#include "recorder/recorder.h"
#include "recorder/settings.h"

namespace retrace::recorder {

std::variant<std::vector<std::string>, std::string> expandReplayFolders(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code error;
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
      if (entry->path().extension() != ".rtr") continue;
      // Named in every line of the report: a name that would write to the terminal is refused.
      const std::string name = entry->path().filename().string();
      if (const std::optional<std::string> problem = findUnprintable(name, name.size())) {
        return path + ": the replay " + quoteForMessage(name) + " has a name that " + *problem + "; rename it";
      }
      found.push_back(entry->path().string());
    }
    if (error) return path + ": cannot list the folder (" + error.message() + ")";
    if (found.empty()) return path + ": no *.rtr replays in the folder";
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

std::variant<std::vector<std::string>, std::string> collectReplays(const std::vector<std::string>& paths) {
  for (const std::string& path : paths) {
    std::error_code error;
    // Said once, as the whole answer: a tally of "0 of 1" after it would only repeat it.
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, error))) return path + " does not exist";
  }
  return expandReplayFolders(paths);
}

std::optional<std::string> rewriteReplay(const std::string& file, const LoadedReplay& replay, std::uint32_t fullHashEvery) {
  const ReplayHeader& old = replay.header;
  const sim::GameDefinition& game = *gameOf(old);
  RecordingOptions options;
  options.output = file;
  options.overwrite = true;
  options.game = old.game;
  auto config = chooseReplayConfig(game, old);
  if (auto* problem = std::get_if<std::string>(&config)) return *problem;
  options.baseConfig = std::move(std::get<sim::ConfigValues>(config));
  options.allowLimitBreaks = old.limitBreaksAllowed;
  // approve keeps what the recording allowed; a configuration that breaks a limit now is a choice.
  options.allowLimitBreaksWith = "record it again with " + programName() + " record --like " + file + " --allow-limit-breaks";
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
  const ReplayHeader& fresh = std::get<ReplayHeader>(header);
  Recorder recorder(std::move(std::get<std::unique_ptr<FileSink>>(sink)), fresh, game.start(configOf(fresh), fresh.seed));
  for (const sim::Input input : expandInputs(replay)) (void)recorder.record(input);
  return recorder.close();
}

std::optional<std::string> judgeRewrittenOutcome(const std::string& file) {
  std::error_code error;
  if (!std::filesystem::exists(std::filesystem::symlink_status(expectationsPathFor(file), error))) return std::nullopt;
  auto judged = verifyExpectedOutcome(file, {});  // with the oracle
  if (auto* problem = std::get_if<std::string>(&judged)) return *problem;
  const std::optional<ExpectedOutcome>& expected = std::get<JudgedReplay>(judged).expected;
  if (!expected || expected->unmet.empty()) return std::nullopt;
  std::string unmet;
  for (const std::string& sentence : expected->unmet) unmet += (unmet.empty() ? "" : "; ") + sentence;
  return "it no longer shows what " + expected->file + " expects (" + unmet + "): change the rules or the .expect";
}

Approval judgeReplay(const LoadedReplay& replay, std::uint32_t fullHashEvery) {
  VerifyOptions identityOnly;
  identityOnly.oracle = false;  // tunnels are an expected outcome, not a change
  Approval approval{Approval::Verdict::kUnchanged, verifyReplay(replay, identityOnly)};
  // A cadence asked for changes a replay recorded at another, identical as it is.
  const bool recadenced = fullHashEvery != 0 && replay.header.fullHashEvery != fullHashEvery;
  if (approval.report.passed()) {
    if (recadenced) approval.verdict = Approval::Verdict::kRecadenced;
    return approval;
  }
  // A replay cut short or of no ticks has no whole recording to re-record: rewriting it would
  // turn a broken golden into a shorter one that passes.
  approval.verdict = replay.truncated || countTicks(replay) == 0 ? Approval::Verdict::kUnrewritable : Approval::Verdict::kChanged;
  return approval;
}

}  // namespace retrace::recorder
