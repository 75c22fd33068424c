// The recorder's writer thread: chunks arrive in order, a failed write reaches the game loop
// and close() and nothing is written after it, nothing queued is lost when a recording ends,
// and on one processor, where the writer sleeps at once, each chunk wakes it.
#include "recorder/chunk_writer.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include <gtest/gtest.h>

#ifdef __linux__
#include <sched.h>
#endif

#include "recorder/frame.h"
#include "recorder/payload.h"
#include "recorder/processors.h"
#include "recorder/recorder.h"
#include "recorder/replay.h"
#include "recorder/verifier.h"
#include "replay_test_support.h"

namespace retrace::recorder {
namespace {

using testing::loadOrFail;

/// Keeps bytes in memory like MemorySink, but can be slow and can fail from its Nth write on.
class TestSink final : public ByteSink {
 public:
  TestSink(std::vector<std::byte>& out, int failFromWrite, std::chrono::microseconds delay)
      : out_(out), failFromWrite_(failFromWrite), delay_(delay) {}
  std::optional<std::string> write(std::span<const std::byte> bytes) override {
    std::this_thread::sleep_for(delay_);
    if (failFromWrite_ > 0 && ++writes_ >= failFromWrite_) return "the disk is full";
    out_.insert(out_.end(), bytes.begin(), bytes.end());
    written_.fetch_add(1);
    return std::nullopt;
  }
  std::optional<std::string> flush() override { return std::nullopt; }
  std::optional<std::string> commit() override { return std::nullopt; }
  void discard() override { out_.clear(); }
  /// The writes asked for so far, counted when the sink is set to fail.
  [[nodiscard]] int writes() const noexcept { return writes_; }
  /// The writes that succeeded so far (safe to ask from another thread).
  [[nodiscard]] int written() const noexcept { return written_.load(); }

 private:
  std::vector<std::byte>& out_;
  int failFromWrite_;
  int writes_ = 0;
  std::atomic<int> written_{0};
  std::chrono::microseconds delay_;
};

std::unique_ptr<Recorder> openInto(std::unique_ptr<ByteSink> sink, std::uint32_t chunkTicks) {
  RecordingOptions options;
  options.game = "tank";
  options.seed = 3;
  options.chunkTicks = chunkTicks;
  options.snapshotEvery = chunkTicks * 2;
  auto opened = openRecording(options, std::move(sink));
  EXPECT_TRUE(std::holds_alternative<std::unique_ptr<Recorder>>(opened));
  return std::move(std::get<std::unique_ptr<Recorder>>(opened));
}

#ifdef __linux__
/// Keeps the calling thread, and the threads it starts, on one of its processors while it lives.
class OneProcessor {
 public:
  OneProcessor() {
    CPU_ZERO(&saved_);
    if (sched_getaffinity(0, sizeof saved_, &saved_) != 0) return;
    cpu_set_t one;
    CPU_ZERO(&one);
    for (std::size_t cpu = 0; cpu < static_cast<std::size_t>(CPU_SETSIZE); ++cpu) {
      if (CPU_ISSET(cpu, &saved_)) {
        CPU_SET(cpu, &one);
        break;
      }
    }
    pinned_ = sched_setaffinity(0, sizeof one, &one) == 0;
  }
  ~OneProcessor() {
    if (pinned_) (void)sched_setaffinity(0, sizeof saved_, &saved_);
  }
  OneProcessor(const OneProcessor&) = delete;
  OneProcessor& operator=(const OneProcessor&) = delete;
  [[nodiscard]] bool pinned() const noexcept { return pinned_; }

 private:
  cpu_set_t saved_;
  bool pinned_ = false;
};

TEST(ChunkWriter, LingersOnlyWhereItCanRunBesideTheGame) {
  std::vector<std::byte> bytes;
  TestSink sink(bytes, 0, std::chrono::microseconds(0));
  FrameWriter frames(sink, {});
  const unsigned all = countUsableProcessors();
  EXPECT_EQ(ChunkWriter(frames).lingers(), all > 1) << all << " processors";
  const OneProcessor one;
  ASSERT_TRUE(one.pinned());
  EXPECT_EQ(countUsableProcessors(), 1U);
  EXPECT_FALSE(ChunkWriter(frames).lingers());
}

TEST(ChunkWriter, OnOneProcessorTheSleepingWriterIsWokenForEveryChunk) {
  // There the writer sleeps as soon as its queue is empty, so each chunk must wake it: a chunk
  // left waiting would be written only by close(), and lost by a crash before it.
  const OneProcessor one;
  ASSERT_TRUE(one.pinned());
  std::vector<std::byte> bytes;
  auto sink = std::make_unique<TestSink>(bytes, 0, std::chrono::microseconds(0));
  const TestSink& counted = *sink;
  auto recorder = openInto(std::move(sink), 1);
  const int before = counted.written();  // the preamble and the header
  constexpr int kChunks = 5;
  for (int chunk = 1; chunk <= kChunks; ++chunk) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));  // the writer is asleep by now
    (void)recorder->record(0);                                  // a chunk of one tick
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (counted.written() < before + chunk && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    EXPECT_EQ(counted.written(), before + chunk) << "chunk " << chunk << " was not written while the recording went on";
  }
  ASSERT_FALSE(recorder->close().has_value());
  const LoadedReplay replay = loadOrFail(bytes);
  EXPECT_EQ(countTicks(replay), static_cast<std::uint64_t>(kChunks));
  EXPECT_TRUE(replay.footer.has_value());
}
#endif

TEST(ChunkWriter, ASlowSinkGetsEveryChunkInOrder) {
  std::vector<std::byte> bytes;
  auto recorder = openInto(std::make_unique<TestSink>(bytes, 0, std::chrono::microseconds(300)), 1);
  // More one-tick chunks than the queue holds: the game loop waits only for room in the queue.
  const std::uint64_t ticks = ChunkWriter::kMaxQueued * 3;
  for (std::uint64_t t = 0; t < ticks; ++t) (void)recorder->record(0);
  ASSERT_FALSE(recorder->close().has_value());
  const LoadedReplay replay = loadOrFail(bytes);
  EXPECT_EQ(countTicks(replay), ticks);
  EXPECT_EQ(replay.chunks.size(), ticks);
  EXPECT_TRUE(replay.footer.has_value());
}

TEST(ChunkWriter, FinishWritesWhatIsQueuedAndALaterChunkStartsTheThreadAgain) {
  std::vector<std::byte> bytes;
  TestSink sink(bytes, 0, std::chrono::microseconds(200));
  FrameWriter frames(sink, {});
  ChunkWriter writer(frames);
  EXPECT_FALSE(writer.finish().has_value());  // no chunk yet: no thread to stop
  Chunk chunk;
  for (std::uint64_t first : {1U, 2U, 3U}) {
    chunk.firstTick = first;
    chunk.checksums = {static_cast<std::uint16_t>(first)};
    writer.submit(chunk);
    if (first == 2) {
      ASSERT_FALSE(writer.finish().has_value());
      EXPECT_EQ(bytes.size(), 2 * encodeFrame(FrameKind::kChunk, encodePayload(Chunk{1, {}, {}, {1}, false, {}})).size());
    }
  }
  ASSERT_FALSE(writer.finish().has_value());
  // Three frames, in order, decoded back.
  std::size_t offset = 0;
  for (std::uint64_t first : {1U, 2U, 3U}) {
    std::vector<std::byte> file = encodePreamble();
    file.insert(file.end(), bytes.begin() + static_cast<std::ptrdiff_t>(offset), bytes.end());
    const FrameRead read = readFrame(file, kPreambleBytes);
    ASSERT_EQ(read.status, FrameRead::Status::kFrame);
    const auto decoded = decodePayload<Chunk>(read.frame.payload);
    ASSERT_TRUE(std::holds_alternative<Chunk>(decoded));
    EXPECT_EQ(std::get<Chunk>(decoded).firstTick, first);
    offset += read.next - kPreambleBytes;
  }
  EXPECT_EQ(offset, bytes.size());
}

TEST(ChunkWriter, AFailedWriteReachesTheGameLoopAndClose) {
  std::vector<std::byte> bytes;
  // Writes 1 and 2 are the preamble and header; the first chunk's write fails.
  auto recorder = openInto(std::make_unique<TestSink>(bytes, 3, std::chrono::microseconds(0)), 10);
  std::uint64_t ticks = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!recorder->failed() && std::chrono::steady_clock::now() < deadline) {
    (void)recorder->record(0);
    ++ticks;
  }
  EXPECT_TRUE(recorder->failed()) << "after " << ticks << " ticks";
  EXPECT_EQ(recorder->error(), std::optional<std::string>("the disk is full"));
  EXPECT_EQ(recorder->close(), std::optional<std::string>("the disk is full"));
}

TEST(ChunkWriter, NothingIsWrittenAfterAFailedWrite) {
  // A frame after one that failed half-way would sit past bytes no reader can cross. Chunks
  // this large keep the game thread copying most of the time, so the write fails while a copy
  // is under way, which must then be dropped too.
  std::vector<std::byte> bytes;
  TestSink sink(bytes, 1, std::chrono::microseconds(200));
  FrameWriter frames(sink, {});
  ChunkWriter writer(frames);
  Chunk chunk;
  for (std::uint64_t first = 1; first <= 100; ++first) {
    chunk.firstTick = first;
    chunk.checksums.assign(kMaxChunkTicks, static_cast<std::uint16_t>(first));
    writer.submit(chunk);
  }
  EXPECT_EQ(writer.finish(), std::optional<std::string>("the disk is full"));
  EXPECT_EQ(sink.writes(), 1);
  EXPECT_TRUE(bytes.empty());
}

TEST(ChunkWriter, ARecorderDestroyedWithoutCloseStillWritesEveryCompleteChunk) {
  std::vector<std::byte> bytes;
  {
    auto recorder = openInto(std::make_unique<TestSink>(bytes, 0, std::chrono::microseconds(200)), 5);
    for (int t = 0; t < 53; ++t) (void)recorder->record(0);
  }
  const LoadedReplay replay = loadOrFail(bytes);
  EXPECT_TRUE(replay.truncated);
  EXPECT_EQ(countTicks(replay), 50U);  // ten whole chunks; the three ticks being filled are lost
}

TEST(ChunkWriter, PlayGoesOnAfterCloseAndTheClosedReplayStaysAsItWas) {
  // A game that saves a replay when a bug shows and plays on keeps calling record(): the game
  // steps, and nothing more reaches the sink (a sink that still accepts writes, as a memory
  // one does, used to get chunks after the footer, and the replay no longer loaded).
  std::vector<std::byte> bytes;
  auto recorder = openInto(std::make_unique<TestSink>(bytes, 0, std::chrono::microseconds(0)), 5);
  for (int t = 0; t < 12; ++t) (void)recorder->record(0);
  ASSERT_FALSE(recorder->close().has_value());
  const std::vector<std::byte> closed = bytes;
  const std::uint64_t hashAtClose = recorder->session().hash();
  for (int t = 0; t < 40; ++t) (void)recorder->record(0);
  EXPECT_NE(recorder->session().hash(), hashAtClose);  // the game went on
  EXPECT_EQ(recorder->close(), std::optional<std::string>("the recording is already closed"));
  recorder.reset();
  EXPECT_TRUE(bytes == closed) << bytes.size() - closed.size() << " bytes were written after close()";
  const LoadedReplay replay = loadOrFail(bytes);
  EXPECT_FALSE(replay.truncated);
  EXPECT_EQ(countTicks(replay), 12U);
}

TEST(ChunkWriter, ARecordingStopsBeforeTheReadersCapsSoWhatItWroteLoads) {
  // The real caps are 1 GiB on disk and decoded: `retrace record --ticks 400000000` of dodge
  // wrote 1.08 GB, which verify then refused. Here the caps are a few KB.
  for (const ReplayLimits limits : {ReplayLimits{.fileBytes = 20'000}, ReplayLimits{.decodedBytes = 40'000}}) {
    RecordingOptions options;
    options.game = "tank";
    options.seed = 3;
    options.chunkTicks = 60;
    options.snapshotEvery = 120;
    const ReplayHeader header = std::get<ReplayHeader>(makeHeader(options));
    auto memory = std::make_unique<MemorySink>();
    const MemorySink& sink = *memory;
    Recorder recorder(std::move(memory), header, gameOf(header)->start(configOf(header), header.seed), limits);
    std::uint64_t ticks = 0;
    while (!recorder.failed() && ticks < 1'000'000) (void)recorder.record(static_cast<sim::Input>(ticks++ / 7 % 32));
    ASSERT_TRUE(recorder.failed()) << "no cap reached in " << ticks << " ticks";
    const auto problem = recorder.close();
    ASSERT_TRUE(problem.has_value());
    EXPECT_NE(problem->find("bytes a reader accepts"), std::string::npos) << *problem;
    EXPECT_LE(sink.bytes().size(), limits.fileBytes);
    // Within the small caps it loads, as a recording cut short, and its prefix verifies.
    auto opened = ReplayReader::open(sink.bytes(), limits);
    ASSERT_TRUE(std::holds_alternative<ReplayReader>(opened)) << std::get<std::string>(opened);
    ReplayReader& reader = std::get<ReplayReader>(opened);
    Chunk chunk;
    std::uint64_t recovered = 0;
    ReplayReader::Found found = ReplayReader::Found::kChunk;
    while ((found = reader.next(chunk)) == ReplayReader::Found::kChunk) recovered += chunk.checksums.size();
    ASSERT_EQ(found, ReplayReader::Found::kEnd) << reader.problem();
    EXPECT_TRUE(reader.replay().truncated);
    EXPECT_GT(recovered, 60U);
    EXPECT_LT(recovered, ticks);
    const VerifyReport report = verifyReplay(loadOrFail(sink.bytes()), {.allowTruncated = true});
    EXPECT_TRUE(report.passed());
    EXPECT_EQ(report.ticksChecked, recovered);
  }
}

}  // namespace
}  // namespace retrace::recorder
