// Rendering, under xvfb-run -a (ctest wraps these tests in it): a frame is a PNG of the size
// asked, every game's player is drawn where its scene says in the player's colour, a landing
// window shows on its platform, and a contact sheet has one cell per tick asked for.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <set>

#include <gtest/gtest.h>
#include <unistd.h>

#include "support/corpus.h"
#include "support/temp_dir.h"
#include "viewer/debugger.h"
#include "viewer/display.h"
#include "viewer/frame.h"
#include "viewer/headless.h"
#include "viewer/off_scene.h"
#include "viewer/playback.h"
#include "viewer/plot.h"
#include "viewer/timeline.h"

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
    ASSERT_TRUE(display_ != nullptr) << "no X display: run under xvfb-run -a";
    ASSERT_FALSE(loadFont(font_).has_value());
    auto loaded = recorder::loadReplayFile(std::string(RETRACE_REPLAYS_DIR) + "/dodge-bot-seed3.rtr");
    ASSERT_TRUE(std::holds_alternative<recorder::LoadedReplay>(loaded));
    playback_.emplace(std::get<recorder::LoadedReplay>(std::move(loaded)), false);
  }
  // Held through the test, closed after what it rendered: an X server resets when its last
  // client leaves and refuses connections meanwhile, and SFML, which opens the display again for
  // each texture, aborts when it cannot. Opened waiting out a reset the test before began.
  std::shared_ptr<void> display_ = connectDisplay();
  sf::Font font_;
  retrace::testing::TempDir temp_{"retrace_render"};
  const fs::path& dir_ = temp_.path();
  std::optional<Playback> playback_;
};

/// Loads a golden replay for playback, with the oracle's tunnels when `verify` is set.
Playback loadPlayback(const std::string& name, bool verify = false) {
  auto loaded = recorder::loadReplayFile(std::string(RETRACE_REPLAYS_DIR) + "/" + name);
  EXPECT_TRUE(std::holds_alternative<recorder::LoadedReplay>(loaded)) << name;
  return Playback(std::get<recorder::LoadedReplay>(std::move(loaded)), verify);
}

/// The pixel of a frame at a fraction of a box primitive (0.5, 0.5: its centre), through the
/// frame layout.
sf::Color readInside(const sf::Image& image, const FrameLayout& layout, const sim::ScenePrimitive& box, float fx = 0.5F,
                     float fy = 0.5F) {
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
    const FrameLayout layout = layoutFrame({0.0F, 0.0F, 640.0F, 480.0F}, playback);
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
  const FrameLayout layout = layoutFrame({0.0F, 0.0F, 640.0F, 480.0F}, *playback_);
  // A bottom corner of dodge's arena, far from any body, is the background.
  EXPECT_EQ(image.getPixel(static_cast<unsigned>(layout.scene.left + 2),
                           static_cast<unsigned>(layout.scene.top + layout.scene.height - 3)),
            kBackground);
}

TEST_F(Render, ASmallFrameKeepsRoomForTheSceneAndTheDefaultOneFullLanes) {
  for (const char* name : {"dodge-bot-seed3.rtr", "tank-bot-seed5.rtr", "fallingman-bot-seed4.rtr"}) {
    SCOPED_TRACE(name);
    const Playback playback = loadPlayback(name);
    const std::size_t lanes = describeLanes(playback.game()).size();
    for (const sf::Vector2f size : {sf::Vector2f{160.0F, 120.0F}, sf::Vector2f{320.0F, 240.0F}, sf::Vector2f{480.0F, 360.0F}}) {
      SCOPED_TRACE(std::to_string(size.x) + "x" + std::to_string(size.y));
      const FrameLayout layout = layoutFrame({0.0F, 0.0F, size.x, size.y}, playback);
      EXPECT_GE(layout.scene.height, size.y / 4) << "the timeline leaves the scene a quarter of the frame";
      EXPECT_LE(layout.timeline.top + layout.timeline.height, size.y);
      EXPECT_LE(layout.hud.top + layout.hud.height, layout.timeline.top);
      // Every lane is still there, each with its own rows to click.
      for (std::size_t lane = 0; lane < lanes; ++lane) {
        const float middle = layout.timeline.top + 1.0F +
                             (static_cast<float>(lane) + 0.5F) * (layout.timeline.height - 2.0F) / static_cast<float>(lanes);
        EXPECT_EQ(findLaneAt(layout.timeline, middle, lanes), lane);
      }
    }
    // The default window: lanes of full height with their labels, as before.
    const FrameLayout full = layoutFrame({0.0F, 0.0F, 960.0F, 720.0F}, playback);
    EXPECT_EQ(full.timeline.height, measureTimeline(lanes));
    EXPECT_LT(timelineBar(full.timeline, lanes).width, full.timeline.width) << "a label gutter";
  }
  // The smallest frame: lanes too thin to label, so the bar takes the whole width; the frame
  // renders, and the arena's corner is the scene's background where the layout puts it.
  const FrameLayout tiny = layoutFrame({0.0F, 0.0F, 160.0F, 120.0F}, *playback_);
  const std::size_t lanes = describeLanes(playback_->game()).size();
  EXPECT_EQ(timelineBar(tiny.timeline, lanes).width, tiny.timeline.width);
  const std::string png = (dir_ / "tiny.png").string();
  ASSERT_FALSE(renderFramePng(*playback_, font_, 100, png, false, {160, 120}, {}).has_value());
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  EXPECT_EQ(image.getSize(), sf::Vector2u(160, 120));
  EXPECT_EQ(
      image.getPixel(static_cast<unsigned>(tiny.scene.left + 1), static_cast<unsigned>(tiny.scene.top + tiny.scene.height - 2)),
      kBackground);
}

TEST_F(Render, TheHelpFitsAnyFrameAndKeepsItsSizeWhereItFits) {
  const std::vector<std::string> lines = describeViewerKeys(playback_->game().sceneLayers());
  for (const sf::Vector2f size :
       {sf::Vector2f{160.0F, 120.0F}, sf::Vector2f{320.0F, 240.0F}, sf::Vector2f{640.0F, 480.0F}, sf::Vector2f{960.0F, 720.0F}}) {
    SCOPED_TRACE(std::to_string(size.x) + "x" + std::to_string(size.y));
    const sf::FloatRect frame{0.0F, 0.0F, size.x, size.y};
    const HelpLayout help = layoutHelp(frame, layoutFrame(frame, *playback_).scene, lines, font_);
    EXPECT_GE(help.textSize, 8U);
    if (help.textSize > 8U) {  // at 8 px the text is as small as it gets, and may not fit
      EXPECT_GE(help.panel.left, 0.0F);
      EXPECT_GE(help.panel.top, 0.0F);
      EXPECT_LE(help.panel.left + help.panel.width, size.x);
      EXPECT_LE(help.panel.top + help.panel.height, size.y);
    }
    // Every line fits the panel at the size it is drawn.
    for (const std::string& line : lines)
      EXPECT_LE(sf::Text(line, font_, help.textSize).getLocalBounds().width, help.panel.width) << line;
  }
  // Every key the window answers is there (mapKey's and the window's own: Z, T, L).
  for (const char* key : {"space ", "right/left ", "home/end ", "+ / - ", ". / , ", "] / [ ", "K ", "D ", "T ", "N / shift+N ",
                          "L ", "(Z: all)", "B boxes", "I names", "E events", "P panels", "H help", "Q or Esc"}) {
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [&](const std::string& line) {
      return line.find(key) != std::string::npos;
    })) << key;
  }
  // The keys (the lines before the timeline's) start their descriptions in one column.
  std::set<std::size_t> columns;
  for (std::size_t i = 0; i < lines.size() && !lines[i].starts_with("timeline:"); ++i) {
    const std::size_t gap = lines[i].find("  ");
    columns.insert(gap == std::string::npos ? gap : lines[i].find_first_not_of(' ', gap));
  }
  EXPECT_EQ(columns.size(), 1U);
  const sf::FloatRect frame{0.0F, 0.0F, 960.0F, 720.0F};
  EXPECT_EQ(layoutHelp(frame, layoutFrame(frame, *playback_).scene, lines, font_).textSize, kTextSize);
  EXPECT_LT(layoutHelp({0.0F, 0.0F, 320.0F, 240.0F}, layoutFrame({0.0F, 0.0F, 320.0F, 240.0F}, *playback_).scene, lines, font_)
                .textSize,
            kTextSize);
  Overlays overlays;
  overlays.help = true;
  const std::string png = (dir_ / "help.png").string();
  ASSERT_FALSE(renderFramePng(*playback_, font_, 100, png, false, {320, 240}, overlays).has_value());
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
  const FrameLayout layout = layoutFrame({0.0F, 0.0F, 640.0F, 480.0F}, playback);
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
  ASSERT_EQ(countRangeTicks(0, 1800, 120), 16U);
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

TEST_F(Render, AContactSheetDrawsTheOraclesTunnelsAndLabelsTheirTicksInTheirColour) {
  Playback playback = loadPlayback("dodge-discrete-tunneling.rtr", true);
  const std::vector<std::uint64_t> ticks = playback.tunnelTicks();
  // A tunnel's tick with none on the tick before: two cells, the first without a finding.
  const auto found = std::find_if(ticks.begin(), ticks.end(), [&](std::uint64_t t) {
    return t > 0 && std::find(ticks.begin(), ticks.end(), t - 1) == ticks.end();
  });
  ASSERT_NE(found, ticks.end());
  const std::string png = (dir_ / "tunnels.png").string();
  ASSERT_FALSE(renderSheetPng(playback, font_, *found - 1, *found, 1, png, false, {}).has_value());
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  ASSERT_EQ(image.getSize(), sf::Vector2u(2 * kCellWidth, kCellHeight));
  // Per cell: the label's pixels in the path's colour, and the scene's in the colour of what the
  // path passed through.
  std::size_t label[2] = {0, 0};
  std::size_t hit[2] = {0, 0};
  for (unsigned y = 0; y < kCellHeight; ++y) {
    for (unsigned x = 0; x < 2 * kCellWidth; ++x) {
      const sf::Color colour = image.getPixel(x, y);
      if (y < 16) label[x / kCellWidth] += colour == colourOf(sim::SceneCategory::kTunnelPath) ? 1U : 0U;
      hit[x / kCellWidth] += colour == colourOf(sim::SceneCategory::kTunnelHit) ? 1U : 0U;
    }
  }
  EXPECT_EQ(label[0], 0U);
  EXPECT_GT(label[1], 20U) << "tick " << *found;
  EXPECT_EQ(hit[0], 0U);
  EXPECT_GT(hit[1], 20U) << "tick " << *found;
}

TEST(SheetCells, ANarrowSceneGetsCellsAsNarrowAsItIsDrawn) {
  EXPECT_EQ(fitCellWidth({320.0F, 240.0F}), kCellWidth);     // dodge: wider than tall, the whole cell
  EXPECT_EQ(fitCellWidth({1000.0F, 10.0F}), kCellWidth);     // a strip
  EXPECT_EQ(fitCellWidth({260.0F, 260.0F}), 178U + 4U);      // tank's square map, 178 px each way
  EXPECT_EQ(fitCellWidth({240.0F, 320.0F}), 134U + 4U);      // falling man: 178 px tall, 133.5 wide
  EXPECT_EQ(fitCellWidth({10.0F, 1000.0F}), kMinCellWidth);  // room for the tick's label still
}

TEST_F(Render, NoFileAtTheOutputOrTemporaryNameIsLost) {
  const std::string png = (dir_ / "kept.png").string();
  const std::string partial = png + ".partial";
  std::ofstream(partial) << "someone's";
  const auto taken = renderFramePng(*playback_, font_, 10, png, false, {64, 48}, {});
  EXPECT_EQ(taken, partial + " already exists (being written, or left by a crash; recover or remove it)");
  EXPECT_EQ(readText(partial), "someone's");
  EXPECT_FALSE(fs::exists(png));
  fs::remove(partial);
  // A file at the output name, made while rendering (main() refuses one that was there before).
  std::ofstream(png) << "mine";
  const auto appeared = renderSheetPng(*playback_, font_, 0, 20, 10, png, false, {});
  EXPECT_EQ(appeared, png + " already exists (pass --force to replace it)");
  EXPECT_EQ(readText(png), "mine");
  EXPECT_FALSE(fs::exists(partial));
  ASSERT_FALSE(renderFramePng(*playback_, font_, 10, png, true, {64, 48}, {}).has_value());
  sf::Image rendered;
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

namespace retrace::viewer {
namespace {

/// The pixels of a rectangle of an image that differ between two images of the same size.
std::size_t countDifferences(const sf::Image& a, const sf::Image& b, sf::IntRect area) {
  std::size_t differ = 0;
  for (int y = area.top; y < area.top + area.height; ++y) {
    for (int x = area.left; x < area.left + area.width; ++x) {
      if (a.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y)) !=
          b.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y)))
        ++differ;
    }
  }
  return differ;
}

sf::Image loadImage(const std::string& path) {
  sf::Image image;
  EXPECT_TRUE(image.loadFromFile(path)) << path;
  return image;
}

TEST_F(Render, ThePanelsStandBesideTheFrameAndFollowTheCursor) {
  for (const char* name : {"dodge-bot-seed3.rtr", "tank-bot-seed5.rtr", "fallingman-bot-seed4.rtr"}) {
    SCOPED_TRACE(name);
    Playback playback = loadPlayback(name);
    const std::string plain = (dir_ / "plain.png").string();
    const std::string panels = (dir_ / "panels.png").string();
    const std::string later = (dir_ / "later.png").string();
    ASSERT_FALSE(renderFramePng(playback, font_, 200, plain, true, {640, 480}, {}).has_value());
    ASSERT_FALSE(
        renderDebuggerPng(playback, font_, 200, panels, true, {640, 480}, {nullptr, name, "", "", true, {}, {}, {}}).has_value());
    ASSERT_FALSE(
        renderDebuggerPng(playback, font_, 260, later, true, {640, 480}, {nullptr, name, "", "", true, {}, {}, {}}).has_value());
    const sf::Image a = loadImage(plain);
    const sf::Image b = loadImage(panels);
    const sf::Image c = loadImage(later);
    ASSERT_EQ(b.getSize(), sf::Vector2u(640 + static_cast<unsigned>(kPanelWidth), 480));
    // The frame is the plain one; the column beside it is the panels', and they change with the tick.
    sf::Image left;
    left.create(640, 480);
    left.copy(b, 0, 0, {0, 0, 640, 480});
    EXPECT_EQ(countDifferences(a, left, {0, 0, 640, 480}), 0U);
    const sf::IntRect column{640, 0, static_cast<int>(kPanelWidth), 480};
    std::size_t lit = 0;
    for (int y = column.top; y < column.height; ++y) {
      for (int x = column.left; x < column.left + column.width; ++x) {
        const sf::Color p = b.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y));
        if (p.r + p.g + p.b > 300) ++lit;  // text and buttons, not the window's dark background
      }
    }
    EXPECT_GT(lit, 2000U);
    EXPECT_GT(countDifferences(b, c, column), 100U);
  }
}

TEST_F(Render, APlottedFieldIsDrawnInItsOwnLaneFromItsLowestToItsHighestValue) {
  // man.vy over the whole minute: in the plot's lane only, in the plot colour, from the lane's
  // bottom (its lowest value) to its top (its highest), and nowhere in a frame without the plot.
  Playback playback = loadPlayback("fallingman-bot-seed4.rtr");
  const std::string plain = (dir_ / "plain.png").string();
  const std::string plotted = (dir_ / "plotted.png").string();
  ASSERT_FALSE(
      renderDebuggerPng(playback, font_, 900, plain, true, {800, 600}, {nullptr, "a", "", "", false, {}, {}, {}}).has_value());
  ASSERT_FALSE(
      renderDebuggerPng(playback, font_, 900, plotted, true, {800, 600}, {nullptr, "a", "", "", false, {"man.vy"}, {}, {}})
          .has_value());
  const sf::Image without = loadImage(plain);
  const sf::Image with = loadImage(plotted);
  const sf::Color curve = plotColourA();
  const FrameLayout layout = layoutFrame({0.0F, 0.0F, 800.0F, 600.0F}, playback, 1);
  const std::vector<std::string> fields = {"man.vy"};
  const std::vector<Lane> lanes = describeLanes(playback.game(), fields);
  ASSERT_EQ(lanes.back().kind, LaneKind::kPlot);
  unsigned top = 600;
  unsigned bottom = 0;
  std::size_t outside = 0;
  std::size_t before = 0;
  for (unsigned y = 0; y < 600; ++y) {
    const auto lane = findLaneAt(layout.timeline, static_cast<float>(y), lanes);
    for (unsigned x = 0; x < 800; ++x) {
      if (without.getPixel(x, y) == curve) ++before;
      if (with.getPixel(x, y) != curve) continue;
      if (lane != lanes.size() - 1 || !layout.timeline.contains(static_cast<float>(x), static_cast<float>(y))) {
        ++outside;
        continue;
      }
      top = std::min(top, y);
      bottom = std::max(bottom, y);
    }
  }
  EXPECT_EQ(before, 0U);
  EXPECT_EQ(outside, 0U);
  ASSERT_LT(top, bottom) << "no curve in the plot's lane";
  float laneTop = 600.0F;
  float laneBottom = 0.0F;
  for (float y = 0.0F; y < 600.0F; y += 0.5F) {
    if (findLaneAt(layout.timeline, y, lanes) != lanes.size() - 1) continue;
    laneTop = std::min(laneTop, y);
    laneBottom = std::max(laneBottom, y);
  }
  EXPECT_LE(static_cast<float>(top), laneTop + 3.0F) << "the highest value at the lane's top";
  EXPECT_GE(static_cast<float>(bottom), laneBottom - 4.0F) << "the lowest at its bottom";
}

TEST_F(Render, InCompareModeAnInputLaneShowsBsButtonUnderAs) {
  // B is an edit that holds left on every tick: its half of the lane is lit across the bar,
  // A's only where the bot held left. Without B's half an edit was not to be seen.
  Playback a = loadPlayback("fallingman-bot-seed4.rtr");
  std::vector<sim::Input> inputs = recorder::expandInputs(a.replay());
  for (sim::Input& input : inputs) input = static_cast<sim::Input>(input | 1U);
  auto edited = recordEdit(a.replay(), inputs, "a.rtr");
  ASSERT_TRUE(std::holds_alternative<recorder::LoadedReplay>(edited)) << std::get<std::string>(edited);
  Playback b(std::get<recorder::LoadedReplay>(std::move(edited)), false);
  const sf::FloatRect area{0.0F, 0.0F, 1000.0F, 700.0F};
  sf::RenderTexture texture;
  ASSERT_TRUE(texture.create(1000, 700));
  texture.clear(sf::Color::Black);
  FrameRenderer(font_).renderCompare(texture, area, a, b, {}, {});
  texture.display();
  const sf::Image image = texture.getTexture().copyToImage();
  const FrameLayout layout = layoutCompare(area, a, b).a;
  const std::vector<Lane> lanes = describeLanes(a.game());
  const auto left =
      std::find_if(lanes.begin(), lanes.end(), [](const Lane& l) { return l.kind == LaneKind::kInput && l.bit == 0; });
  ASSERT_NE(left, lanes.end());
  const auto index = static_cast<std::size_t>(left - lanes.begin());
  float laneTop = 700.0F;
  float laneBottom = 0.0F;
  for (float y = 0.0F; y < 700.0F; y += 0.5F) {
    if (findLaneAt(layout.timeline, y, lanes) != index) continue;
    laneTop = std::min(laneTop, y);
    laneBottom = std::max(laneBottom, y);
  }
  ASSERT_LT(laneTop, laneBottom);
  const float middle = (laneTop + laneBottom) / 2.0F;
  std::size_t aBelow = 0, bAbove = 0;
  std::set<unsigned> aColumns, bColumns;
  for (auto y = static_cast<unsigned>(laneTop); y <= static_cast<unsigned>(laneBottom); ++y) {
    for (unsigned x = 0; x < 1000; ++x) {
      const sf::Color pixel = image.getPixel(x, y);
      const bool above = static_cast<float>(y) < middle;
      if (pixel == heldColourA()) {
        aColumns.insert(x);
        if (!above) ++aBelow;
      }
      if (pixel == heldColourB()) {
        bColumns.insert(x);
        if (above) ++bAbove;
      }
    }
  }
  EXPECT_EQ(aBelow, 0U);
  EXPECT_EQ(bAbove, 0U);
  // B's half is lit across the bar, A's where the bot held left.
  EXPECT_GE(static_cast<float>(bColumns.size()), layout.timeline.width - 90.0F);
  EXPECT_GT(aColumns.size(), 0U);
  EXPECT_LT(aColumns.size(), bColumns.size());
}

TEST_F(Render, ThePointerOverTheTimelineGetsALineAndAReadoutThereOnly) {
  Playback playback = loadPlayback("fallingman-bot-seed4.rtr");
  FieldSeries series("man.vy", playback);
  (void)series.extend(playback.lastTick() + 1);
  const sf::FloatRect area{0.0F, 0.0F, 800.0F, 600.0F};
  const auto draw = [&](std::optional<sf::Vector2f> pointer) {
    sf::RenderTexture texture;
    EXPECT_TRUE(texture.create(800, 600));
    texture.clear(sf::Color::Black);
    FrameExtras extras;
    extras.plots.push_back({&series, nullptr});
    extras.pointer = pointer;
    FrameRenderer(font_).render(texture, area, playback, {}, extras);
    texture.display();
    return texture.getTexture().copyToImage();
  };
  const FrameLayout layout = layoutFrame(area, playback, 1);
  const sf::FloatRect timeline = layout.timeline;
  const sf::Image none = draw(std::nullopt);
  const sf::Vector2f overPlot{timeline.left + timeline.width / 2, timeline.top + timeline.height - 10.0F};
  const sf::Image over = draw(overPlot);
  std::size_t inside = 0;
  std::size_t outside = 0;
  for (unsigned y = 0; y < 600; ++y) {
    for (unsigned x = 0; x < 800; ++x) {
      if (none.getPixel(x, y) == over.getPixel(x, y)) continue;
      if (timeline.contains(static_cast<float>(x), static_cast<float>(y)))
        ++inside;
      else
        ++outside;
    }
  }
  EXPECT_GT(inside, 200U) << "the line and the readout";
  EXPECT_EQ(outside, 0U);
  // Over the scene or the lanes' labels, nothing is added.
  const auto same = [&](const sf::Image& image) {
    return std::equal(image.getPixelsPtr(), image.getPixelsPtr() + 800 * 600 * 4, none.getPixelsPtr());
  };
  EXPECT_TRUE(same(draw(sf::Vector2f{layout.scene.left + 5.0F, layout.scene.top + 5.0F})));
  EXPECT_TRUE(same(draw(sf::Vector2f{timeline.left + 2.0F, overPlot.y})));
}

/// Where a colour lies in a frame drawn in `area`: the ticks of `ticks` it marks on the marks
/// lane (within 3 px of each), and how many of its pixels lie anywhere else.
struct Marks {
  std::set<std::uint64_t> ticks;
  std::size_t elsewhere = 0;
};
Marks findMarks(const sf::Image& image, const Playback& playback, sf::FloatRect area, sf::Color colour,
                std::span<const std::uint64_t> ticks) {
  const FrameLayout layout = layoutFrame(area, playback, 0);
  const std::vector<Lane> lanes = describeLanes(playback.game());
  const sf::FloatRect bar = timelineBar(layout.timeline, countRows(lanes));
  Marks marks;
  for (auto y = static_cast<unsigned>(area.top); y < static_cast<unsigned>(area.top + area.height); ++y) {
    for (auto x = static_cast<unsigned>(area.left); x < static_cast<unsigned>(area.left + area.width); ++x) {
      if (image.getPixel(x, y) != colour) continue;
      const auto px = static_cast<float>(x);
      const auto near = std::find_if(ticks.begin(), ticks.end(), [&](std::uint64_t t) {
        return std::abs(xOfTick(bar, viewWhole(playback.lastTick()), t) - px) <= 3.0F;
      });
      const bool onLane =
          findLaneAt(layout.timeline, static_cast<float>(y), lanes) == 0U && bar.contains(px, static_cast<float>(y));
      if (onLane && near != ticks.end()) {
        marks.ticks.insert(*near);
      } else {
        ++marks.elsewhere;
      }
    }
  }
  return marks;
}

TEST_F(Render, TheEventsTheEventsPanelListsAreMarkedOnTheMarksLaneAtTheirTicks) {
  Playback playback = loadPlayback("tank-bot-seed5.rtr");
  const sf::FloatRect area{0.0F, 0.0F, 800.0F, 600.0F};
  const std::vector<std::uint64_t> listed = {300, 1800, 3300};
  const auto draw = [&](std::span<const std::uint64_t> ticks) {
    sf::RenderTexture texture;
    EXPECT_TRUE(texture.create(800, 600));
    texture.clear(sf::Color::Black);
    FrameExtras extras;
    extras.listedEvents = ticks;
    FrameRenderer(font_).render(texture, area, playback, {}, extras);
    texture.display();
    return texture.getTexture().copyToImage();
  };
  const sf::Image without = draw({});
  const sf::Image with = draw(listed);
  const Marks unlisted = findMarks(without, playback, area, listedEventColour(), listed);
  EXPECT_TRUE(unlisted.ticks.empty());
  EXPECT_EQ(unlisted.elsewhere, 0U);
  const Marks marks = findMarks(with, playback, area, listedEventColour(), listed);
  EXPECT_EQ(marks.elsewhere, 0U) << "a pixel of a listed event's colour away from every listed tick";
  EXPECT_EQ(marks.ticks, std::set<std::uint64_t>(listed.begin(), listed.end()));
}

TEST_F(Render, APictureOpenedByFindMarksItsMatchesAndHoldsItsConditionAsTheWindowDoes) {
  // --png --panels --find draws what the window opens on: the matches on the marks lane and the
  // condition in the find box, where it drew neither.
  Playback playback = loadPlayback("tank-bot-seed5.rtr");
  const FoundTicks found{"tick == 300 or tick == 1800 or tick == 3300", {300, 1800, 3300}};
  const std::string with = (dir_ / "with.png").string();
  const std::string without = (dir_ / "without.png").string();
  ASSERT_FALSE(
      renderDebuggerPng(playback, font_, 300, with, true, {640, 480}, {nullptr, "a", "", "", true, {}, {}, found}).has_value());
  ASSERT_FALSE(
      renderDebuggerPng(playback, font_, 300, without, true, {640, 480}, {nullptr, "a", "", "", true, {}, {}, {}}).has_value());
  const sf::Image a = loadImage(with);
  const sf::Image b = loadImage(without);
  const sf::FloatRect frame{0.0F, 0.0F, 640.0F, 480.0F};
  EXPECT_EQ(findMarks(a, playback, frame, matchColour(), found.ticks).ticks,
            std::set<std::uint64_t>(found.ticks.begin(), found.ticks.end()));
  const Marks unmarked = findMarks(b, playback, frame, matchColour(), found.ticks);
  EXPECT_TRUE(unmarked.ticks.empty());
  EXPECT_EQ(unmarked.elsewhere, 0U);
  // The find box is in the Navigate panel, at its top.
  EXPECT_GT(countDifferences(a, b, {640, 0, static_cast<int>(kPanelWidth), 200}), 100U);
}

TEST_F(Render, TheSelectedEntityIsOutlinedAndTheInspectorShowsIt) {
  Playback playback = loadPlayback("tank-bot-seed5.rtr");
  const std::string none = (dir_ / "none.png").string();
  const std::string selected = (dir_ / "selected.png").string();
  ASSERT_FALSE(
      renderDebuggerPng(playback, font_, 300, none, true, {640, 480}, {nullptr, "a", "", "", true, {}, {}, {}}).has_value());
  ASSERT_FALSE(
      renderDebuggerPng(playback, font_, 300, selected, true, {640, 480}, {nullptr, "a", "", "tanks[0]", true, {}, {}, {}})
          .has_value());
  const sf::Image a = loadImage(none);
  const sf::Image b = loadImage(selected);
  playback.seek(300);
  const sim::Scene scene = playback.current().describeScene(playback.previous());
  const FrameLayout layout = layoutFrame({0.0F, 0.0F, 640.0F, 480.0F}, playback);
  const auto body = std::find_if(scene.primitives.begin(), scene.primitives.end(), [](const sim::ScenePrimitive& p) {
    return p.entity == "tanks[0]" && p.shape == sim::SceneShape::kBox;
  });
  ASSERT_NE(body, scene.primitives.end());
  // Just outside the tank's box, the outline is white where the plain frame has none.
  const float x = layout.scene.left + (toPixels(body->a.x) + toPixels(body->b.x) / 2) * layout.scale;
  const float y = layout.scene.top + toPixels(body->a.y) * layout.scale - 2.5F;  // the frame lies 2 to 3 pixels out
  const sf::Color outline = b.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y));
  EXPECT_GT(outline.r + outline.g + outline.b, 600) << "no outline above tanks[0]";
  // The inspector shows only that tank's fields: fewer lit rows than the whole state's tree.
  EXPECT_GT(countDifferences(a, b, {640, 0, static_cast<int>(kPanelWidth), 480}), 100U);
}

TEST_F(Render, AMapsCellsAreNeitherNamedNorOutlinedAndAHighlightedCellIsFramedInPlace) {
  Playback playback = loadPlayback("tank-bot-seed5.rtr");
  playback.seek(150);
  const sim::Scene scene = playback.current().describeScene(playback.previous());
  constexpr float kScale = 2.0F;
  const sf::FloatRect area{0.0F, 0.0F, toPixels(scene.size.x) * kScale, toPixels(scene.size.y) * kScale};
  const auto draw = [&](const sim::Scene& drawn, const std::string& highlight) {
    sf::RenderTexture texture;
    EXPECT_TRUE(texture.create(static_cast<unsigned>(area.width), static_cast<unsigned>(area.height)));
    texture.clear(sf::Color::Black);
    Overlays overlays;
    overlays.ids = true;    // and boxes, on by default
    overlays.grid = false;  // whose cell edges would cover a wall's outline
    drawSceneInArea(texture, area, kScale, drawn, overlays, font_, {highlight});
    texture.display();
    return texture.getTexture().copyToImage();
  };
  // The same scene with its cells unnamed draws the same: no cell gets a name or an outline.
  sim::Scene unnamed = scene;
  for (sim::ScenePrimitive& p : unnamed.primitives) {
    if (p.cell) p = {p.shape, p.category, p.layer, p.filled, p.a, p.b, {}, p.text, false};
  }
  const sf::Image plain = draw(scene, "");
  const sf::Image same = draw(unnamed, "");
  const auto pixels = static_cast<std::size_t>(area.width * area.height * 4);
  EXPECT_TRUE(std::equal(plain.getPixelsPtr(), plain.getPixelsPtr() + pixels, same.getPixelsPtr()));
  // An empty cell (drawn on the hidden grid layer alone), hovered in the inspector, is framed
  // there and nowhere else.
  const auto empty = std::find_if(scene.primitives.begin(), scene.primitives.end(), [&](const sim::ScenePrimitive& p) {
    return p.cell && std::count_if(scene.primitives.begin(), scene.primitives.end(),
                                   [&](const sim::ScenePrimitive& q) { return q.entity == p.entity; }) == 1;
  });
  ASSERT_NE(empty, scene.primitives.end());
  const sf::Image framed = draw(scene, empty->entity);
  const sf::FloatRect around{(toPixels(empty->a.x) - 4.0F) * kScale, (toPixels(empty->a.y) - 4.0F) * kScale,
                             (toPixels(empty->b.x) + 8.0F) * kScale, (toPixels(empty->b.y) + 8.0F) * kScale};
  std::size_t inside = 0;
  std::size_t outside = 0;
  for (unsigned y = 0; y < plain.getSize().y; ++y) {
    for (unsigned x = 0; x < plain.getSize().x; ++x) {
      if (plain.getPixel(x, y) == framed.getPixel(x, y)) continue;
      ++(around.contains(static_cast<float>(x), static_cast<float>(y)) ? inside : outside);
    }
  }
  EXPECT_GT(inside, 4 * static_cast<std::size_t>(toPixels(empty->b.x))) << empty->entity << " is framed";
  EXPECT_EQ(outside, 0U);
}

TEST_F(Render, AStatusLineTooWideForItsRoomLeavesOutWhatIsLeastWanted) {
  const std::vector<LinePart> parts = {
      {"tick 300/1800", 9}, {"state 0x8afe32f5283fec64", 2}, {"A and B differ since tick 14", 8}, {"(H: keys)", 1}};
  const std::string whole = "tick 300/1800  state 0x8afe32f5283fec64  A and B differ since tick 14  (H: keys)";
  const auto widthOf = [this](const std::string& text) { return sf::Text(text, font_, kTextSize).getLocalBounds().width; };
  EXPECT_EQ(fitLine(parts, font_, widthOf(whole) + 1.0F), whole);
  EXPECT_EQ(fitLine(parts, font_, widthOf(whole) - 1.0F),
            "tick 300/1800  state 0x8afe32f5283fec64  A and B differ since tick 14");
  EXPECT_EQ(fitLine(parts, font_, widthOf("tick 300/1800  A and B differ since tick 14")),
            "tick 300/1800  A and B differ since tick 14");
  EXPECT_EQ(fitLine(parts, font_, 1.0F), "tick 300/1800");  // the most wanted part stays
}

TEST_F(Render, ANameTooWideForItsRoomKeepsItsStartAndEndAroundAnEllipsis) {
  // Compare mode's titles ran into each other in a narrow window: each is shortened to its scene.
  const auto widthOf = [this](const std::string& text) {
    return sf::Text(sf::String::fromUtf8(text.begin(), text.end()), font_, kTextSize).getLocalBounds().width;
  };
  const std::string name = "tank-bullets-through-walls.rtr";
  EXPECT_EQ(shortenToFit(name, font_, widthOf(name) + 1.0F), name);
  for (const float width : {widthOf(name) - 1.0F, widthOf("tank-bullets-thr"), widthOf("tank-b"), 1.0F}) {
    const std::string shorter = shortenToFit(name, font_, width);
    const std::size_t cut = shorter.find("\u2026");
    ASSERT_NE(cut, std::string::npos) << shorter;
    EXPECT_TRUE(widthOf(shorter) <= width || shorter == "\u2026") << shorter << " in " << width;
    EXPECT_TRUE(name.starts_with(shorter.substr(0, cut))) << shorter;
    EXPECT_TRUE(name.ends_with(shorter.substr(cut + 3))) << shorter;
    EXPECT_GE(cut, shorter.size() - cut - 3) << "more of the start than of the end: " << shorter;
  }
  // A name of other letters than ASCII is cut between its characters, never inside one.
  const std::string accented = "\u00e9t\u00e9-\u00fcber-\u00e7a-\u00e9t\u00e9-\u00fcber.rtr";
  const std::string shorter = shortenToFit(accented, font_, widthOf(accented) / 2);
  EXPECT_LT(shorter.size(), accented.size());
  const sf::String decoded = sf::String::fromUtf8(shorter.begin(), shorter.end());
  const std::basic_string<sf::Uint8> back = decoded.toUtf8();
  EXPECT_EQ(std::string(back.begin(), back.end()), shorter) << "valid UTF-8 both ways";
  EXPECT_EQ(std::count(shorter.begin(), shorter.end(), '?'), 0);
}

TEST_F(Render, AReplayCutShortSaysSoInTheStatusLine) {
  // The first chunk of a golden, as a killed recorder leaves it.
  std::ifstream in(std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed1.rtr", std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const std::string cut = (dir_ / "cut.rtr").string();
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, 3000);
  auto loaded = recorder::loadReplayFile(cut);
  ASSERT_TRUE(std::holds_alternative<recorder::LoadedReplay>(loaded));
  const Playback playback(std::get<recorder::LoadedReplay>(std::move(loaded)), false);
  ASSERT_LT(playback.lastTick(), playback.replay().header.plannedTicks);
  const std::vector<LinePart> parts = listHudParts(playback, "");
  ASSERT_GE(parts.size(), 2U);
  EXPECT_EQ(parts[1].text, "truncated: " + std::to_string(playback.lastTick()) + " of " +
                               std::to_string(playback.replay().header.plannedTicks) + " ticks recovered");
  // A whole replay says nothing of the kind.
  for (const LinePart& part : listHudParts(loadPlayback("tank-bot-seed1.rtr"), ""))
    EXPECT_EQ(part.text.find("truncated"), std::string::npos);
}

TEST_F(Render, AClipsHudSaysItPlaysAtItsSpeedAndNamesNoKey) {
  const Playback playback = loadPlayback("tank-bot-seed1.rtr");
  const auto join = [](const std::vector<LinePart>& parts) {
    std::string line;
    for (const LinePart& part : parts) line += part.text + "|";
    return line;
  };
  const std::string window = join(listHudParts(playback, ""));
  EXPECT_NE(window.find("|1x  paused|(H: keys)|"), std::string::npos) << window;
  const std::string clip = join(listHudParts(playback, "", 0.25));
  EXPECT_NE(clip.find("|0.25x  playing|"), std::string::npos) << clip;
  EXPECT_EQ(clip.find("keys"), std::string::npos) << clip;  // a GIF takes none
}

/// Steps the picture under way `units` a step to its end; after each step A and B must be back on
/// the tick they were on, A in its state and playing, `units` more of `total` drawn, and `each`
/// hold. The steps it took before the last.
std::uint64_t stepPictureToItsEnd(Debugger& debugger, const Playback& a, const Playback& b, const Overlays& overlays,
                                  std::uint64_t units, std::uint64_t total, const std::function<void()>& each = {}) {
  const std::uint64_t tick = a.tick();
  const std::uint64_t hash = a.current().hash();
  std::uint64_t steps = 0;
  while (!debugger.stepPicture(overlays, units)) {
    ++steps;
    const bool putBack = a.tick() == tick && b.tick() == tick && a.current().hash() == hash && a.playing();
    EXPECT_TRUE(putBack) << "after step " << steps;
    EXPECT_EQ(debugger.pictureProgress(), std::make_pair(units * steps, total));
    if (each) each();
    if (!putBack || steps > total) break;
  }
  return steps;
}

TEST_F(Render, TheWindowsClipLeavesTheCursorAndTheStateWhereTheyWere) {
  // "save as clip" draws other ticks of the window's own playback between its frames: the
  // cursor, the state and the play state are put back after each slice.
  const fs::path before = fs::current_path();
  fs::current_path(dir_);  // the window saves into its working folder
  Playback a = loadPlayback("tank-bot-seed5.rtr");
  Playback b = loadPlayback("tank-bot-seed1.rtr");
  Debugger debugger(a, &b, "a.rtr", "b.rtr", {});
  const sf::Vector2u size{480, 360};
  EXPECT_EQ(debugger.startClip(font_, size), "select ticks on the timeline first (shift+drag)");
  debugger.selectionFrom = 830;
  debugger.selectionTo = 800;                   // dragged leftwards
  std::ofstream("clip-800-830.gif") << "mine";  // saved before: kept, and the clip takes the next name
  debugger.seek(815);
  a.setPlaying(true);
  ASSERT_EQ(debugger.startClip(font_, size), std::nullopt);
  EXPECT_EQ(debugger.startClip(font_, size), "clip-800-830-2.gif is being written");
  EXPECT_EQ(debugger.startSheet(font_), "clip-800-830-2.gif is being written");  // one picture at a time
  EXPECT_EQ(stepPictureToItsEnd(debugger, a, b, {}, 3, 16), 5U);                 // 16 frames, 3 a step
  EXPECT_EQ(debugger.pictureProgress(), std::nullopt);
  EXPECT_EQ(debugger.pictureMessage(), "wrote clip-800-830-2.gif (16 frames, 0.53 s at 1x)");
  EXPECT_EQ(a.tick(), 815U);
  EXPECT_EQ(fs::file_size("clip-800-830.gif"), 4U);
  std::ifstream clip("clip-800-830-2.gif", std::ios::binary);
  std::string magic(6, '\0');
  clip.read(magic.data(), 6);
  EXPECT_EQ(magic, "GIF89a");
  fs::current_path(before);
}

TEST_F(Render, TheWindowsSheetIsDrawnAFewCellsAtATimeAsSheetDrawsIt) {
  // "save as sheet" draws its cells between the window's frames, from the window's playback:
  // the cursor, the state and the play state are put back after each slice, and the sheet is
  // the one --sheet draws of those ticks, with the overlays the window draws.
  const fs::path before = fs::current_path();
  fs::current_path(dir_);
  Playback a = loadPlayback("tank-bot-seed5.rtr");
  Playback b = loadPlayback("tank-bot-seed1.rtr");
  Debugger debugger(a, &b, "a.rtr", "b.rtr", {});
  EXPECT_EQ(debugger.startSheet(font_), "select ticks on the timeline first (shift+drag)");
  debugger.selectionFrom = 500;
  debugger.selectionTo = 100;
  debugger.seek(815);
  a.setPlaying(true);
  ASSERT_EQ(debugger.startSheet(font_), std::nullopt);
  EXPECT_EQ(debugger.startClip(font_, {480, 360}), "sheet-100-500.png is being written");
  Overlays overlays;
  overlays.grid = false;  // as the window was set
  // 201 cells (every 2 ticks), 50 a step; the file is written once every cell is drawn.
  EXPECT_EQ(stepPictureToItsEnd(debugger, a, b, overlays, 50, 201, [] { EXPECT_FALSE(fs::exists("sheet-100-500.png")); }), 4U);
  EXPECT_EQ(debugger.pictureMessage(), "wrote sheet-100-500.png (201 cells, every 2 ticks)");
  EXPECT_EQ(a.tick(), 815U);
  ASSERT_FALSE(renderSheetPng(a, font_, 100, 500, 2, "whole.png", false, overlays).has_value());
  sf::Image sliced;
  sf::Image whole;
  ASSERT_TRUE(sliced.loadFromFile("sheet-100-500.png"));
  ASSERT_TRUE(whole.loadFromFile("whole.png"));
  ASSERT_EQ(sliced.getSize(), whole.getSize());
  EXPECT_TRUE(std::equal(sliced.getPixelsPtr(), sliced.getPixelsPtr() + std::size_t{whole.getSize().x} * whole.getSize().y * 4,
                         whole.getPixelsPtr()));
  // Without the grid the window had off: not the sheet of the default overlays.
  ASSERT_FALSE(renderSheetPng(a, font_, 100, 500, 2, "default.png", false, {}).has_value());
  sf::Image defaults;
  ASSERT_TRUE(defaults.loadFromFile("default.png"));
  EXPECT_FALSE(std::equal(sliced.getPixelsPtr(), sliced.getPixelsPtr() + std::size_t{whole.getSize().x} * whole.getSize().y * 4,
                          defaults.getPixelsPtr()));
  fs::current_path(before);
}

TEST_F(Render, CompareSaysWhereAAndBAreInOneStateAgainAfterTheyParted) {
  // Two plays of one replay stand for replays that parted at tick 100 (an input no rule read,
  // or a player pushed back against a wall) and are in one state again.
  Playback a = loadPlayback("tank-bot-seed5.rtr");
  Playback b = loadPlayback("tank-bot-seed5.rtr");
  Playback other = loadPlayback("tank-bot-seed1.rtr");
  a.seek(50);
  b.seek(50);
  EXPECT_EQ(describeComparison(a, b, 100), "A and B first differ at tick 100");
  a.seek(200);
  b.seek(200);
  EXPECT_EQ(describeComparison(a, b, 100), "A and B first differ at tick 100, in the same state here");
  other.seek(200);
  EXPECT_EQ(describeComparison(a, other, 100), "A and B differ since tick 100");
  EXPECT_EQ(describeComparison(a, b, std::nullopt), "A and B are identical");
}

TEST_F(Render, CompareTitlesGiveEachSidesConfigurationAndSeedWhereTheyDiffer) {
  const Playback seed5 = loadPlayback("tank-bot-seed5.rtr");
  const Playback seed1 = loadPlayback("tank-bot-seed1.rtr");
  const std::vector<LinePart> apart = listTitleParts("A  a.rtr", seed5, seed1);
  ASSERT_EQ(apart.size(), 2U);
  EXPECT_EQ(apart[1].text, "(default) seed 5");
  EXPECT_EQ(listTitleParts("B  b.rtr", seed1, seed5)[1].text, "(default) seed 1");
  // The same configuration and seed (an edit of the inputs): the HUD says it once.
  ASSERT_EQ(listTitleParts("A  a.rtr", seed5, loadPlayback("tank-bot-seed5.rtr")).size(), 1U);
  // A side cut short says so in its title: the HUD says only A's.
  const Playback cut(recorder::cutReplay(seed5.replay(), 700), false);
  const std::vector<LinePart> recovered = listTitleParts("B  cut.rtr", cut, seed5);
  ASSERT_EQ(recovered.size(), 2U);
  EXPECT_EQ(recovered[1].text, "truncated: 700 of 3600 ticks recovered");
  EXPECT_EQ(listTitleParts("A  a.rtr", seed5, cut).size(), 1U);
}

TEST_F(Render, CompareDrawsAAndBSideBySideUnderOneHud) {
  Playback a = loadPlayback("tank-bot-seed5.rtr");
  Playback b = loadPlayback("tank-bot-seed1.rtr");
  const std::string png = (dir_ / "compare.png").string();
  ASSERT_FALSE(
      renderDebuggerPng(a, font_, 300, png, true, {960, 480}, {&b, "a.rtr", "b.rtr", "", false, {}, {}, {}}).has_value());
  const sf::Image image = loadImage(png);
  ASSERT_EQ(image.getSize(), sf::Vector2u(960, 480));
  const CompareLayout layout = layoutCompare({0.0F, 0.0F, 960.0F, 480.0F}, a, b);
  EXPECT_LT(layout.a.scene.left + layout.a.scene.width, layout.b.scene.left + 1.0F);
  // Each side's player is drawn in its own half, where its own scene says.
  for (const auto& [side, frame] : {std::pair<const Playback*, const FrameLayout*>{&a, &layout.a}, {&b, &layout.b}}) {
    const sim::Scene scene = side->current().describeScene(side->previous());
    const auto player = std::find_if(scene.primitives.begin(), scene.primitives.end(), [](const sim::ScenePrimitive& p) {
      return p.category == sim::SceneCategory::kPlayer && p.shape == sim::SceneShape::kBox;
    });
    ASSERT_NE(player, scene.primitives.end());
    EXPECT_EQ(readInside(image, *frame, *player, 0.25F, 0.25F), colourOf(sim::SceneCategory::kPlayer));
  }
}

}  // namespace
}  // namespace retrace::viewer

namespace retrace::viewer {
namespace {

TEST_F(Render, TheDivergedBannerSaysWhyOnlyWhereTheSceneHasRoom) {
  // tank-bot-seed5 played otherwise from tick 301: the banner's white text, past the scene's
  // right edge, would run over what is beside it.
  Playback playback(retrace::testing::alterCorpusInput("tank-bot-seed5.rtr", 301), false);
  playback.seek(400);
  ASSERT_TRUE(playback.divergenceTick().has_value());
  std::map<unsigned, unsigned> rightmost;  // frame width -> the rightmost text pixel past the scene's left edge
  for (const unsigned width : {560U, 960U, 1800U}) {
    const std::string png = (dir_ / ("diverged" + std::to_string(width) + ".png")).string();
    const unsigned height = width * 3 / 4;
    ASSERT_FALSE(renderFramePng(playback, font_, 400, png, true, {width, height}, {}).has_value());
    sf::Image image;
    ASSERT_TRUE(image.loadFromFile(png));
    const FrameLayout layout = layoutFrame({0.0F, 0.0F, static_cast<float>(width), static_cast<float>(height)}, playback);
    const auto left = static_cast<unsigned>(layout.scene.left);
    for (unsigned y = static_cast<unsigned>(layout.scene.top); y < static_cast<unsigned>(layout.scene.top) + 24; ++y) {
      for (unsigned x = left; x < width; ++x) {
        const sf::Color c = image.getPixel(x, y);
        if (c.r > 200 && c.g > 200 && c.b > 200) rightmost[width] = std::max(rightmost[width], x - left);
      }
    }
    EXPECT_LE(static_cast<float>(rightmost[width]), layout.scene.width) << width;
  }
  // Where the scene has room (the window's default size has), the why is drawn too.
  EXPECT_GT(rightmost[960], rightmost[560] + 100) << rightmost[560] << " " << rightmost[960];
  EXPECT_EQ(rightmost[1800], rightmost[960]);
}

TEST_F(Render, ATunnelIsDrawnWhereTheOracleSaysAtItsTick) {
  Playback playback = loadPlayback("dodge-discrete-tunneling.rtr", true);
  ASSERT_FALSE(playback.tunnelTicks().empty());
  const std::uint64_t tick = playback.tunnelTicks().front();
  const std::string png = (dir_ / "tunnel.png").string();
  Overlays overlays;
  overlays.boxes = false;
  ASSERT_FALSE(renderFramePng(playback, font_, tick, png, true, {640, 480}, overlays).has_value());
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  playback.seek(tick);
  ASSERT_FALSE(playback.tunnelsNow().empty());
  const FrameLayout layout = layoutFrame({0.0F, 0.0F, 640.0F, 480.0F}, playback);
  std::size_t hits = 0;
  for (const sim::ScenePrimitive& p : playback.tunnelsNow().front().drawing.primitives) {
    if (p.category != sim::SceneCategory::kTunnelHit || p.shape != sim::SceneShape::kBox) continue;
    // The left edge of what the path passed through, half a world pixel in, in the hit colour.
    const float x = layout.scene.left + (toPixels(p.a.x) + 0.5F) * layout.scale;
    const float y = layout.scene.top + (toPixels(p.a.y) + toPixels(p.b.y) / 2) * layout.scale;
    EXPECT_EQ(image.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y)), colourOf(sim::SceneCategory::kTunnelHit));
    ++hits;
  }
  EXPECT_GE(hits, 1U);
  // A tick earlier there is nothing to draw: the same place shows the player, not the drawing.
  const std::string before = (dir_ / "before.png").string();
  ASSERT_FALSE(renderFramePng(playback, font_, tick - 1, before, true, {640, 480}, overlays).has_value());
  sf::Image earlier;
  ASSERT_TRUE(earlier.loadFromFile(before));
  std::size_t hitColoured = 0;
  for (unsigned y = 0; y < 480; ++y) {
    for (unsigned x = 0; x < 640; ++x)
      hitColoured += earlier.getPixel(x, y) == colourOf(sim::SceneCategory::kTunnelHit) ? 1U : 0U;
  }
  EXPECT_EQ(hitColoured, 0U);
}

TEST_F(Render, WrappedTextBreaksAWordWiderThanItsLineAndKeepsEveryCharacter) {
  const std::string text = "floorPassed{floor 20, platform 32, scroll 3.00012} \xC3\xA9t\xC3\xA9";
  const auto widthOf = [&](const std::string& line) { return makeText(line, font_, kTextSize).getLocalBounds().width; };
  std::string letters = text;
  letters.erase(std::remove(letters.begin(), letters.end(), ' '), letters.end());
  for (const float width : {12.0F, 40.0F, 100.0F, 600.0F}) {
    const std::vector<std::string> lines = wrapText(text, font_, kTextSize, width);
    std::string joined;
    std::string kept;
    for (const std::string& line : lines) {
      EXPECT_LE(widthOf(line), width) << width << ": '" << line << "'";
      joined += (joined.empty() ? "" : " ") + line;
      kept += line;
    }
    kept.erase(std::remove(kept.begin(), kept.end(), ' '), kept.end());
    EXPECT_EQ(kept, letters) << width;  // nothing lost, no character cut in two
    if (width >= 600.0F) {
      EXPECT_EQ(joined, text);  // room for it all: one line as it was
    }
  }
  // Text is UTF-8: one character, one glyph, as wide as any other of the monospaced font.
  EXPECT_EQ(makeText("\xC3\xA9", font_, kTextSize).getString().getSize(), 1U);
  EXPECT_EQ(widthOf("\xC3\xA9t\xC3\xA9"), widthOf("ete"));
  // Narrower than one character: a character a line.
  EXPECT_EQ(wrapText("ab", font_, kTextSize, 1.0F), (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(wrapText("", font_, kTextSize, 100.0F).empty());
}

TEST_F(Render, TheEventsAndTheOraclesSentencesStopAtTheScenesBottom) {
  Playback playback = loadPlayback("fallingman-fallcap-over-window.rtr", true);
  ASSERT_FALSE(playback.tunnelTicks().empty());
  const std::uint64_t tick = playback.tunnelTicks().front();
  // A small frame: the sentence wrapped at the scene's width is taller than the scene.
  const sf::Vector2u size{200, 200};
  const std::string png = (dir_ / "small.png").string();
  ASSERT_FALSE(renderFramePng(playback, font_, tick, png, true, size, Overlays{}).has_value());
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  playback.seek(tick);
  const FrameLayout layout = layoutFrame({0.0F, 0.0F, 200.0F, 200.0F}, playback);
  ASSERT_GT(layout.hud.top, layout.scene.top + layout.scene.height);
  // Between the scene's bottom and the status line's: no text of the list's colours.
  std::size_t spilt = 0;
  const auto from = static_cast<unsigned>(std::ceil(layout.scene.top + layout.scene.height));
  for (unsigned y = from; y < static_cast<unsigned>(layout.hud.top + layout.hud.height); ++y) {
    for (unsigned x = 0; x < size.x; ++x) {
      const sf::Color colour = image.getPixel(x, y);
      spilt += colour == kOverlayColour || colour == colourOf(sim::SceneCategory::kTunnelPath) ? 1U : 0U;
    }
  }
  EXPECT_EQ(spilt, 0U) << "tick " << tick;
}

TEST_F(Render, ATunnelWhollyBeyondTheScenesEdgeIsMarkedThereAndNoneOfItIsDrawnOutside) {
  // A replay whose findings include a platform fallen through below the screen, as the man left it.
  Playback oracle = loadPlayback("fallingman-fallcap-over-window.rtr", true);
  std::optional<OffScene> off;
  std::uint64_t tick = 0;
  for (const std::uint64_t t : oracle.tunnelTicks()) {
    oracle.seek(t);
    const sf::Vector2f world = measureScene(oracle.current().describeScene(oracle.previous()));
    for (const sim::Tunnel& tunnel : oracle.tunnelsNow()) {
      if (const auto area = measureDrawing(tunnel.drawing); area && !off) off = locateOffScene(*area, world);
    }
    if (off) {
      tick = t;
      break;
    }
  }
  ASSERT_TRUE(off.has_value()) << "no finding of this replay lies beyond the scene";
  const std::string png = (dir_ / "beyond.png").string();
  ASSERT_FALSE(renderFramePng(oracle, font_, tick, png, true, {640, 480}, Overlays{}).has_value());
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  const FrameLayout layout = layoutFrame({0.0F, 0.0F, 640.0F, 480.0F}, oracle);
  // The arrow: three pixels in from the edge, towards the scene, in the path's colour.
  const sf::Vector2f tip{layout.scene.left + off->edge.x * layout.scale, layout.scene.top + off->edge.y * layout.scale};
  const sf::Vector2f inward = tip - sf::Vector2f(off->side) * 3.0F;
  EXPECT_EQ(image.getPixel(static_cast<unsigned>(inward.x), static_cast<unsigned>(inward.y)),
            colourOf(sim::SceneCategory::kTunnelPath))
      << "tick " << tick << ", " << describeOffScene(*off);
  // What the path passed through is cut at the scene's edge, not drawn over the status line.
  std::size_t outside = 0;
  for (unsigned y = 0; y < 480; ++y) {
    for (unsigned x = 0; x < 640; ++x) {
      const bool in = static_cast<float>(x) >= std::floor(layout.scene.left) &&
                      static_cast<float>(y) >= std::floor(layout.scene.top) &&
                      static_cast<float>(x) < std::ceil(layout.scene.left + layout.scene.width) &&
                      static_cast<float>(y) < std::ceil(layout.scene.top + layout.scene.height);
      outside += !in && image.getPixel(x, y) == colourOf(sim::SceneCategory::kTunnelHit) ? 1U : 0U;
    }
  }
  EXPECT_EQ(outside, 0U) << "tick " << tick;
}

}  // namespace
}  // namespace retrace::viewer
