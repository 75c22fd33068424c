#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "recorder/approve.h"
#include "recorder/cli/command.h"
#include "recorder/cli/field_json.h"
#include "recorder/expectations.h"
#include "recorder/input_source.h"
#include "recorder/parse.h"
#include "recorder/replay.h"
#include "recorder/verifier.h"

namespace retrace::recorder::cli {
namespace {

std::string formatDuration(std::uint64_t ticks) {
  const std::uint64_t millis = ticks * 1000 / sim::kTickRate;
  return fmt::format("{}:{:02}:{:02}.{:03}", millis / 3'600'000, millis / 60'000 % 60, millis / 1000 % 60, millis % 1000);
}

/// What info prints about the chunks, counted one chunk at a time.
struct ChunkTally {
  std::uint64_t ticks = 0;
  std::size_t chunks = 0;
  std::map<std::uint16_t, std::uint64_t> events;  ///< by kind (the loader checked each is the game's)
};

/// Reads a replay file chunk by chunk, keeping only the tally: memory stays bounded by the file
/// however many ticks it decodes to. One sentence starting with the path on failure.
std::variant<std::pair<LoadedReplay, ChunkTally>, std::string> tallyReplayFile(const std::string& file) {
  ChunkTally tally;
  auto replay = visitReplayFile(file, [&tally](Chunk& chunk) {
    tally.ticks += chunk.checksums.size();
    ++tally.chunks;
    for (const RecordedEvent& e : chunk.events) ++tally.events[e.event.kind];
  });
  if (auto* problem = std::get_if<std::string>(&replay)) return *problem;
  return std::pair{std::move(std::get<LoadedReplay>(replay)), std::move(tally)};
}

/// The events counted by their kind's name, in name order.
std::map<std::string, std::uint64_t> countEventsByName(const sim::GameDefinition& game, const ChunkTally& tally) {
  std::map<std::string, std::uint64_t> byName;
  for (const auto& [kind, count] : tally.events) byName[game.eventSchemas()[kind].name] += count;
  return byName;
}

/// Each expectation as its line says it (describeExpectation), in the file's order.
std::vector<std::string> describeEachExpectation(const std::vector<Expectation>& expectations) {
  std::vector<std::string> lines;
  for (const Expectation& e : expectations) lines.push_back(describeExpectation(e));
  return lines;
}

/// What a NAME.expect beside a replay says it must show, one line ("FILE: tunnels >= 10; never
/// man.hp < 0 (...)"), or why it cannot be read; nothing when it has none.
std::optional<std::string> describeExpectFile(const std::string& file, const ReplayHeader& header) {
  auto read = readExpectations(file, header);
  if (auto* problem = std::get_if<std::string>(&read)) return "cannot be read, and verify --expect refuses it: " + *problem;
  const auto& found = std::get<0>(read);
  if (!found) return std::nullopt;
  std::string lines;
  for (const std::string& line : describeEachExpectation(found->second)) lines += (lines.empty() ? "" : "; ") + line;
  return found->first + ": " + lines + " (verify --expect judges it by that)";
}

void printInfo(const std::string& file, const LoadedReplay& replay, const ChunkTally& tally) {
  const ReplayHeader& h = replay.header;
  const sim::GameDefinition& game = *gameOf(h);
  const std::uint64_t ticks = tally.ticks;
  printOut("file:      {} ({} bytes, written by {})\n", file, replay.fileBytes, h.toolVersion);
  printOut("game:      {} rules {}, configuration {}{}, seed {}\n", h.game, h.rulesVersion, h.configName,
           h.limitBreaksAllowed ? " (limit breaks allowed)" : "", h.seed);
  printOut("input:     {}; buttons: {}\n", h.inputSource, joinNames(game.inputNames()));
  const std::string cadence =
      h.fullHashEvery == 1 ? "every tick" : "every " + std::to_string(h.fullHashEvery) + " ticks, the tick digest between";
  printOut("format:    {}.{}{}; tick checksums: whole state {}\n", kFormatMajor, replay.formatMinor,
           replay.formatMinor < kFormatMinor ? " (migrated on load)" : "", cadence);
  printOut("ticks:     {} ({} at {} ticks/s)\n", ticks, formatDuration(ticks), h.tickRate);
  if (ticks > 0) {
    printOut("size:      {:.2f} bytes per tick ({} of up to {} ticks, a snapshot every {})\n",
             static_cast<double>(replay.fileBytes) / static_cast<double>(ticks), formatCount(tally.chunks, "chunk"), h.chunkTicks,
             h.snapshotEvery);
  }
  if (replay.truncated) {
    printOut("complete:  no: truncated, {}{} ticks recovered ({})\n", ticks,
             h.plannedTicks > 0 ? " of " + std::to_string(h.plannedTicks) : std::string(), replay.truncation);
  } else {
    printOut("complete:  yes (final hash {})\n", formatHash(replay.footer->finalHash));
  }
  std::string events;
  for (const auto& [name, count] : countEventsByName(game, tally))
    events += (events.empty() ? "" : ", ") + name + " " + std::to_string(count);
  printOut("events:    {}\n", events.empty() ? "none" : events);
  // A regression replay's tunnels may be its point: what it must show is in the file beside it.
  if (auto expect = describeExpectFile(file, h)) printOut("expect:    {}\n", *expect);
}

/// What printInfo says, as one JSON object.
nlohmann::ordered_json describeInfoJson(const std::string& file, const LoadedReplay& replay, const ChunkTally& tally) {
  const ReplayHeader& h = replay.header;
  const sim::GameDefinition& game = *gameOf(h);
  // The header as dump --json prints it, and what info adds: the file, the tally, the ending.
  nlohmann::ordered_json out{{"file", file},
                             {"bytes", replay.fileBytes},
                             {"header", headerToJson(h)},
                             {"format", std::to_string(kFormatMajor) + "." + std::to_string(replay.formatMinor)},
                             {"buttons", std::vector<std::string>(game.inputNames().begin(), game.inputNames().end())},
                             {"ticks", tally.ticks},
                             {"duration", formatDuration(tally.ticks)},
                             {"chunks", tally.chunks},
                             {"complete", !replay.truncated}};
  out["truncation"] = replay.truncated ? nlohmann::ordered_json(replay.truncation) : nlohmann::ordered_json();
  // Hex text: a 64-bit hash as a JSON number would lose bits to many readers.
  out["finalHash"] = replay.footer ? nlohmann::ordered_json(formatHash(replay.footer->finalHash)) : nlohmann::ordered_json();
  out["events"] = countEventsByName(game, tally);
  auto expect = readExpectations(file, h);
  if (const auto* problem = std::get_if<std::string>(&expect)) {
    out["expect"] = {{"error", *problem}};
  } else if (const auto& found = std::get<0>(expect)) {
    out["expect"] = {{"file", found->first}, {"lines", describeEachExpectation(found->second)}};
  } else {
    out["expect"] = nullptr;
  }
  return out;
}

}  // namespace

void attachInfoCommand(CLI::App& command, ExitCode& outExit) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto json = std::make_shared<bool>(false);
  command.add_option("files", *files, "replays or folders of *.rtr replays (each described in turn, a blank line between)")
      ->required();
  command.add_flag("--json", *json,
                   "one JSON object a line for each replay, in the order given (or the error of one it could not read)");
  command.callback([files, json, &outExit] {
    outExit = ExitCode::kOk;
    auto expanded = expandReplayFolders(*files);
    if (auto* problem = std::get_if<std::string>(&expanded)) {
      outExit = refuseInput("info", *problem);
      return;
    }
    bool first = true;
    for (const std::string& file : std::get<std::vector<std::string>>(expanded)) {
      auto tallied = tallyReplayFile(file);
      if (auto* problem = std::get_if<std::string>(&tallied)) {
        spdlog::error("{} info: {}", programName(), *problem);
        if (*json) printOut("{}\n", nlohmann::ordered_json{{"file", file}, {"error", *problem}}.dump());
        outExit = ExitCode::kBadInput;
        continue;
      }
      const auto& [replay, tally] = std::get<std::pair<LoadedReplay, ChunkTally>>(tallied);
      if (*json) {
        printOut("{}\n", describeInfoJson(file, replay, tally).dump());
        continue;
      }
      if (!first) printOut("\n");
      first = false;
      printInfo(file, replay, tally);
    }
  });
}

}  // namespace retrace::recorder::cli
