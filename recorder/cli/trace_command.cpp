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
#include <vector>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "recorder/cli/command.h"
#include "recorder/cli/field_json.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/replay.h"

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

ExitCode runTrace(const TraceOptions& options) {
  // Through the index: the chunks are read as the ticks reach them.
  auto opened = ReplayIndex::open(options.file);
  if (auto* problem = std::get_if<std::string>(&opened)) {
    spdlog::error("retrace trace: {}", *problem);
    return ExitCode::kBadInput;
  }
  const ReplayIndex& index = std::get<ReplayIndex>(opened);
  auto parsed = parseFieldPatterns(options.fields);
  if (auto* problem = std::get_if<std::string>(&parsed)) {
    spdlog::error("retrace trace: {}", *problem);
    return ExitCode::kBadInput;
  }
  const std::vector<FieldPattern>& patterns = std::get<std::vector<FieldPattern>>(parsed);
  const std::uint64_t last = index.lastTick();
  const std::uint64_t to = options.to.value_or(last);
  if (to > last) {
    spdlog::error("retrace trace: {} {}", options.file, describePastLastTick(to, last, index.summary()));
    return ExitCode::kBadInput;
  }
  if (options.from > to) {
    spdlog::error("retrace trace: ticks {} to {} are no range (--from comes before --to)", options.from, to);
    return ExitCode::kBadInput;
  }
  // Every tick's values first: a list element (a bullet) may exist on some ticks only, and the
  // columns are every field any pattern selects on any tick, in the order first seen.
  std::vector<std::string> columns;
  std::set<std::string, std::less<>> seen;  // a state can have tens of thousands of fields
  std::vector<std::vector<sim::Field>> rows;
  const auto problem = visitTicks(index, options.from, to, [&](const sim::GameSession& session, std::uint64_t) {
    rows.push_back(selectFields(session.describeState(), patterns));
    for (const sim::Field& field : rows.back()) {
      if (seen.insert(field.name).second) columns.push_back(field.name);
    }
    return true;
  });
  if (problem) {
    spdlog::error("retrace trace: {} {}", options.file, problem->sentence);
    return problem->diverged ? ExitCode::kFailed : ExitCode::kBadInput;
  }
  // In the order the patterns were given, each pattern's fields in the game's order.
  const auto firstPattern = [&](const std::string& name) {
    return std::find_if(patterns.begin(), patterns.end(), [&](const FieldPattern& p) { return p.matches(name); }) - patterns.begin();
  };
  std::stable_sort(columns.begin(), columns.end(), [&](const std::string& a, const std::string& b) { return firstPattern(a) < firstPattern(b); });
  if (columns.empty()) {
    spdlog::error("retrace trace: no field of {} matches {} in ticks {} to {} (retrace show lists the fields)", index.summary().header.game,
                  quoteForMessage(options.fields.front()), options.from, to);
    return ExitCode::kBadInput;
  }
  if (options.json) {
    // One object per tick, as events --json prints: the tick and the values by name.
    for (std::size_t r = 0; r < rows.size(); ++r) {
      nlohmann::ordered_json line{{"tick", options.from + r}};
      line["values"] = fieldsToJson(rows[r]);
      std::printf("%s\n", line.dump().c_str());
    }
    return ExitCode::kOk;
  }
  std::vector<std::size_t> widths(columns.size());
  for (std::size_t c = 0; c < columns.size(); ++c) widths[c] = std::max<std::size_t>(columns[c].size(), 8);
  std::string header = options.csv ? "tick" : "tick   ";
  for (std::size_t c = 0; c < columns.size(); ++c) {
    header += options.csv ? "," + quoteCsv(columns[c]) : "  " + columns[c] + std::string(widths[c] - columns[c].size(), ' ');
  }
  while (!options.csv && header.back() == ' ') header.pop_back();
  std::printf("%s\n", header.c_str());
  std::map<std::string_view, std::size_t> columnOf;
  for (std::size_t c = 0; c < columns.size(); ++c) columnOf.emplace(columns[c], c);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::string line = std::to_string(options.from + r);
    if (!options.csv) line += std::string(line.size() < 7 ? 7 - line.size() : 0, ' ');
    std::vector<const sim::Field*> cells(columns.size(), nullptr);
    for (const sim::Field& field : rows[r]) {
      const sim::Field*& cell = cells[columnOf.at(field.name)];
      if (cell == nullptr) cell = &field;
    }
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const std::string value = cells[c] != nullptr ? sim::formatField(*cells[c]) : "";
      line += options.csv ? "," + quoteCsv(value) : "  " + value + std::string(widths[c] > value.size() ? widths[c] - value.size() : 0, ' ');
    }
    while (!options.csv && !line.empty() && line.back() == ' ') line.pop_back();
    std::printf("%s\n", line.c_str());
  }
  return ExitCode::kOk;
}

}  // namespace

void attachTraceCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<TraceOptions>();
  command.add_option("file", options->file, "a replay")->required();
  command.add_option("--field", options->fields, "a field's dotted name or pattern: man.vy, tanks[0].centre, bullets[*].position.y (repeatable)")->required();
  command.add_option("--from", options->from, "the first tick (default 1; 0 is before the first)");
  command.add_option("--to", options->to, "the last tick (default: the replay's last)");
  command.add_flag("--csv", options->csv, "comma-separated, for a spreadsheet or a plot");
  command.add_flag("--json", options->json, "one JSON object per tick: the tick and the values by name")->excludes("--csv");
  command.footer("Exit status: 0 traced, 2 a bad file, a range outside the replay or a field that matches nothing.");
  command.callback([options, &outExit] { outExit = runTrace(*options); });
}

}  // namespace retrace::recorder::cli
