#include "viewer/controls.h"

#include <algorithm>

namespace retrace::viewer {

std::optional<Command> mapKey(sf::Keyboard::Key key, bool shift) noexcept {
  switch (key) {
    case sf::Keyboard::Space: return Command::kTogglePlay;
    case sf::Keyboard::Right: return shift ? Command::kJumpForward : Command::kStepForward;
    case sf::Keyboard::Left: return shift ? Command::kJumpBack : Command::kStepBack;
    case sf::Keyboard::Home: return Command::kFirst;
    case sf::Keyboard::End: return Command::kLast;
    case sf::Keyboard::Equal:
    case sf::Keyboard::Add: return Command::kFaster;
    case sf::Keyboard::Hyphen:
    case sf::Keyboard::Subtract: return Command::kSlower;
    case sf::Keyboard::B: return Command::kToggleBoxes;
    case sf::Keyboard::S: return Command::kToggleSweeps;
    case sf::Keyboard::W: return Command::kToggleWindow;
    case sf::Keyboard::G: return Command::kToggleGrid;
    case sf::Keyboard::I: return Command::kToggleIds;
    case sf::Keyboard::N: return shift ? Command::kPreviousMatch : Command::kNextMatch;
    case sf::Keyboard::E: return Command::kToggleEvents;
    case sf::Keyboard::H:
    case sf::Keyboard::F1: return Command::kToggleHelp;
    case sf::Keyboard::Q:
    case sf::Keyboard::Escape: return Command::kQuit;
    default: return std::nullopt;
  }
}

bool applyCommand(Command command, Playback& playback, Overlays& overlays, std::span<const std::uint64_t> matches) {
  switch (command) {
    case Command::kNextMatch: {
      const auto next = std::upper_bound(matches.begin(), matches.end(), playback.tick());
      if (next != matches.end()) playback.seek(*next);
      break;
    }
    case Command::kPreviousMatch: {
      const auto at = std::lower_bound(matches.begin(), matches.end(), playback.tick());
      if (at != matches.begin()) playback.seek(*(at - 1));
      break;
    }
    case Command::kTogglePlay: playback.togglePlay(); break;
    case Command::kStepForward: playback.setPlaying(false); playback.stepForward(); break;
    case Command::kStepBack: playback.setPlaying(false); playback.stepBack(); break;
    case Command::kJumpForward: playback.seek(playback.tick() + kJumpTicks); break;
    case Command::kJumpBack: playback.seek(playback.tick() > kJumpTicks ? playback.tick() - kJumpTicks : 0); break;
    case Command::kFirst: playback.seek(0); break;
    case Command::kLast: playback.seek(playback.lastTick()); break;
    case Command::kFaster: playback.faster(); break;
    case Command::kSlower: playback.slower(); break;
    case Command::kToggleBoxes: overlays.boxes = !overlays.boxes; break;
    case Command::kToggleSweeps: overlays.sweeps = !overlays.sweeps; break;
    case Command::kToggleWindow: overlays.window = !overlays.window; break;
    case Command::kToggleGrid: overlays.grid = !overlays.grid; break;
    case Command::kToggleIds: overlays.ids = !overlays.ids; break;
    case Command::kToggleEvents: overlays.events = !overlays.events; break;
    case Command::kToggleHelp: overlays.help = !overlays.help; break;
    case Command::kQuit: return false;
  }
  return true;
}

}  // namespace retrace::viewer
