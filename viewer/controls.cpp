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
    case sf::Keyboard::Period: return Command::kNextEvent;
    case sf::Keyboard::Comma: return Command::kPreviousEvent;
    case sf::Keyboard::RBracket: return Command::kNextMark;
    case sf::Keyboard::LBracket: return Command::kPreviousMark;
    case sf::Keyboard::K: return Command::kToggleBookmark;
    case sf::Keyboard::P: return Command::kTogglePanels;
    case sf::Keyboard::D: return Command::kFirstDifference;
    case sf::Keyboard::E: return Command::kToggleEvents;
    case sf::Keyboard::H:
    case sf::Keyboard::F1: return Command::kToggleHelp;
    case sf::Keyboard::Q:
    case sf::Keyboard::Escape: return Command::kQuit;
    default: return std::nullopt;
  }
}

std::vector<std::uint64_t> collectMarks(const Playback& playback, const JumpTargets& targets) {
  std::vector<std::uint64_t> marks = playback.tunnelTicks();
  if (playback.divergenceTick()) marks.push_back(*playback.divergenceTick());
  if (targets.compareDifference) marks.push_back(*targets.compareDifference);
  if (targets.bookmarks != nullptr) {
    for (const std::uint64_t t : targets.bookmarks->ticks()) marks.push_back(t);
  }
  std::sort(marks.begin(), marks.end());
  marks.erase(std::unique(marks.begin(), marks.end()), marks.end());
  return marks;
}

std::optional<std::uint64_t> findEventJump(const Playback& playback, const JumpTargets& targets, Direction direction) {
  if (targets.listedEventTicks) return findMarkTick(*targets.listedEventTicks, playback.tick(), direction);
  return playback.ticks().findEventTick(playback.tick(), direction, targets.eventKind);
}

bool applyCommand(Command command, Playback& playback, Overlays& overlays, const JumpTargets& targets) {
  const auto seekTo = [&](std::optional<std::uint64_t> tick) {
    if (!tick) return;
    playback.setPlaying(false);
    playback.seek(*tick);
  };
  switch (command) {
    case Command::kNextMatch: seekTo(findMarkTick(targets.matches, playback.tick(), Direction::kForward)); break;
    case Command::kPreviousMatch: seekTo(findMarkTick(targets.matches, playback.tick(), Direction::kBackward)); break;
    case Command::kNextEvent: seekTo(findEventJump(playback, targets, Direction::kForward)); break;
    case Command::kPreviousEvent: seekTo(findEventJump(playback, targets, Direction::kBackward)); break;
    case Command::kNextMark: seekTo(findMarkTick(collectMarks(playback, targets), playback.tick(), Direction::kForward)); break;
    case Command::kPreviousMark:
      seekTo(findMarkTick(collectMarks(playback, targets), playback.tick(), Direction::kBackward));
      break;
    case Command::kToggleBookmark:
      if (targets.bookmarks != nullptr) targets.bookmarks->toggle(playback.tick());
      break;
    case Command::kTogglePanels: overlays.panels = !overlays.panels; break;
    case Command::kFirstDifference:
      // Compare mode's first difference, else the first divergence.
      seekTo(targets.compareDifference ? targets.compareDifference : playback.divergenceTick());
      break;
    case Command::kTogglePlay: playback.togglePlay(); break;
    case Command::kStepForward:
      playback.setPlaying(false);
      playback.stepForward();
      break;
    case Command::kStepBack:
      playback.setPlaying(false);
      playback.stepBack();
      break;
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
