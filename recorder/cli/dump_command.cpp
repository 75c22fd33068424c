#include <cstddef>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "recorder/byte_sink.h"
#include "recorder/cli/command.h"
#include "recorder/cli/field_json.h"
#include "recorder/input_source.h"
#include "recorder/parse.h"
#include "recorder/replay.h"

namespace retrace::recorder::cli {
namespace {

using nlohmann::ordered_json;

ordered_json snapshotToJson(const LoadedReplay& replay, const StateSnapshot& s) {
  ordered_json out{{"tick", s.tick}, {"hash", formatHash(s.hash)}};
  if (const auto fields = describeStoredState(replay.header, s.values)) {
    out["state"] = fieldsToJson(*fields);
  } else {
    out["values"] = s.values;  // another rules version's state, unnamed
  }
  return out;
}

ordered_json chunkToJson(const sim::GameDefinition& game, const LoadedReplay& replay, const Chunk& c) {
  ordered_json chunk{{"firstTick", c.firstTick}, {"ticks", c.checksums.size()}};
  chunk["inputs"] = ordered_json::array();
  for (const InputRun& run : c.inputs)
    chunk["inputs"].push_back({{"buttons", describeInput(game, run.input)}, {"ticks", run.length}});
  chunk["events"] = ordered_json::array();
  for (const RecordedEvent& e : c.events) {
    chunk["events"].push_back(
        {{"tick", e.tick}, {"event", sim::formatEvent(game, e.event)}, {"kind", e.event.kind}, {"args", e.event.args}});
  }
  chunk["checksums"] = c.checksums;
  if (c.hasSnapshot) chunk["snapshot"] = snapshotToJson(replay, c.snapshot);
  return chunk;
}

/// Prints `value` as dump(2) prints it `depth` levels inside a container: every line after the
/// first indented by two spaces a level.
void printNested(const ordered_json& value, int depth) {
  const std::string text = value.dump(2);
  const std::string newline = "\n" + std::string(static_cast<std::size_t>(depth) * 2, ' ');
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (const char c : text) {
    if (c == '\n') {
      out += newline;
    } else {
      out += c;
    }
  }
  printOut("{}", out);
}

/// Prints one member of the top-level object; `last` leaves out the comma.
void printMember(const std::string& key, const ordered_json& value, bool last) {
  printOut("  {}: ", ordered_json(key).dump());
  printNested(value, 1);
  printOut("{}", last ? "\n" : ",\n");
}

/// Prints the replay in `file` as one JSON object, the text ordered_json::dump(2) would give, a
/// chunk at a time: a document of the whole replay grew with every tick (BENCHMARKS.md, "Memory
/// on long replays"), past any memory for the longest replay the loader accepts.
/// `replay` is what a first pass over the file found (it was checked whole before anything is
/// printed); this second pass decodes the chunks again rather than keeping them.
void printReplayJson(std::span<const std::byte> file, const LoadedReplay& replay) {
  const ReplayHeader& h = replay.header;
  const sim::GameDefinition& game = *gameOf(h);
  printOut("{{\n");
  printMember("header", headerToJson(h), false);
  printMember("format", std::to_string(kFormatMajor) + "." + std::to_string(replay.formatMinor), false);
  printMember("config", simulatesRulesOf(h) ? fieldsToJson(game.describeConfig(configOf(h))) : ordered_json(h.configValues),
              false);
  // Each chunk's separator is printed before it, so the count need not be known in advance.
  bool first = true;
  (void)visitReplay(file, [&](Chunk& chunk) {
    printOut("{}", first ? "  \"chunks\": [\n    " : ",\n    ");
    first = false;
    printNested(chunkToJson(game, replay, chunk), 2);
  });
  printOut("{}", first ? "  \"chunks\": [],\n" : "\n  ],\n");
  if (replay.footer) {
    printMember("footer",
                {{"totalTicks", replay.footer->totalTicks},
                 {"finalHash", formatHash(replay.footer->finalHash)},
                 {"finalState", snapshotToJson(replay, replay.footer->finalState)}},
                false);
  }
  printMember("truncated", replay.truncated, !replay.truncated);
  if (replay.truncated) printMember("truncation", replay.truncation, true);
  printOut("}}\n");
}

/// Prints the inputs of the replay in `file` as an input script, a run a line with runs that
/// cross chunks joined; one sentence instead when an input holds a bit no button names (a
/// script could not give it, and would record another game) or when it holds no tick. `replay`
/// is the first pass's.
std::optional<std::string> printInputScript(const std::string& path, std::span<const std::byte> file, const LoadedReplay& replay,
                                            std::uint64_t ticks) {
  const ReplayHeader& h = replay.header;
  const sim::GameDefinition& game = *gameOf(h);
  std::vector<ScriptRun> runs;
  (void)visitReplay(file, [&](Chunk& chunk) {
    for (const InputRun& run : chunk.inputs) appendScriptRun(runs, {run.input, run.length});
  });
  // Checked whole before anything is printed, so that a refusal prints no half script.
  std::string lines;
  for (const ScriptRun& run : runs) {
    auto text = formatScriptRun(game, run);
    if (!text) return "holds inputs no button of " + h.game + " names, which an input script cannot give";
    lines += *text;
  }
  if (ticks == 0) return "holds no tick, so no input to give as a script";  // record --input refuses a script without one
  printOut("# the inputs of {} ({} {}, seed {}, {}{}, input source: {}): one 'TICKS BUTTONS' run a line\n", path, h.game,
           h.configName, h.seed, formatCount(ticks, "tick"), replay.truncated ? " recovered of a recording cut short" : "",
           h.inputSource);
  printOut("# {} record --like {} --input THIS_FILE -o OUT.rtr plays them again, edited or not\n", programName(), path);
  printOut("{}", lines);
  return std::nullopt;
}

}  // namespace

struct DumpOptions {
  std::string file;
  bool json = false;    ///< JSON is the default format; the flag lets scripts say what they expect
  bool script = false;  ///< the inputs alone, as an input script
};

void attachDumpCommand(CLI::App& command, ExitCode& outExit) {
  // The options live as long as the callback that owns them: CLI11 writes into them while
  // parsing, after this function has returned.
  auto options = std::make_shared<DumpOptions>();
  command.add_option("file", options->file, "a replay")->required();
  auto* json = command.add_flag("--json", options->json, "print JSON (the default; the flag makes scripts say what they expect)");
  command
      .add_flag("--script", options->script,
                "print the inputs alone as an input script, which record --input reads (to edit and record again)")
      ->excludes(json);
  command.callback([options, &outExit] {
    // The bytes are read once: both passes see the same file even if it changes meanwhile.
    auto bytes = readFileCapped(options->file, kMaxFileBytes);
    if (auto* problem = std::get_if<std::string>(&bytes)) {
      spdlog::error("{} dump: {} {}", programName(), options->file, *problem);
      outExit = ExitCode::kBadInput;
      return;
    }
    const std::vector<std::byte>& file = std::get<std::vector<std::byte>>(bytes);
    std::uint64_t ticks = 0;
    // Checks the whole file before printing.
    auto checked = visitReplay(file, [&](Chunk& chunk) { ticks += chunk.checksums.size(); });
    if (auto* problem = std::get_if<std::string>(&checked)) {
      spdlog::error("{} dump: {} {}", programName(), options->file, *problem);
      outExit = ExitCode::kBadInput;
      return;
    }
    const LoadedReplay& replay = std::get<LoadedReplay>(checked);
    outExit = ExitCode::kOk;
    if (!options->script) {
      printReplayJson(file, replay);
      return;
    }
    if (auto problem = printInputScript(options->file, file, replay, ticks)) {
      outExit = refuseInput("dump", options->file + " " + *problem);
    }
  });
}

}  // namespace retrace::recorder::cli
