#pragma once
// The window's "save as sheet": the ticks selected on the timeline drawn as a contact sheet a
// few cells at a time (PictureJob), then saved as a PNG.

#include <cstdint>
#include <memory>
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

/// One contact sheet being drawn in a window.
class SheetJob final : public PictureJob {
 public:
  /// Starts the sheet of ticks from..to of `a` into `path` (never over a file); one sentence
  /// when it cannot.
  static std::variant<std::unique_ptr<SheetJob>, std::string> start(const Playback& a, std::uint64_t from, std::uint64_t to,
                                                                    const std::string& path, const sf::Font& font);

  /// Draws up to `cells` more cells of A with `overlays` (a sheet has no B, no HUD) and saves the
  /// sheet after its last.
  bool step(Playback& a, Playback* b, const Overlays& overlays, FrameExtras extras, std::uint64_t cells) override;
  [[nodiscard]] std::pair<std::uint64_t, std::uint64_t> progress() const override {
    return {writer_->countDone(), writer_->countCells()};
  }
  [[nodiscard]] const char* countsWhat() const noexcept override { return "cells"; }

 private:
  SheetJob(std::unique_ptr<SheetWriter> writer, std::string path, std::uint64_t every, const sf::Font& font);
  std::unique_ptr<SheetWriter> writer_;
  std::uint64_t every_;
  FrameRenderer renderer_;
};

/// The ticks between a sheet's cells when a window saves ticks from..to: every tick, or as few
/// more as keep the sheet within the cells it holds.
[[nodiscard]] std::uint64_t chooseWindowSheetEvery(std::uint64_t from, std::uint64_t to) noexcept;

}  // namespace retrace::viewer
