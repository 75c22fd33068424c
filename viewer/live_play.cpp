#include "viewer/live_play.h"

#include <cstdio>
#include <memory>

#include <SFML/Graphics.hpp>

#include "recorder/recorder.h"
#include "viewer/frame.h"
#include "viewer/scene.h"

namespace retrace::viewer {
namespace {

sim::Input readButtons(const sim::GameDefinition& game) {
  sim::Input input = 0;
  const auto names = game.inputNames();
  for (std::size_t bit = 0; bit < names.size(); ++bit) {
    for (const sf::Keyboard::Key key : keysForButton(names[bit])) {
      if (sf::Keyboard::isKeyPressed(key)) input = static_cast<sim::Input>(input | (1U << bit));
    }
  }
  return input;
}

}  // namespace

std::vector<sf::Keyboard::Key> keysForButton(const std::string& name) {
  if (name == "left") return {sf::Keyboard::Left, sf::Keyboard::A};
  if (name == "right") return {sf::Keyboard::Right, sf::Keyboard::D};
  if (name == "up") return {sf::Keyboard::Up, sf::Keyboard::W};
  if (name == "down") return {sf::Keyboard::Down, sf::Keyboard::S};
  if (name == "fire") return {sf::Keyboard::Space, sf::Keyboard::LControl};
  return {};
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
  const SceneDrawer& drawer = *findDrawer(game);
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
      (void)recorder.record(window.hasFocus() ? readButtons(definition) : sim::Input{0});
      owed -= kTick;
    }
    window.clear(sf::Color::Black);
    const auto layout = computeLayout({0.0F, 0.0F, 960.0F, 720.0F}, drawer.worldSize(recorder.session()));
    sf::RenderStates states;
    states.transform.translate(layout.scene.left, layout.scene.top).scale(layout.scale, layout.scale);
    sf::RectangleShape background({layout.scene.width, layout.scene.height});
    background.setPosition(layout.scene.left, layout.scene.top);
    background.setFillColor(kBackground);
    window.draw(background);
    drawer.draw(window, states, *previous, recorder.session(), Overlays{});
    sf::Text hud("recording tick " + std::to_string(recorder.session().tick()) + " to " + output + "  (Esc or close: save)", font, 13);
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
