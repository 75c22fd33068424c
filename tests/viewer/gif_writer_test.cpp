// The GIF a clip is written to, read back with giflib as a viewer of the file shows it: frames
// of at most 255 colours come back exact, more colours come back near, a frame like the one
// before lengthens it, and no file is left half written or written over.
#include "viewer/gif_writer.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/gif_frames.h"
#include "support/temp_dir.h"

namespace retrace::viewer {
namespace {

namespace fs = std::filesystem;

constexpr unsigned kWidth = 40;
constexpr unsigned kHeight = 30;

/// An RGBA frame of one colour, alpha 0 (a texture's alpha is no part of what a screen shows).
std::vector<std::uint8_t> fillFrame(std::uint32_t colour) {
  std::vector<std::uint8_t> rgba(std::size_t{kWidth} * kHeight * 4);
  for (std::size_t i = 0; i < rgba.size(); i += 4) {
    rgba[i] = static_cast<std::uint8_t>(colour >> 16U);
    rgba[i + 1] = static_cast<std::uint8_t>(colour >> 8U);
    rgba[i + 2] = static_cast<std::uint8_t>(colour);
  }
  return rgba;
}

void paint(std::vector<std::uint8_t>& rgba, unsigned x, unsigned y, std::uint32_t colour) {
  const std::size_t at = (std::size_t{y} * kWidth + x) * 4;
  rgba[at] = static_cast<std::uint8_t>(colour >> 16U);
  rgba[at + 1] = static_cast<std::uint8_t>(colour >> 8U);
  rgba[at + 2] = static_cast<std::uint8_t>(colour);
}

/// Whether two RGBA pictures show the same colours, alpha aside.
bool sameColours(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); i += 4) {
    if (!std::equal(a.begin() + static_cast<std::ptrdiff_t>(i), a.begin() + static_cast<std::ptrdiff_t>(i + 3),
                    b.begin() + static_cast<std::ptrdiff_t>(i)))
      return false;
  }
  return true;
}

std::unique_ptr<GifWriter> createWriter(const std::string& path, bool overwrite = false) {
  auto created = GifWriter::create(path, overwrite, kWidth, kHeight);
  if (auto* problem = std::get_if<std::string>(&created)) {
    ADD_FAILURE() << *problem;
    return nullptr;
  }
  return std::move(std::get<std::unique_ptr<GifWriter>>(created));
}

testing::GifClip readBack(const std::string& path) {
  auto read = testing::readGifClip(path);
  if (auto* problem = std::get_if<std::string>(&read)) {
    ADD_FAILURE() << *problem;
    return {};
  }
  return std::get<testing::GifClip>(std::move(read));
}

/// A clip of one frame written to `path` and read back: the frame as a viewer shows it.
std::vector<std::uint8_t> showOneFrame(const std::string& path, const std::vector<std::uint8_t>& frame) {
  auto writer = createWriter(path);
  if (!writer) return {};
  EXPECT_EQ(writer->add(frame, 10), std::nullopt);
  EXPECT_EQ(writer->finish(), std::nullopt);
  const testing::GifClip clip = readBack(path);
  EXPECT_EQ(clip.frames.size(), 1U);
  return clip.frames.empty() ? std::vector<std::uint8_t>() : clip.frames[0].rgba;
}

TEST(GifWriter, FramesOfFewColoursComeBackExactAndARepeatLengthensTheFrameBefore) {
  retrace::testing::TempDir temp{"retrace_gif"};
  const std::string path = temp.file("clip.gif");
  std::vector<std::vector<std::uint8_t>> frames;
  frames.push_back(fillFrame(0x102030));
  for (unsigned x = 5; x < 15; ++x) paint(frames[0], x, 7, 0xFF0000);
  frames.push_back(frames[0]);
  paint(frames[1], 20, 20, 0x00FF00);  // one pixel changes
  paint(frames[1], 30, 25, 0x0000FF);
  frames.push_back(frames[1]);  // nothing changes
  frames.push_back(frames[1]);
  for (unsigned x = 5; x < 15; ++x) paint(frames[3], x, 7, 0x102030);  // the line goes
  auto writer = createWriter(path);
  ASSERT_TRUE(writer);
  const std::uint32_t delays[] = {3, 4, 3, 5};
  for (std::size_t i = 0; i < frames.size(); ++i) ASSERT_EQ(writer->add(frames[i], delays[i]), std::nullopt) << i;
  ASSERT_EQ(writer->finish(), std::nullopt);
  EXPECT_EQ(writer->countFrames(), 3U);
  EXPECT_EQ(writer->countBytes(), fs::file_size(path));
  EXPECT_FALSE(fs::exists(path + ".partial"));

  const testing::GifClip clip = readBack(path);
  EXPECT_EQ(clip.width, static_cast<int>(kWidth));
  EXPECT_EQ(clip.height, static_cast<int>(kHeight));
  EXPECT_TRUE(clip.loops);
  ASSERT_EQ(clip.frames.size(), 3U);
  EXPECT_TRUE(sameColours(clip.frames[0].rgba, frames[0]));
  EXPECT_TRUE(sameColours(clip.frames[1].rgba, frames[1]));
  EXPECT_TRUE(sameColours(clip.frames[2].rgba, frames[3]));
  EXPECT_EQ(clip.frames[0].delay, 3);
  EXPECT_EQ(clip.frames[1].delay, 4 + 3);  // the repeat is shown longer, not written again
  EXPECT_EQ(clip.frames[2].delay, 5);
}

TEST(GifWriter, MoreThan255ColoursKeepTheCommonestExactAndTheRestNear) {
  retrace::testing::TempDir temp{"retrace_gif"};
  const std::string path = temp.file("many.gif");
  // 240 colours of five pixels each, and 900 pixels of up to 240 more, each within 1 of one of
  // those in each channel and on fewer pixels (the edges of text).
  std::vector<std::uint8_t> frame = fillFrame(0);
  std::vector<std::uint32_t> common;
  for (unsigned c = 0; c < 240; ++c) common.push_back(((c * 7U) % 256U) << 16U | ((c * 13U) % 256U) << 8U | (c * 29U) % 256U);
  unsigned pixel = 0;
  for (unsigned c = 0; c < 240; ++c) {
    for (int k = 0; k < 5; ++k, ++pixel) paint(frame, pixel % kWidth, pixel / kWidth, common[c]);
  }
  for (; pixel < kWidth * kHeight; ++pixel) {
    const std::uint32_t base = common[pixel % 240];
    const std::uint32_t near = (base & 0xFEFEFEU) + 0x010001U * (pixel % 2) + 0x000100U * ((pixel / 2) % 2);
    paint(frame, pixel % kWidth, pixel / kWidth, near);
  }
  const std::vector<std::uint8_t> shown = showOneFrame(path, frame);
  ASSERT_EQ(shown.size(), frame.size());
  for (unsigned i = 0; i < kWidth * kHeight; ++i) {
    const std::size_t at = std::size_t{i} * 4;
    for (std::size_t channel = 0; channel < 3; ++channel) {
      const int difference = std::abs(int{shown[at + channel]} - int{frame[at + channel]});
      if (i < 240 * 5)
        ASSERT_EQ(difference, 0) << "pixel " << i;  // a common colour is in the palette
      else
        ASSERT_LE(difference, 1) << "pixel " << i;
    }
  }
}

TEST(GifWriter, AMarkOfAColourOfItsOwnKeepsItAmongManyShades) {
  // 260 greys of four pixels each (text's edges), two magenta pixels (a tunnel's path), black
  // for the rest: the commonest 255 are all black and grey, which painted the path grey.
  retrace::testing::TempDir temp{"retrace_gif"};
  const std::string path = temp.file("mark.gif");
  std::vector<std::uint8_t> frame = fillFrame(0);
  unsigned pixel = 0;
  for (unsigned shade = 0; shade < 260; ++shade) {
    const std::uint32_t grey = shade < 256 ? shade * 0x010101U : (shade - 250) * 0x010101U + 1;
    for (int k = 0; k < 4; ++k, ++pixel) paint(frame, pixel % kWidth, pixel / kWidth, grey);
  }
  paint(frame, 10, 29, 0xFF00FF);
  paint(frame, 11, 29, 0xFF00FF);
  const std::vector<std::uint8_t> shown = showOneFrame(path, frame);
  ASSERT_EQ(shown.size(), frame.size());
  const std::size_t mark = (29 * std::size_t{kWidth} + 10) * 4;
  EXPECT_EQ(
      std::vector<int>(shown.begin() + static_cast<std::ptrdiff_t>(mark), shown.begin() + static_cast<std::ptrdiff_t>(mark + 3)),
      std::vector<int>({255, 0, 255}));
  // The seven greys left out (the palette's last places go by count, then colour) are shown as
  // the nearest kept, a few levels off.
  for (std::size_t i = 0; i < shown.size(); i += 4) {
    for (std::size_t channel = 0; channel < 3; ++channel)
      ASSERT_LE(std::abs(int{shown[i + channel]} - int{frame[i + channel]}), 8) << "pixel " << i / 4;
  }
}

TEST(GifWriter, AStillPictureLongerThanAFrameCanLastIsCarriedOn) {
  retrace::testing::TempDir temp{"retrace_gif"};
  const std::string path = temp.file("still.gif");
  auto writer = createWriter(path);
  ASSERT_TRUE(writer);
  const std::vector<std::uint8_t> frame = fillFrame(0x405060);
  ASSERT_EQ(writer->add(frame, 40000), std::nullopt);
  ASSERT_EQ(writer->add(frame, 40000), std::nullopt);  // 800 s, past the 655.35 s a frame's field holds
  ASSERT_EQ(writer->finish(), std::nullopt);
  const testing::GifClip clip = readBack(path);
  ASSERT_EQ(clip.frames.size(), 2U);
  EXPECT_EQ(clip.frames[0].delay + clip.frames[1].delay, 80000);
  EXPECT_TRUE(sameColours(clip.frames[1].rgba, frame));
}

TEST(GifWriter, NoFileIsWrittenOverOrLeftHalfWritten) {
  retrace::testing::TempDir temp{"retrace_gif"};
  const std::string path = temp.file("mine.gif");
  std::ofstream(path) << "mine";
  auto refused = GifWriter::create(path, false, kWidth, kHeight);
  ASSERT_TRUE(std::holds_alternative<std::string>(refused));
  EXPECT_EQ(std::get<std::string>(refused), path + " already exists (pass --force to replace it)");
  {
    // Given up before finish(): neither the partial file nor a word of the user's file changes.
    auto writer = createWriter(path, true);
    ASSERT_TRUE(writer);
    ASSERT_EQ(writer->add(fillFrame(0), 5), std::nullopt);
    EXPECT_TRUE(fs::exists(path + ".partial"));
  }
  EXPECT_FALSE(fs::exists(path + ".partial"));
  EXPECT_EQ(fs::file_size(path), 4U);
  auto writer = createWriter(path, true);
  ASSERT_TRUE(writer);
  EXPECT_EQ(writer->finish(), "a clip needs a frame");
  EXPECT_EQ(writer->add(std::vector<std::uint8_t>(12), 5), "a frame of 3 pixels in a clip of 1200");
  writer.reset();
  EXPECT_EQ(fs::file_size(path), 4U);
  EXPECT_FALSE(fs::exists(path + ".partial"));
  auto missing = GifWriter::create(temp.file("no/such/clip.gif"), false, kWidth, kHeight);
  ASSERT_TRUE(std::holds_alternative<std::string>(missing));
  EXPECT_NE(std::get<std::string>(missing).find("no/such/clip.gif.partial"), std::string::npos) << std::get<std::string>(missing);
  auto huge = GifWriter::create(temp.file("huge.gif"), false, 70000, 10);
  ASSERT_TRUE(std::holds_alternative<std::string>(huge));
  EXPECT_EQ(std::get<std::string>(huge), "a GIF is 1 to 65535 pixels a side, not 70000x10");
}

TEST(GifWriter, FrameDelaysKeepTheClipsTimeExact) {
  // A thirtieth of a second is not a whole number of hundredths: 3, 3, 4 keeps each frame's
  // start where it belongs, so 30 frames last exactly one second.
  std::vector<std::uint32_t> delays;
  for (std::uint64_t i = 0; i < 30; ++i) delays.push_back(measureFrameDelay(i, 1.0 / 30.0));
  EXPECT_EQ(std::accumulate(delays.begin(), delays.end(), 0U), 100U);
  EXPECT_EQ(*std::min_element(delays.begin(), delays.end()), 3U);
  EXPECT_EQ(*std::max_element(delays.begin(), delays.end()), 4U);
  EXPECT_EQ(measureFrameDelay(0, 0.25), 25U);
  EXPECT_EQ(measureFrameDelay(7, 1.0 / 15.0) + measureFrameDelay(8, 1.0 / 15.0), 13U);
}

}  // namespace
}  // namespace retrace::viewer
