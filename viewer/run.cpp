#include "viewer/run.h"

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <SFML/Graphics.hpp>

#include "recorder/byte_sink.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/recorder.h"
#include "recorder/replay.h"
#include "viewer/controls.h"
#include "viewer/display.h"
#include "viewer/frame.h"
#include "viewer/headless.h"
#include "viewer/live_play.h"
#include "viewer/playback.h"

namespace {

using namespace retrace;

struct Options {
  std::string file;
  bool verify = false;
  std::string compare;
  std::string png;
  std::string sheet;
  std::uint64_t tick = 0;
  std::uint64_t from = 0;
  std::uint64_t to = 0;
  std::uint64_t every = 60;
  unsigned width = 960;
  unsigned height = 720;
  bool force = false;
  std::string play;
  std::string find;
  std::string config = "default";
  std::vector<std::string> settings;
  std::uint64_t seed = 1;
  std::string output;
};

/// The binary's name in messages ("retrace-view", or a game's own viewer).
std::string& programName() {
  static std::string name = "retrace-view";
  return name;
}

int fail(const std::string& sentence) {
  std::fprintf(stderr, "%s: %s\n", programName().c_str(), sentence.c_str());
  return 2;
}

/// The interactive window: keys, mouse on the timeline, playback at wall-clock speed.
int runWindow(viewer::Playback& playback, viewer::Playback* other, const sf::Font& font, const Options& options,
              const std::vector<std::uint64_t>& matches) {
  sf::RenderWindow window(sf::VideoMode(options.width, options.height), "retrace-view " + options.file);
  window.setFramerateLimit(60);
  viewer::Overlays overlays;
  const viewer::FrameRenderer renderer(font);
  const std::optional<std::uint64_t> difference = other != nullptr ? viewer::findFirstDifference(playback.replay(), other->replay()) : std::nullopt;
  sf::Clock clock;
  bool dragging = false;
  const auto areaOf = [&](float half) {
    const sf::Vector2f size = window.getView().getSize();
    if (other == nullptr) return sf::FloatRect{0.0F, 0.0F, size.x, size.y};
    return sf::FloatRect{half * size.x / 2.0F, 0.0F, size.x / 2.0F, size.y};
  };
  const auto seekBoth = [&](std::uint64_t tick) {
    playback.seek(tick);
    if (other != nullptr) other->seek(tick);
  };
  while (window.isOpen()) {
    sf::Event event;
    while (window.pollEvent(event)) {
      if (event.type == sf::Event::Closed) window.close();
      if (event.type == sf::Event::Resized) window.setView(sf::View({0.0F, 0.0F, static_cast<float>(event.size.width), static_cast<float>(event.size.height)}));
      if (event.type == sf::Event::KeyPressed) {
        if (const auto command = viewer::mapKey(event.key.code, event.key.shift)) {
          if (!viewer::applyCommand(*command, playback, overlays, matches)) window.close();
          if (other != nullptr) other->seek(playback.tick());
        }
      }
      const bool press = event.type == sf::Event::MouseButtonPressed && event.mouseButton.button == sf::Mouse::Left;
      if (event.type == sf::Event::MouseButtonReleased) dragging = false;
      if (press || (dragging && event.type == sf::Event::MouseMoved)) {
        const sf::Vector2f at = press ? sf::Vector2f(static_cast<float>(event.mouseButton.x), static_cast<float>(event.mouseButton.y))
                                      : sf::Vector2f(static_cast<float>(event.mouseMove.x), static_cast<float>(event.mouseMove.y));
        const auto layout = viewer::computeLayout(areaOf(0.0F), viewer::measureScene(playback.current().describeScene(playback.previous())));
        if (dragging || layout.timeline.contains(at.x, at.y) || (other != nullptr && at.y >= layout.timeline.top)) {
          dragging = true;
          seekBoth(viewer::tickAtTimeline(layout, at.x, playback.lastTick()));
        }
      }
    }
    const double seconds = clock.restart().asSeconds();
    if (playback.advance(seconds) > 0 && other != nullptr) other->seek(playback.tick());
    window.clear(sf::Color::Black);
    renderer.render(window, areaOf(0.0F), playback, overlays, difference);
    if (other != nullptr) renderer.render(window, areaOf(1.0F), *other, overlays, difference);
    window.display();
  }
  return 0;
}

std::optional<recorder::LoadedReplay> loadOrReport(const std::string& file, int& outExit) {
  auto loaded = recorder::loadReplayFile(file);
  if (auto* problem = std::get_if<std::string>(&loaded)) {
    outExit = fail(*problem);
    return std::nullopt;
  }
  if (recorder::countTicks(std::get<recorder::LoadedReplay>(loaded)) == 0) {
    outExit = fail(file + " holds no ticks to show");
    return std::nullopt;
  }
  const auto& replay = std::get<recorder::LoadedReplay>(loaded);
  if (auto mismatch = recorder::findRulesMismatch(replay.header)) {
    outExit = fail(file + " " + *mismatch);
    return std::nullopt;
  }
  return std::move(std::get<recorder::LoadedReplay>(loaded));
}

int run(const Options& options) {
  sf::Font font;
  if (auto problem = viewer::loadFont(font)) return fail(*problem);
  if (!options.play.empty()) {
    if (options.output.empty()) return fail("--play needs -o OUT.rtr");
    if (auto problem = viewer::findDisplayProblem()) return fail(*problem);
    return viewer::runLivePlay(options.play, options.config, options.settings, options.seed, options.output, options.force, font);
  }
  if (options.file.empty()) return fail("name a replay to view, or --play GAME (see --help)");
  int exit = 0;
  auto replay = loadOrReport(options.file, exit);
  if (!replay) return exit;
  // Every way on opens a window or a render texture, which SFML cannot do without a display.
  if (auto problem = viewer::findDisplayProblem()) return fail(*problem);
  // --find: the ticks `retrace find --all` gives, by the same search; the view opens at the first.
  std::vector<std::uint64_t> matches;
  if (!options.find.empty()) {
    auto condition = recorder::Condition::parse(options.find);
    if (auto* problem = std::get_if<std::string>(&condition)) return fail(*problem);
    auto found = recorder::findTicks(*replay, std::get<recorder::Condition>(condition), 0, true);
    if (auto* problem = std::get_if<std::string>(&found)) return fail(options.file + ": " + *problem);
    matches = std::move(std::get<std::vector<std::uint64_t>>(found));
    if (matches.empty()) return fail(options.find + " holds on no tick of " + options.file);
  }
  viewer::Playback playback(std::move(*replay), options.verify);
  if (!options.png.empty()) {
    if (auto problem = recorder::refuseOutput(options.png, options.force)) return fail(*problem);
    const std::uint64_t tick = matches.empty() ? options.tick : matches.front();
    if (auto problem = viewer::renderFramePng(playback, font, tick, options.png, options.force, {options.width, options.height}, {})) return fail(*problem);
    std::printf("wrote %s (tick %llu)\n", options.png.c_str(), static_cast<unsigned long long>(tick));
    return 0;
  }
  if (!options.sheet.empty()) {
    if (auto problem = recorder::refuseOutput(options.sheet, options.force)) return fail(*problem);
    const std::uint64_t to = options.to == 0 ? playback.lastTick() : options.to;
    if (auto problem = viewer::renderSheetPng(playback, font, options.from, to, options.every, options.sheet, options.force, {})) return fail(*problem);
    std::printf("wrote %s (%llu cells, ticks %llu..%llu every %llu)\n", options.sheet.c_str(),
                static_cast<unsigned long long>(viewer::countSheetCells(options.from, to, options.every)),
                static_cast<unsigned long long>(options.from), static_cast<unsigned long long>(to), static_cast<unsigned long long>(options.every));
    return 0;
  }
  std::optional<viewer::Playback> other;
  if (!options.compare.empty()) {
    auto second = loadOrReport(options.compare, exit);
    if (!second) return exit;
    if (second->header.game != playback.replay().header.game) return fail(options.compare + " is a " + second->header.game + " replay, not " + playback.replay().header.game);
    other.emplace(std::move(*second), options.verify);
  }
  if (!matches.empty()) {
    playback.seek(matches.front());
    if (other) other->seek(matches.front());
  }
  return runWindow(playback, other ? &*other : nullptr, font, options, matches);
}

}  // namespace

namespace retrace::viewer {

int runViewer(std::string_view program, int argc, char** argv) {
  programName() = std::string(program);
  CLI::App app{programName() + ": play, step, seek and render retrace replays; record live play", programName()};
  app.set_version_flag("--version", recorder::describeVersion(program));
  Options options;
  CLI::Option* file = app.add_option("file", options.file, "the replay to view");
  CLI::Option* verify = app.add_flag("--verify", options.verify, "verify while loading: mark the first divergence and tunnels, show DIVERGED");
  CLI::Option* compare = app.add_option("--compare", options.compare, "a second replay of the same game, shown side by side");
  CLI::Option* png = app.add_option("--png", options.png, "render one frame to this PNG and exit");
  CLI::Option* tickOption = app.add_option("--tick", options.tick, "the tick for --png")->needs(png);
  CLI::Option* find = app.add_option("--find", options.find, "open at the first tick where a condition holds (as retrace find --where); N / shift+N go to the next / previous");
  find->excludes(tickOption);
  CLI::Option* sheet = app.add_option("--sheet", options.sheet, "render a contact sheet to this PNG and exit")->excludes(png);
  app.add_option("--from", options.from, "first tick of the sheet")->needs(sheet);
  app.add_option("--to", options.to, "last tick of the sheet (default: the last)")->needs(sheet);
  app.add_option("--every", options.every, "ticks between cells of the sheet")->capture_default_str()->needs(sheet);
  app.add_option("--width", options.width, "window or frame width")->capture_default_str()->check(CLI::Range(160U, 8192U));
  app.add_option("--height", options.height, "window or frame height")->capture_default_str()->check(CLI::Range(120U, 8192U));
  app.add_flag("--force", options.force, "replace existing output files");
  // The side-by-side view is the window's; the PNGs show one replay, so --compare would be ignored.
  compare->excludes(png)->excludes(sheet);
  find->excludes(sheet);
  // An empty name would read as the option left out: --png '' opened the window.
  const CLI::Validator named([](const std::string& text) { return text.empty() ? std::string("needs a name, not empty text") : std::string(); }, "");
  CLI::Option* play = app.add_option("--play", options.play, "play GAME live with the keyboard and record it");
  play->excludes(file)->excludes(verify)->excludes(compare)->excludes(png)->excludes(sheet)->excludes(find);
  app.add_option("--config", options.config, "configuration for --play")->capture_default_str()->needs(play);
  app.add_option("--set", options.settings, "NAME=VALUE for --play: a configuration field's value (repeatable)")->needs(play);
  app.add_option("--seed", options.seed, "seed for --play")->capture_default_str()->needs(play);
  CLI::Option* output = app.add_option("-o,--output", options.output, "the replay --play writes")->needs(play);
  for (CLI::Option* option : {file, compare, png, sheet, play, output}) option->check(named);
  // Counts in decimal digits only, as in retrace's commands (recorder/parse.h says why).
  for (CLI::Option* option : app.get_options()) {
    if (option->get_type_name().starts_with("UINT")) option->transform(CLI::Validator(recorder::canonicalizeCount, ""));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& success) {
    return app.exit(success);
  } catch (const CLI::ParseError& error) {
    return fail(std::string(error.what()) + " (see " + programName() + " --help)");
  }
  return run(options);
}

}  // namespace retrace::viewer
