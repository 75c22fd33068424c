// One frame of the debugger's window on a one-hour replay (216,000 ticks), and on 8,000,000 ticks
// of the first game read from a file, at a random tick:
// seeking there, drawing the scene, HUD and timeline, and building and drawing every panel into
// a render texture the window's size, waited for with glFinish. A 60-Hz frame is 16.7 ms. And a
// field plotted over the hour, against re-simulating it. And saving a picture (a frame with the
// panels, a contact sheet of 361 cells): libpng's writer against SFML's own saver.
// Needs an X display: xvfb-run -a build/default/tests/bench/retrace_view_bench
#include <unistd.h>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>

#include <GL/gl.h>
#include <benchmark/benchmark.h>

#include "bench_support.h"
#include "sim/games/builtin_games.h"
#include "viewer/debugger.h"
#include "viewer/display.h"
#include "viewer/frame.h"
#include "viewer/gui_bridge.h"
#include "viewer/headless.h"
#include "viewer/plot.h"
#include "viewer/png_writer.h"

namespace retrace::viewer {
namespace {

void drawFrames(benchmark::State& bench, Playback& playback, bool panels) {
  sf::Font font;
  if (auto problem = loadFont(font)) {
    bench.SkipWithError(problem->c_str());
    return;
  }
  const sf::Vector2u size{960 + static_cast<unsigned>(kPanelWidth), 720};
  sf::RenderTexture texture;
  if (!texture.create(size.x, size.y)) {
    bench.SkipWithError("no render texture");
    return;
  }
  (void)texture.setActive(true);
  std::optional<GuiBridge> gui;
  if (panels) gui.emplace(texture, findFontPath());
  Debugger debugger(playback, nullptr, "hour.rtr", "", {});
  const FrameRenderer renderer(font);
  Overlays overlays;
  const sf::FloatRect area{0.0F, 0.0F, 960.0F, 720.0F};
  sim::Rng rng = sim::seedRng(9);
  const auto frame = [&] {
    texture.clear(sf::Color::Black);
    renderer.render(texture, panels ? area : sf::FloatRect{0.0F, 0.0F, static_cast<float>(size.x), 720.0F}, playback, overlays,
                    debugger.extras(panels));
    if (gui) {
      gui->beginFrame(size, 1.0F / 60.0F);
      debugger.draw({960.0F, 0.0F, kPanelWidth, 720.0F}, font, overlays);
      gui->endFrame();
    }
    texture.display();
    glFinish();  // the frame is drawn, not only queued
  };
  frame();  // the font atlas and the GL objects are made on the first frame
  for (auto _ : bench) {
    debugger.seek(sim::drawBelow(rng, static_cast<std::uint32_t>(playback.lastTick() + 1)));
    frame();
  }
}

/// A field plotted over the whole hour (the field in the middle of the state's list at tick 0),
/// against re-simulating the hour with the same inputs and nothing else: the plot's cost is
/// the step's plus reading one field a tick.
void plotHour(benchmark::State& bench, const sim::GameDefinition& game) {
  const Playback playback(recorder::recordHour(game), false);
  const std::vector<sim::Field> fields = playback.current().describeState();
  const std::string field = fields[fields.size() / 2].name;
  double plotSeconds = 0.0;
  double stepSeconds = 0.0;
  for (auto _ : bench) {
    const auto started = std::chrono::steady_clock::now();
    FieldSeries series(field, playback);
    (void)series.extend(playback.lastTick() + 1);
    benchmark::DoNotOptimize(series.bin(0, playback.lastTick(), 960));
    const auto plotted = std::chrono::steady_clock::now();
    auto session = game.start(recorder::configOf(playback.replay().header), playback.replay().header.seed);
    for (std::uint64_t t = 1; t <= playback.lastTick(); ++t) (void)session->step(playback.ticks().inputAt(t));
    benchmark::DoNotOptimize(session->hash());
    plotSeconds += std::chrono::duration<double>(plotted - started).count();
    stepSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - plotted).count();
  }
  const double ticks = static_cast<double>(playback.lastTick()) * static_cast<double>(bench.iterations());
  bench.counters["plot_ns_a_tick"] = plotSeconds / ticks * 1e9;
  bench.counters["plot/step"] = plotSeconds / stepSeconds;
  bench.SetLabel(field);
}

/// The same on a replay of `ticks` opened as retrace-view opens a file.
void drawFramesOfFile(benchmark::State& bench, const sim::GameDefinition& game, std::uint64_t ticks) {
  const recorder::TicksFile file(game, ticks);
  Playback playback(file.index(), true);
  drawFrames(bench, playback, true);
}

/// A picture as the viewer saves one: the window's view with its panels (sheet false), or a
/// contact sheet of 361 cells (true), of the game's hour at its middle; empty when it cannot.
sf::Image drawPicture(const sim::GameDefinition& game, bool sheet, const std::filesystem::path& path) {
  sf::Font font;
  if (loadFont(font)) return {};
  Playback playback(recorder::recordHour(game), false);
  const std::uint64_t middle = playback.lastTick() / 2;
  const auto problem = sheet ? renderSheetPng(playback, font, middle, middle + 3600, 10, path.string(), true, {})
                             : renderDebuggerPng(playback, font, middle, path.string(), true, {960, 720}, PanelShot{});
  sf::Image image;
  if (problem || !image.loadFromFile(path.string())) return {};
  return image;
}

/// Saving a picture: writePng (libpng) against sf::Image::saveToFile (SFML's stb_image_write)
/// on the same pixels, taking turns; the counters give each one's time and the ratios of their
/// times and of their files' sizes.
void savePicture(benchmark::State& bench, const sim::GameDefinition& game, bool sheet) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("retrace_bench_picture." + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const sf::Image image = drawPicture(game, sheet, dir / "drawn.png");
  const sf::Vector2u size = image.getSize();
  if (size.x == 0) {
    bench.SkipWithError("the picture could not be drawn");
    std::filesystem::remove_all(dir);
    return;
  }
  const std::filesystem::path ours = dir / "libpng.png";
  const std::filesystem::path theirs = dir / "sfml.png";
  double oursSeconds = 0.0;
  double theirsSeconds = 0.0;
  for (auto _ : bench) {
    const auto started = std::chrono::steady_clock::now();
    if (writePng({image.getPixelsPtr(), std::size_t{size.x} * size.y * 4}, size.x, size.y, ours, true))
      bench.SkipWithError("writePng failed");
    const auto written = std::chrono::steady_clock::now();
    if (!image.saveToFile(theirs.string())) bench.SkipWithError("sf::Image::saveToFile failed");
    oursSeconds += std::chrono::duration<double>(written - started).count();
    theirsSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - written).count();
  }
  const auto iterations = static_cast<double>(bench.iterations());
  bench.counters["libpng_ms"] = oursSeconds / iterations * 1e3;
  bench.counters["sfml_ms"] = theirsSeconds / iterations * 1e3;
  bench.counters["sfml/libpng"] = theirsSeconds / oursSeconds;
  bench.counters["bytes_sfml/libpng"] =
      static_cast<double>(std::filesystem::file_size(theirs)) / static_cast<double>(std::filesystem::file_size(ours));
  bench.SetLabel(std::to_string(size.x) + "x" + std::to_string(size.y) + ", " + std::to_string(std::filesystem::file_size(ours)) +
                 " bytes");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace retrace::viewer

int main(int argc, char** argv) {
  retrace::sim::registerBuiltInGames();
  if (auto problem = retrace::viewer::findDisplayProblem()) {
    std::fprintf(stderr, "retrace_view_bench: %s\n", problem->c_str());
    return 2;
  }
  for (const retrace::sim::GameDefinition* game : retrace::sim::listGames()) {
    const std::string name(game->name());
    benchmark::RegisterBenchmark(("Frame/" + name + "/panels").c_str(), [game](benchmark::State& s) {
      retrace::viewer::Playback playback(retrace::recorder::recordHour(*game), true);
      retrace::viewer::drawFrames(s, playback, true);
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("Frame/" + name + "/scene").c_str(), [game](benchmark::State& s) {
      retrace::viewer::Playback playback(retrace::recorder::recordHour(*game), true);
      retrace::viewer::drawFrames(s, playback, false);
    })->Unit(benchmark::kMillisecond);
  }
  for (const retrace::sim::GameDefinition* game : retrace::sim::listGames()) {
    benchmark::RegisterBenchmark(("Plot/" + std::string(game->name())).c_str(), [game](benchmark::State& s) {
      retrace::viewer::plotHour(s, *game);
    })->Unit(benchmark::kMillisecond);
  }
  for (const bool sheet : {false, true}) {
    const retrace::sim::GameDefinition* game = retrace::sim::listGames().front();
    benchmark::RegisterBenchmark(("Picture/" + std::string(game->name()) + (sheet ? "/sheet" : "/panels")).c_str(),
                                 [game, sheet](benchmark::State& s) { retrace::viewer::savePicture(s, *game, sheet); })
        ->Unit(benchmark::kMillisecond);
  }
  // The longest, for the first game only, as SeekFile: 8,000,000 ticks (37 hours) from a file.
  const retrace::sim::GameDefinition* first = retrace::sim::listGames().front();
  benchmark::RegisterBenchmark(("Frame/" + std::string(first->name()) + "/8M/panels").c_str(), [first](benchmark::State& s) {
    retrace::viewer::drawFramesOfFile(s, *first, 8'000'000);
  })->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  if (benchmark::RunSpecifiedBenchmarks() == 0) {
    std::fprintf(stderr, "retrace_view_bench: no benchmark ran (a filter that matches none?)\n");
    benchmark::Shutdown();
    return 1;
  }
  benchmark::Shutdown();
  return 0;
}
