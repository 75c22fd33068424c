#pragma once
// What the window saves of the ticks selected on its timeline, a clip or a contact sheet,
// written a few frames or cells at a time between its own frames from its playback (put back
// at the cursor after each), so that the window keeps answering while a long one is written.

#include <cstdint>
#include <string>
#include <utility>

#include "viewer/frame.h"
#include "viewer/playback.h"
#include "viewer/scene.h"

namespace retrace::viewer {

/// One picture being written from a window.
class PictureJob {
 public:
  virtual ~PictureJob() = default;
  PictureJob(const PictureJob&) = delete;
  PictureJob& operator=(const PictureJob&) = delete;

  /// Draws up to `units` more frames or cells, as the window shows A (beside B when there is
  /// one) with `overlays` and `extras`; A and B are put back on the tick they were on. True
  /// once the picture is over: written, or given up with a sentence (message()).
  virtual bool step(Playback& a, Playback* b, const Overlays& overlays, FrameExtras extras, std::uint64_t units) = 0;
  /// How many of its frames or cells are drawn, of how many.
  [[nodiscard]] virtual std::pair<std::uint64_t, std::uint64_t> progress() const = 0;
  /// What progress() counts: "frames", "cells".
  [[nodiscard]] virtual const char* countsWhat() const noexcept = 0;
  /// The file written to.
  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  /// Once over: "wrote PATH (...)", or why it was not.
  [[nodiscard]] const std::string& message() const noexcept { return message_; }

 protected:
  explicit PictureJob(std::string path) : path_(std::move(path)) {}
  std::string message_;

 private:
  std::string path_;
};

}  // namespace retrace::viewer
