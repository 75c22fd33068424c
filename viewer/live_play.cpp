#include "viewer/live_play.h"

#include <cctype>
#include <cstdio>
#include <memory>
#include <string_view>

#include <SFML/Graphics.hpp>

#include "recorder/recorder.h"
#include "viewer/frame.h"
#include "viewer/scene.h"

namespace retrace::viewer {
namespace {

sim::Input readButtons(const std::vector<std::vector<sf::Keyboard::Key>>& keys) {
  sim::Input input = 0;
  for (std::size_t bit = 0; bit < keys.size(); ++bit) {
    for (const sf::Keyboard::Key key : keys[bit]) {
      if (sf::Keyboard::isKeyPressed(key)) input = static_cast<sim::Input>(input | (1U << bit));
    }
  }
  return input;
}

/// The arrow and letter keys of a direction name, or nothing for another name.
std::vector<sf::Keyboard::Key> findDirectionKeys(std::string_view name) {
  if (name == "left") return {sf::Keyboard::Left, sf::Keyboard::A};
  if (name == "right") return {sf::Keyboard::Right, sf::Keyboard::D};
  if (name == "up") return {sf::Keyboard::Up, sf::Keyboard::W};
  if (name == "down") return {sf::Keyboard::Down, sf::Keyboard::S};
  return {};
}

/// A key's name for the screen (only the keys mapButtonsToKeys hands out).
std::string nameKey(sf::Keyboard::Key key) {
  if (key >= sf::Keyboard::A && key <= sf::Keyboard::Z) return std::string(1, static_cast<char>('A' + (key - sf::Keyboard::A)));
  switch (key) {
    case sf::Keyboard::Left: return "Left";
    case sf::Keyboard::Right: return "Right";
    case sf::Keyboard::Up: return "Up";
    case sf::Keyboard::Down: return "Down";
    case sf::Keyboard::Space: return "Space";
    case sf::Keyboard::LControl: return "LCtrl";
    default: return "?";
  }
}

}  // namespace

std::vector<std::vector<sf::Keyboard::Key>> mapButtonsToKeys(std::span<const char* const> names) {
  std::vector<std::vector<sf::Keyboard::Key>> keys(names.size());
  std::vector<bool> letterTaken(26, false);
  for (std::size_t bit = 0; bit < names.size(); ++bit) {
    keys[bit] = findDirectionKeys(names[bit]);
    for (const sf::Keyboard::Key key : keys[bit]) {
      if (key >= sf::Keyboard::A && key <= sf::Keyboard::Z) letterTaken[static_cast<std::size_t>(key - sf::Keyboard::A)] = true;
    }
  }
  bool spaceGiven = false;
  for (std::size_t bit = 0; bit < names.size(); ++bit) {
    if (!keys[bit].empty()) continue;
    if (!spaceGiven) {
      keys[bit] = {sf::Keyboard::Space, sf::Keyboard::LControl};
      spaceGiven = true;
      continue;
    }
    // The name's own letters first (dash: D if free, else A, ...), then any free letter.
    std::string candidates = names[bit];
    for (char c = 'a'; c <= 'z'; ++c) candidates += c;
    for (const char c : candidates) {
      const int lower = std::tolower(static_cast<unsigned char>(c));
      if (lower < 'a' || lower > 'z' || letterTaken[static_cast<std::size_t>(lower - 'a')]) continue;
      letterTaken[static_cast<std::size_t>(lower - 'a')] = true;
      keys[bit] = {static_cast<sf::Keyboard::Key>(sf::Keyboard::A + (lower - 'a'))};
      break;
    }
  }
  return keys;
}

std::string describeKeys(std::span<const char* const> names, const std::vector<std::vector<sf::Keyboard::Key>>& keys) {
  std::string text;
  for (std::size_t bit = 0; bit < names.size() && bit < keys.size(); ++bit) {
    std::string which;
    for (const sf::Keyboard::Key key : keys[bit]) which += (which.empty() ? "" : "/") + nameKey(key);
    text += (text.empty() ? "" : ", ") + std::string(names[bit]) + ": " + (which.empty() ? "none" : which);
  }
  return text;
}

int runLivePlay(const std::string& game, const std::string& config, std::uint64_t seed, const std::string& output, bool force,
                const sf::Font& font) {
  recorder::RecordingOptions options;
  options.output = output;
  options.overwrite = force;
  options.game = game;
  options.configName = config;
  options.seed = seed;
  options.inputSource = "live";
  auto opened = recorder::openRecording(options);
  if (auto* problem = std::get_if<std::string>(&opened)) {
    std::fprintf(stderr, "retrace-view: %s\n", problem->c_str());
    return 2;
  }
  recorder::Recorder& recorder = *std::get<std::unique_ptr<recorder::Recorder>>(opened);
  const sim::GameDefinition& definition = *sim::findGame(game);
  const auto keys = mapButtonsToKeys(definition.inputNames());
  const std::string keyHelp = describeKeys(definition.inputNames(), keys);
  sf::RenderWindow window(sf::VideoMode(960, 720), "retrace-view: playing " + game + " (close the window to save)");
  window.setFramerateLimit(120);
  std::unique_ptr<sim::GameSession> previous = recorder.session().clone();
  sf::Clock clock;
  double owed = 0.0;
  constexpr double kTick = 1.0 / sim::kTickRate;
  while (window.isOpen()) {
    sf::Event event;
    while (window.pollEvent(event)) {
      if (event.type == sf::Event::Closed || (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape)) window.close();
    }
    // A fixed 60-Hz tick whatever the frame rate: the simulation never sees wall time.
    owed += clock.restart().asSeconds();
    while (owed >= kTick && window.isOpen() && !recorder.failed()) {
      previous = recorder.session().clone();
      (void)recorder.record(window.hasFocus() ? readButtons(keys) : sim::Input{0});
      owed -= kTick;
    }
    window.clear(sf::Color::Black);
    const sim::Scene scene = recorder.session().describeScene(*previous);
    const auto layout = computeLayout({0.0F, 0.0F, 960.0F, 720.0F}, measureScene(scene));
    drawSceneInArea(window, layout.scene, layout.scale, scene, Overlays{}, font);
    sf::Text hud("recording tick " + std::to_string(recorder.session().tick()) + " to " + output + "  (Esc or close: save)\n" + keyHelp, font, 13);
    hud.setPosition(layout.hud.left, layout.hud.top);
    window.draw(hud);
    window.display();
  }
  if (auto problem = recorder.close()) {
    std::fprintf(stderr, "retrace-view: %s\n", problem->c_str());
    return 2;
  }
  std::printf("saved %llu ticks to %s\n", static_cast<unsigned long long>(recorder.session().tick()), output.c_str());
  return 0;
}

}  // namespace retrace::viewer
