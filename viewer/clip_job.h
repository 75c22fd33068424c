#pragma once
// The window's "save as clip": the ticks selected on the timeline written as a GIF a few frames
// at a time (PictureJob).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include <SFML/Graphics.hpp>

#include "viewer/frame.h"
#include "viewer/headless.h"
#include "viewer/picture_job.h"
#include "viewer/playback.h"
#include "viewer/scene.h"

namespace retrace::viewer {

/// One clip being written from a window.
class ClipJob final : public PictureJob {
 public:
  /// Starts the clip of ticks from..to of `a` at `speed` (the window's), frames of `size`, into
  /// `path` (never over a file); one sentence when it cannot.
  static std::variant<std::unique_ptr<ClipJob>, std::string> start(const Playback& a, std::uint64_t from, std::uint64_t to,
                                                                   double speed, const std::string& path, sf::Vector2u size,
                                                                   const sf::Font& font);

  bool step(Playback& a, Playback* b, const Overlays& overlays, FrameExtras extras, std::uint64_t frames) override;
  [[nodiscard]] std::pair<std::uint64_t, std::uint64_t> progress() const override {
    return {writer_->countDone(), writer_->countFrames()};
  }
  [[nodiscard]] const char* countsWhat() const noexcept override { return "frames"; }

 private:
  ClipJob(std::unique_ptr<ClipWriter> writer, std::string path, double speed, const sf::Font& font);
  std::unique_ptr<ClipWriter> writer_;
  double speed_;
  FrameRenderer renderer_;
  sf::RenderTexture texture_;
};

/// The ticks between a clip's frames when a window saves ticks from..to at `speed`: as many
/// frames as a GIF plays, fewer when there would be more than a clip holds.
[[nodiscard]] std::uint64_t chooseWindowClipEvery(std::uint32_t tickRate, double speed, std::uint64_t from,
                                                  std::uint64_t to) noexcept;

}  // namespace retrace::viewer
