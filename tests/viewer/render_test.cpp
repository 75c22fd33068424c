// Rendering, under xvfb-run -a (ctest wraps these tests in it): a frame is a PNG of the size
// asked, the player's box is drawn where the state says in the player's colour, and a contact
// sheet has one cell per tick asked for.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>
#include <unistd.h>

#include "sim/game_model.h"
#include "sim/games/dodge.h"
#include "viewer/frame.h"
#include "viewer/headless.h"
#include "support/temp_dir.h"
#include "viewer/playback.h"

namespace retrace::viewer {
namespace {

namespace fs = std::filesystem;

std::string readText(const fs::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class Render : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(loadFont(font_).has_value());
    auto loaded = recorder::loadReplayFile(std::string(RETRACE_REPLAYS_DIR) + "/dodge-bot-seed3.rtr");
    ASSERT_TRUE(std::holds_alternative<recorder::LoadedReplay>(loaded));
    playback_.emplace(std::get<recorder::LoadedReplay>(std::move(loaded)), false);
  }
  sf::Font font_;
  retrace::testing::TempDir temp_{"retrace_render"};
  const fs::path& dir_ = temp_.path();
  std::optional<Playback> playback_;
};

TEST_F(Render, AFrameHasTheSizeAskedAndThePlayerWhereTheStateSays) {
  const std::string png = (dir_ / "frame.png").string();
  Overlays overlays;
  overlays.boxes = false;
  overlays.sweeps = false;
  ASSERT_FALSE(renderFramePng(*playback_, font_, 100, png, false, {640, 480}, overlays).has_value());
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  EXPECT_EQ(image.getSize(), sf::Vector2u(640, 480));
  // Map the centre of the player's box through the frame layout and read the pixel there.
  const auto& session = dynamic_cast<const sim::GameModelSession<sim::dodge::Game>&>(playback_->current());
  const sim::Box player = session.state().player;
  const FrameLayout layout = computeLayout({0.0F, 0.0F, 640.0F, 480.0F}, findDrawer("dodge")->worldSize(session));
  const float x = layout.scene.left + (toPixels(player.x) + toPixels(player.w) / 2) * layout.scale;
  const float y = layout.scene.top + (toPixels(player.y) + toPixels(player.h) / 2) * layout.scale;
  EXPECT_EQ(image.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y)), kPlayerColour);
  // And a corner of the arena, far from any body, is the background.
  EXPECT_EQ(image.getPixel(static_cast<unsigned>(layout.scene.left + 2), static_cast<unsigned>(layout.scene.top + layout.scene.height - 3)),
            kBackground);
}

TEST_F(Render, AContactSheetHasOneCellPerTick) {
  const std::string png = (dir_ / "sheet.png").string();
  ASSERT_EQ(countSheetCells(0, 1800, 120), 16U);
  ASSERT_FALSE(renderSheetPng(*playback_, font_, 0, 1800, 120, png, false, {}).has_value());
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  EXPECT_EQ(image.getSize(), sf::Vector2u(4 * kCellWidth, 4 * kCellHeight));  // 16 cells: 4 x 4
  // Each cell's scene background starts just below its label.
  for (unsigned cell = 0; cell < 16; ++cell) {
    const unsigned x = (cell % 4) * kCellWidth + 8;
    const unsigned y = (cell / 4) * kCellHeight + 40;
    EXPECT_EQ(image.getPixel(x, y), kBackground) << "cell " << cell;
  }
}

TEST_F(Render, NoFileAtTheOutputOrTemporaryNameIsLost) {
  const std::string png = (dir_ / "kept.png").string();
  const std::string partial = png + ".partial.png";
  std::ofstream(partial) << "someone's";
  const auto taken = renderFramePng(*playback_, font_, 10, png, false, {64, 48}, {});
  EXPECT_EQ(taken, partial + " already exists (being written, or left by a crash; recover or remove it)");
  EXPECT_EQ(readText(partial), "someone's");  // SFML would have truncated it
  EXPECT_FALSE(fs::exists(png));
  fs::remove(partial);
  // A file at the output name (made while rendering: main() refuses one that was there before).
  std::ofstream(png) << "mine";
  const auto appeared = renderSheetPng(*playback_, font_, 0, 20, 10, png, false, {});
  EXPECT_EQ(appeared, png + " appeared while writing and is left as it was; the new file is " + partial);
  EXPECT_EQ(readText(png), "mine");
  sf::Image rendered;
  EXPECT_TRUE(rendered.loadFromFile(partial));
  fs::remove(partial);
  ASSERT_FALSE(renderFramePng(*playback_, font_, 10, png, true, {64, 48}, {}).has_value());
  EXPECT_TRUE(rendered.loadFromFile(png));  // replaced when asked
  EXPECT_FALSE(fs::exists(partial));
}

TEST_F(Render, BadRangesAreOneSentence) {
  const std::string png = (dir_ / "bad.png").string();
  const auto past = renderFramePng(*playback_, font_, 999999, png, false, {320, 240}, {});
  ASSERT_TRUE(past.has_value());
  EXPECT_NE(past->find("past the replay's last tick"), std::string::npos);
  EXPECT_TRUE(renderSheetPng(*playback_, font_, 100, 50, 10, png, false, {}).has_value());
  EXPECT_TRUE(renderSheetPng(*playback_, font_, 0, 3600, 1, png, false, {}).has_value());  // too many cells
  EXPECT_FALSE(fs::exists(png));
}

}  // namespace
}  // namespace retrace::viewer
