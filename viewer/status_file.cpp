#include "viewer/status_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

#include <SFML/Graphics/Texture.hpp>

#include "recorder/byte_sink.h"
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

/// The temporary name the lines are written under.
std::string partialPathOf(const std::string& path) { return path + ".partial"; }

/// Writes the lines through a temporary name, so a reader never sees half of them.
void writeLines(const std::string& path, const std::string& lines) {
  const std::string partial = partialPathOf(path);
  {
    std::ofstream out(partial, std::ios::trunc);
    out << lines;
  }
  std::error_code error;
  std::filesystem::rename(partial, path, error);
}

}  // namespace

void StatusFile::report(const std::string& lines, sf::RenderWindow& window, const std::string& progress) {
  if (path_.empty()) return;
  // The frame before the lines: a reader that sees new lines finds their frame beside them.
  if (lines != last_ || changed_) writeFrame(path_, window);
  changed_ = lines != last_;
  last_ = lines;
  writeLines(path_, lines + progress + "frame=" + std::to_string(++frames_) + "\n");
}

std::optional<std::string> refuseStatusPath(const std::string& path, bool overwrite) {
  if (auto problem = recorder::refuseOutput(path, overwrite)) return problem;
  const std::string partial = partialPathOf(path);
  std::FILE* trial = std::fopen(partial.c_str(), "w");
  if (trial == nullptr) return "cannot write the status to " + path + ": " + std::strerror(errno);
  std::fclose(trial);
  std::error_code ignored;
  std::filesystem::remove(partial, ignored);
  return std::nullopt;
}

std::string describeWindowPlace(const sf::RenderWindow& window) {
  const sf::Vector2i at = window.getPosition();
  return "window=" + std::to_string(at.x) + "," + std::to_string(at.y) + "," + std::to_string(window.getSize().x) + "," +
         std::to_string(window.getSize().y) + "\n";
}

}  // namespace retrace::viewer
