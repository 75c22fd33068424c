// Rendering, under xvfb-run -a (ctest wraps these tests in it): a frame is a PNG of the size
// asked, every game's player is drawn where its scene says in the player's colour, a landing
// window shows on its platform, and a contact sheet has one cell per tick asked for.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>
#include <unistd.h>

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

/// Loads a golden replay for playback.
Playback loadPlayback(const std::string& name) {
  auto loaded = recorder::loadReplayFile(std::string(RETRACE_REPLAYS_DIR) + "/" + name);
  EXPECT_TRUE(std::holds_alternative<recorder::LoadedReplay>(loaded)) << name;
  return Playback(std::get<recorder::LoadedReplay>(std::move(loaded)), false);
}

/// The pixel of a frame at a fraction of a box primitive (0.5, 0.5: its centre), through the
/// frame layout.
sf::Color readInside(const sf::Image& image, const FrameLayout& layout, const sim::ScenePrimitive& box, float fx = 0.5F, float fy = 0.5F) {
  const float x = layout.scene.left + (toPixels(box.a.x) + toPixels(box.b.x) * fx) * layout.scale;
  const float y = layout.scene.top + (toPixels(box.a.y) + toPixels(box.b.y) * fy) * layout.scale;
  return image.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y));
}

TEST_F(Render, EveryGamesPlayerIsDrawnWhereItsSceneSays) {
  for (const char* name : {"dodge-bot-seed3.rtr", "tank-bot-seed5.rtr", "fallingman-bot-seed4.rtr"}) {
    SCOPED_TRACE(name);
    Playback playback = loadPlayback(name);
    const std::string png = (dir_ / "frame.png").string();
    Overlays overlays;
    overlays.boxes = false;
    overlays.sweeps = false;
    overlays.window = false;
    overlays.grid = false;
    ASSERT_FALSE(renderFramePng(playback, font_, 100, png, true, {640, 480}, overlays).has_value());
    sf::Image image;
    ASSERT_TRUE(image.loadFromFile(png));
    EXPECT_EQ(image.getSize(), sf::Vector2u(640, 480));
    playback.seek(100);
    const sim::Scene scene = playback.current().describeScene(playback.previous());
    const FrameLayout layout = computeLayout({0.0F, 0.0F, 640.0F, 480.0F}, measureScene(scene));
    int players = 0;
    for (const sim::ScenePrimitive& p : scene.primitives) {
      if (p.category != sim::SceneCategory::kPlayer || p.shape != sim::SceneShape::kBox) continue;
      ++players;
      // Off the centre, where a heading may be drawn over the body.
      EXPECT_EQ(readInside(image, layout, p, 0.25F, 0.25F), colourOf(sim::SceneCategory::kPlayer)) << p.entity;
    }
    EXPECT_EQ(players, 1);
  }
}

TEST_F(Render, TheEmptyArenaIsBackground) {
  const std::string png = (dir_ / "frame.png").string();
  ASSERT_FALSE(renderFramePng(*playback_, font_, 100, png, false, {640, 480}, {}).has_value());
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  const FrameLayout layout = computeLayout({0.0F, 0.0F, 640.0F, 480.0F}, measureScene(playback_->current().describeScene(playback_->previous())));
  // A bottom corner of dodge's arena, far from any body, is the background.
  EXPECT_EQ(image.getPixel(static_cast<unsigned>(layout.scene.left + 2), static_cast<unsigned>(layout.scene.top + layout.scene.height - 3)),
            kBackground);
}

TEST_F(Render, ALandingWindowShowsOnItsPlatform) {
  Playback playback = loadPlayback("fallingman-bot-seed4.rtr");
  const std::string png = (dir_ / "window.png").string();
  Overlays overlays;
  overlays.boxes = false;
  ASSERT_FALSE(renderFramePng(playback, font_, 200, png, false, {640, 480}, overlays).has_value());
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  playback.seek(200);
  const sim::Scene scene = playback.current().describeScene(playback.previous());
  const FrameLayout layout = computeLayout({0.0F, 0.0F, 640.0F, 480.0F}, measureScene(scene));
  int windows = 0;
  for (const sim::ScenePrimitive& p : scene.primitives) {
    if (p.category != sim::SceneCategory::kWindow) continue;
    ++windows;
    const sf::Color seen = readInside(image, layout, p);
    EXPECT_NE(seen, colourOf(sim::SceneCategory::kPlatform)) << p.entity;
    EXPECT_NE(seen, kBackground) << p.entity;
    // Clearly apart from the platform: at least 100 in one channel.
    const sf::Color platform = colourOf(sim::SceneCategory::kPlatform);
    const int apart = std::max({std::abs(seen.r - platform.r), std::abs(seen.g - platform.g), std::abs(seen.b - platform.b)});
    EXPECT_GE(apart, 60) << p.entity;
  }
  EXPECT_GT(windows, 0);
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
