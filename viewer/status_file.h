#pragma once
// --status: a window's state as key=value lines in a file, and its frame beside it as FILE.png,
// for scripts that drive the window (and the window tests). The lines are rewritten every frame,
// ending with the frame count, so that a script waits for frames to pass rather than for a time
// a loaded machine outlasts; the picture only when the lines change.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include <SFML/Graphics/RenderWindow.hpp>

namespace retrace::viewer {

/// The status file of one window; nothing is written while its path is empty.
class StatusFile {
 public:
  explicit StatusFile(std::string path) : path_(std::move(path)) {}

  /// True when --status named a file (the lines are worth building).
  [[nodiscard]] bool wanted() const noexcept { return !path_.empty(); }
  /// Writes `lines` (each ending in a newline), `progress` and the frame count, and the
  /// window's frame when the lines changed in this frame or the one before (a change shows a
  /// frame late). Progress lines change every frame while work goes on between frames (a
  /// search, a clip): a frame a PNG would slow that work down.
  void report(const std::string& lines, sf::RenderWindow& window, const std::string& progress = "");

 private:
  std::string path_;
  std::string last_;      ///< the lines written last
  bool changed_ = false;  ///< in the frame before
  std::uint64_t frames_ = 0;
};

/// Why --status cannot be written at `path`, or nothing. It is rewritten all the time, so a file
/// the user had there is not replaced unasked (unless `overwrite`), and a folder that is missing
/// or not writable is said before the window opens rather than leaving a script with no status.
[[nodiscard]] std::optional<std::string> refuseStatusPath(const std::string& path, bool overwrite);

/// "window=X,Y,WIDTH,HEIGHT\n": where the window is on the screen, for a status.
[[nodiscard]] std::string describeWindowPlace(const sf::RenderWindow& window);

}  // namespace retrace::viewer
