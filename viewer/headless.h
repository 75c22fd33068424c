#pragma once
// Headless rendering for CI artifacts and bug reports: one frame, or a contact sheet of many,
// into a PNG through an off-screen render texture (no window manager; needs an X display,
// so run it under xvfb-run -a on a machine without a screen).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

#include "viewer/playback.h"
#include "viewer/scene.h"

namespace retrace::viewer {

/// Renders the frame at `tick` (HUD and timeline included) to a PNG of the given size; an
/// existing file at `path` is replaced only when `overwrite`.
[[nodiscard]] std::optional<std::string> renderFramePng(Playback& playback, const sf::Font& font, std::uint64_t tick,
                                                        const std::string& path, bool overwrite, sf::Vector2u size,
                                                        const Overlays& overlays);
/// What the debugger's panels show in a PNG.
struct PanelShot {
  Playback* b = nullptr;  ///< compare mode's second replay
  std::string nameA;
  std::string nameB;
  std::string select;              ///< an entity the inspector shows alone, and the scene outlines
  bool panels = true;              ///< false: the frame (or A beside B) alone
  std::vector<std::string> plots;  ///< fields plotted on the timeline (each stepped over the whole replay first)
};
/// Renders the window's view at `tick`: the frame (or A beside B) and the debugger's panels in
/// a column at its right, so a bug report can show field values, events and the oracle.
[[nodiscard]] std::optional<std::string> renderDebuggerPng(Playback& playback, const sf::Font& font, std::uint64_t tick,
                                                           const std::string& path, bool overwrite, sf::Vector2u size,
                                                           const PanelShot& shot);
/// Saves an image as a PNG through a temporary name, so a failed save never leaves half a PNG
/// at `path` (an existing file is replaced only when `overwrite`).
[[nodiscard]] std::optional<std::string> savePng(const sf::Image& image, const std::string& path, bool overwrite);
/// The number of cells a sheet of ticks from..to every `every` has; 0 for a bad range.
[[nodiscard]] std::uint64_t countSheetCells(std::uint64_t from, std::uint64_t to, std::uint64_t every) noexcept;
/// Renders ticks from, from+every, ... <= to as a grid of labelled cells to a PNG (replacing an
/// existing file only when `overwrite`).
[[nodiscard]] std::optional<std::string> renderSheetPng(Playback& playback, const sf::Font& font, std::uint64_t from,
                                                        std::uint64_t to, std::uint64_t every, const std::string& path,
                                                        bool overwrite, const Overlays& overlays);

/// Cells per sheet at most (a sheet is an overview, not a video).
inline constexpr std::uint64_t kMaxSheetCells = 400;
/// The size of one cell of a sheet, in pixels.
inline constexpr unsigned kCellWidth = 240;
inline constexpr unsigned kCellHeight = 200;

}  // namespace retrace::viewer
