#pragma once
// Live play: a person plays a game with the keyboard at 60 ticks per second while the recorder
// API records it. Closing the window saves the replay; a killed process keeps every complete
// chunk in OUT.partial.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <SFML/Graphics/Font.hpp>
#include <SFML/Window/Keyboard.hpp>

#include "sim/game.h"

namespace retrace::viewer {

/// The keys that press each of a game's input bits. A bit the game gives keys of its own
/// (`overrides`, GameDefinition::inputKeys: "Space", "Left/A", "X") gets them; the others follow
/// a rule from the bits' names alone: left, right, up and down get the arrows and A, D, W, S; the
/// first other button gets space (and left Ctrl); each further one the first letter of its name
/// not yet taken, else the first free letter.
[[nodiscard]] std::vector<std::vector<sf::Keyboard::Key>> mapButtonsToKeys(std::span<const char* const> names,
                                                                           std::span<const char* const> overrides = {});
/// The keys a name like "Left/A" lists; nothing when a part names no key the viewer knows.
[[nodiscard]] std::optional<std::vector<sf::Keyboard::Key>> parseKeyNames(std::string_view text);
/// "left: Left/A, right: Right/D, fire: Space/LCtrl", for the screen.
[[nodiscard]] std::string describeKeys(std::span<const char* const> names,
                                       const std::vector<std::vector<sf::Keyboard::Key>>& keys);
/// What live play records: the game, its configuration and seed, and the replay file.
struct LivePlayOptions {
  std::string program = "retrace-view";  ///< the binary's name, in messages
  std::string game;
  std::string config = "default";
  std::vector<std::string> settings;  ///< NAME=VALUE changes to the configuration
  std::uint64_t seed = 1;
  std::string output;
  bool force = false;  ///< replace an existing output
  /// The configuration --set changes in place of the named one (a replay's own, taken over).
  std::optional<sim::ConfigValues> baseConfig;
  /// Inputs played before the keyboard's (--take-over).
  std::vector<sim::Input> takenOver;
  bool openPaused = false;           ///< the window opens paused (on the tick taken over, tick 0 too)
  std::string inputSource = "live";  ///< the header's word for where the inputs came from
  bool allowLimitBreaks = false;     ///< a replay taken over that broke a speed limit on purpose
  std::string status;                ///< --status: the window's state and frame written here for scripts, every frame
  std::string notice;                ///< said over the scene (why the state taken over is not the replay's)
};
/// Plays and records until the window closes; the process exit status.
int runLivePlay(const LivePlayOptions& options, const sf::Font& font);

}  // namespace retrace::viewer
