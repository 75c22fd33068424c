#pragma once
// Keys to commands, and commands applied to a playback and its overlays. Kept apart from the
// window so the mapping and its effects are tested without a display.

#include <cstdint>
#include <optional>
#include <span>

#include <SFML/Window/Keyboard.hpp>

#include "viewer/playback.h"
#include "viewer/scene.h"

namespace retrace::viewer {

/// Everything a key can ask for.
enum class Command : std::uint8_t {
  kTogglePlay, kStepForward, kStepBack, kJumpForward, kJumpBack, kFirst, kLast, kFaster, kSlower,
  kNextMatch, kPreviousMatch, kToggleBoxes, kToggleSweeps, kToggleWindow, kToggleGrid, kToggleIds, kToggleEvents, kToggleHelp, kQuit
};

/// Ticks moved by shift + arrow.
inline constexpr std::uint64_t kJumpTicks = 60;

/// The command a key asks for, if any.
[[nodiscard]] std::optional<Command> mapKey(sf::Keyboard::Key key, bool shift) noexcept;
/// Applies a command; returns false for kQuit. `matches` are the ticks --find found, in order,
/// which kNextMatch and kPreviousMatch seek to.
bool applyCommand(Command command, Playback& playback, Overlays& overlays, std::span<const std::uint64_t> matches = {});

}  // namespace retrace::viewer
