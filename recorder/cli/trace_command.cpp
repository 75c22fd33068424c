// `retrace trace FILE --field NAME`: one value per tick of one or more fields, for plotting or
// eyeballing (dsda-doom's trackers do this live); aligned columns or CSV.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "recorder/cli/command.h"
#include "recorder/cli/field_json.h"
#include "recorder/field_hints.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/replay.h"
#include "recorder/state_fields.h"

namespace retrace::recorder::cli {
namespace {

struct TraceOptions {
  std::string file;
  std::vector<std::string> fields;
  std::uint64_t from = 1;
  std::optional<std::uint64_t> to;
  bool csv = false;
  bool json = false;
};

/// A CSV cell: quoted when it holds a comma or a quote.
std::string quoteCsv(const std::string& text) {
  if (text.find_first_of(",\"") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

/// Every traced tick's selected fields, and the columns they fill.
struct TraceTable {
  std::vector<std::string> columns;  ///< every field any pattern selects on any tick
  std::vector<std::vector<sim::Field>> rows;
  std::vector<sim::Field> last;  ///< every field of the last tick, to say what a name that selects none may have meant
};

/// Every tick's values first: a list element (a shot) may exist on some ticks only, so the
/// columns are every field any pattern selects on any tick, in the order the patterns were
/// given and each pattern's fields in the game's order.
std::variant<TraceTable, Unanswered> collectTrace(const ReplayIndex& index, const std::vector<FieldPattern>& patterns,
                                                  std::uint64_t from, std::uint64_t to) {
  TraceTable table;
  std::set<std::string, std::less<>> seen;  // a state can have tens of thousands of fields
  StateFields named;
  const auto problem = visitTicks(index, from, to, [&](const sim::GameSession& session, std::uint64_t) {
    (void)named.read(session);
    table.rows.push_back(named.select(patterns));
    for (const sim::Field& field : table.rows.back()) {
      if (seen.insert(field.name).second) table.columns.push_back(field.name);
    }
    return true;
  });
  if (problem) return *problem;
  table.last = named.fields();
  const auto firstPattern = [&](const std::string& name) {
    return std::find_if(patterns.begin(), patterns.end(), [&](const FieldPattern& p) { return p.matches(name); }) -
           patterns.begin();
  };
  std::stable_sort(table.columns.begin(), table.columns.end(),
                   [&](const std::string& a, const std::string& b) { return firstPattern(a) < firstPattern(b); });
  return table;
}

/// One object per tick, as events --json prints: the tick and the values by name.
void printTraceJson(const TraceTable& table, std::uint64_t from) {
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    nlohmann::ordered_json line{{"tick", from + r}};
    line["values"] = fieldsToJson(table.rows[r]);
    printOut("{}\n", line.dump());
  }
}

/// A line of cells: comma-separated, or each padded to its column's width (the last unpadded).
std::string joinCells(const std::string& first, const std::vector<std::string>& cells, const std::vector<std::size_t>& widths,
                      bool csv) {
  std::string line = first;
  if (!csv) line += std::string(line.size() < 7 ? 7 - line.size() : 0, ' ');
  for (std::size_t c = 0; c < cells.size(); ++c) {
    line += csv ? "," + quoteCsv(cells[c])
                : "  " + cells[c] + std::string(widths[c] > cells[c].size() ? widths[c] - cells[c].size() : 0, ' ');
  }
  while (!csv && !line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

/// A header line, then a line per tick with a cell per column (empty where a field is absent).
void printTraceTable(const TraceTable& table, std::uint64_t from, bool csv) {
  std::vector<std::size_t> widths(table.columns.size());
  std::map<std::string_view, std::size_t> columnOf;
  for (std::size_t c = 0; c < table.columns.size(); ++c) {
    widths[c] = std::max<std::size_t>(table.columns[c].size(), 8);
    columnOf.emplace(table.columns[c], c);
  }
  printOut("{}\n", joinCells("tick", table.columns, widths, csv));
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    std::vector<std::string> cells(table.columns.size());
    std::vector<bool> filled(table.columns.size(), false);
    for (const sim::Field& field : table.rows[r]) {
      const std::size_t c = columnOf.at(field.name);
      if (!filled[c]) cells[c] = sim::formatField(field);
      filled[c] = true;
    }
    printOut("{}\n", joinCells(std::to_string(from + r), cells, widths, csv));
  }
}

/// The first pattern that selects no column (a typo, or an element never there on the ticks
/// traced): one sentence, with the names it may have meant, and exit 2.
std::optional<ExitCode> refuseUnmatchedPattern(const ReplayIndex& index, const std::vector<FieldPattern>& patterns,
                                               const TraceTable& table, std::uint64_t from, std::uint64_t to) {
  for (const FieldPattern& pattern : patterns) {
    if (std::any_of(table.columns.begin(), table.columns.end(), [&](const std::string& c) { return pattern.matches(c); }))
      continue;
    const std::string hint = describeSuggestions(suggestFieldNames(pattern.text(), table.last));
    spdlog::error("{} trace: no field of {} matches {} in ticks {} to {}{} ({} show lists the fields)", programName(),
                  index.summary().header.game, quoteForMessage(pattern.text()), from, to, hint.empty() ? "" : "; " + hint,
                  programName());
    return ExitCode::kBadInput;
  }
  return std::nullopt;
}

ExitCode runTrace(const TraceOptions& options) {
  // Through the index: the chunks are read as the ticks reach them.
  auto opened = ReplayIndex::open(options.file);
  if (auto* problem = std::get_if<std::string>(&opened)) return refuseInput("trace", *problem);
  const ReplayIndex& index = std::get<ReplayIndex>(opened);
  auto parsed = parseFieldPatterns(options.fields);
  if (auto* problem = std::get_if<std::string>(&parsed)) return refuseInput("trace", *problem);
  const auto range = settleTickRange(index, options.file, options.from, options.to, 0);
  if (auto* problem = std::get_if<std::string>(&range)) return refuseInput("trace", *problem);
  const std::uint64_t to = std::get<std::uint64_t>(range);
  const std::vector<FieldPattern>& patterns = std::get<std::vector<FieldPattern>>(parsed);
  const auto collected = collectTrace(index, patterns, options.from, to);
  if (const auto* problem = std::get_if<Unanswered>(&collected)) return refuseUnanswered("trace", options.file, *problem);
  const TraceTable& table = std::get<TraceTable>(collected);
  if (auto refused = refuseUnmatchedPattern(index, patterns, table, options.from, to)) return *refused;
  if (options.json)
    printTraceJson(table, options.from);
  else
    printTraceTable(table, options.from, options.csv);
  return ExitCode::kOk;
}

}  // namespace

void attachTraceCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<TraceOptions>();
  command.add_option("file", options->file, "a replay")->required();
  command
      .add_option("--field", options->fields,
                  "a field's dotted name or pattern: ball.vy, players[0].position, shots[*].position.y (repeatable)")
      ->required();
  command
      .add_option("--from", options->from, "the first tick, or its time as printed (0:11.216) (default 1; 0 is before the first)")
      ->type_name("TICK");
  command.add_option("--to", options->to, "the last tick or its time (default: the replay's last)")->type_name("TICK");
  command.add_flag("--csv", options->csv, "comma-separated, for a spreadsheet or a plot");
  command.add_flag("--json", options->json, "one JSON object per tick: the tick and the values by name")->excludes("--csv");
  command.footer(
      "Exit status: 0 traced, 1 the replay no longer re-simulates as recorded in the range, 2 a bad file, a range outside "
      "the replay or a field that matches nothing.");
  command.callback([options, &outExit] { outExit = runTrace(*options); });
}

}  // namespace retrace::recorder::cli
