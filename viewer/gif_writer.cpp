#include "viewer/gif_writer.h"

#include <gif_lib.h>

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <utility>

namespace retrace::viewer {
namespace {

/// The colour of pixel i of an RGBA buffer, as 0xRRGGBB.
std::uint32_t readColour(std::span<const std::uint8_t> rgba, std::size_t i) noexcept {
  return (std::uint32_t{rgba[i * 4]} << 16U) | (std::uint32_t{rgba[i * 4 + 1]} << 8U) | std::uint32_t{rgba[i * 4 + 2]};
}

/// The squared distance between two colours in RGB.
std::uint32_t measureDistance(std::uint32_t a, std::uint32_t b) noexcept {
  std::uint32_t sum = 0;
  for (unsigned shift : {16U, 8U, 0U}) {
    const int d = static_cast<int>((a >> shift) & 0xFFU) - static_cast<int>((b >> shift) & 0xFFU);
    sum += static_cast<std::uint32_t>(d * d);
  }
  return sum;
}

/// Colours nearer than this (squared, in RGB) are shades of one another, as the edges of text
/// are between its colour and the background's.
constexpr std::uint32_t kShadeDistance = 48 * 48;

/// The palette index of every colour counted: each colour its own while there are at most 255
/// of them, else 255 of them and the nearest of those for the rest. The 255 are first the
/// commonest colour of each family of shades, so that a small mark of a colour of its own (a
/// bullet, a tunnel's path) keeps it among a thousand shades of text, then the commonest of the
/// rest; ties by colour, so a clip is the same bytes every time.
std::vector<std::uint32_t> choosePalette(const std::unordered_map<std::uint32_t, std::uint32_t>& counts,
                                         std::unordered_map<std::uint32_t, std::uint8_t>& outIndex) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> byCount(counts.begin(), counts.end());
  std::sort(byCount.begin(), byCount.end(),
            [](const auto& a, const auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
  std::vector<std::uint32_t> palette;
  std::vector<bool> taken(byCount.size(), false);
  const auto take = [&](std::size_t i) {
    taken[i] = true;
    outIndex[byCount[i].first] = static_cast<std::uint8_t>(palette.size());
    palette.push_back(byCount[i].first);
  };
  const auto isNewFamily = [&](std::uint32_t colour) {
    return byCount.size() <= 255 || std::all_of(palette.begin(), palette.end(),
                                                [&](std::uint32_t p) { return measureDistance(colour, p) >= kShadeDistance; });
  };
  for (std::size_t i = 0; i < byCount.size() && palette.size() < 255; ++i) {
    if (isNewFamily(byCount[i].first)) take(i);
  }
  for (std::size_t i = 0; i < byCount.size() && palette.size() < 255; ++i) {
    if (!taken[i]) take(i);
  }
  for (std::size_t i = 0; i < byCount.size(); ++i) {
    if (taken[i]) continue;
    const std::uint32_t colour = byCount[i].first;
    std::size_t best = 0;
    for (std::size_t j = 1; j < palette.size(); ++j) {
      if (measureDistance(colour, palette[j]) < measureDistance(colour, palette[best])) best = j;
    }
    outIndex[colour] = static_cast<std::uint8_t>(best);
  }
  return palette;
}

/// A rectangle of a frame, in pixels.
struct Area {
  unsigned left = 0;
  unsigned top = 0;
  unsigned width = 0;
  unsigned height = 0;
};

/// The smallest rectangle holding every pixel that differs between two frames; nothing when
/// none does.
std::optional<Area> findChange(const std::vector<std::uint32_t>& before, const std::vector<std::uint32_t>& now, unsigned width,
                               unsigned height) {
  unsigned left = width;
  unsigned top = height;
  unsigned right = 0;
  unsigned bottom = 0;
  for (unsigned y = 0; y < height; ++y) {
    const std::size_t row = std::size_t{y} * width;
    for (unsigned x = 0; x < width; ++x) {
      if (before[row + x] == now[row + x]) continue;
      left = std::min(left, x);
      right = std::max(right, x);
      top = std::min(top, y);
      bottom = std::max(bottom, y);
    }
  }
  if (left == width) return std::nullopt;
  return Area{left, top, right - left + 1, bottom - top + 1};
}

}  // namespace

std::uint32_t measureFrameDelay(std::uint64_t i, double seconds) noexcept {
  const auto start = std::llround(static_cast<double>(i) * seconds * 100.0);
  const auto end = std::llround(static_cast<double>(i + 1) * seconds * 100.0);
  return static_cast<std::uint32_t>(std::max<long long>(1, end - start));
}

std::variant<std::unique_ptr<GifWriter>, std::string> GifWriter::create(const std::filesystem::path& output, bool overwrite,
                                                                        unsigned width, unsigned height) {
  if (width == 0 || height == 0 || width > 65535 || height > 65535)
    return "a GIF is 1 to 65535 pixels a side, not " + std::to_string(width) + "x" + std::to_string(height);
  auto created = recorder::FileSink::create(output, overwrite);
  if (auto* problem = std::get_if<std::string>(&created)) return *problem;
  std::unique_ptr<GifWriter> writer(
      new GifWriter(std::move(std::get<std::unique_ptr<recorder::FileSink>>(created)), width, height));
  if (auto problem = writer->open()) return *problem;
  return writer;
}

GifWriter::GifWriter(std::unique_ptr<recorder::FileSink> sink, unsigned width, unsigned height)
    : sink_(std::move(sink)), width_(width), height_(height) {}

GifWriter::~GifWriter() {
  if (gif_ != nullptr) EGifCloseFile(gif_, nullptr);
  if (sink_) sink_->discard();  // not finished: half a clip is no clip
}

int GifWriter::writeBytes(GifFileType* gif, const std::uint8_t* bytes, int count) {
  auto* self = static_cast<GifWriter*>(gif->UserData);
  if (self->writeProblem_) return 0;
  const auto size = static_cast<std::size_t>(count);
  if (auto problem = self->sink_->write({reinterpret_cast<const std::byte*>(bytes), size})) {
    self->writeProblem_ = std::move(problem);
    return 0;
  }
  self->bytes_ += size;
  return count;
}

std::optional<std::string> GifWriter::fail(const std::string& what, int code) {
  if (writeProblem_) return writeProblem_;
  return "cannot write " + sink_->partialPath().string() + " (" + what + "): " + GifErrorString(code);
}

std::optional<std::string> GifWriter::open() {
  int error = 0;
  gif_ = EGifOpen(this, &GifWriter::writeBytes, &error);
  if (gif_ == nullptr) return fail("opening", error);
  EGifSetGifVersion(gif_, true);  // the frames' delays and transparency are GIF89's
  if (EGifPutScreenDesc(gif_, static_cast<int>(width_), static_cast<int>(height_), 8, 0, nullptr) == GIF_ERROR)
    return fail("the screen", gif_->Error);
  // The NETSCAPE2.0 block: loop for ever, as a clip in a bug report should.
  static constexpr char kApplication[] = "NETSCAPE2.0";
  static constexpr GifByteType kLoopForever[] = {1, 0, 0};
  if (EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
      EGifPutExtensionBlock(gif_, 11, kApplication) == GIF_ERROR ||
      EGifPutExtensionBlock(gif_, sizeof kLoopForever, kLoopForever) == GIF_ERROR || EGifPutExtensionTrailer(gif_) == GIF_ERROR)
    return fail("the loop", gif_->Error);
  return std::nullopt;
}

std::optional<std::string> GifWriter::add(std::span<const std::uint8_t> rgba, std::uint32_t centiseconds) {
  const std::size_t pixels = std::size_t{width_} * height_;
  if (rgba.size() != pixels * 4)
    return "a frame of " + std::to_string(rgba.size() / 4) + " pixels in a clip of " + std::to_string(pixels);
  centiseconds = std::clamp<std::uint32_t>(centiseconds, 1, kMaxGifDelay);
  std::vector<std::uint32_t> now(pixels);
  for (std::size_t i = 0; i < pixels; ++i) now[i] = readColour(rgba, i);
  const bool first = previous_.empty();
  const auto change = first ? std::make_optional(Area{0, 0, width_, height_}) : findChange(previous_, now, width_, height_);
  if (!change && pending_->delay + centiseconds <= kMaxGifDelay) {
    pending_->delay += centiseconds;  // the same picture, shown longer
    return std::nullopt;
  }
  if (auto problem = writePending()) return problem;
  Pending frame;
  frame.delay = centiseconds;
  if (!change) {
    // Longer than a GIF frame can last: one transparent pixel carries on the picture.
    frame.width = 1;
    frame.height = 1;
    frame.indices = {0};
    pending_ = std::move(frame);
    return std::nullopt;
  }
  frame.left = change->left;
  frame.top = change->top;
  frame.width = change->width;
  frame.height = change->height;
  // Only the pixels that changed are drawn; the others are left transparent over the last frame.
  std::unordered_map<std::uint32_t, std::uint32_t> counts;
  const auto at = [&](unsigned x, unsigned y) { return std::size_t{frame.top + y} * width_ + frame.left + x; };
  const auto changed = [&](std::size_t i) { return first || previous_[i] != now[i]; };
  for (unsigned y = 0; y < frame.height; ++y) {
    for (unsigned x = 0; x < frame.width; ++x) {
      if (changed(at(x, y))) ++counts[now[at(x, y)]];
    }
  }
  std::unordered_map<std::uint32_t, std::uint8_t> index;
  frame.palette = choosePalette(counts, index);
  const auto transparent = static_cast<std::uint8_t>(frame.palette.size());
  frame.indices.resize(std::size_t{frame.width} * frame.height);
  for (unsigned y = 0; y < frame.height; ++y) {
    for (unsigned x = 0; x < frame.width; ++x) {
      frame.indices[std::size_t{y} * frame.width + x] = changed(at(x, y)) ? index.at(now[at(x, y)]) : transparent;
    }
  }
  pending_ = std::move(frame);
  previous_ = std::move(now);
  return std::nullopt;
}

std::optional<std::string> GifWriter::writePending() {
  if (!pending_) return std::nullopt;
  const Pending frame = std::move(*pending_);
  pending_.reset();
  const int colours = static_cast<int>(frame.palette.size()) + 1;  // and the transparent one
  GraphicsControlBlock control{};
  control.DisposalMode = DISPOSE_DO_NOT;  // the next frame draws over this one
  control.UserInputFlag = false;
  control.DelayTime = static_cast<int>(frame.delay);
  control.TransparentColor = colours - 1;
  GifByteType extension[4];
  const auto length = static_cast<int>(EGifGCBToExtension(&control, extension));
  if (EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, length, extension) == GIF_ERROR) return fail("a frame's delay", gif_->Error);
  const std::unique_ptr<ColorMapObject, void (*)(ColorMapObject*)> map(GifMakeMapObject(1 << GifBitSize(colours), nullptr),
                                                                       GifFreeMapObject);
  if (!map) return fail("a palette", E_GIF_ERR_NOT_ENOUGH_MEM);
  for (std::size_t i = 0; i < frame.palette.size(); ++i) {
    map->Colors[i] = {static_cast<GifByteType>(frame.palette[i] >> 16U), static_cast<GifByteType>(frame.palette[i] >> 8U),
                      static_cast<GifByteType>(frame.palette[i])};
  }
  if (EGifPutImageDesc(gif_, static_cast<int>(frame.left), static_cast<int>(frame.top), static_cast<int>(frame.width),
                       static_cast<int>(frame.height), false, map.get()) == GIF_ERROR)
    return fail("a frame", gif_->Error);
  std::vector<GifPixelType> line(frame.width);
  for (unsigned y = 0; y < frame.height; ++y) {
    std::copy_n(frame.indices.begin() + static_cast<std::ptrdiff_t>(std::size_t{y} * frame.width), frame.width, line.begin());
    if (EGifPutLine(gif_, line.data(), static_cast<int>(frame.width)) == GIF_ERROR) return fail("a frame", gif_->Error);
  }
  ++written_;
  return std::nullopt;
}

std::optional<std::string> GifWriter::finish() {
  if (previous_.empty()) return "a clip needs a frame";
  if (auto problem = writePending()) return problem;
  int error = 0;
  const int closed = EGifCloseFile(gif_, &error);  // writes the end and frees the encoder either way
  gif_ = nullptr;
  if (closed == GIF_ERROR || writeProblem_) return writeProblem_ ? writeProblem_ : fail("the end", error);
  if (auto problem = sink_->commit()) return problem;
  sink_.reset();
  return std::nullopt;
}

}  // namespace retrace::viewer
