#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <spdlog/spdlog.h>

#include "recorder/byte_sink.h"
#include "recorder/cli/command.h"
#include "recorder/input_source.h"
#include "recorder/interrupt.h"
#include "recorder/parse.h"
#include "recorder/recorder.h"
#include "recorder/replay.h"
#include "recorder/settings.h"
#include "recorder/verifier.h"

namespace retrace::recorder::cli {
namespace {

/// The most ticks one recording takes.
constexpr std::uint64_t kMostTicks = 1'000'000'000;

struct RecordCommandOptions {
  RecordingOptions recording;
  std::string input = "bot";
  std::uint64_t ticks = 0;
  std::string like;                     ///< a replay whose game, configuration, seed and inputs to take
  const CLI::Option* seed = nullptr;    ///< given on the command line, over --like's
  const CLI::Option* inputs = nullptr;  ///< given on the command line, over --like's
};

/// Takes from `like` what the command line did not give: the game, the configuration's values
/// (which --set changes; chooseReplayConfig's), the seed, the tick count; a replay that broke a
/// limit on purpose may again. Its inputs are played unless --input is given (runRecord). One
/// sentence when this build has no configuration to play it under.
std::optional<std::string> takeFromLike(RecordCommandOptions& options, const ReplayInputs& like) {
  RecordingOptions& rec = options.recording;
  rec.game = like.header.game;
  rec.configName = like.header.configName;
  rec.baseConfig = configOf(like.header);  // a game not in this build is said by makeHeader
  if (const sim::GameDefinition* game = gameOf(like.header)) {
    auto config = chooseReplayConfig(*game, like.header);
    if (auto* problem = std::get_if<std::string>(&config)) return *problem;
    rec.baseConfig = std::move(std::get<sim::ConfigValues>(config));
  }
  if (options.seed->count() == 0) rec.seed = like.header.seed;
  if (options.ticks == 0) options.ticks = like.ticks;
  rec.allowLimitBreaks = rec.allowLimitBreaks || like.header.limitBreaksAllowed;
  return std::nullopt;
}

/// The inputs to record, opened once: the replay's own (--like), a script's, whose length
/// --ticks takes when not given, or bot or random play. One sentence when they cannot be had,
/// or a script holds more ticks than a recording takes.
std::variant<std::unique_ptr<InputSource>, std::string> openInputs(RecordCommandOptions& options, const sim::GameDefinition& game,
                                                                   std::optional<ReplayInputs>& like, bool replayed,
                                                                   bool scripted) {
  if (replayed) return makeReplayedInput(std::move(like->runs));
  if (!scripted) return makeInputSource(options.input, game, options.recording.seed);
  auto runs = readInputScript(options.input, game);
  if (auto* problem = std::get_if<std::string>(&runs)) return std::move(*problem);
  // A script the parser takes holds a tick at least.
  const std::uint64_t ticks = countScriptTicks(std::get<std::vector<ScriptRun>>(runs));
  if (options.ticks == 0 && ticks > kMostTicks) {
    return options.input + " plays " + std::to_string(ticks) + " ticks, more than a recording takes (" +
           std::to_string(kMostTicks) + "): say how many to record with --ticks N";
  }
  if (options.ticks == 0) options.ticks = ticks;
  return makeReplayedInput(std::move(std::get<std::vector<ScriptRun>>(runs)));
}

/// What a recording that could not be closed leaves: its partial file keeps every complete
/// chunk, as after a crash. Said once: a problem found when moving it into place names it already.
std::string sayWhatIsKept(const std::string& problem, const std::filesystem::path& output) {
  std::error_code error;
  const auto partial = partialPathFor(output);
  const bool kept = std::filesystem::exists(partial, error) && problem.find(partial.string()) == std::string::npos;
  return kept ? "; " + partial.string() + " keeps every complete chunk (" + programName() + " verify recovers them)" : "";
}

/// Warns where what --like's replay becomes is not that replay played again: a prefix recovered
/// from a crash, or a game this build's rules play otherwise.
void warnWhereRecordingParts(const RecordCommandOptions& options, const ReplayInputs& like, const sim::GameDefinition& game,
                             bool replayed) {
  // A prefix recovered from a crash plays as what it holds, which the count alone does not say.
  if (replayed && !like.cutShort.empty() && options.ticks >= like.ticks) {
    spdlog::warn("{} record: {} was cut short: its inputs end after the {} recovered ({})", programName(), options.like,
                 formatCount(like.ticks, "tick"), like.cutShort);
  }
  // Played again by rules that part from the replay's, the recording is this build's game (with
  // another seed it is another game, whatever the rules).
  const bool sameGame = replayed && options.seed->count() == 0;
  if (!simulatesRulesOf(like.header)) {
    spdlog::warn(
        "{} record: {} was recorded by {} rules version {}; what is recorded is this build's play of its inputs "
        "(version {})",
        programName(), options.like, game.name(), like.header.rulesVersion, game.rulesVersion());
  } else if (auto parts = sameGame ? sayWhereThisBuildParts(options.like, options.ticks) : std::nullopt) {
    spdlog::warn("{} record: {}; what is recorded from there is this build's play of its inputs", programName(), *parts);
  }
}

ExitCode runRecord(RecordCommandOptions options) {
  RecordingOptions& rec = options.recording;
  std::optional<ReplayInputs> like;
  if (!options.like.empty()) {
    auto read = readReplayInputs(options.like);
    if (auto* problem = std::get_if<std::string>(&read)) return refuseInput("record", "--like " + *problem);
    like = std::move(std::get<ReplayInputs>(read));
    if (auto problem = takeFromLike(options, *like)) return refuseInput("record", "--like " + options.like + ": " + *problem);
  }
  if (rec.game.empty())
    return refuseInput("record", "name the game with --game GAME, or a replay to play again with --like FILE");
  // The replay's own inputs, unless --input says otherwise.
  const bool replayed = like && options.inputs->count() == 0;
  const bool scripted = !replayed && options.input != "bot" && options.input != "random";
  const sim::GameDefinition* game = sim::findGame(rec.game);
  if (game == nullptr) return refuseInput("record", describeMissingGame(rec.game));
  if (like) warnWhereRecordingParts(options, *like, *game, replayed);
  // Opened before any file is created.
  auto inputs = openInputs(options, *game, like, replayed, scripted);
  if (auto* problem = std::get_if<std::string>(&inputs)) return refuseInput("record", *problem);
  std::unique_ptr<InputSource> source = std::move(std::get<std::unique_ptr<InputSource>>(inputs));
  if (options.ticks == 0) return refuseInput("record", "say how many ticks to record with --ticks N");
  const std::string input = replayed ? "the inputs of " + options.like : options.input + " input";
  rec.plannedTicks = options.ticks;
  rec.allowLimitBreaksWith = kAllowLimitBreaksFlag;
  rec.inputSource = replayed   ? nameInputFile("replay", options.like, "")
                    : scripted ? nameInputFile("script", options.input, "")
                               : options.input;
  // A replay played again may be re-recorded in its place (read whole first); a script may not.
  if (scripted) {
    if (auto problem = refuseOutputOverInput(rec.output, options.input, "the input script played"))
      return refuseInput("record", "-o: " + *problem);
  }
  auto opened = openRecording(rec);
  if (auto* problem = std::get_if<std::string>(&opened)) return refuseInput("record", *problem);
  Recorder& recorder = *std::get<std::unique_ptr<Recorder>>(opened);
  // Ctrl+C (or kill) ends the recording there, closed as a whole replay of the ticks played; a
  // crash or kill -9 still leaves OUT.partial with every complete chunk.
  InterruptCatcher interrupts;
  std::uint64_t played = 0;
  for (; played < options.ticks && !recorder.failed() && !InterruptCatcher::caught(); ++played)
    (void)recorder.record(source->next(recorder.session()));
  if (played == 0 && InterruptCatcher::caught()) {
    // A replay of no tick verifies as nothing: none is written, and a file -o named is kept.
    recorder.discard();
    spdlog::error("{} record: interrupted before the first tick: nothing recorded", programName());
    interrupts.endByTheSignal();
  }
  if (auto problem = recorder.close()) return refuseInput("record", *problem + sayWhatIsKept(*problem, rec.output));
  // The result, on stdout like every command's; diagnostics go to stderr.
  printOut("recorded {} of {} ({}, seed {}, {}) to {}\n", formatCount(played, "tick"), rec.game, recorder.header().configName,
           rec.seed, input, rec.output.string());
  if (!InterruptCatcher::caught()) return ExitCode::kOk;
  spdlog::error("{} record: interrupted after {} of {}: {} holds them, whole", programName(), played,
                formatCount(options.ticks, "tick"), rec.output.string());
  interrupts.endByTheSignal();
}

}  // namespace

void attachRecordCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<RecordCommandOptions>();
  RecordingOptions& rec = options->recording;
  auto* game =
      command.add_option("--game", rec.game, "the game: " + joinGameNames() + " (" + programName() + " games lists them)");
  auto* config = command.add_option("--config", rec.configName, "a named configuration of the game")->capture_default_str();
  command
      .add_option("--like", options->like,
                  "a replay to play again: its game, configuration values (--set changes them), seed, ticks and inputs, "
                  "each unless given here")
      ->excludes(game)
      ->excludes(config);
  command.add_option("--set", rec.settings,
                     "NAME=VALUE: a configuration field's value (repeatable; " + programName() + " games lists the fields)");
  options->seed = command.add_option("--seed", rec.seed, "the game's seed")->capture_default_str();
  command.add_option("--ticks", options->ticks, "ticks to record (60 per second; an input script's own length when not given)")
      ->check(CLI::Range(std::uint64_t{1}, kMostTicks));
  options->inputs =
      command.add_option("--input", options->input, "bot, random, or the path of an input script")->capture_default_str();
  command.add_option("-o,--output", rec.output, "the replay to write (written as OUT.partial, renamed on success)")->required();
  command.add_flag("--force", rec.overwrite, "replace OUT if it exists");
  command.add_flag("--allow-limit-breaks", rec.allowLimitBreaks,
                   "run a configuration that breaks a speed limit (bug replays, negative controls)");
  command.add_option("--chunk-ticks", rec.chunkTicks, "ticks per chunk: the most a crash can lose")
      ->capture_default_str()
      ->check(CLI::Range(1U, kMaxChunkTicks));
  command.add_option("--snapshot-every", rec.snapshotEvery, "ticks between full state snapshots (a multiple of --chunk-ticks)")
      ->capture_default_str()
      ->check(CLI::Range(1U, 100'000'000U));
  command
      .add_option(
          "--full-hash-every", rec.fullHashEvery,
          "every N ticks the checksum covers the whole state; the tick digest between (1: whole state every tick, slower)")
      ->capture_default_str()
      ->check(CLI::Range(1U, kMaxFullHashEvery));
  command.footer(
      "Input scripts: one 'TICKS BUTTONS' run per line, buttons joined by + or - for none, # comments.\n"
      "Example: " +
      programName() + " record --game GAME --seed 7 --ticks 3600 --input bot -o out.rtr (" + programName() +
      " games lists the games)\n"
      "What if: " +
      programName() + " record --like bug.rtr --set NAME=VALUE -o fixed.rtr plays bug.rtr's inputs under another value; " +
      programName() + " dump --script bug.rtr gives them as a script to edit and pass to --input");
  command.callback([options, &outExit] { outExit = runRecord(*options); });
}

}  // namespace retrace::recorder::cli
