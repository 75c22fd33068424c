#include "recorder/frame.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>
#include <zstd.h>

namespace retrace::recorder {
namespace {

// Fast enough that compressing a chunk costs a few nanoseconds per tick.
constexpr int kZstdLevel = 1;

// One compression and one decompression context per thread, reused: creating a context
// costs more than compressing a whole chunk (it dominated recording time when made per call).
// A recording's writer thread (started with its first full chunk) so builds one compression
// context; its last, partial chunk and footer use the closing thread's, reused across recordings.
struct ZstdContexts {
  ZSTD_CCtx* compress = ZSTD_createCCtx();
  ZSTD_DCtx* decompress = ZSTD_createDCtx();
  ZstdContexts() = default;
  ZstdContexts(const ZstdContexts&) = delete;
  ZstdContexts& operator=(const ZstdContexts&) = delete;
  ~ZstdContexts() {
    ZSTD_freeCCtx(compress);
    ZSTD_freeDCtx(decompress);
  }
};

ZstdContexts& zstdContexts() {
  thread_local ZstdContexts contexts;
  return contexts;
}

void putLittleEndian(std::vector<std::byte>& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::byte>((value >> (8 * i)) & 0xFFU));
}

std::uint64_t getLittleEndian(std::span<const std::byte> bytes, std::size_t offset, int count) {
  std::uint64_t value = 0;
  for (int i = 0; i < count; ++i) value |= std::to_integer<std::uint64_t>(bytes[offset + static_cast<std::size_t>(i)]) << (8 * i);
  return value;
}

std::uint64_t hashBytes(std::span<const std::byte> bytes) { return XXH3_64bits(bytes.data(), bytes.size()); }

std::string at(std::size_t offset) { return "the frame at byte " + std::to_string(offset); }

FrameRead corrupt(std::size_t offset, const std::string& what) {
  FrameRead read;
  read.status = FrameRead::Status::kCorrupt;
  read.problem = at(offset) + " " + what;
  return read;
}

/// Decompresses a zstd payload whose raw size the frame header declared (and capped).
std::optional<std::vector<std::byte>> decompress(std::span<const std::byte> stored, std::uint32_t rawLength) {
  const unsigned long long declared = ZSTD_getFrameContentSize(stored.data(), stored.size());
  if (declared != rawLength) return std::nullopt;
  std::vector<std::byte> raw(rawLength);
  const std::size_t got = ZSTD_decompressDCtx(zstdContexts().decompress, raw.data(), raw.size(), stored.data(), stored.size());
  if (ZSTD_isError(got) != 0U || got != rawLength) return std::nullopt;
  return raw;
}

}  // namespace

std::vector<std::byte> encodePreamble(std::uint16_t major, std::uint16_t minor) {
  std::vector<std::byte> out;
  for (const char c : kMagic) out.push_back(static_cast<std::byte>(c));
  putLittleEndian(out, major, 2);
  putLittleEndian(out, minor, 2);
  putLittleEndian(out, 0, 4);
  return out;
}

std::vector<std::byte> encodeFrame(FrameKind kind, std::span<const std::byte> payload) {
  std::vector<std::byte> compressed(ZSTD_compressBound(payload.size()));
  const std::size_t size = ZSTD_compressCCtx(zstdContexts().compress, compressed.data(), compressed.size(), payload.data(),
                                             payload.size(), kZstdLevel);
  const bool useZstd = ZSTD_isError(size) == 0U && size < payload.size();
  const std::span<const std::byte> stored = useZstd ? std::span<const std::byte>(compressed.data(), size) : payload;
  std::vector<std::byte> out;
  out.reserve(kFrameHeaderBytes + stored.size());
  out.push_back(static_cast<std::byte>(kind));
  out.push_back(static_cast<std::byte>(useZstd ? Codec::kZstd : Codec::kRaw));
  putLittleEndian(out, 0, 2);
  putLittleEndian(out, stored.size(), 4);
  putLittleEndian(out, payload.size(), 4);
  putLittleEndian(out, hashBytes(stored), 8);
  putLittleEndian(out, hashBytes(out) & 0xFFFFFFFFU, 4);
  out.insert(out.end(), stored.begin(), stored.end());
  return out;
}

std::optional<std::string> FrameWriter::writePreamble() {
  const auto preamble = encodePreamble();
  fileBytes_ += preamble.size();
  return sink_.write(preamble);
}

std::optional<std::string> FrameWriter::write(FrameKind kind, std::span<const std::byte> payload) {
  if (payload.size() > kMaxPayloadBytes) {
    return "a frame of " + std::to_string(payload.size()) + " bytes is over the " + std::to_string(kMaxPayloadBytes) +
           " bytes a frame may hold";
  }
  if (decodedBytes_ + payload.size() > limits_.decodedBytes) {
    return "the replay would decode to more than the " + std::to_string(limits_.decodedBytes) + " bytes a reader accepts";
  }
  const auto frame = encodeFrame(kind, payload);
  if (fileBytes_ + frame.size() > limits_.fileBytes) {
    return "the replay would grow past the " + std::to_string(limits_.fileBytes) + " bytes a reader accepts";
  }
  fileBytes_ += frame.size();
  decodedBytes_ += payload.size();
  return sink_.write(frame);
}

std::optional<std::string> checkPreamble(std::span<const std::byte> file) {
  if (file.empty()) return "is empty";
  if (file.size() < kPreambleBytes || std::memcmp(file.data(), kMagic.data(), kMagic.size()) != 0) {
    return "is not a retrace replay (no RETRACE magic at its start)";
  }
  const auto major = static_cast<std::uint16_t>(getLittleEndian(file, 8, 2));
  const auto minor = static_cast<std::uint16_t>(getLittleEndian(file, 10, 2));
  const std::string version = std::to_string(major) + "." + std::to_string(minor);
  const std::string ours = std::to_string(kFormatMajor) + "." + std::to_string(kFormatMinor);
  if (major > kFormatMajor)
    return "was written in replay format " + version + ", newer than this build's " + ours + ": update retrace to read it";
  if (major < kFormatMajor) return "is in replay format " + version + ", which no released retrace wrote";
  if (minor > kFormatMinor)
    return "was written in replay format " + version + ", newer than this build's " + ours + ": update retrace to read it";
  if (getLittleEndian(file, 12, 4) != 0) return "has a corrupt preamble (reserved bytes are not zero)";
  return std::nullopt;
}

std::uint16_t readFormatMinor(std::span<const std::byte> file) {
  return static_cast<std::uint16_t>(getLittleEndian(file, 10, 2));
}

FrameRead readFrame(std::span<const std::byte> file, std::size_t offset) {
  return readFrameFrom(offset < file.size() ? file.subspan(offset) : std::span<const std::byte>(), offset);
}

FrameRead readFrameFrom(std::span<const std::byte> from, std::size_t offset) {
  FrameRead read;
  if (from.empty()) return read;
  if (from.size() < kFrameHeaderBytes) {
    read.status = FrameRead::Status::kTruncated;
    read.problem = at(offset) + " is cut short inside its header";
    return read;
  }
  const auto header = from.first(kFrameHeaderBytes);
  if ((hashBytes(header.first(20)) & 0xFFFFFFFFU) != getLittleEndian(header, 20, 4))
    return corrupt(offset, "has a corrupt header (checksum mismatch)");
  const auto kind = std::to_integer<std::uint8_t>(header[0]);
  const auto codec = std::to_integer<std::uint8_t>(header[1]);
  const auto stored = static_cast<std::uint32_t>(getLittleEndian(header, 4, 4));
  const auto raw = static_cast<std::uint32_t>(getLittleEndian(header, 8, 4));
  if (kind < 1 || kind > 3 || codec > 1 || getLittleEndian(header, 2, 2) != 0)
    return corrupt(offset, "has an unknown kind or codec");
  if (stored > kMaxPayloadBytes || raw > kMaxPayloadBytes) return corrupt(offset, "declares a payload over the 16 MiB cap");
  if (stored > from.size() - kFrameHeaderBytes) {
    read.status = FrameRead::Status::kTruncated;
    read.problem = at(offset) + " is cut short (" + std::to_string(from.size() - kFrameHeaderBytes) + " of " +
                   std::to_string(stored) + " payload bytes present)";
    return read;
  }
  const auto payload = from.subspan(kFrameHeaderBytes, stored);
  if (hashBytes(payload) != getLittleEndian(header, 12, 8)) return corrupt(offset, "fails its payload checksum");
  read.frame.kind = static_cast<FrameKind>(kind);
  read.frame.offset = offset;
  if (static_cast<Codec>(codec) == Codec::kZstd) {
    auto decompressed = decompress(payload, raw);
    if (!decompressed) return corrupt(offset, "does not decompress to its declared size");
    read.frame.payload = std::move(*decompressed);
  } else {
    if (raw != stored) return corrupt(offset, "declares a raw size that differs from its stored size");
    read.frame.payload.assign(payload.begin(), payload.end());
  }
  read.status = FrameRead::Status::kFrame;
  read.next = offset + kFrameHeaderBytes + stored;
  return read;
}

std::variant<FrameSource, std::string> FrameSource::openFile(const std::string& path, std::uint64_t maxBytes) {
  const auto checked = checkReadableFile(path, maxBytes);
  if (const auto* problem = std::get_if<std::string>(&checked)) return *problem;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::string("cannot be opened: ") + std::strerror(errno);
  return FrameSource(std::shared_ptr<const int>(new int(fd),
                                                [](const int* owned) {
                                                  ::close(*owned);
                                                  delete owned;
                                                }),
                     std::get<std::uint64_t>(checked));
}

bool FrameSource::readAt(std::uint64_t offset, std::size_t n, std::vector<std::byte>& out) const {
  const std::size_t start = out.size();
  out.resize(start + n);
  std::size_t got = 0;
  while (got < n) {
    const ssize_t r = ::pread(*fd_, out.data() + start + got, n - got, static_cast<off_t>(offset + got));
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return false;
    if (r == 0) break;  // the end: the file shrank
    got += static_cast<std::size_t>(r);
  }
  out.resize(start + got);
  return true;
}

std::vector<std::byte> FrameSource::readStart(std::size_t n) const {
  if (!fd_) return {bytes_.begin(), bytes_.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(n, bytes_.size()))};
  std::vector<std::byte> start;
  if (!readAt(0, n, start)) start.clear();
  return start;
}

FrameRead FrameSource::read(std::size_t offset) const {
  if (!fd_) return readFrame(bytes_, offset);
  const std::uint64_t left = offset < size_ ? size_ - offset : 0;
  std::vector<std::byte> bytes;
  bytes.reserve(kFrameHeaderBytes);
  bool readable = readAt(offset, static_cast<std::size_t>(std::min<std::uint64_t>(left, kFrameHeaderBytes)), bytes);
  if (readable && bytes.size() == kFrameHeaderBytes) {
    // The payload as far as the file holds it; a size over the cap is refused from the header.
    const std::uint64_t stored = getLittleEndian(bytes, 4, 4);
    if (stored <= kMaxPayloadBytes)
      readable = readAt(offset + kFrameHeaderBytes, static_cast<std::size_t>(std::min(stored, left - kFrameHeaderBytes)), bytes);
  }
  if (!readable) {
    const int error = errno;
    FrameRead failed;
    failed.status = FrameRead::Status::kCorrupt;
    failed.problem = at(offset) + " cannot be read: " + std::strerror(error);
    return failed;
  }
  return readFrameFrom(bytes, offset);
}

}  // namespace retrace::recorder
