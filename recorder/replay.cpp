#include "recorder/replay.h"

#include "recorder/byte_sink.h"
#include "recorder/frame.h"
#include "recorder/parse.h"
#include "recorder/payload.h"

#include <algorithm>
#include <utility>

namespace retrace::recorder {
namespace {

std::optional<std::string> validateHeader(const ReplayHeader& h) {
  if (auto problem = findUnprintableHeaderString(h)) return "has a header whose " + *problem;
  const sim::GameDefinition* game = gameOf(h);
  if (game == nullptr) {
    if (sim::findRefusal(h.game)) return "names a game this build does not have: " + describeMissingGame(h.game);
    return "names the game " + quoteForMessage(h.game) + ", which this build does not have (it has " + joinGameNames() +
           "); only a retrace built with that game reads its replays";
  }
  if (h.tickRate != sim::kTickRate)
    return "was recorded at " + std::to_string(h.tickRate) + " ticks per second; games run at " + std::to_string(sim::kTickRate);
  if (h.chunkTicks == 0 || h.snapshotEvery == 0) return "has a corrupt header (chunk or snapshot cadence of 0)";
  if (h.fullHashEvery == 0 || h.fullHashEvery > kMaxFullHashEvery) {
    return "has a corrupt header (a whole-state checksum every " + std::to_string(h.fullHashEvery) + " ticks; 1 to " +
           std::to_string(kMaxFullHashEvery) + " are valid)";
  }
  if (simulatesRulesOf(h)) {
    if (auto problem = game->validateConfig(configOf(h), h.limitBreaksAllowed))
      return "has a configuration this build refuses: " + *problem;
  }
  return std::nullopt;
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
std::optional<std::string> validateChunk(const Chunk& c, std::uint64_t expectedFirst, std::size_t eventKinds) {
  const std::string which = "chunk starting at tick " + std::to_string(c.firstTick);
  if (c.firstTick != expectedFirst) return which + " should start at tick " + std::to_string(expectedFirst);
  if (c.checksums.empty() || c.checksums.size() > kMaxChunkTicks) return which + " holds no ticks or more than a chunk may";
  std::uint64_t inputTicks = 0;
  for (const InputRun& run : c.inputs) {
    if (run.length == 0) return which + " has an empty input run";
    inputTicks += run.length;
  }
  if (inputTicks != c.checksums.size())
    return which + " has inputs for " + std::to_string(inputTicks) + " ticks but checksums for " +
           std::to_string(c.checksums.size());
  const std::uint64_t last = c.firstTick + c.checksums.size() - 1;
  std::uint64_t previous = c.firstTick;
  for (const RecordedEvent& e : c.events) {
    if (e.tick < previous || e.tick > last) return which + " has an event out of order or outside its ticks";
    if (e.event.kind >= eventKinds) return which + " has an event of unknown kind " + std::to_string(e.event.kind);
    previous = e.tick;
  }
  if (c.hasSnapshot && c.snapshot.tick != last)
    return which + " has a snapshot of tick " + std::to_string(c.snapshot.tick) + " instead of its last tick";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> findUnprintableHeaderString(const ReplayHeader& h) {
  // Every printer shows these as they are, so none may carry a newline or a terminal escape.
  for (const auto& [what, text] : {std::pair{"tool version", &h.toolVersion}, std::pair{"game name", &h.game},
                                   std::pair{"configuration name", &h.configName}, std::pair{"input source", &h.inputSource}}) {
    if (auto problem = findUnprintable(*text, kMaxHeaderStringBytes)) return std::string(what) + " " + *problem;
  }
  return std::nullopt;
}

std::uint64_t countTicks(const LoadedReplay& replay) noexcept {
  std::uint64_t ticks = 0;
  for (const Chunk& c : replay.chunks) ticks += c.checksums.size();
  return ticks;
}

std::uint64_t findLastTick(const LoadedReplay& replay) noexcept {
  return replay.chunks.empty() ? 0 : replay.chunks.back().firstTick + replay.chunks.back().checksums.size() - 1;
}

sim::Input findInputAt(const LoadedReplay& replay, std::uint64_t tick) noexcept {
  for (const Chunk& c : replay.chunks) {
    if (tick < c.firstTick || tick >= c.firstTick + c.checksums.size()) continue;
    std::uint64_t t = c.firstTick;
    for (const InputRun& run : c.inputs) {
      if (tick < t + run.length) return run.input;
      t += run.length;
    }
  }
  return 0;
}

std::vector<sim::Event> recordedEventsAt(const LoadedReplay& replay, std::uint64_t tick) {
  std::vector<sim::Event> events;
  for (const Chunk& c : replay.chunks) {
    if (tick < c.firstTick || tick >= c.firstTick + c.checksums.size()) continue;
    for (const RecordedEvent& e : c.events) {
      if (e.tick == tick) events.push_back(e.event);
    }
  }
  return events;
}

std::vector<sim::Input> expandInputs(const LoadedReplay& replay) {
  std::vector<sim::Input> inputs;
  inputs.reserve(static_cast<std::size_t>(countTicks(replay)));  // a sum of sizes held in memory: fits
  for (const Chunk& c : replay.chunks) {
    for (const InputRun& run : c.inputs) inputs.insert(inputs.end(), run.length, run.input);
  }
  return inputs;
}

std::vector<std::uint16_t> flattenChecksums(const LoadedReplay& replay) {
  std::vector<std::uint16_t> checksums;
  checksums.reserve(static_cast<std::size_t>(countTicks(replay)));
  for (const Chunk& c : replay.chunks) checksums.insert(checksums.end(), c.checksums.begin(), c.checksums.end());
  return checksums;
}

sim::ConfigValues configOf(const ReplayHeader& header) { return {header.configName, header.configValues}; }

const sim::GameDefinition* gameOf(const ReplayHeader& header) { return sim::findGame(header.game); }

bool simulatesRulesOf(const ReplayHeader& header) { return header.rulesVersion == gameOf(header)->rulesVersion(); }

std::optional<std::string> findRulesMismatch(const ReplayHeader& header) {
  if (simulatesRulesOf(header)) return std::nullopt;
  return "was recorded with " + header.game + " rules version " + std::to_string(header.rulesVersion) +
         "; this build simulates version " + std::to_string(gameOf(header)->rulesVersion()) + " (re-approve it)";
}

std::optional<std::vector<sim::Field>> describeStoredState(const ReplayHeader& header, std::span<const std::int64_t> values) {
  // Only this build's rules can name the fields (another version's configuration may not even
  // start a game here).
  if (!simulatesRulesOf(header)) return std::nullopt;
  auto session = gameOf(header)->start(configOf(header), header.seed);
  if (!session->loadState(values)) return std::nullopt;
  return session->describeState();
}

std::vector<std::byte> encodeReplay(const LoadedReplay& replay) {
  std::vector<std::byte> out = encodePreamble();
  const auto append = [&](FrameKind kind, const std::vector<std::byte>& payload) {
    const auto frame = encodeFrame(kind, payload);
    out.insert(out.end(), frame.begin(), frame.end());
  };
  append(FrameKind::kHeader, encodePayload(replay.header));
  for (const Chunk& c : replay.chunks) append(FrameKind::kChunk, encodePayload(c));
  if (replay.footer) append(FrameKind::kFooter, encodePayload(*replay.footer));
  return out;
}

LoadedReplay cutReplay(const LoadedReplay& replay, std::uint64_t lastTick) {
  LoadedReplay cut;
  cut.header = replay.header;
  cut.formatMinor = replay.formatMinor;
  for (Chunk chunk : replay.chunks) {
    if (chunk.firstTick > lastTick) break;
    const std::uint64_t keep = std::min<std::uint64_t>(chunk.checksums.size(), lastTick - chunk.firstTick + 1);
    if (keep < chunk.checksums.size()) {
      chunk.checksums.resize(static_cast<std::size_t>(keep));  // keep < checksums.size()
      std::erase_if(chunk.events, [&](const RecordedEvent& e) { return e.tick > lastTick; });
      std::vector<InputRun> runs;
      std::uint64_t left = keep;
      for (const InputRun& run : chunk.inputs) {
        if (left == 0) break;
        runs.push_back({run.input, static_cast<std::uint32_t>(std::min<std::uint64_t>(run.length, left))});
        left -= runs.back().length;
      }
      chunk.inputs = std::move(runs);
      chunk.hasSnapshot = false;
      chunk.snapshot = {};
    }
    cut.chunks.push_back(std::move(chunk));
  }
  cut.truncated = true;
  cut.truncation = "cut after tick " + std::to_string(lastTick);
  return cut;
}

std::variant<ReplayReader, std::string> ReplayReader::open(std::span<const std::byte> file, ReplayLimits limits) {
  return open(FrameSource(file), limits);
}

std::variant<ReplayReader, std::string> ReplayReader::open(FrameSource source, ReplayLimits limits) {
  const std::uint64_t size = source.size();
  if (size > limits.fileBytes)
    return "is " + std::to_string(size) + " bytes, over the " + std::to_string(limits.fileBytes) + " bytes a replay may hold";
  const std::vector<std::byte> preamble = source.readStart(kPreambleBytes);
  if (auto problem = checkPreamble(preamble)) return *problem;
  ReplayReader reader(std::move(source), limits.decodedBytes);
  reader.replay_.fileBytes = size;
  reader.replay_.formatMinor = readFormatMinor(preamble);
  const FrameRead read = reader.source_.read(reader.offset_);
  if (read.status == FrameRead::Status::kCorrupt) return read.problem;
  if (read.status == FrameRead::Status::kEnd) return "ends before its header";
  if (read.status == FrameRead::Status::kTruncated) return "is cut short inside its header: " + read.problem;
  if (read.frame.kind != FrameKind::kHeader) return "does not start with a header frame";
  auto header = decodeHeader(read.frame.payload, reader.replay_.formatMinor);
  if (auto* error = std::get_if<std::string>(&header)) return "has an unreadable header: " + *error;
  reader.replay_.header = std::move(std::get<ReplayHeader>(header));
  if (auto problem = validateHeader(reader.replay_.header)) return *problem;
  reader.eventKinds_ = gameOf(reader.replay_.header)->eventSchemas().size();
  reader.offset_ = read.next;
  return reader;
}

ReplayReader::Found ReplayReader::next(Chunk& chunk) {
  const FrameRead read = source_.read(offset_);
  if (read.status == FrameRead::Status::kCorrupt) return refuse(read.problem);
  if (read.status == FrameRead::Status::kTruncated || read.status == FrameRead::Status::kEnd) {
    replay_.truncated = true;
    replay_.truncation = read.status == FrameRead::Status::kEnd ? "the file ends without a footer" : read.problem;
    return Found::kEnd;
  }
  const DecodedFrame& frame = read.frame;
  const std::string where = "the frame at byte " + std::to_string(frame.offset);
  decodedBytes_ += frame.payload.size();
  if (decodedBytes_ > maxDecodedBytes_) {
    return refuse("decompresses to more than " + std::to_string(maxDecodedBytes_) + " bytes by " + where +
                  ", over the cap for replays");
  }
  if (frame.kind == FrameKind::kChunk) {
    auto decoded = decodePayload<Chunk>(frame.payload);
    if (auto* error = std::get_if<std::string>(&decoded)) return refuse(where + " holds an unreadable chunk: " + *error);
    if (auto problem = validateChunk(std::get<Chunk>(decoded), ticks_ + 1, eventKinds_)) return refuse(*problem);
    chunk = std::move(std::get<Chunk>(decoded));
    ticks_ += chunk.checksums.size();
    offset_ = read.next;
    return Found::kChunk;
  }
  if (frame.kind == FrameKind::kFooter) return takeFooter(read, where);
  return refuse(where + " is a second header");
}

ReplayReader::Found ReplayReader::takeFooter(const FrameRead& read, const std::string& where) {
  auto footer = decodePayload<Footer>(read.frame.payload);
  if (auto* error = std::get_if<std::string>(&footer)) return refuse(where + " holds an unreadable footer: " + *error);
  replay_.footer = std::move(std::get<Footer>(footer));
  if (read.next != source_.size()) return refuse("has " + std::to_string(source_.size() - read.next) + " bytes after its footer");
  if (replay_.footer->totalTicks != ticks_) {
    return refuse("has a footer for " + std::to_string(replay_.footer->totalTicks) + " ticks but chunks for " +
                  std::to_string(ticks_));
  }
  if (replay_.footer->finalState.tick != ticks_) {
    return refuse("has a footer whose final state is of tick " + std::to_string(replay_.footer->finalState.tick) +
                  " instead of tick " + std::to_string(ticks_));
  }
  return Found::kEnd;
}

ReplayReader::Found ReplayReader::refuse(std::string problem) {
  problem_ = std::move(problem);
  return Found::kProblem;
}

namespace {

/// visitReplay over any source of frames.
std::variant<LoadedReplay, std::string> visitFrames(FrameSource source, const std::function<void(Chunk&)>& visit) {
  auto opened = ReplayReader::open(std::move(source));
  if (auto* problem = std::get_if<std::string>(&opened)) return *problem;
  ReplayReader& reader = std::get<ReplayReader>(opened);
  while (true) {
    Chunk chunk;
    switch (reader.next(chunk)) {
      case ReplayReader::Found::kChunk: visit(chunk); break;
      case ReplayReader::Found::kProblem: return reader.problem();
      case ReplayReader::Found::kEnd: return reader.takeReplay();
    }
  }
}

}  // namespace

std::variant<LoadedReplay, std::string> visitReplay(std::span<const std::byte> file, const std::function<void(Chunk&)>& visit) {
  return visitFrames(FrameSource(file), visit);
}

std::variant<LoadedReplay, std::string> visitReplayFile(const std::string& path, const std::function<void(Chunk&)>& visit) {
  auto source = FrameSource::openFile(path, kMaxFileBytes);
  if (auto* problem = std::get_if<std::string>(&source)) return path + " " + *problem;
  auto replay = visitFrames(std::move(std::get<FrameSource>(source)), visit);
  if (auto* problem = std::get_if<std::string>(&replay)) return path + " " + *problem;
  return replay;
}

namespace {

/// Runs a visiting read with a visitor that keeps every chunk, and gives the replay its chunks.
template <typename Read>
std::variant<LoadedReplay, std::string> keepChunks(const Read& read) {
  std::vector<Chunk> chunks;
  auto replay = read([&chunks](Chunk& chunk) { chunks.push_back(std::move(chunk)); });
  if (auto* loaded = std::get_if<LoadedReplay>(&replay)) loaded->chunks = std::move(chunks);
  return replay;
}

}  // namespace

std::variant<LoadedReplay, std::string> loadReplay(std::span<const std::byte> file) {
  return keepChunks([file](const auto& visit) { return visitReplay(file, visit); });
}

std::variant<LoadedReplay, std::string> loadReplayFile(const std::string& path) {
  return keepChunks([&path](const auto& visit) { return visitReplayFile(path, visit); });
}

}  // namespace retrace::recorder
