#include "recorder/replay.h"

#include "recorder/byte_sink.h"
#include "recorder/frame.h"
#include "recorder/parse.h"
#include "recorder/payload.h"

namespace retrace::recorder {
namespace {

std::string validateHeader(const ReplayHeader& h) {
  const sim::GameDefinition* game = gameOf(h);
  if (game == nullptr) {
    return "names the game '" + h.game + "', which this build does not have (it has " + joinGameNames() + ")";
  }
  if (h.tickRate != sim::kTickRate) return "was recorded at " + std::to_string(h.tickRate) + " ticks per second; games run at " + std::to_string(sim::kTickRate);
  if (h.chunkTicks == 0 || h.snapshotEvery == 0) return "has a corrupt header (chunk or snapshot cadence of 0)";
  if (h.fullHashEvery == 0 || h.fullHashEvery > kMaxFullHashEvery) {
    return "has a corrupt header (a whole-state checksum every " + std::to_string(h.fullHashEvery) + " ticks; 1 to " + std::to_string(kMaxFullHashEvery) + " are valid)";
  }
  if (h.rulesVersion == game->rulesVersion()) {
    if (auto problem = game->validateConfig(configOf(h), h.limitBreaksAllowed)) return "has a configuration this build refuses: " + *problem;
  }
  return {};
}

/// The header in the layout of the file's format version, migrated to today's.
std::variant<ReplayHeader, std::string> decodeHeader(std::span<const std::byte> payload, std::uint16_t formatMinor) {
  if (formatMinor == 0) {
    auto old = decodePayload<HeaderV1_0>(payload);
    if (auto* error = std::get_if<std::string>(&old)) return *error;
    return std::move(std::get<HeaderV1_0>(old).header);
  }
  return decodePayload<ReplayHeader>(payload);
}

/// The tick-level consistency of a chunk that follows tick `expectedFirst - 1`.
std::string validateChunk(const Chunk& c, std::uint64_t expectedFirst, std::size_t eventKinds) {
  const std::string which = "chunk starting at tick " + std::to_string(c.firstTick);
  if (c.firstTick != expectedFirst) return which + " should start at tick " + std::to_string(expectedFirst);
  if (c.checksums.empty() || c.checksums.size() > kMaxChunkTicks) return which + " holds no ticks or more than a chunk may";
  std::uint64_t inputTicks = 0;
  for (const InputRun& run : c.inputs) {
    if (run.length == 0) return which + " has an empty input run";
    inputTicks += run.length;
  }
  if (inputTicks != c.checksums.size()) return which + " has inputs for " + std::to_string(inputTicks) + " ticks but checksums for " + std::to_string(c.checksums.size());
  const std::uint64_t last = c.firstTick + c.checksums.size() - 1;
  std::uint64_t previous = c.firstTick;
  for (const RecordedEvent& e : c.events) {
    if (e.tick < previous || e.tick > last) return which + " has an event out of order or outside its ticks";
    if (e.event.kind >= eventKinds) return which + " has an event of unknown kind " + std::to_string(e.event.kind);
    previous = e.tick;
  }
  if (c.hasSnapshot && c.snapshot.tick != last) return which + " has a snapshot of tick " + std::to_string(c.snapshot.tick) + " instead of its last tick";
  return {};
}

}  // namespace

std::uint64_t countTicks(const LoadedReplay& replay) noexcept {
  std::uint64_t ticks = 0;
  for (const Chunk& c : replay.chunks) ticks += c.checksums.size();
  return ticks;
}

std::vector<sim::Input> expandInputs(const LoadedReplay& replay) {
  std::vector<sim::Input> inputs;
  inputs.reserve(countTicks(replay));
  for (const Chunk& c : replay.chunks) {
    for (const InputRun& run : c.inputs) inputs.insert(inputs.end(), run.length, run.input);
  }
  return inputs;
}

std::vector<std::uint16_t> flattenChecksums(const LoadedReplay& replay) {
  std::vector<std::uint16_t> checksums;
  checksums.reserve(countTicks(replay));
  for (const Chunk& c : replay.chunks) checksums.insert(checksums.end(), c.checksums.begin(), c.checksums.end());
  return checksums;
}

sim::ConfigValues configOf(const ReplayHeader& header) { return {header.configName, header.configValues}; }

const sim::GameDefinition* gameOf(const ReplayHeader& header) { return sim::findGame(header.game); }

std::variant<LoadedReplay, std::string> loadReplay(std::span<const std::byte> file) {
  if (file.size() > kMaxFileBytes) return "is " + std::to_string(file.size()) + " bytes, over the 1 GiB cap for replays";
  if (auto problem = checkPreamble(file)) return *problem;
  LoadedReplay replay;
  replay.fileBytes = file.size();
  replay.formatMinor = readFormatMinor(file);
  std::size_t offset = kPreambleBytes;
  bool haveHeader = false;
  while (true) {
    const FrameRead read = readFrame(file, offset);
    if (read.status == FrameRead::Status::kCorrupt) return read.problem;
    if (read.status == FrameRead::Status::kTruncated || read.status == FrameRead::Status::kEnd) {
      if (!haveHeader) return read.status == FrameRead::Status::kEnd ? "ends before its header" : "is cut short inside its header: " + read.problem;
      replay.truncated = true;
      replay.truncation = read.status == FrameRead::Status::kEnd ? "the file ends without a footer" : read.problem;
      return replay;
    }
    const DecodedFrame& frame = read.frame;
    const std::string where = "the frame at byte " + std::to_string(frame.offset);
    if (!haveHeader) {
      if (frame.kind != FrameKind::kHeader) return "does not start with a header frame";
      auto header = decodeHeader(frame.payload, replay.formatMinor);
      if (auto* error = std::get_if<std::string>(&header)) return "has an unreadable header: " + *error;
      replay.header = std::move(std::get<ReplayHeader>(header));
      if (auto problem = validateHeader(replay.header); !problem.empty()) return problem;
      haveHeader = true;
    } else if (frame.kind == FrameKind::kChunk) {
      auto chunk = decodePayload<Chunk>(frame.payload);
      if (auto* error = std::get_if<std::string>(&chunk)) return where + " holds an unreadable chunk: " + *error;
      const std::size_t kinds = gameOf(replay.header)->eventSchemas().size();
      if (auto problem = validateChunk(std::get<Chunk>(chunk), countTicks(replay) + 1, kinds); !problem.empty()) return problem;
      replay.chunks.push_back(std::move(std::get<Chunk>(chunk)));
    } else if (frame.kind == FrameKind::kFooter) {
      auto footer = decodePayload<Footer>(frame.payload);
      if (auto* error = std::get_if<std::string>(&footer)) return where + " holds an unreadable footer: " + *error;
      replay.footer = std::move(std::get<Footer>(footer));
      if (read.next != file.size()) return "has " + std::to_string(file.size() - read.next) + " bytes after its footer";
      if (replay.footer->totalTicks != countTicks(replay)) {
        return "has a footer for " + std::to_string(replay.footer->totalTicks) + " ticks but chunks for " + std::to_string(countTicks(replay));
      }
      return replay;
    } else {
      return where + " is a second header";
    }
    offset = read.next;
  }
}

std::variant<LoadedReplay, std::string> loadReplayFile(const std::string& path) {
  auto bytes = readFileCapped(path, kMaxFileBytes);
  if (auto* problem = std::get_if<std::string>(&bytes)) return path + " " + *problem;
  auto replay = loadReplay(std::get<std::vector<std::byte>>(bytes));
  if (auto* problem = std::get_if<std::string>(&replay)) return path + " " + *problem;
  return replay;
}

}  // namespace retrace::recorder
