#pragma once
// The window's "save as clip": the ticks selected on the timeline written as a GIF a few frames
// at a time between the window's own frames, drawn from the window's playback (put back at the
// cursor after each), so that the window keeps answering while a long clip is written.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include <SFML/Graphics.hpp>

#include "viewer/frame.h"
#include "viewer/headless.h"
#include "viewer/playback.h"
#include "viewer/scene.h"

namespace retrace::viewer {

/// One clip being written from a window.
class ClipJob {
 public:
  /// Starts the clip of ticks from..to of `a` at `speed` (the window's), frames of `size`, into
  /// `path` (never over a file); one sentence when it cannot.
  static std::variant<std::unique_ptr<ClipJob>, std::string> start(const Playback& a, std::uint64_t from, std::uint64_t to,
                                                                   double speed, const std::string& path, sf::Vector2u size,
                                                                   const sf::Font& font);

  /// Draws and adds up to `frames` more frames, as the window shows A (beside B when there is
  /// one) with `overlays` and `extras`; A and B are put back on the tick they were on. True
  /// once the clip is over: written, or given up with a sentence (message()).
  bool step(Playback& a, Playback* b, const Overlays& overlays, FrameExtras extras, std::uint64_t frames);
  /// How many of the clip's frames are written, of how many.
  [[nodiscard]] std::pair<std::uint64_t, std::uint64_t> progress() const noexcept {
    return {writer_->countDone(), writer_->countFrames()};
  }
  /// The file written to.
  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  /// Once over: "wrote PATH (...)", or why it was not.
  [[nodiscard]] const std::string& message() const noexcept { return message_; }

 private:
  ClipJob(std::unique_ptr<ClipWriter> writer, std::string path, double speed, const sf::Font& font);
  std::unique_ptr<ClipWriter> writer_;
  std::string path_;
  double speed_;
  FrameRenderer renderer_;
  sf::RenderTexture texture_;
  std::string message_;
};

/// The ticks between a clip's frames when a window saves ticks from..to at `speed`: as many
/// frames as a GIF plays, fewer when there would be more than a clip holds.
[[nodiscard]] std::uint64_t chooseWindowClipEvery(std::uint32_t tickRate, double speed, std::uint64_t from,
                                                  std::uint64_t to) noexcept;

}  // namespace retrace::viewer
