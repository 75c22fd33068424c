#include "viewer/screen_fit.h"

#include <algorithm>

namespace retrace::viewer {

WindowPlace placeWindow(sf::Vector2u asked, sf::Vector2u screen) noexcept {
  // A screen SFML could not measure (0) leaves the size as asked and the corner at the origin.
  const auto fit = [](unsigned side, unsigned room) { return room == 0 ? side : std::min(side, room); };
  const sf::Vector2u size{fit(asked.x, screen.x), fit(asked.y, screen.y)};
  const auto centre = [](unsigned side, unsigned room) { return room > side ? static_cast<int>((room - side) / 2) : 0; };
  return {size, {centre(size.x, screen.x), centre(size.y, screen.y)}};
}

WindowPlace placeOnDesktop(sf::Vector2u asked) {
  const sf::VideoMode desktop = sf::VideoMode::getDesktopMode();
  return placeWindow(asked, {desktop.width, desktop.height});
}

sf::View fitView(sf::Vector2f content, sf::Vector2u window) noexcept {
  sf::View view({0.0F, 0.0F, content.x, content.y});
  if (window.x == 0 || window.y == 0) return view;
  const float scale = std::min(static_cast<float>(window.x) / content.x, static_cast<float>(window.y) / content.y);
  const float width = scale * content.x / static_cast<float>(window.x);
  const float height = scale * content.y / static_cast<float>(window.y);
  view.setViewport({(1.0F - width) / 2.0F, (1.0F - height) / 2.0F, width, height});
  return view;
}

}  // namespace retrace::viewer
