// `retrace show FILE --tick N`: the whole state at a tick, every field by its dotted name (fixed
// point as decimals, flags as true/false, enumerations by name), with the input held and the
// events recorded on that tick, and the tunnels the game's oracle finds there. The tick is
// reached from the nearest snapshot, so any tick of an hour answers within a frame. --changed
// shows only what the tick changed, with what it was; --since T what changed since tick T.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "recorder/cli/command.h"
#include "recorder/cli/field_json.h"
#include "recorder/field_hints.h"
#include "recorder/grid_cells.h"
#include "recorder/input_source.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/replay.h"
#include "recorder/replay_index.h"
#include "sim/field_ids.h"

namespace retrace::recorder::cli {
namespace {

struct ShowOptions {
  std::string file;
  std::uint64_t tick = 0;
  std::vector<std::string> fields;
  bool json = false;
  bool fromStart = false;
  bool changed = false;
  std::optional<std::uint64_t> since;  ///< the earlier tick compared with (with --changed, the tick before)
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

/// What the tick changed, a line a field: its value and the one it had, or that it is new or gone.
void printChanges(const std::vector<sim::FieldChange>& changes) {
  if (changes.empty()) printOut("  nothing\n");
  for (const sim::FieldChange& c : changes) {
    if (c.now == nullptr)
      printOut("  {} gone (was {})\n", c.was->name, sim::formatField(*c.was));
    else if (c.was == nullptr)
      printOut("  {} = {} (new)\n", c.now->name, sim::formatField(*c.now));
    else
      printOut("  {} = {} (was {})\n", c.now->name, sim::formatField(*c.now), sim::formatField(*c.was));
  }
}

/// The fields that changed since the tick compared with: as they are (new ones too) and as they
/// were (gone ones too).
struct Changed {
  std::vector<sim::Field> now;
  std::vector<sim::Field> was;
};
Changed splitChanges(const std::vector<sim::FieldChange>& changes) {
  Changed split;
  for (const sim::FieldChange& c : changes) {
    if (c.now != nullptr) split.now.push_back(*c.now);
    if (c.was != nullptr) split.was.push_back(*c.was);
  }
  return split;
}

/// The input held and the events recorded on the tick shown (none before the first tick), and
/// the contacts the oracle finds the rules missed there.
struct TickRecord {
  sim::Input input = 0;
  std::vector<sim::Event> events;
  std::vector<sim::Tunnel> tunnels;
};

TickRecord findTickRecord(const LoadedReplay& replay, std::uint64_t tick, std::vector<sim::Tunnel> tunnels) {
  if (tick == 0) return {};
  return {findInputAt(replay, tick), recordedEventsAt(replay, tick), std::move(tunnels)};
}

/// The tick shown as one JSON object: where it is, its input and events, and the fields (with
/// --changed or --since, those that changed as "state" and as they were as "was").
void printShowJson(const ShowOptions& options, const LoadedReplay& replay, const TickRecord& record,
                   const std::vector<sim::Field>& fields, const std::vector<sim::FieldChange>& changes) {
  const sim::GameDefinition& game = *gameOf(replay.header);
  nlohmann::ordered_json out{{"file", options.file},
                             {"game", replay.header.game},
                             {"tick", options.tick},
                             {"time", formatTickTime(options.tick)},
                             {"input", inputToJson(game, record.input)}};
  out["events"] = nlohmann::ordered_json::array();
  for (const sim::Event& e : record.events) out["events"].push_back(eventToJson(game, e));
  out["tunnels"] = nlohmann::ordered_json::array();
  for (const sim::Tunnel& t : record.tunnels) out["tunnels"].push_back(t.sentence);
  if (!options.since) {
    out["state"] = fieldsToJson(fields);
  } else {
    const Changed split = splitChanges(changes);
    out["changedSince"] = *options.since;
    out["state"] = fieldsToJson(split.now);
    out["was"] = fieldsToJson(split.was);
  }
  printOut("{}\n", out.dump(2));
}

/// The tick shown as text: where it is, its input and events, then the fields a line each.
void printShowText(const ShowOptions& options, const LoadedReplay& replay, std::uint64_t lastTick, const TickRecord& record,
                   const std::vector<sim::Field>& fields, const std::vector<sim::FieldChange>& changes) {
  const sim::GameDefinition& game = *gameOf(replay.header);
  printOut("{}: {} ({}, seed {}), tick {} of {} ({})\n", options.file, replay.header.game, replay.header.configName,
           replay.header.seed, options.tick, lastTick, formatTickTime(options.tick));
  printOut("input:  {}\n", options.tick > 0 ? describeInput(game, record.input) : std::string("(before the first tick)"));
  std::string eventText;
  for (const sim::Event& e : record.events) eventText += (eventText.empty() ? "" : "; ") + sim::formatEvent(game, e);
  printOut("events: {}\n", eventText.empty() ? "none" : eventText);
  // As verify says them: the tick's events are what the rules registered, these what they missed.
  printOut("oracle: {}\n", record.tunnels.empty() ? std::string("no tunnel") : formatCount(record.tunnels.size(), "tunnel"));
  for (const sim::Tunnel& t : record.tunnels) printOut("  {}\n", t.sentence);
  if (options.since) {
    printOut("changed since tick {}:\n", *options.since);
    printChanges(changes);
    return;
  }
  printOut("state:\n");
  printFields(fields);
}

/// Where the ticks shown are reached from.
ReachFrom reachFrom(const ShowOptions& options) { return options.fromStart ? ReachFrom::kStart : ReachFrom::kSnapshot; }

/// Every field of the state at `tick` of the loaded ticks, or the exit status after one sentence.
std::variant<std::vector<sim::Field>, ExitCode> readState(const ShowOptions& options, const LoadedReplay& replay,
                                                          std::uint64_t tick) {
  auto reached = reachTick(replay, tick, reachFrom(options));
  if (auto* problem = std::get_if<Unanswered>(&reached)) return refuseUnanswered("show", options.file, *problem);
  return std::get<std::unique_ptr<sim::GameSession>>(reached)->describeState();
}

/// The first pattern that selects no field shown (now, or gone since the tick compared with,
/// which --changed and --since show as gone): a typo, or an element not there; one sentence
/// that says what it may have meant, and exit 2.
std::optional<ExitCode> refuseUnmatchedPattern(const ShowOptions& options, const LoadedReplay& replay,
                                               const std::vector<FieldPattern>& patterns, const std::vector<sim::Field>& state,
                                               const std::vector<sim::Field>& fields, const std::vector<sim::Field>& before) {
  const auto selects = [](const FieldPattern& pattern, const std::vector<sim::Field>& shown) {
    return std::any_of(shown.begin(), shown.end(), [&](const sim::Field& f) { return pattern.matches(f.name); });
  };
  for (const FieldPattern& pattern : patterns) {
    if (selects(pattern, fields) || selects(pattern, before)) continue;
    const std::string hint = hintFieldName(pattern.text(), state);
    spdlog::error("{} show: no field of {} matches {} at tick {}{} ({} show {} --tick {} lists them all)", programName(),
                  replay.header.game, quoteForMessage(pattern.text()), options.tick, hint.empty() ? "" : "; " + hint,
                  programName(), options.file, options.tick);
    return ExitCode::kBadInput;
  }
  return std::nullopt;
}

ExitCode runShow(ShowOptions options) {
  // Through the index: only the chunks from the snapshot before the tick to the tick are read.
  auto opened = ReplayIndex::open(options.file);
  if (auto* problem = std::get_if<std::string>(&opened)) return refuseInput("show", *problem);
  const ReplayIndex& index = std::get<ReplayIndex>(opened);
  if (options.tick > index.lastTick()) {
    spdlog::error("{} show: {} {}", programName(), options.file,
                  describePastLastTick(options.tick, index.lastTick(), index.summary()));
    return ExitCode::kBadInput;
  }
  if (options.changed && options.tick == 0) {
    spdlog::error("{} show: --changed shows what a tick changed since the tick before, and tick 0 has none", programName());
    return ExitCode::kBadInput;
  }
  if (options.changed) options.since = options.tick - 1;
  if (options.since && *options.since >= options.tick) {
    spdlog::error("{} show: --since {} is not before --tick {}: it names the earlier tick to compare with", programName(),
                  *options.since, options.tick);
    return ExitCode::kBadInput;
  }
  const std::uint64_t first = options.since.value_or(options.tick);
  // From the tick before the one shown on: the oracle checks the tick from there.
  auto loaded = index.loadTicks(std::min(first, options.tick == 0 ? 0 : options.tick - 1), options.tick, options.fromStart);
  if (auto* problem = std::get_if<std::string>(&loaded)) return refuseInput("show", *problem);
  const LoadedReplay& replay = std::get<LoadedReplay>(loaded);
  auto patterns = parseFieldPatterns(options.fields);
  if (auto* problem = std::get_if<std::string>(&patterns)) return refuseInput("show", *problem);
  const auto& selected = std::get<std::vector<FieldPattern>>(patterns);
  auto now = readState(options, replay, options.tick);
  if (const auto* exit = std::get_if<ExitCode>(&now)) return *exit;
  const std::vector<sim::Field>& state = std::get<std::vector<sim::Field>>(now);
  const std::vector<sim::Field> fields = selectFields(state, selected);
  std::vector<sim::Field> before;
  std::vector<sim::Field> wasById;
  if (options.since) {
    auto was = readState(options, replay, first);
    if (const auto* exit = std::get_if<ExitCode>(&was)) return *exit;
    before = selectFields(std::get<std::vector<sim::Field>>(was), selected);
    wasById = sim::nameEachByIds(before, std::get<std::vector<sim::Field>>(was));
  }
  if (auto refused = refuseUnmatchedPattern(options, replay, selected, state, fields, before)) return *refused;
  // Compared by ids where the elements have them: a list that shifted (a bullet gone before
  // another) changed only what went, and each element is matched with itself.
  const std::vector<sim::Field> nowById = options.since ? sim::nameEachByIds(fields, state) : std::vector<sim::Field>{};
  const std::vector<sim::FieldChange> changes =
      options.since ? sim::listChangedFields(wasById, nowById) : std::vector<sim::FieldChange>{};
  auto tunnels = findTunnelsAt(replay, options.tick, reachFrom(options));
  if (auto* problem = std::get_if<Unanswered>(&tunnels)) return refuseUnanswered("show", options.file, *problem);
  const TickRecord record = findTickRecord(replay, options.tick, std::move(std::get<std::vector<sim::Tunnel>>(tunnels)));
  if (options.json)
    printShowJson(options, replay, record, fields, changes);
  else
    printShowText(options, replay, index.lastTick(), record, fields, changes);
  return ExitCode::kOk;
}

}  // namespace

void attachShowCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<ShowOptions>();
  command.add_option("file", options->file, "a replay")->required();
  command.add_option("--tick", options->tick, "the tick (0: before the first), or its time as events prints it (0:11.216)")
      ->type_name("TICK")
      ->required();
  command.add_option("--fields", options->fields, "only these fields: a dotted name, players[*].position, shots (repeatable)");
  command.add_flag("--json", options->json, "the same as one JSON object");
  command.add_flag(
      "--from-start", options->fromStart,
      "re-simulate every tick from the start instead of the nearest snapshot (which is the recording's own state there)");
  auto* changed =
      command.add_flag("--changed", options->changed,
                       "only the fields the tick changed, each with the value it had on the tick before (new and gone ones too)");
  command
      .add_option("--since", options->since,
                  "only the fields that differ from an earlier tick's, each with the value it had then (new and gone ones "
                  "too): what a stretch of play changed")
      ->type_name("TICK")
      ->excludes(changed);
  command.footer(
      "Exit status: 0 shown, 1 the replay no longer re-simulates as recorded up to the tick, 2 a bad file, a tick past the "
      "end or a pattern that matches nothing.");
  command.callback([options, &outExit] { outExit = runShow(*options); });
}

}  // namespace retrace::recorder::cli
