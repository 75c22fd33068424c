#pragma once
// Frames: the checksummed, optionally compressed envelopes a replay file is made of
// (layout in format.h). Encoding and decoding work on bytes in memory, so they are tested
// without a disk.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "recorder/byte_sink.h"
#include "recorder/format.h"

namespace retrace::recorder {

/// The 16-byte preamble that opens every replay.
[[nodiscard]] std::vector<std::byte> encodePreamble(std::uint16_t major = kFormatMajor, std::uint16_t minor = kFormatMinor);
/// A frame: header plus payload, compressed with zstd when that is smaller.
[[nodiscard]] std::vector<std::byte> encodeFrame(FrameKind kind, std::span<const std::byte> payload);

/// Writes a replay's preamble and frames into a sink, within a reader's limits: the first frame
/// that would take the file past them (or is over kMaxPayloadBytes itself) is refused with a
/// sentence. Its callers (Recorder, ChunkWriter) write nothing after a refusal, so whatever was
/// written loads.
class FrameWriter {
 public:
  FrameWriter(ByteSink& sink, ReplayLimits limits) : sink_(sink), limits_(limits) {}
  /// Writes the preamble that opens every replay.
  [[nodiscard]] std::optional<std::string> writePreamble();
  /// Encodes and writes one frame; one sentence if it does not fit or the sink failed.
  [[nodiscard]] std::optional<std::string> write(FrameKind kind, std::span<const std::byte> payload);
  [[nodiscard]] ByteSink& sink() noexcept { return sink_; }

 private:
  ByteSink& sink_;
  ReplayLimits limits_;
  std::uint64_t fileBytes_ = 0;
  std::uint64_t decodedBytes_ = 0;
};

/// A frame found in a file, its payload checked and decompressed.
struct DecodedFrame {
  FrameKind kind = FrameKind::kHeader;
  std::vector<std::byte> payload;
  std::size_t offset = 0;  ///< where the frame starts in the file
};

/// The outcome of reading one frame at an offset.
struct FrameRead {
  enum class Status : std::uint8_t { kFrame, kEnd, kTruncated, kCorrupt } status = Status::kEnd;
  DecodedFrame frame;
  std::size_t next = 0;  ///< offset after the frame
  std::string problem;   ///< for kTruncated and kCorrupt: one sentence
};

/// Checks the preamble; one sentence when the bytes are not a replay this build can read.
[[nodiscard]] std::optional<std::string> checkPreamble(std::span<const std::byte> file);
/// The format minor version of a file whose preamble checkPreamble accepted.
[[nodiscard]] std::uint16_t readFormatMinor(std::span<const std::byte> file);
/// Reads the frame at offset: the end of the file, a frame, a frame cut short, or corruption.
[[nodiscard]] FrameRead readFrame(std::span<const std::byte> file, std::size_t offset);
/// readFrame for a frame at `offset` whose bytes `from` holds, from its header to the end of the
/// file or of the frame, whichever comes first.
[[nodiscard]] FrameRead readFrameFrom(std::span<const std::byte> from, std::size_t offset);

/// Where a reader's frames come from: bytes in memory, or a file read one frame at a time, so
/// that reading a long replay holds a frame of it rather than the whole file. Copies share the
/// open file.
class FrameSource {
 public:
  /// Frames from bytes in memory, which must outlive the source.
  explicit FrameSource(std::span<const std::byte> bytes) noexcept : bytes_(bytes), size_(bytes.size()) {}
  /// Frames from a file; the sentence readFileCapped gives (without the path) when it cannot.
  [[nodiscard]] static std::variant<FrameSource, std::string> openFile(const std::string& path, std::uint64_t maxBytes);
  /// The file's size when it was opened.
  [[nodiscard]] std::uint64_t size() const noexcept { return size_; }
  /// The first n bytes, or all of a shorter file: the preamble.
  [[nodiscard]] std::vector<std::byte> readStart(std::size_t n) const;
  /// The frame at offset, with readFrame's checks and sentences (a file that shrank since it
  /// was opened reads as cut short).
  [[nodiscard]] FrameRead read(std::size_t offset) const;

 private:
  FrameSource(std::shared_ptr<const int> fd, std::uint64_t size) noexcept : fd_(std::move(fd)), size_(size) {}
  /// Up to n bytes from offset into out (fewer at the end of the file); false on a read error.
  bool readAt(std::uint64_t offset, std::size_t n, std::vector<std::byte>& out) const;

  std::span<const std::byte> bytes_;
  std::shared_ptr<const int> fd_;  ///< set for a file, closed with the last copy
  std::uint64_t size_ = 0;
};

}  // namespace retrace::recorder
