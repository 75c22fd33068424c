#include "recorder/recorder.h"

#include "recorder/frame.h"
#include "recorder/parse.h"
#include "recorder/payload.h"
#include "recorder/replay.h"
#include "recorder/settings.h"

namespace retrace::recorder {

Recorder::Recorder(std::unique_ptr<ByteSink> sink, ReplayHeader header, std::unique_ptr<sim::GameSession> session,
                   ReplayLimits limits)
    : sink_(std::move(sink)), frames_(*sink_, limits), header_(std::move(header)), session_(std::move(session)) {
  error_ = frames_.writePreamble();
  writeFrame(FrameKind::kHeader, encodePayload(header_));
  if (!error_) error_ = sink_->flush();
  writer_ = std::make_unique<ChunkWriter>(frames_);
  chunk_ = Chunk{};
  startChunk();
}

void Recorder::startChunk() {
  chunk_.firstTick = ticks_ + 1;
  chunk_.checksums.reserve(header_.chunkTicks);  // no regrowth mid-chunk
}

sim::StepResult Recorder::record(sim::Input input) {
  sim::StepResult result = session_->step(input);
  // Play may go on after close() (a game that saved a bug and keeps playing); the replay is
  // complete, and a sink that still took writes would get chunks after its footer.
  if (closed_) return result;
  ++ticks_;
  appendTick(chunk_, ticks_, input, result.events, tickChecksum(*session_, cadence_.nextCoversWholeState()));
  if (chunk_.checksums.size() == header_.chunkTicks) flushChunk();
  return result;
}

std::optional<std::string> Recorder::close() {
  if (closed_) return "the recording is already closed";
  closed_ = true;
  if (!error_) error_ = writer_->finish();  // every queued chunk written, the thread stopped
  if (!chunk_.checksums.empty()) {
    addSnapshotIfDue();
    writeFrame(FrameKind::kChunk, encodePayload(chunk_));
  }
  const StateSnapshot final = takeSnapshot();
  writeFrame(FrameKind::kFooter, encodePayload(Footer{ticks_, final.hash, final}));
  if (!error_) error_ = sink_->commit();
  return error_;
}

void Recorder::discard() {
  if (closed_) return;
  closed_ = true;
  (void)writer_->finish();  // the thread stopped before the file goes
  sink_->discard();
}

void Recorder::writeFrame(FrameKind kind, std::span<const std::byte> payload) {
  if (error_) return;
  error_ = frames_.write(kind, payload);
}

StateSnapshot Recorder::takeSnapshot() const { return {ticks_, session_->hash(), session_->saveState()}; }

void Recorder::addSnapshotIfDue() {
  if (ticks_ % header_.snapshotEvery == 0) {
    chunk_.hasSnapshot = true;
    chunk_.snapshot = takeSnapshot();
  }
}

void Recorder::flushChunk() {
  addSnapshotIfDue();
  if (!error_) writer_->submit(chunk_);
  clearKeepingCapacity(chunk_);
  startChunk();
}

std::variant<ReplayHeader, std::string> makeHeader(const RecordingOptions& options) {
  const sim::GameDefinition* game = sim::findGame(options.game);
  if (game == nullptr) {
    return describeMissingGame(options.game);
  }
  const auto named = options.baseConfig ? options.baseConfig : game->findConfig(options.configName);
  if (!named) {
    return options.game + " has no configuration " + quoteForMessage(options.configName) +
           " (configurations: " + joinNames(game->configNames()) + ")";
  }
  auto config = applySettings(*game, *named, options.settings);
  if (const auto* problem = std::get_if<std::string>(&config)) return *problem;
  if (auto problem =
          refuseConfig(*game, std::get<sim::ConfigValues>(config), options.allowLimitBreaks, options.allowLimitBreaksWith))
    return *problem;
  if (options.chunkTicks == 0 || options.chunkTicks > kMaxChunkTicks)
    return "chunks hold 1 to " + std::to_string(kMaxChunkTicks) + " ticks";
  if (options.snapshotEvery == 0 || options.snapshotEvery % options.chunkTicks != 0) {
    return "the snapshot cadence must be a positive multiple of the chunk length";
  }
  if (options.fullHashEvery == 0 || options.fullHashEvery > kMaxFullHashEvery) {
    return "the whole-state checksum cadence must be 1 to " + std::to_string(kMaxFullHashEvery) + " ticks";
  }
  ReplayHeader header = buildHeader(options, *game, std::get<sim::ConfigValues>(config));
  // A recording the loader would refuse is refused before it starts.
  if (auto problem = findUnprintableHeaderString(header)) return "the replay's " + *problem;
  return header;
}

ReplayHeader buildHeader(const RecordingOptions& options, const sim::GameDefinition& game, const sim::ConfigValues& config) {
  ReplayHeader header;
  header.toolVersion = kToolVersion;
  header.game = std::string(game.name());
  header.rulesVersion = game.rulesVersion();
  header.configName = config.name;
  header.configValues = config.values;
  header.limitBreaksAllowed = options.allowLimitBreaks;
  header.seed = options.seed;
  header.chunkTicks = options.chunkTicks;
  header.snapshotEvery = options.snapshotEvery;
  header.fullHashEvery = options.fullHashEvery;
  header.inputSource = options.inputSource;
  header.plannedTicks = options.plannedTicks;
  return header;
}

std::variant<std::unique_ptr<Recorder>, std::string> openRecording(const RecordingOptions& options,
                                                                   std::unique_ptr<ByteSink> sink) {
  auto header = makeHeader(options);
  if (auto* problem = std::get_if<std::string>(&header)) return *problem;
  const ReplayHeader& h = std::get<ReplayHeader>(header);
  auto session = sim::findGame(h.game)->start({h.configName, h.configValues}, h.seed);
  auto recorder = std::make_unique<Recorder>(std::move(sink), h, std::move(session));
  if (auto problem = recorder->error()) return *problem;
  return recorder;
}

std::variant<std::unique_ptr<Recorder>, std::string> openRecording(const RecordingOptions& options) {
  // Check the game and configuration before touching the disk.
  if (auto header = makeHeader(options); std::holds_alternative<std::string>(header)) return std::get<std::string>(header);
  auto sink = FileSink::create(options.output, options.overwrite);
  if (auto* problem = std::get_if<std::string>(&sink)) return *problem;
  return openRecording(options, std::move(std::get<std::unique_ptr<FileSink>>(sink)));
}

std::string describeVersion(std::string_view program) {
  return std::string(program) + " " RETRACE_VERSION " (replay format " + std::to_string(kFormatMajor) + "." +
         std::to_string(kFormatMinor) + ")";
}

}  // namespace retrace::recorder
