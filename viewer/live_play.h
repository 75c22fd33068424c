#pragma once
// Live play: a person plays a game with the keyboard at 60 ticks per second while the recorder
// API records it. Closing the window saves the replay; a killed process keeps every complete
// chunk in OUT.partial.

#include <cstdint>
#include <string>
#include <vector>

#include <SFML/Graphics/Font.hpp>
#include <SFML/Window/Keyboard.hpp>

#include "sim/game.h"

namespace retrace::viewer {

/// The keys that press a game's input bit named `name` (arrows and WASD, space to fire).
[[nodiscard]] std::vector<sf::Keyboard::Key> keysForButton(const std::string& name);
/// Plays and records until the window closes; the process exit status.
int runLivePlay(const std::string& game, const std::string& config, std::uint64_t seed, const std::string& output, bool force,
                const sf::Font& font);

}  // namespace retrace::viewer
