#pragma once
// Headless rendering for CI artifacts and bug reports: one frame or a contact sheet of many
// into a PNG, or a clip into an animated GIF, through an off-screen render texture (no window manager; needs an X display,
// so run it under xvfb-run -a on a machine without a screen).

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <SFML/Graphics.hpp>

#include "viewer/frame.h"
#include "viewer/navigation.h"
#include "viewer/playback.h"
#include "viewer/scene.h"

namespace retrace::viewer {

class GifWriter;

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
  Overlays overlays;               ///< what the scene draws over its bodies
  FoundTicks found;                ///< --find's: marked on the timeline, its condition in the find box
};
/// Renders the window's view at `tick`: the frame (or A beside B) and the debugger's panels in
/// a column at its right, so a bug report can show field values, events and the oracle.
[[nodiscard]] std::optional<std::string> renderDebuggerPng(Playback& playback, const sf::Font& font, std::uint64_t tick,
                                                           const std::string& path, bool overwrite, sf::Vector2u size,
                                                           const PanelShot& shot);
/// Saves an image as a PNG (writePng: opaque as on a screen, through a temporary name, so a
/// failed save never leaves half a PNG at `path`; an existing file is replaced only when
/// `overwrite`).
[[nodiscard]] std::optional<std::string> savePng(const sf::Image& image, const std::string& path, bool overwrite);
/// The ticks from, from+every, ... <= to count (a sheet's cells, a clip's frames); 0 for a bad range.
[[nodiscard]] std::uint64_t countRangeTicks(std::uint64_t from, std::uint64_t to, std::uint64_t every) noexcept;
/// Renders ticks from, from+every, ... <= to as a grid of labelled cells to a PNG (replacing an
/// existing file only when `overwrite`).
[[nodiscard]] std::optional<std::string> renderSheetPng(Playback& playback, const sf::Font& font, std::uint64_t from,
                                                        std::uint64_t to, std::uint64_t every, const std::string& path,
                                                        bool overwrite, const Overlays& overlays);

/// A sheet's cell at its largest, in pixels. A scene drawn narrower than that (a square or upright
/// one) gets cells as narrow as it is, down to kMinCellWidth (room for its tick).
inline constexpr unsigned kCellWidth = 240;
inline constexpr unsigned kCellHeight = 200;
inline constexpr unsigned kMinCellWidth = 100;
/// The width of a sheet's cells for a scene of `world` pixels.
[[nodiscard]] unsigned fitCellWidth(sf::Vector2f world) noexcept;

/// A contact sheet drawn a cell at a time (a window draws a few between its own frames): the
/// range checked, the grid laid out, each cell drawn in its place; saved once all are.
class SheetWriter {
 public:
  /// Lays out the sheet of ticks from, from+every, ... <= to of `playback`; one sentence when the
  /// range holds no tick, passes the replay's end or has more cells than a sheet holds.
  static std::variant<std::unique_ptr<SheetWriter>, std::string> open(const Playback& playback, std::uint64_t from,
                                                                      std::uint64_t to, std::uint64_t every);
  SheetWriter(const SheetWriter&) = delete;
  SheetWriter& operator=(const SheetWriter&) = delete;

  /// The tick the next cell shows; nothing once every cell is drawn.
  [[nodiscard]] std::optional<std::uint64_t> nextTick() const noexcept;
  /// Draws the next cell: `playback`, at nextTick(), with `overlays`.
  void drawNext(const Playback& playback, const FrameRenderer& renderer, const Overlays& overlays);
  /// Saves the sheet as a PNG once every cell is drawn (an existing file is replaced only when
  /// `overwrite`).
  std::optional<std::string> save(const std::string& path, bool overwrite);
  [[nodiscard]] std::uint64_t countDone() const noexcept { return done_; }
  [[nodiscard]] std::uint64_t countCells() const noexcept { return cells_; }

 private:
  SheetWriter(std::uint64_t from, std::uint64_t every, std::uint64_t cells) : from_(from), every_(every), cells_(cells) {}
  sf::RenderTexture texture_;
  std::uint64_t from_;
  std::uint64_t every_;
  std::uint64_t cells_;
  unsigned columns_ = 1;
  unsigned cellWidth_ = kCellWidth;
  std::uint64_t done_ = 0;
};

/// What a clip plays: ticks from, from+every, ... <= to, at `speed` times the replay's tick rate.
struct ClipRange {
  std::uint64_t from = 0;
  std::uint64_t to = 0;
  std::uint64_t every = 1;
  double speed = 1.0;
};
/// What a clip written holds.
struct ClipWritten {
  std::uint64_t frames = 0;     ///< ticks drawn
  std::uint64_t gifFrames = 0;  ///< frames in the file: a tick drawn like the one before lengthens it
  std::uint64_t bytes = 0;
  double seconds = 0;  ///< how long it plays
};
/// The fewest ticks between a clip's frames that a GIF plays at `speed` times the tick rate: a
/// GIF frame lasts at least 1/50 s (browsers slow shorter ones down).
[[nodiscard]] std::uint64_t chooseClipEvery(std::uint32_t tickRate, double speed) noexcept;
/// Renders a range of ticks as the window shows them (the frame, or A beside B, the panels
/// when the shot has them) to an animated GIF that plays them at the range's speed; an existing
/// file at `path` is replaced only when `overwrite`.
/// A clip written a frame at a time: the range checked, the GIF open under a temporary name,
/// each frame's length; drawing the frames is the caller's (a PNG's renderer, or a window
/// between its own frames).
class ClipWriter {
 public:
  /// Opens the clip of `range` of `playback`, frames of `size`; one sentence when the range is
  /// no clip a GIF plays or the file cannot be written.
  static std::variant<std::unique_ptr<ClipWriter>, std::string> open(const Playback& playback, const ClipRange& range,
                                                                     const std::string& path, bool overwrite, sf::Vector2u size);
  ~ClipWriter();
  ClipWriter(const ClipWriter&) = delete;
  ClipWriter& operator=(const ClipWriter&) = delete;

  /// The tick the next frame shows; nothing once every frame is added.
  [[nodiscard]] std::optional<std::uint64_t> nextTick() const noexcept;
  /// Adds the next frame, drawn at nextTick() into `frame`.
  std::optional<std::string> add(const sf::Texture& frame);
  /// Writes the end and moves the file into place, once every frame is added.
  std::variant<ClipWritten, std::string> finish();
  [[nodiscard]] std::uint64_t countDone() const noexcept { return done_; }
  [[nodiscard]] std::uint64_t countFrames() const noexcept { return written_.frames; }

 private:
  ClipWriter(std::unique_ptr<GifWriter> gif, const ClipRange& range, double seconds, sf::Vector2u size);
  std::unique_ptr<GifWriter> gif_;
  ClipRange range_;
  double seconds_;  ///< each frame's length
  sf::Vector2u size_;
  std::uint64_t done_ = 0;
  ClipWritten written_;
};

/// `progress` hears how many of the frames are drawn, after each.
[[nodiscard]] std::variant<ClipWritten, std::string> renderClipGif(
    Playback& playback, const sf::Font& font, const ClipRange& range, const std::string& path, bool overwrite, sf::Vector2u size,
    const PanelShot& shot, const std::function<void(std::uint64_t done, std::uint64_t frames)>& progress = nullptr);

/// Frames per clip at most (two minutes at 30 frames a second: a clip is a moment, not a replay).
inline constexpr std::uint64_t kMaxClipFrames = 3600;
/// Cells per sheet at most (a sheet is an overview, not a video).
inline constexpr std::uint64_t kMaxSheetCells = 400;

}  // namespace retrace::viewer
