#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <spdlog/spdlog.h>

#include "recorder/cli/command.h"
#include "recorder/input_source.h"
#include "recorder/parse.h"
#include "recorder/replay.h"
#include "recorder/verifier.h"

namespace retrace::recorder::cli {
namespace {

std::string formatDuration(std::uint64_t ticks) {
  const std::uint64_t millis = ticks * 1000 / sim::kTickRate;
  char text[64];
  std::snprintf(text, sizeof text, "%llu:%02llu:%02llu.%03llu", static_cast<unsigned long long>(millis / 3'600'000),
                static_cast<unsigned long long>(millis / 60'000 % 60), static_cast<unsigned long long>(millis / 1000 % 60),
                static_cast<unsigned long long>(millis % 1000));
  return text;
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

void printInfo(const std::string& file, const LoadedReplay& replay, const ChunkTally& tally) {
  const ReplayHeader& h = replay.header;
  const sim::GameDefinition& game = *gameOf(h);
  const std::uint64_t ticks = tally.ticks;
  std::printf("file:      %s (%llu bytes, written by %s)\n", file.c_str(), static_cast<unsigned long long>(replay.fileBytes),
              h.toolVersion.c_str());
  std::printf("game:      %s rules %u, configuration %s%s, seed %llu\n", h.game.c_str(), h.rulesVersion, h.configName.c_str(),
              h.limitBreaksAllowed ? " (limit breaks allowed)" : "", static_cast<unsigned long long>(h.seed));
  std::printf("input:     %s; buttons: %s\n", h.inputSource.c_str(), joinNames(game.inputNames()).c_str());
  const std::string cadence =
      h.fullHashEvery == 1 ? "every tick" : "every " + std::to_string(h.fullHashEvery) + " ticks, the tick digest between";
  std::printf("format:    %u.%u%s; tick checksums: whole state %s\n", kFormatMajor, replay.formatMinor,
              replay.formatMinor < kFormatMinor ? " (migrated on load)" : "", cadence.c_str());
  std::printf("ticks:     %llu (%s at %u ticks/s)\n", static_cast<unsigned long long>(ticks), formatDuration(ticks).c_str(),
              h.tickRate);
  if (ticks > 0) {
    std::printf("size:      %.2f bytes per tick (%s of up to %u ticks, a snapshot every %u)\n",
                static_cast<double>(replay.fileBytes) / static_cast<double>(ticks), formatCount(tally.chunks, "chunk").c_str(),
                h.chunkTicks, h.snapshotEvery);
  }
  if (replay.truncated) {
    std::printf("complete:  no: truncated, %llu%s ticks recovered (%s)\n", static_cast<unsigned long long>(ticks),
                h.plannedTicks > 0 ? (" of " + std::to_string(h.plannedTicks)).c_str() : "", replay.truncation.c_str());
  } else {
    std::printf("complete:  yes (final hash %s)\n", formatHash(replay.footer->finalHash).c_str());
  }
  std::map<std::string, std::uint64_t> byName;  // printed in name order
  for (const auto& [kind, count] : tally.events) byName[game.eventSchemas()[kind].name] += count;
  std::string events;
  for (const auto& [name, count] : byName) events += (events.empty() ? "" : ", ") + name + " " + std::to_string(count);
  std::printf("events:    %s\n", events.empty() ? "none" : events.c_str());
}

}  // namespace

void attachInfoCommand(CLI::App& command, ExitCode& outExit) {
  auto files = std::make_shared<std::vector<std::string>>();
  command.add_option("files", *files, "replays (each described in turn, a blank line between)")->required();
  command.callback([files, &outExit] {
    outExit = ExitCode::kOk;
    bool first = true;
    for (const std::string& file : *files) {
      auto tallied = tallyReplayFile(file);
      if (auto* problem = std::get_if<std::string>(&tallied)) {
        spdlog::error("retrace info: {}", *problem);
        outExit = ExitCode::kBadInput;
        continue;
      }
      if (!first) std::printf("\n");
      first = false;
      const auto& [replay, tally] = std::get<std::pair<LoadedReplay, ChunkTally>>(tallied);
      printInfo(file, replay, tally);
    }
  });
}

}  // namespace retrace::recorder::cli
