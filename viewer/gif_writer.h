#pragma once
// An animated GIF, written a frame at a time (giflib, Debian's libgif-dev): a clip of a replay
// for a bug report, which any browser, issue tracker or chat plays. Each frame keeps only the
// rectangle that changed since the frame before, the rest transparent over it, with a palette
// of its own: its colours when it has at most 255 (a scene of flat colours is exact), else the
// 255 commonest and the nearest of them for the rest (the edges of text). A frame like the one
// before lengthens that one, so a paused game costs nothing.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "recorder/byte_sink.h"

struct GifFileType;

namespace retrace::viewer {

/// The longest a GIF frame shows, in hundredths of a second (its field has 16 bits).
inline constexpr std::uint32_t kMaxGifDelay = 65535;

/// One animated GIF being written under a temporary name, moved into place by finish().
class GifWriter {
 public:
  /// Opens OUT.partial for frames of width x height pixels that loop forever; one sentence
  /// when it cannot (an existing OUT without overwrite, a size a GIF cannot hold).
  static std::variant<std::unique_ptr<GifWriter>, std::string> create(const std::filesystem::path& output, bool overwrite,
                                                                      unsigned width, unsigned height);
  ~GifWriter();
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  /// Adds a frame of width x height RGBA pixels (alpha ignored), shown for `centiseconds` (at
  /// least 1); one sentence when it cannot be written.
  std::optional<std::string> add(std::span<const std::uint8_t> rgba, std::uint32_t centiseconds);
  /// Writes the last frame and the end, and moves the file into place; one sentence when it
  /// cannot (then nothing is left at OUT.partial, and an OUT that existed is kept).
  std::optional<std::string> finish();

  /// The frames written to the file so far (frames like the one before them are not).
  [[nodiscard]] std::uint64_t countFrames() const noexcept { return written_; }
  /// The bytes written to the file so far.
  [[nodiscard]] std::uint64_t countBytes() const noexcept { return bytes_; }

 private:
  /// A frame waiting for its length: the next frame may lengthen it.
  struct Pending {
    unsigned left = 0;
    unsigned top = 0;
    unsigned width = 0;
    unsigned height = 0;
    std::vector<std::uint32_t> palette;  ///< 0xRRGGBB; the transparent index comes after it
    std::vector<std::uint8_t> indices;   ///< width x height
    std::uint32_t delay = 0;
  };

  GifWriter(std::unique_ptr<recorder::FileSink> sink, unsigned width, unsigned height);
  static int writeBytes(GifFileType* gif, const std::uint8_t* bytes, int count);
  std::optional<std::string> open();
  std::optional<std::string> writePending();
  std::optional<std::string> fail(const std::string& what, int code);

  std::unique_ptr<recorder::FileSink> sink_;
  GifFileType* gif_ = nullptr;
  unsigned width_;
  unsigned height_;
  std::vector<std::uint32_t> previous_;  ///< the last frame added, as 0xRRGGBB
  std::optional<Pending> pending_;
  std::optional<std::string> writeProblem_;  ///< the sink's sentence when giflib's write failed
  std::uint64_t written_ = 0;
  std::uint64_t bytes_ = 0;
};

/// The hundredths of a second frame `i` of a clip lasts when each frame stands for `seconds`:
/// rounded so that the frames' start times stay exact, so 3, 3, 4, 3, 3, 4 for 1/30 s.
[[nodiscard]] std::uint32_t measureFrameDelay(std::uint64_t i, double seconds) noexcept;

}  // namespace retrace::viewer
