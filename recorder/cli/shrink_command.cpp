// `retrace shrink`: keeps a failure while making its input as small as possible: truncate at
// the first tick the failure shows, then delta debugging over the input runs (idling whole
// groups of runs, then single runs), then dropping single buttons from held inputs. Every
// candidate is judged by re-simulating it, so the result is a replay that still fails.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>

#include "recorder/byte_sink.h"
#include "recorder/cli/command.h"
#include "recorder/expectations.h"
#include "recorder/interrupt.h"
#include "recorder/parse.h"
#include "recorder/search.h"
#include "recorder/shrink.h"
#include "recorder/verifier.h"

namespace retrace::recorder::cli {
namespace {

struct ShrinkOptions {
  std::string file;
  std::string until;
  bool untilGiven = false;  ///< --until on the command line, even empty (which names no failure)
  std::string output;
  bool force = false;
  std::uint64_t maxEvaluations = kDefaultShrinkBudget;
};

/// A replay that does not show the failure has nothing to keep: exit 1 with a sentence.
ExitCode sayNotShown(const ShrinkOptions& options, const Predicate& predicate) {
  spdlog::error("{} shrink: {} does not show {}: nothing to keep while shrinking", programName(), options.file,
                quoteForMessage(predicate.text));
  return ExitCode::kFailed;
}

/// The tick where the replay first parts from its own checksums, if it does.
std::optional<std::uint64_t> findDivergentTick(const LoadedReplay& replay) {
  VerifyOptions identityOnly;
  identityOnly.oracle = false;
  identityOnly.allowTruncated = true;
  const VerifyReport report = verifyReplay(replay, identityOnly);
  if (!report.divergence) return std::nullopt;
  return report.divergence->tick;
}

/// Writes OUT.expect beside the shrunk replay saying what it shows (unless one is there, which is
/// kept), so that the two copied into a corpus pin the failure; what it did, in a line, or nothing
/// for a failure no .expect line says. A file it cannot write is said on stderr: the replay stands.
std::optional<std::string> expectShrunk(const ShrinkOptions& options, const RunSetup& setup, const Predicate& predicate,
                                        const Witness& minimal) {
  const auto line = expectPredicate(predicate, *setup.game);
  if (!line) return std::nullopt;
  const std::string file = expectationsPathFor(options.output).string();
  const std::vector<std::string> why{
      "Shrunk by " + programName() + " shrink from " + options.file + ", at tick " + std::to_string(minimal.tick) + ":",
      minimal.description};
  auto saved = saveExpectations(options.output, why, *line);
  if (const auto* problem = std::get_if<std::string>(&saved)) {
    spdlog::error("{} shrink: {}", programName(), *problem);
    return std::nullopt;
  }
  if (!std::get<bool>(saved)) return file + " was there already and is kept as it was";
  return file + " says what it shows, " + *line + ": copied into a corpus with it, it pins the failure";
}

/// Shrinks the replay's input while the failure still shows, writes it, and says how far.
ExitCode shrinkShowing(const ShrinkOptions& options, const LoadedReplay& replay, const RunSetup& setup,
                       const Predicate& predicate) {
  std::vector<sim::Input> inputs = expandInputs(replay);
  if (!findWitness(setup, inputs, predicate)) {
    // A condition's typo or a value no field takes is the question's fault, not the replay's.
    if (auto problem = explainUnshown(setup, inputs, predicate)) {
      const std::string where = " (" + programName() + " show " + options.file + " --tick 0 lists them)";
      return refuseInput("shrink", "--until " + problem->sentence + (problem->unknownField ? where : ""));
    }
    return sayNotShown(options, predicate);
  }
  const std::uint64_t originalTicks = inputs.size();
  const std::uint64_t originalChanges = countInputChanges(inputs);
  // Ctrl+C stops the shrinking, and the smallest input found so far is written as the result.
  InterruptCatcher interrupts;
  ShrinkResult shrunk =
      shrinkInputs(setup, predicate, std::move(inputs), options.maxEvaluations, [] { return InterruptCatcher::caught(); });
  inputs = std::move(shrunk.inputs);
  const auto minimal = findWitness(setup, inputs, predicate);
  if (auto problem = writeReplay(options.output, options.force, setup, replay.header.limitBreaksAllowed,
                                 "shrunk from " + options.file, inputs)) {
    return refuseInput("shrink", *problem);
  }
  printOut("shrunk {} from {} and {} to {} and {} ({})\n", options.file, formatCount(originalTicks, "tick"),
           formatCount(originalChanges, "input change"), formatCount(inputs.size(), "tick"),
           formatCount(countInputChanges(inputs), "input change"), formatCount(shrunk.evaluations, "re-simulation"));
  printOut("{} still shows '{}' at tick {}: {}\n", options.output, predicate.text, minimal->tick, minimal->description);
  if (auto said = expectShrunk(options, setup, predicate, *minimal)) printOut("{}\n", *said);
  if (!shrunk.stopped) return ExitCode::kOk;
  spdlog::error("{} shrink: interrupted after {}: {} is the smallest found so far", programName(),
                formatCount(shrunk.evaluations, "re-simulation"), options.output);
  interrupts.endByTheSignal();
}

/// For `diverges` the recorded checksums are the failure, so only the replay can be cut.
ExitCode shrinkDivergence(const ShrinkOptions& options, const LoadedReplay& replay, std::uint64_t tick) {
  // Re-recording would make the checksums agree: the divergence lives in the recorded ones.
  // So the recording itself is cut just after the divergent tick, without a footer; verify
  // then reports the (truncated) prefix and its divergence.
  auto sink = FileSink::create(options.output, options.force);
  if (auto* problem = std::get_if<std::string>(&sink)) return refuseInput("shrink", *problem);
  ByteSink& out = *std::get<std::unique_ptr<FileSink>>(sink);
  std::optional<std::string> problem = out.write(encodeReplay(cutReplay(replay, tick)));
  if (!problem) problem = out.commit();
  if (problem) return refuseInput("shrink", *problem);
  printOut("shrunk {} from {} ticks to {}: it diverges at tick {} (no footer: verify reports the truncated prefix)\n",
           options.file, countTicks(replay), tick, tick);
  return ExitCode::kOk;
}

/// The failure to keep when --until names none: a divergence from this build, else a tunnel (a
/// hunt's finding); nothing when the replay shows neither.
std::optional<std::string> chooseShownFailure(const LoadedReplay& replay) {
  VerifyOptions options;
  options.allowTruncated = true;
  const VerifyReport report = verifyReplay(replay, options);
  if (report.divergence) return "diverges";
  if (report.tunnelCount > 0) return "tunnel";
  return std::nullopt;
}

ExitCode runShrink(ShrinkOptions options) {
  auto loaded = loadReplayFile(options.file);
  if (auto* problem = std::get_if<std::string>(&loaded)) return refuseInput("shrink", *problem);
  const LoadedReplay& replay = std::get<LoadedReplay>(loaded);
  const RunSetup setup{gameOf(replay.header), configOf(replay.header), replay.header.seed};
  if (auto mismatch = findRulesMismatch(replay.header)) {
    spdlog::error("{} shrink: {} {}", programName(), options.file, *mismatch);
    return ExitCode::kBadInput;
  }
  if (!options.untilGiven) {
    auto shown = chooseShownFailure(replay);
    if (!shown) {
      spdlog::error(
          "{} shrink: {} shows neither a divergence nor a tunnel: name the failure to keep with --until "
          "(ends-before:T, event:KIND, where:CONDITION)",
          programName(), options.file);
      return ExitCode::kFailed;
    }
    options.until = *shown;
    spdlog::info("{} shrink: keeping what {} shows: --until {}", programName(), options.file, options.until);
  }
  auto parsed = parsePredicate(options.until, *setup.game);
  if (auto* problem = std::get_if<std::string>(&parsed)) return refuseInput("shrink", *problem);
  const Predicate& predicate = std::get<Predicate>(parsed);
  if (predicate.kind != Predicate::Kind::kDiverges) return shrinkShowing(options, replay, setup, predicate);
  const auto divergent = findDivergentTick(replay);
  return divergent ? shrinkDivergence(options, replay, *divergent) : sayNotShown(options, predicate);
}

}  // namespace

void attachShrinkCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<ShrinkOptions>();
  command.add_option("file", options->file, "a replay that shows a failure")->required();
  const CLI::Option* until = command.add_option(
      "--until", options->until,
      "the failure to keep: tunnel, ends-before:T, event:KIND, where:CONDITION (a state that meets it, in find --where's "
      "grammar), diverges (default: the divergence from this build the replay shows, else its tunnel)");
  command
      .add_option("-o,--output", options->output,
                  "the minimal replay to write, and OUT.expect beside it saying what it shows (one there is kept)")
      ->required();
  command.add_flag("--force", options->force, "replace OUT if it exists");
  command.add_option("--max-evaluations", options->maxEvaluations, "re-simulations at most")->capture_default_str();
  command.footer(
      "Exit status: 0 shrunk and written, 1 the replay does not show the failure, 2 a bad file or --until, a condition "
      "naming a field the replay never has, or an output that exists.");
  command.callback([options, until, &outExit] {
    options->untilGiven = until->count() > 0;
    outExit = runShrink(*options);
  });
}

}  // namespace retrace::recorder::cli
