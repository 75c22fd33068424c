#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "recorder/cli/command.h"
#include "recorder/input_source.h"
#include "recorder/parse.h"
#include "recorder/recorder.h"
#include "recorder/settings.h"

namespace retrace::recorder::cli {
namespace {

struct RecordCommandOptions {
  RecordingOptions recording;
  std::string input = "bot";
  std::uint64_t ticks = 0;
};

/// ": pass --allow-limit-breaks" when the recording was refused for its configuration's speed
/// limits and nothing else; nothing otherwise.
std::string hintAtLimitBreaks(const sim::GameDefinition* game, const RecordingOptions& rec) {
  const auto named = game != nullptr ? game->findConfig(rec.configName) : std::nullopt;
  const auto config =
      named ? applySettings(*game, *named, rec.settings) : std::variant<sim::ConfigValues, std::string>(std::string());
  const auto* values = std::get_if<sim::ConfigValues>(&config);
  const bool limitOnly =
      values != nullptr && !rec.allowLimitBreaks && game->validateConfig(*values, false) && !game->validateConfig(*values, true);
  return limitOnly ? ": pass --allow-limit-breaks" : "";
}

/// What a recording that could not be closed leaves: its partial file keeps every complete
/// chunk, as after a crash. Said once: a problem found when moving it into place names it already.
std::string sayWhatIsKept(const std::string& problem, const std::filesystem::path& output) {
  std::error_code error;
  const auto partial = partialPathFor(output);
  const bool kept = std::filesystem::exists(partial, error) && problem.find(partial.string()) == std::string::npos;
  return kept ? "; " + partial.string() + " keeps every complete chunk (" + programName() + " verify recovers them)" : "";
}

ExitCode runRecord(RecordCommandOptions options) {
  RecordingOptions& rec = options.recording;
  rec.plannedTicks = options.ticks;
  rec.inputSource = options.input == "bot" || options.input == "random" ? options.input : "script " + options.input;
  const sim::GameDefinition* game = sim::findGame(rec.game);
  if (game != nullptr) {
    // Check the input source before creating any file.
    if (auto source = makeInputSource(options.input, *game, rec.seed); std::holds_alternative<std::string>(source)) {
      return refuseInput("record", std::get<std::string>(source));
    }
  }
  auto opened = openRecording(rec);
  if (auto* problem = std::get_if<std::string>(&opened)) return refuseInput("record", *problem + hintAtLimitBreaks(game, rec));
  Recorder& recorder = *std::get<std::unique_ptr<Recorder>>(opened);
  auto source = std::get<std::unique_ptr<InputSource>>(makeInputSource(options.input, *game, rec.seed));
  for (std::uint64_t tick = 0; tick < options.ticks && !recorder.failed(); ++tick)
    (void)recorder.record(source->next(recorder.session()));
  if (auto problem = recorder.close()) return refuseInput("record", *problem + sayWhatIsKept(*problem, rec.output));
  // The result, on stdout like every command's; diagnostics go to stderr.
  printOut("recorded {} of {} ({}, seed {}, {} input) to {}\n", formatCount(options.ticks, "tick"), rec.game,
           recorder.header().configName, rec.seed, options.input, rec.output.string());
  return ExitCode::kOk;
}

}  // namespace

void attachRecordCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<RecordCommandOptions>();
  RecordingOptions& rec = options->recording;
  command.add_option("--game", rec.game, "the game: " + joinGameNames() + " (" + programName() + " games lists them)")
      ->required();
  command.add_option("--config", rec.configName, "a named configuration of the game")->capture_default_str();
  command.add_option("--set", rec.settings,
                     "NAME=VALUE: a configuration field's value (repeatable; " + programName() + " games lists the fields)");
  command.add_option("--seed", rec.seed, "the game's seed")->capture_default_str();
  command.add_option("--ticks", options->ticks, "ticks to record (60 per second)")
      ->required()
      ->check(CLI::Range(1ULL, 1'000'000'000ULL));
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
      " games lists the games)");
  command.callback([options, &outExit] { outExit = runRecord(*options); });
}

}  // namespace retrace::recorder::cli
