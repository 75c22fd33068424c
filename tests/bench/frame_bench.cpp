// One frame of the debugger's window on a one-hour replay (216,000 ticks), and on 8,000,000 ticks
// of the first game read from a file, at a random tick:
// seeking there, drawing the scene, HUD and timeline, and building and drawing every panel into
// a render texture the window's size, waited for with glFinish. A 60-Hz frame is 16.7 ms. And a
// field plotted over the hour, against re-simulating it.
// Needs an X display: xvfb-run -a build/default/tests/bench/retrace_view_bench
#include <chrono>
#include <cstdio>
#include <optional>

#include <GL/gl.h>
#include <benchmark/benchmark.h>

#include "bench_support.h"
#include "sim/games/builtin_games.h"
#include "viewer/debugger.h"
#include "viewer/display.h"
#include "viewer/frame.h"
#include "viewer/gui_bridge.h"
#include "viewer/plot.h"

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
