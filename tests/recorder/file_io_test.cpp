// The recorder on a real disk: partial files, atomic renames, existing files never lost, and a
// recorder killed with SIGKILL leaving every complete chunk loadable.
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "recorder/byte_sink.h"
#include "recorder/recorder.h"
#include "recorder/replay.h"
#include "recorder/verifier.h"
#include "support/temp_dir.h"

namespace retrace::recorder {
namespace {

namespace fs = std::filesystem;

class FileIo : public ::testing::Test {
 protected:
  retrace::testing::TempDir temp_{"retrace_file_io"};
  const fs::path& dir_ = temp_.path();
};

std::string readText(const fs::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

RecordingOptions makeOptions(const fs::path& output) {
  RecordingOptions options;
  options.output = output;
  options.game = "dodge";
  options.chunkTicks = 30;
  options.snapshotEvery = 60;
  return options;
}

TEST_F(FileIo, WritesAPartialFileAndRenamesItOnClose) {
  const fs::path out = dir_ / "a.rtr";
  auto opened = openRecording(makeOptions(out));
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Recorder>>(opened)) << std::get<std::string>(opened);
  auto& recorder = *std::get<std::unique_ptr<Recorder>>(opened);
  for (int i = 0; i < 100; ++i) (void)recorder.record(0);
  EXPECT_TRUE(fs::exists(partialPathFor(out)));
  EXPECT_FALSE(fs::exists(out));
  EXPECT_FALSE(recorder.close().has_value());
  EXPECT_TRUE(fs::exists(out));
  EXPECT_FALSE(fs::exists(partialPathFor(out)));
  auto loaded = loadReplayFile(out.string());
  ASSERT_TRUE(std::holds_alternative<LoadedReplay>(loaded));
  EXPECT_TRUE(verifyReplay(std::get<LoadedReplay>(loaded)).passed());
}

TEST_F(FileIo, NeverReplacesAnExistingFileUnlessAsked) {
  const fs::path out = dir_ / "keep.rtr";
  std::ofstream(out) << "precious";
  auto refused = openRecording(makeOptions(out));
  ASSERT_TRUE(std::holds_alternative<std::string>(refused));
  EXPECT_NE(std::get<std::string>(refused).find("already exists"), std::string::npos);
  EXPECT_EQ(readText(out), "precious");
  EXPECT_FALSE(fs::exists(partialPathFor(out)));
  RecordingOptions force = makeOptions(out);
  force.overwrite = true;
  auto opened = openRecording(force);
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Recorder>>(opened));
  EXPECT_EQ(readText(out), "precious");  // untouched until the new recording is complete
  (void)std::get<std::unique_ptr<Recorder>>(opened)->record(0);
  EXPECT_FALSE(std::get<std::unique_ptr<Recorder>>(opened)->close().has_value());
  EXPECT_NE(readText(out), "precious");
}

TEST_F(FileIo, ADiscardedRecordingLeavesNoFileAndKeepsTheOneItWouldHaveReplaced) {
  const fs::path out = dir_ / "keep.rtr";
  std::ofstream(out) << "precious";
  RecordingOptions force = makeOptions(out);
  force.overwrite = true;
  auto opened = openRecording(force);
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Recorder>>(opened));
  Recorder& recorder = *std::get<std::unique_ptr<Recorder>>(opened);
  for (int i = 0; i < 100; ++i) (void)recorder.record(0);  // chunks handed to the writer thread
  recorder.discard();
  EXPECT_EQ(readText(out), "precious");
  EXPECT_FALSE(fs::exists(partialPathFor(out)));
  EXPECT_EQ(recorder.close(), "the recording is already closed");
  EXPECT_EQ(readText(out), "precious");
}

TEST_F(FileIo, AFileMadeUnderTheOutputNameWhileRecordingIsKept) {
  const fs::path out = dir_ / "late.rtr";
  auto opened = openRecording(makeOptions(out));
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Recorder>>(opened)) << std::get<std::string>(opened);
  auto& recorder = *std::get<std::unique_ptr<Recorder>>(opened);
  for (int i = 0; i < 100; ++i) (void)recorder.record(0);
  std::ofstream(out) << "made meanwhile";
  const auto problem = recorder.close();
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(*problem,
            out.string() + " appeared while writing and is left as it was; the new file is " + partialPathFor(out).string());
  EXPECT_EQ(readText(out), "made meanwhile");
  auto loaded = loadReplayFile(partialPathFor(out).string());  // the recording, whole
  ASSERT_TRUE(std::holds_alternative<LoadedReplay>(loaded)) << std::get<std::string>(loaded);
  EXPECT_FALSE(std::get<LoadedReplay>(loaded).truncated);
  EXPECT_EQ(countTicks(std::get<LoadedReplay>(loaded)), 100U);
}

TEST_F(FileIo, RefusesAnExistingPartialFileADirectoryAndAnUnwritablePath) {
  const fs::path out = dir_ / "b.rtr";
  std::ofstream(partialPathFor(out)) << "someone else's recording";
  auto partial = openRecording(makeOptions(out));
  ASSERT_TRUE(std::holds_alternative<std::string>(partial));
  EXPECT_NE(std::get<std::string>(partial).find("b.rtr.partial already exists"), std::string::npos);
  EXPECT_EQ(readText(partialPathFor(out)), "someone else's recording");
  auto directory = openRecording(makeOptions(dir_));
  ASSERT_TRUE(std::holds_alternative<std::string>(directory));
  EXPECT_NE(std::get<std::string>(directory).find("is a directory"), std::string::npos);
  auto missing = openRecording(makeOptions(dir_ / "no" / "such" / "c.rtr"));
  ASSERT_TRUE(std::holds_alternative<std::string>(missing));
  EXPECT_NE(std::get<std::string>(missing).find("cannot create"), std::string::npos);
}

TEST_F(FileIo, OutputsAreNewOrRegularFilesNeverDevicesOrEmptyPaths) {
  EXPECT_EQ(refuseOutput("", true), "the output path is empty");  // wrote ".partial" in the working folder
  // Renamed onto, /dev/null would have become a regular file, for root at least.
  EXPECT_EQ(refuseOutput("/dev/null", true), "/dev/null is not a regular file (a device, pipe or socket): name a file to write");
  EXPECT_EQ(refuseOutput(dir_, true), dir_.string() + " is a directory");
  const fs::path out = dir_ / "a.rtr";
  EXPECT_EQ(refuseOutput(out, false), std::nullopt);
  std::ofstream(out) << "precious";
  EXPECT_EQ(refuseOutput(out, false), out.string() + " already exists (pass --force to replace it)");
  EXPECT_EQ(refuseOutput(out, true), std::nullopt);
  // A pipe stands in for a device: reverting the check must not replace this machine's /dev/null.
  const fs::path pipe = dir_ / "pipe";
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  RecordingOptions options = makeOptions(pipe);
  options.overwrite = true;
  auto device = openRecording(options);
  ASSERT_TRUE(std::holds_alternative<std::string>(device));
  EXPECT_FALSE(fs::exists(partialPathFor(pipe)));
  EXPECT_TRUE(fs::is_fifo(pipe));
}

TEST_F(FileIo, ReadingRefusesMissingFilesDirectoriesAndOversizedFiles) {
  EXPECT_EQ(std::get<std::string>(readFileCapped(dir_ / "none.rtr", 100)), "does not exist");
  EXPECT_NE(std::get<std::string>(readFileCapped(dir_, 100)).find("is a directory"), std::string::npos);
  std::ofstream(dir_ / "big") << std::string(101, 'x');
  EXPECT_NE(std::get<std::string>(readFileCapped(dir_ / "big", 100)).find("over the cap"), std::string::npos);
  const auto error = loadReplayFile((dir_ / "none.rtr").string());
  ASSERT_TRUE(std::holds_alternative<std::string>(error));
  EXPECT_EQ(std::get<std::string>(error), (dir_ / "none.rtr").string() + " does not exist");
}

TEST_F(FileIo, ARecorderKilledWithSigkillLeavesALoadablePrefix) {
  const fs::path out = dir_ / "killed.rtr";
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // The child records forever at full speed; only SIGKILL stops it.
    RecordingOptions options = makeOptions(out);
    options.game = "tank";
    auto opened = openRecording(options);
    if (!std::holds_alternative<std::unique_ptr<Recorder>>(opened)) ::_exit(3);
    auto& recorder = *std::get<std::unique_ptr<Recorder>>(opened);
    while (true) (void)recorder.record(0x10);
  }
  // Wait until a few chunks are on disk, then kill without warning.
  for (int i = 0; i < 200 && (!fs::exists(partialPathFor(out)) || fs::file_size(partialPathFor(out)) < 4096); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_FALSE(fs::exists(out));
  auto loaded = loadReplayFile(partialPathFor(out).string());
  ASSERT_TRUE(std::holds_alternative<LoadedReplay>(loaded)) << std::get<std::string>(loaded);
  const LoadedReplay& replay = std::get<LoadedReplay>(loaded);
  EXPECT_TRUE(replay.truncated);
  EXPECT_GT(countTicks(replay), 0U);
  EXPECT_EQ(countTicks(replay) % 30, 0U);  // whole chunks only
  const VerifyReport report = verifyReplay(replay, {.allowTruncated = true});
  EXPECT_TRUE(report.passed()) << formatReport("killed", replay, report);
  EXPECT_FALSE(verifyReplay(replay).passed());  // a recovered prefix is not a pass unless allowed
  ASSERT_TRUE(report.truncation.has_value());
}

}  // namespace
}  // namespace retrace::recorder

namespace retrace::recorder {
namespace {

/// Writes bytes to a file (replacing it).
void writeBytes(const fs::path& path, std::span<const std::byte> bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

/// What loading gave, comparable: the replay, or the sentence without the file's name.
std::variant<LoadedReplay, std::string> withoutPath(std::variant<LoadedReplay, std::string> loaded, const std::string& path) {
  if (auto* problem = std::get_if<std::string>(&loaded); problem != nullptr && problem->starts_with(path + " "))
    return problem->substr(path.size() + 1);
  return loaded;
}

TEST_F(FileIo, AFileReadAFrameAtATimeLoadsExactlyAsItsBytesDo) {
  // Files are read a frame at a time (pread), bytes in memory whole: every cut and corruption
  // of a replay must load, or be refused with the same sentence, either way.
  const auto golden = std::get<std::vector<std::byte>>(readFileCapped(RETRACE_REPLAYS_DIR "/tank-bot-seed5.rtr", kMaxFileBytes));
  const std::string path = (dir_ / "cut.rtr").string();
  std::vector<std::size_t> cuts{0, 1, 15, 16, 17, 39, 40, 41, golden.size() - 1, golden.size()};
  for (std::size_t cut = 61; cut < golden.size(); cut += 617) cuts.push_back(cut);
  for (const std::size_t cut : cuts) {
    const std::span<const std::byte> bytes(golden.data(), cut);
    writeBytes(path, bytes);
    EXPECT_EQ(withoutPath(loadReplayFile(path), path), loadReplay(bytes)) << "cut at " << cut;
    VerifyOptions lean;
    lean.keepChunks = false;
    const auto fromFile = verifyReplayFile(path, lean);
    const auto fromBytes = verifyReplayBytes(bytes, lean);
    ASSERT_EQ(fromFile.index(), fromBytes.index()) << "cut at " << cut;
    if (const auto* verified = std::get_if<VerifiedReplay>(&fromFile)) {
      EXPECT_EQ(verified->report.ticksChecked, std::get<VerifiedReplay>(fromBytes).report.ticksChecked);
    } else {
      EXPECT_EQ(std::get<std::string>(fromFile), path + " " + std::get<std::string>(fromBytes));
    }
  }
  for (std::size_t at = 3; at < golden.size(); at += 401) {
    std::vector<std::byte> corrupt = golden;
    corrupt[at] ^= std::byte{0x20};
    writeBytes(path, corrupt);
    EXPECT_EQ(withoutPath(loadReplayFile(path), path), loadReplay(corrupt)) << "byte " << at;
  }
}

TEST_F(FileIo, AFileThatShrinksWhileItIsReadReadsAsCutShort) {
  const auto golden = std::get<std::vector<std::byte>>(readFileCapped(RETRACE_REPLAYS_DIR "/dodge-bot-seed3.rtr", kMaxFileBytes));
  const fs::path path = dir_ / "shrinking.rtr";
  writeBytes(path, golden);
  auto opened = FrameSource::openFile(path.string(), kMaxFileBytes);
  ASSERT_TRUE(std::holds_alternative<FrameSource>(opened));
  const FrameSource source = std::get<FrameSource>(opened);
  EXPECT_EQ(source.size(), golden.size());
  const FrameRead header = source.read(kPreambleBytes);
  ASSERT_EQ(header.status, FrameRead::Status::kFrame);
  fs::resize_file(path, header.next + 30);  // another program cut it after it was opened
  const FrameRead cut = source.read(header.next);
  EXPECT_EQ(cut.status, FrameRead::Status::kTruncated);
  EXPECT_NE(cut.problem.find("is cut short"), std::string::npos) << cut.problem;
  EXPECT_EQ(source.read(header.next + 100).status, FrameRead::Status::kEnd);  // past the new end: a file ending early
  EXPECT_EQ(std::get<std::string>(FrameSource::openFile((dir_ / "none.rtr").string(), kMaxFileBytes)), "does not exist");
  EXPECT_EQ(std::get<std::string>(FrameSource::openFile(dir_.string(), kMaxFileBytes)), "is a directory, not a file");
}

}  // namespace
}  // namespace retrace::recorder
