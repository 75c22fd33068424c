// breakout drawn by retrace's viewer from its scene alone (under xvfb-run -a): the paddle in the
// player's colour and a brick in the breakable colour where the scene puts them, and empty
// arena as background.
#include <filesystem>
#include <memory>
#include <string>
#include <variant>

#include <gtest/gtest.h>
#include <unistd.h>

#include "breakout/breakout.h"
#include "recorder/recorder.h"
#include "viewer/frame.h"
#include "viewer/headless.h"
#include "viewer/playback.h"

namespace {

namespace fs = std::filesystem;
using namespace retrace;

TEST(OwnGameView, AFrameShowsThePaddleAndBricksWhereTheSceneSays) {
  (void)sim::registerGame<breakout::Game>();
  const fs::path dir = fs::temp_directory_path() / ("breakout-view-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string replay = (dir / "bot.rtr").string();
  auto opened = recorder::openRecording({.output = replay, .game = "breakout", .seed = 3});
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<recorder::Recorder>>(opened)) << std::get<std::string>(opened);
  auto& rec = *std::get<std::unique_ptr<recorder::Recorder>>(opened);
  sim::Rng bot = sim::seedRng(3);
  for (int tick = 0; tick < 600; ++tick) (void)rec.record(rec.session().chooseBotInput(bot));
  ASSERT_FALSE(rec.close().has_value());

  auto loaded = recorder::loadReplayFile(replay);
  ASSERT_TRUE(std::holds_alternative<recorder::LoadedReplay>(loaded));
  viewer::Playback playback(std::get<recorder::LoadedReplay>(std::move(loaded)), false);
  sf::Font font;
  ASSERT_FALSE(viewer::loadFont(font).has_value());
  const std::string png = (dir / "frame.png").string();
  viewer::Overlays overlays;
  overlays.boxes = false;
  overlays.sweeps = false;
  ASSERT_FALSE(viewer::renderFramePng(playback, font, 300, png, false, {640, 480}, overlays).has_value());
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));

  playback.seek(300);
  const sim::Scene scene = playback.current().describeScene(playback.previous());
  const viewer::FrameLayout layout = viewer::layoutFrame({0.0F, 0.0F, 640.0F, 480.0F}, playback);
  const auto pixelAt = [&](float x, float y) {
    return image.getPixel(static_cast<unsigned>(layout.scene.left + x * layout.scale),
                          static_cast<unsigned>(layout.scene.top + y * layout.scale));
  };
  int paddles = 0;
  int bricks = 0;
  for (const sim::ScenePrimitive& p : scene.primitives) {
    if (p.shape != sim::SceneShape::kBox) continue;
    const float cx = viewer::toPixels(p.a.x) + viewer::toPixels(p.b.x) / 2;
    const float cy = viewer::toPixels(p.a.y) + viewer::toPixels(p.b.y) / 2;
    if (p.category == sim::SceneCategory::kPlayer) {
      ++paddles;
      EXPECT_EQ(p.entity, "paddle");
      EXPECT_EQ(pixelAt(cx, cy), viewer::colourOf(sim::SceneCategory::kPlayer));
    }
    if (p.category == sim::SceneCategory::kBreakable) {
      ++bricks;
      EXPECT_EQ(pixelAt(cx, cy), viewer::colourOf(sim::SceneCategory::kBreakable)) << p.entity;
    }
  }
  EXPECT_EQ(paddles, 1);
  EXPECT_GT(bricks, 0);
  // Between the bricks and the paddle, away from the ball, is the background.
  EXPECT_EQ(pixelAt(2.0F, 200.0F), viewer::kBackground);
  fs::remove_all(dir);
}

}  // namespace
