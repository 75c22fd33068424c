// `retrace show FILE --tick N`: the whole state at a tick, every field by its dotted name (fixed
// point as decimals, flags as true/false, enumerations by name), with the input held and the
// events recorded on that tick. The tick is reached from the nearest snapshot, so any tick of
// an hour answers within a frame.
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "recorder/cli/command.h"
#include "recorder/cli/field_json.h"
#include "recorder/grid_cells.h"
#include "recorder/input_source.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/replay.h"
#include "recorder/replay_index.h"

namespace retrace::recorder::cli {
namespace {

struct ShowOptions {
  std::string file;
  std::uint64_t tick = 0;
  std::vector<std::string> fields;
  bool json = false;
  bool fromStart = false;
};

/// The fields as `name = value` lines, a whole grid of cells (a tile map) as its rows.
void printFields(const std::vector<sim::Field>& fields) {
  for (std::size_t i = 0; i < fields.size();) {
    const sim::Field& field = fields[i];
    const std::size_t cells = countGridCells(std::span(fields).subspan(i));
    if (cells == 0) {
      printOut("  {} = {}\n", field.name, sim::formatField(field));
      ++i;
      continue;
    }
    const std::size_t columns = field.gridColumns;
    printOut("  {}[row][column], {} x {} ({}):\n", nameGrid(field.name), cells / columns, columns, describeGridKey(field.names));
    for (std::size_t row = 0; row < cells / columns; ++row) {
      std::string line;
      for (std::size_t c = 0; c < columns; ++c) line += nameGridCell(fields[i + row * columns + c].value);
      printOut("    {}\n", line);
    }
    i += cells;
  }
}

/// The input held and the events recorded on the tick shown (none before the first tick).
struct TickRecord {
  sim::Input input = 0;
  std::vector<sim::Event> events;
};

TickRecord findTickRecord(const LoadedReplay& replay, std::uint64_t tick) {
  if (tick == 0) return {};
  return {findInputAt(replay, tick), recordedEventsAt(replay, tick)};
}

/// The tick shown as one JSON object: where it is, its input and events, and the fields.
void printShowJson(const ShowOptions& options, const LoadedReplay& replay, const std::vector<sim::Field>& fields) {
  const sim::GameDefinition& game = *gameOf(replay.header);
  const TickRecord record = findTickRecord(replay, options.tick);
  nlohmann::ordered_json out{{"file", options.file},
                             {"game", replay.header.game},
                             {"tick", options.tick},
                             {"time", formatTickTime(options.tick)},
                             {"input", inputToJson(game, record.input)}};
  out["events"] = nlohmann::ordered_json::array();
  for (const sim::Event& e : record.events) out["events"].push_back(eventToJson(game, e));
  out["state"] = fieldsToJson(fields);
  printOut("{}\n", out.dump(2));
}

/// The tick shown as text: where it is, its input and events, then the fields a line each.
void printShowText(const ShowOptions& options, const LoadedReplay& replay, std::uint64_t lastTick,
                   const std::vector<sim::Field>& fields) {
  const sim::GameDefinition& game = *gameOf(replay.header);
  const TickRecord record = findTickRecord(replay, options.tick);
  printOut("{}: {} ({}, seed {}), tick {} of {} ({})\n", options.file, replay.header.game, replay.header.configName,
           replay.header.seed, options.tick, lastTick, formatTickTime(options.tick));
  printOut("input:  {}\n", options.tick > 0 ? describeInput(game, record.input) : std::string("(before the first tick)"));
  std::string eventText;
  for (const sim::Event& e : record.events) eventText += (eventText.empty() ? "" : "; ") + sim::formatEvent(game, e);
  printOut("events: {}\n", eventText.empty() ? "none" : eventText);
  printOut("state:\n");
  printFields(fields);
}

ExitCode runShow(const ShowOptions& options) {
  // Through the index: only the chunks from the snapshot before the tick to the tick are read.
  auto opened = ReplayIndex::open(options.file);
  if (auto* problem = std::get_if<std::string>(&opened)) return refuseInput("show", *problem);
  const ReplayIndex& index = std::get<ReplayIndex>(opened);
  if (options.tick > index.lastTick()) {
    spdlog::error("{} show: {} {}", programName(), options.file,
                  describePastLastTick(options.tick, index.lastTick(), index.summary()));
    return ExitCode::kBadInput;
  }
  auto loaded = index.loadTicks(options.tick, options.tick, options.fromStart);
  if (auto* problem = std::get_if<std::string>(&loaded)) return refuseInput("show", *problem);
  const LoadedReplay& replay = std::get<LoadedReplay>(loaded);
  auto patterns = parseFieldPatterns(options.fields);
  if (auto* problem = std::get_if<std::string>(&patterns)) return refuseInput("show", *problem);
  auto reached = reachTick(replay, options.tick, options.fromStart ? ReachFrom::kStart : ReachFrom::kSnapshot);
  if (auto* problem = std::get_if<Unanswered>(&reached)) {
    spdlog::error("{} show: {} {}", programName(), options.file, problem->sentence);
    return problem->diverged ? ExitCode::kFailed : ExitCode::kBadInput;
  }
  const sim::GameSession& session = *std::get<std::unique_ptr<sim::GameSession>>(reached);
  const std::vector<sim::Field> fields = selectFields(session.describeState(), std::get<std::vector<FieldPattern>>(patterns));
  if (fields.empty()) {
    spdlog::error("{} show: no field of {} matches {} at tick {} ({} show {} --tick {} lists them all)", programName(),
                  replay.header.game, quoteForMessage(options.fields.front()), options.tick, programName(), options.file,
                  options.tick);
    return ExitCode::kBadInput;
  }
  if (options.json)
    printShowJson(options, replay, fields);
  else
    printShowText(options, replay, index.lastTick(), fields);
  return ExitCode::kOk;
}

}  // namespace

void attachShowCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<ShowOptions>();
  command.add_option("file", options->file, "a replay")->required();
  command.add_option("--tick", options->tick, "the tick (0: before the first)")->required();
  command.add_option("--fields", options->fields, "only these fields: a dotted name, players[*].position, shots (repeatable)");
  command.add_flag("--json", options->json, "the same as one JSON object");
  command.add_flag(
      "--from-start", options->fromStart,
      "re-simulate every tick from the start instead of the nearest snapshot (which is the recording's own state there)");
  command.footer("Exit status: 0 shown, 2 a bad file, a tick past the end or a pattern that matches nothing.");
  command.callback([options, &outExit] { outExit = runShow(*options); });
}

}  // namespace retrace::recorder::cli
