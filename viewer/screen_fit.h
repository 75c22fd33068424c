#pragma once
// Where a window opens: as big as asked but no bigger than the screen, and centred on it, so that
// no panel opens past the screen's edge (the X server or window manager would put it anywhere).

#include <SFML/Graphics.hpp>

namespace retrace::viewer {

/// A window's size and its top-left corner on the screen.
struct WindowPlace {
  sf::Vector2u size;
  sf::Vector2i position;
};

/// The place of a window asked to be `asked` on a screen of `screen` pixels: each side no longer
/// than the screen's, and centred on it.
[[nodiscard]] WindowPlace placeWindow(sf::Vector2u asked, sf::Vector2u screen) noexcept;

/// placeWindow on the desktop SFML reports.
[[nodiscard]] WindowPlace placeOnDesktop(sf::Vector2u asked);

/// A view that shows `content` (drawn from the origin) whole in a window of `window` pixels,
/// scaled evenly and centred, the spare strips left empty.
[[nodiscard]] sf::View fitView(sf::Vector2f content, sf::Vector2u window) noexcept;

}  // namespace retrace::viewer
