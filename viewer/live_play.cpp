#include "viewer/live_play.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/core.h>
#include <SFML/Graphics.hpp>

#include "recorder/interrupt.h"
#include "recorder/recorder.h"
#include "recorder/settings.h"
#include "viewer/frame.h"
#include "viewer/navigation.h"
#include "viewer/scene.h"
#include "viewer/screen_fit.h"
#include "viewer/status_file.h"

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

/// The named keys besides letters and digits, as games and the screen name them.
constexpr std::pair<const char*, sf::Keyboard::Key> kNamedKeys[] = {
    {"Left", sf::Keyboard::Left},     {"Right", sf::Keyboard::Right},    {"Up", sf::Keyboard::Up},
    {"Down", sf::Keyboard::Down},     {"Space", sf::Keyboard::Space},    {"Enter", sf::Keyboard::Enter},
    {"Tab", sf::Keyboard::Tab},       {"LCtrl", sf::Keyboard::LControl}, {"RCtrl", sf::Keyboard::RControl},
    {"LShift", sf::Keyboard::LShift}, {"RShift", sf::Keyboard::RShift},  {"LAlt", sf::Keyboard::LAlt},
};

/// A key's name for the screen.
std::string nameKey(sf::Keyboard::Key key) {
  if (key >= sf::Keyboard::A && key <= sf::Keyboard::Z) return std::string(1, static_cast<char>('A' + (key - sf::Keyboard::A)));
  if (key >= sf::Keyboard::Num0 && key <= sf::Keyboard::Num9)
    return std::string(1, static_cast<char>('0' + (key - sf::Keyboard::Num0)));
  for (const auto& [name, named] : kNamedKeys) {
    if (named == key) return name;
  }
  return "?";
}

/// The key one name stands for ("A", "7", "Space").
std::optional<sf::Keyboard::Key> parseKeyName(std::string_view name) {
  if (name.size() == 1) {
    const int c = std::toupper(static_cast<unsigned char>(name[0]));
    if (c >= 'A' && c <= 'Z') return static_cast<sf::Keyboard::Key>(sf::Keyboard::A + (c - 'A'));
    if (c >= '0' && c <= '9') return static_cast<sf::Keyboard::Key>(sf::Keyboard::Num0 + (c - '0'));
  }
  for (const auto& [known, key] : kNamedKeys) {
    if (name == known) return key;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::vector<sf::Keyboard::Key>> parseKeyNames(std::string_view text) {
  std::vector<sf::Keyboard::Key> keys;
  while (true) {
    const std::size_t slash = text.find('/');
    const auto key = parseKeyName(text.substr(0, slash));  // an empty part names no key
    if (!key) return std::nullopt;
    keys.push_back(*key);
    if (slash == std::string_view::npos) return keys;
    text = text.substr(slash + 1);
  }
}

namespace {

/// A letter for a button no other rule gave a key: the name's own letters first (dash: D if
/// free, else A, ...), then any free letter; nothing when all 26 are taken.
std::optional<sf::Keyboard::Key> pickFreeLetter(std::string_view name, const std::vector<sf::Keyboard::Key>& taken) {
  std::string candidates(name);
  for (char c = 'a'; c <= 'z'; ++c) candidates += c;
  for (const char c : candidates) {
    const int lower = std::tolower(static_cast<unsigned char>(c));
    if (lower < 'a' || lower > 'z') continue;
    const auto key = static_cast<sf::Keyboard::Key>(sf::Keyboard::A + (lower - 'a'));
    if (std::find(taken.begin(), taken.end(), key) == taken.end()) return key;
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::vector<sf::Keyboard::Key>> mapButtonsToKeys(std::span<const char* const> names,
                                                             std::span<const char* const> overrides) {
  std::vector<std::vector<sf::Keyboard::Key>> keys(names.size());
  std::vector<bool> fixed(names.size(), false);
  // The game's own keys first, so that the rule never hands them to another bit.
  std::vector<sf::Keyboard::Key> taken;
  for (std::size_t bit = 0; bit < names.size() && bit < overrides.size(); ++bit) {
    if (overrides[bit] == nullptr || overrides[bit][0] == '\0') continue;
    if (auto parsed = parseKeyNames(overrides[bit])) {
      keys[bit] = std::move(*parsed);
      fixed[bit] = true;
      taken.insert(taken.end(), keys[bit].begin(), keys[bit].end());
    }
  }
  const auto isTaken = [&](sf::Keyboard::Key key) { return std::find(taken.begin(), taken.end(), key) != taken.end(); };
  for (std::size_t bit = 0; bit < names.size(); ++bit) {
    if (fixed[bit]) continue;
    for (const sf::Keyboard::Key key : findDirectionKeys(names[bit])) {
      if (!isTaken(key)) keys[bit].push_back(key);
    }
    taken.insert(taken.end(), keys[bit].begin(), keys[bit].end());
  }
  bool spaceGiven = isTaken(sf::Keyboard::Space);
  for (std::size_t bit = 0; bit < names.size(); ++bit) {
    if (!keys[bit].empty()) continue;
    if (!spaceGiven) {
      keys[bit] = {sf::Keyboard::Space, sf::Keyboard::LControl};
      spaceGiven = true;
      continue;
    }
    if (const auto letter = pickFreeLetter(names[bit], taken)) {
      taken.push_back(*letter);
      keys[bit] = {*letter};
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

namespace {

/// The recorder for live play, or nothing once it has said why there is none.
std::unique_ptr<recorder::Recorder> openLiveRecording(const LivePlayOptions& options) {
  recorder::RecordingOptions recording;
  recording.output = options.output;
  recording.overwrite = options.force;
  recording.game = options.game;
  recording.configName = options.config;
  recording.baseConfig = options.baseConfig;
  recording.settings = options.settings;
  recording.seed = options.seed;
  recording.inputSource = options.inputSource;
  recording.allowLimitBreaks = options.allowLimitBreaks;
  recording.allowLimitBreaksWith = recorder::kAllowLimitBreaksFlag;
  auto opened = recorder::openRecording(recording);
  if (auto* problem = std::get_if<std::string>(&opened)) {
    fmt::print(stderr, "{}: {}\n", options.program, *problem);
    return nullptr;
  }
  return std::move(std::get<std::unique_ptr<recorder::Recorder>>(opened));
}

/// The bookmarked ticks as `prefix` and a list, or nothing when there are none.
std::string listBookmarks(const Bookmarks& bookmarks, const std::string& prefix) {
  std::string marks;
  for (const std::uint64_t t : bookmarks.ticks()) marks += (marks.empty() ? prefix : ", ") + std::to_string(t);
  return marks;
}

/// The size live play draws at, scaled whole into its window.
constexpr float kLiveWidth = 960.0F;
constexpr float kLiveHeight = 720.0F;

/// The game as it is, and above it what is recorded where, and the keys.
void drawLiveFrame(sf::RenderWindow& window, const recorder::Recorder& recorder, const sim::GameSession& previous,
                   const std::string& hudText, const std::string& notice, const sf::Font& font) {
  window.clear(sf::Color::Black);
  const sim::Scene scene = recorder.session().describeScene(previous);
  const auto layout = computeLayout({0.0F, 0.0F, kLiveWidth, kLiveHeight}, measureScene(scene), 24.0F);
  drawSceneInArea(window, layout.scene, layout.scale, scene, Overlays{}, font);
  sf::Text hud = makeText(hudText, font, kTextSize);
  hud.setPosition(layout.hud.left, layout.hud.top);
  window.draw(hud);
  // Over the scene's top, outlined so that it reads on any game's colours.
  if (!notice.empty()) {
    std::string lines;
    for (const std::string& line : wrapText(notice, font, kTextSize, layout.hud.width)) lines += line + "\n";
    sf::Text warning = makeText(lines, font, kTextSize);
    warning.setFillColor(sf::Color(255, 190, 60));
    warning.setOutlineColor(sf::Color::Black);
    warning.setOutlineThickness(2.0F);
    warning.setPosition(layout.hud.left, 4.0F);
    window.draw(warning);
  }
}

/// --status's lines for live play, in the debugger's words where it has the same thing to say.
std::string describeLiveStatus(const recorder::Recorder& recorder, bool paused, const Bookmarks& bookmarks,
                               const LivePlayOptions& options, const sf::RenderWindow& window) {
  std::string marks;
  for (const std::uint64_t t : bookmarks.ticks()) marks += (marks.empty() ? "" : ",") + std::to_string(t);
  return "game=" + options.game + "\ntick=" + std::to_string(recorder.session().tick()) + "\nplaying=" + (paused ? "0" : "1") +
         "\nbookmarks=" + marks + "\nfocus=" + (window.hasFocus() ? "1" : "0") + "\noutput=" + options.output +
         "\nnotice=" + options.notice + "\n" + describeWindowPlace(window);
}

}  // namespace

/// The live window's first line: the tick, the output and the keys, which stay whatever the
/// output's path (what the line has no room for goes).
std::string describeLiveHud(bool paused, std::int64_t tick, const std::string& output, const Bookmarks& bookmarks,
                            const sf::Font& font) {
  std::vector<LinePart> parts{{(paused ? "PAUSED at tick " : "recording tick ") + std::to_string(tick), 9},
                              {"to " + output, 4},
                              {std::string(paused ? "(F2 play" : "(F2 pause") + ", F3 bookmark, Esc or close: save)", 7}};
  if (!bookmarks.ticks().empty()) parts.push_back({listBookmarks(bookmarks, "bookmarks "), 5});
  return fitLine(std::move(parts), font, kLiveWidth - 8.0F);
}

/// Answers the window's events between frames: closing (Esc too), resizing, F2 pause and F3
/// bookmark at `tick`. Function keys are never a game's (the key rule gives arrows, letters,
/// space and Ctrl).
void handleLiveEvents(sf::RenderWindow& window, sf::Vector2f drawn, bool& ioPaused, Bookmarks& ioBookmarks, std::uint64_t tick) {
  sf::Event event;
  while (window.pollEvent(event)) {
    const bool key = event.type == sf::Event::KeyPressed;
    if (event.type == sf::Event::Closed || (key && event.key.code == sf::Keyboard::Escape)) window.close();
    if (event.type == sf::Event::Resized) window.setView(fitView(drawn, {event.size.width, event.size.height}));
    if (key && event.key.code == sf::Keyboard::F2) ioPaused = !ioPaused;
    if (key && event.key.code == sf::Keyboard::F3) ioBookmarks.toggle(tick);
  }
}

/// Closes the recording when the window has closed, saying what was saved; the exit code.
int saveLivePlay(recorder::Recorder& recorder, const LivePlayOptions& options, const Bookmarks& bookmarks) {
  // A replay of no tick verifies as nothing: none is written, and a file -o named is kept.
  if (recorder.session().tick() == 0) {
    recorder.discard();
    fmt::print("closed before the first tick: nothing saved ({} not written)\n", options.output);
    return 0;
  }
  if (auto problem = recorder.close()) {
    fmt::print(stderr, "{}: {}\n", options.program, *problem);
    return 2;
  }
  const std::string marks = listBookmarks(bookmarks, " (bookmarks at ticks ");
  fmt::print("saved {} ticks to {}{}\n", recorder.session().tick(), options.output, marks.empty() ? "" : marks + ")");
  return 0;
}

int runLivePlay(const LivePlayOptions& options, const sf::Font& font) {
  const std::unique_ptr<recorder::Recorder> recording = openLiveRecording(options);
  if (!recording) return 2;
  recorder::Recorder& recorder = *recording;
  const sim::GameDefinition& definition = *sim::findGame(options.game);
  const auto keys = mapButtonsToKeys(definition.inputNames(), definition.inputKeys());
  const std::string keyHelp = describeKeys(definition.inputNames(), keys);
  const sf::Vector2f drawn{kLiveWidth, kLiveHeight};
  const WindowPlace place = placeOnDesktop({static_cast<unsigned>(kLiveWidth), static_cast<unsigned>(kLiveHeight)});
  sf::RenderWindow window(sf::VideoMode(place.size.x, place.size.y),
                          options.program + ": playing " + options.game + " (close the window to save)");
  window.setPosition(place.position);
  window.setView(fitView(drawn, window.getSize()));
  window.setFramerateLimit(120);
  std::unique_ptr<sim::GameSession> previous = recorder.session().clone();
  // A replay taken over is played to its tick at once; the person sees it paused there first.
  for (std::size_t i = 0; i < options.takenOver.size() && !recorder.failed(); ++i) {
    if (i + 1 == options.takenOver.size()) previous = recorder.session().clone();  // drawn with the last tick
    (void)recorder.record(options.takenOver[i]);
  }
  sf::Clock clock;
  double owed = 0.0;
  constexpr double kTick = 1.0 / sim::kTickRate;
  bool paused = options.openPaused;
  Bookmarks bookmarks;
  StatusFile status(options.status);
  // Ctrl+C (or kill) in the terminal closes the window as its close button does, so the play is
  // saved whole rather than left as OUT.partial without its last chunk.
  recorder::InterruptCatcher interrupts;
  while (window.isOpen()) {
    handleLiveEvents(window, drawn, paused, bookmarks, static_cast<std::uint64_t>(recorder.session().tick()));
    if (recorder::InterruptCatcher::caught()) window.close();
    // A fixed 60-Hz tick whatever the frame rate: the simulation never sees wall time, and a
    // pause only delays the next tick, so the replay is the one played.
    const double elapsed = clock.restart().asSeconds();
    if (!paused) owed += elapsed;
    while (owed >= kTick && window.isOpen() && !recorder.failed()) {
      previous = recorder.session().clone();
      (void)recorder.record(window.hasFocus() ? readButtons(keys) : sim::Input{0});
      owed -= kTick;
    }
    const std::string hud = describeLiveHud(paused, recorder.session().tick(), options.output, bookmarks, font);
    drawLiveFrame(window, recorder, *previous, hud + "\n" + keyHelp, options.notice, font);
    if (status.wanted()) status.report(describeLiveStatus(recorder, paused, bookmarks, options, window), window);
    window.display();
  }
  const int code = saveLivePlay(recorder, options, bookmarks);
  if (recorder::InterruptCatcher::caught()) interrupts.endByTheSignal();
  return code;
}

}  // namespace retrace::viewer
