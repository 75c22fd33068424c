// The PNG a picture is written to, read back with libpng as a picture viewer reads it: 8-bit
// RGB with the pixels' colours exact and no alpha (a texture's alpha is no part of what a screen
// shows), and no file written over or left half written.
#include "viewer/png_writer.h"

#include <png.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/temp_dir.h"

namespace retrace::viewer {
namespace {

namespace fs = std::filesystem;

constexpr unsigned kWidth = 37;
constexpr unsigned kHeight = 23;

/// Pixels of many colours and alphas, none of them 255 (as ImGui's panels leave a texture).
std::vector<std::uint8_t> paintPicture() {
  std::vector<std::uint8_t> rgba(std::size_t{kWidth} * kHeight * 4);
  for (std::size_t i = 0; i < rgba.size(); ++i) rgba[i] = static_cast<std::uint8_t>((i * 37 + i / 7) % 251);
  for (std::size_t i = 3; i < rgba.size(); i += 4) rgba[i] = static_cast<std::uint8_t>(i % 200);
  return rgba;
}

/// A PNG as libpng reads it: its format and its pixels as 8-bit RGBA.
struct ReadPicture {
  std::uint32_t format = 0;
  unsigned width = 0;
  unsigned height = 0;
  std::vector<std::uint8_t> rgba;
};

std::optional<ReadPicture> readPicture(const std::string& path) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (png_image_begin_read_from_file(&image, path.c_str()) == 0) {
    ADD_FAILURE() << path << ": " << image.message;
    return std::nullopt;
  }
  ReadPicture picture{image.format, image.width, image.height, {}};
  image.format = PNG_FORMAT_RGBA;
  picture.rgba.resize(PNG_IMAGE_SIZE(image));
  if (png_image_finish_read(&image, nullptr, picture.rgba.data(), 0, nullptr) == 0) {
    ADD_FAILURE() << path << ": " << image.message;
    return std::nullopt;
  }
  return picture;
}

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(PngWriter, APictureIsItsColoursOpaqueAsAScreenShowsThem) {
  retrace::testing::TempDir temp{"retrace_png_writer"};
  const std::string png = temp.file("picture.png");
  const std::vector<std::uint8_t> rgba = paintPicture();
  ASSERT_EQ(writePng(rgba, kWidth, kHeight, png, false), std::nullopt);
  const auto picture = readPicture(png);
  ASSERT_TRUE(picture);
  // RGB: no alpha for a picture viewer to blend with its background (SFML's saver wrote RGBA).
  EXPECT_EQ(picture->format, PNG_FORMAT_RGB);
  EXPECT_EQ(picture->width, kWidth);
  EXPECT_EQ(picture->height, kHeight);
  ASSERT_EQ(picture->rgba.size(), rgba.size());
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < rgba.size(); i += 4) {
    const bool same = picture->rgba[i] == rgba[i] && picture->rgba[i + 1] == rgba[i + 1] && picture->rgba[i + 2] == rgba[i + 2] &&
                      picture->rgba[i + 3] == 255;
    wrong += same ? 0U : 1U;
  }
  EXPECT_EQ(wrong, 0U);
}

TEST(PngWriter, NoFileIsWrittenOverOrLeftHalfWritten) {
  retrace::testing::TempDir temp{"retrace_png_writer"};
  const std::vector<std::uint8_t> rgba = paintPicture();
  const std::string png = temp.file("mine.png");
  std::ofstream(png) << "mine";
  EXPECT_EQ(writePng(rgba, kWidth, kHeight, png, false), png + " already exists (pass --force to replace it)");
  EXPECT_EQ(readText(png), "mine");
  ASSERT_EQ(writePng(rgba, kWidth, kHeight, png, true), std::nullopt);  // replaced when asked
  EXPECT_TRUE(readPicture(png));
  // Pixels that are not the size said, or a folder that is not there: one sentence, no file.
  const std::string other = temp.file("other.png");
  EXPECT_EQ(writePng(rgba, kWidth + 1, kHeight, other, false), "a PNG of 38x23 pixels is not the 3404 bytes given");
  EXPECT_EQ(writePng({}, 0, 0, other, false), "a PNG of 0x0 pixels is not the 0 bytes given");
  const std::string nowhere = temp.file("missing/x.png");
  EXPECT_EQ(writePng(rgba, kWidth, kHeight, nowhere, false), "cannot create " + nowhere + ".partial: No such file or directory");
  EXPECT_EQ(std::vector<fs::path>(fs::directory_iterator(temp.path()), fs::directory_iterator()),
            std::vector<fs::path>{fs::path(png)});
}

}  // namespace
}  // namespace retrace::viewer
