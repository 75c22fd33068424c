#include "viewer/status_file.h"

#include <filesystem>
#include <fstream>
#include <system_error>

#include <SFML/Graphics/Texture.hpp>

#include "viewer/headless.h"

namespace retrace::viewer {
namespace {

/// Writes the window's frame as FILE.png, through a temporary name.
void writeFrame(const std::string& path, sf::RenderWindow& window) {
  sf::Texture frame;
  if (frame.create(window.getSize().x, window.getSize().y)) {
    frame.update(window);
    (void)savePng(frame.copyToImage(), path + ".png", true);
  }
}

/// Writes the lines through a temporary name, so a reader never sees half of them.
void writeLines(const std::string& path, const std::string& lines) {
  const std::string partial = path + ".partial";
  {
    std::ofstream out(partial, std::ios::trunc);
    out << lines;
  }
  std::error_code error;
  std::filesystem::rename(partial, path, error);
}

}  // namespace

void StatusFile::report(const std::string& lines, sf::RenderWindow& window) {
  if (path_.empty()) return;
  // The frame before the lines: a reader that sees new lines finds their frame beside them.
  if (lines != last_ || changed_) writeFrame(path_, window);
  changed_ = lines != last_;
  last_ = lines;
  writeLines(path_, lines + "frame=" + std::to_string(++frames_) + "\n");
}

std::string describeWindowPlace(const sf::RenderWindow& window) {
  const sf::Vector2i at = window.getPosition();
  return "window=" + std::to_string(at.x) + "," + std::to_string(at.y) + "," + std::to_string(window.getSize().x) + "," +
         std::to_string(window.getSize().y) + "\n";
}

}  // namespace retrace::viewer
