#pragma once
// Keys to commands, and commands applied to a playback and its overlays. Kept apart from the
// window so the mapping and its effects are tested without a display.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <SFML/Window/Keyboard.hpp>

#include "viewer/navigation.h"
#include "viewer/playback.h"
#include "viewer/scene.h"

namespace retrace::viewer {

/// Everything a key can ask for.
enum class Command : std::uint8_t {
  kTogglePlay,
  kStepForward,
  kStepBack,
  kJumpForward,
  kJumpBack,
  kFirst,
  kLast,
  kFaster,
  kSlower,
  kNextMatch,
  kPreviousMatch,
  kNextEvent,
  kPreviousEvent,
  kNextMark,
  kPreviousMark,
  kToggleBookmark,
  kTogglePanels,
  kFirstDifference,
  kToggleBoxes,
  kToggleSweeps,
  kToggleWindow,
  kToggleGrid,
  kToggleIds,
  kToggleEvents,
  kToggleHelp,
  kQuit
};

/// Ticks moved by shift + arrow.
inline constexpr std::uint64_t kJumpTicks = 60;

/// What the jumps go to besides the playback's own events and marks.
struct JumpTargets {
  std::span<const std::uint64_t> matches;  ///< the ticks --find found, in order (N / shift+N)
  Bookmarks* bookmarks = nullptr;          ///< K toggles one; they are marks for ] and [
  std::optional<std::uint16_t> eventKind;  ///< . and , go to events of this kind only
  /// With a condition in the events panel: the ticks of the events it lists, in order; . and ,
  /// go to these only.
  std::optional<std::span<const std::uint64_t>> listedEventTicks;
  std::optional<std::uint64_t> compareDifference;  ///< a mark in compare mode
};

/// The command a key asks for, if any.
[[nodiscard]] std::optional<Command> mapKey(sf::Keyboard::Key key, bool shift) noexcept;
/// Every mark ] and [ visit: tunnels, the first divergence, bookmarks, the compare difference.
[[nodiscard]] std::vector<std::uint64_t> collectMarks(const Playback& playback, const JumpTargets& targets);
/// The tick . (forward) or , (backward) goes to: the next or previous event the targets list.
[[nodiscard]] std::optional<std::uint64_t> findEventJump(const Playback& playback, const JumpTargets& targets,
                                                         Direction direction);
/// Applies a command; returns false for kQuit.
bool applyCommand(Command command, Playback& playback, Overlays& overlays, const JumpTargets& targets = {});

}  // namespace retrace::viewer
