#pragma once
// One frame of the viewer: the scene scaled into its area, the HUD, the timeline's tracks, the
// event panel, the DIVERGED banner and the help overlay; in compare mode A and B side by side
// under their file names with one HUD and one timeline. Used by the window and by headless
// rendering alike (the ImGui panels come on top in the window and in --png --panels).

#include <optional>
#include <span>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

#include "viewer/playback.h"
#include "viewer/scene.h"
#include "viewer/timeline.h"

namespace retrace::viewer {

/// Where the parts of a frame go in a target of a given size.
struct FrameLayout {
  sf::FloatRect scene;     ///< the world, scaled to fit and centred
  sf::FloatRect hud;       ///< one line of text above the timeline
  sf::FloatRect timeline;  ///< the tracks along the bottom (labels at the left, then the bar)
  float scale = 1.0F;      ///< target pixels per world pixel
};

/// Lays a frame out in an area for a world of the given size and a timeline of that height.
[[nodiscard]] FrameLayout computeLayout(sf::FloatRect area, sf::Vector2f world, float timelineHeight);
/// The layout of the frame render() draws for this playback at its tick, with `plots` fields
/// plotted on its timeline.
[[nodiscard]] FrameLayout layoutFrame(sf::FloatRect area, const Playback& playback, std::size_t plots = 0);
/// Compare mode: A's and B's scene areas side by side over one HUD and timeline.
struct CompareLayout {
  FrameLayout a;  ///< A's scene; its hud and timeline are the frame's
  FrameLayout b;  ///< B's scene
};
[[nodiscard]] CompareLayout layoutCompare(sf::FloatRect area, const Playback& a, const Playback& b, std::size_t plots = 0);

/// Draws a scene on its background into `area` at `scale` target pixels per world pixel.
void drawSceneInArea(sf::RenderTarget& target, sf::FloatRect area, float scale, const sim::Scene& scene, const Overlays& overlays,
                     const sf::Font& font, const PaintStyle& style = {});
/// The help lines: playback keys, and the overlay keys of the layers this game's scenes use.
[[nodiscard]] std::vector<std::string> describeViewerKeys(std::span<const sim::SceneLayer> layers);
/// Where the help panel goes and how large its text is: over the scene's top left corner at
/// the frame's text size while that fits the frame, smaller text (down to 8 px) and moved into
/// the frame when it is small.
struct HelpLayout {
  sf::FloatRect panel;
  unsigned textSize = 0;
  float lineHeight = 0.0F;
};
[[nodiscard]] HelpLayout layoutHelp(sf::FloatRect frame, sf::FloatRect scene, std::span<const std::string> lines,
                                    const sf::Font& font);

/// The size of the viewer's text in pixels, and the height of one of its lines.
inline constexpr unsigned kTextSize = 14;
inline constexpr float kLineHeight = 18.0F;

/// One part of a line of status text, and how much it is wanted: when the line is wider than
/// its room, the least wanted parts are left out first (the lowest `want`).
struct LinePart {
  std::string text;
  int want = 0;
};
/// The parts joined by two spaces, leaving out the least wanted until the line fits `width`
/// pixels in `font` at kTextSize (the most wanted part stays whatever its width).
[[nodiscard]] std::string fitLine(std::vector<LinePart> parts, const sf::Font& font, float width);
/// `text` as it is when it fits `width` pixels in `font` at kTextSize, else more of its start
/// than of its end with an ellipsis between.
[[nodiscard]] std::string shortenToFit(const std::string& text, const sf::Font& font, float width);
/// Text cut into lines no wider than `width` pixels in `font` at `size`, at spaces, and a word
/// wider than that where it stops fitting (a character a line at the least).
[[nodiscard]] std::vector<std::string> wrapText(const std::string& text, const sf::Font& font, unsigned size, float width);
/// The parts of the status line above the timeline: the tick, a truncation, the time, the game,
/// the state hash, the speed, then `suffix` (compare mode's difference) and the key hint.
[[nodiscard]] std::vector<LinePart> listHudParts(const Playback& playback, const std::string& suffix,
                                                 std::optional<double> clipSpeed = std::nullopt);
/// Compare mode: one side's title over its scene; where the two replays' configurations or
/// seeds differ (the HUD gives A's), the side's own after it.
/// What the HUD says of A and B at A's tick in compare mode, given where they first differ.
[[nodiscard]] std::string describeComparison(const Playback& a, const Playback& b, std::optional<std::uint64_t> difference);
[[nodiscard]] std::vector<LinePart> listTitleParts(const std::string& title, const Playback& side, const Playback& other);

/// The DejaVu font file Debian's fonts-dejavu-core installs, if it is there.
[[nodiscard]] std::optional<std::string> findFontPath();
/// Loads the font findFontPath finds; one sentence when it is missing.
[[nodiscard]] std::optional<std::string> loadFont(sf::Font& outFont);

/// A field plotted on the timeline: A's values, and in compare mode B's.
struct PlotLine {
  const FieldSeries* a = nullptr;
  const FieldSeries* b = nullptr;
};

/// What a frame shows besides the playback itself: the user's marks, selection and plots.
struct FrameExtras {
  std::optional<TimelineView> view;  ///< the timeline's range (default: the whole replay)
  std::span<const std::uint64_t> bookmarks;
  std::span<const std::uint64_t> matches;
  std::span<const std::uint64_t> listedEvents;  ///< the events panel's, under a condition
  std::optional<std::uint64_t> compareDifference;
  std::optional<std::uint64_t> selectionFrom;
  std::optional<std::uint64_t> selectionTo;
  std::string highlight;  ///< the selected entity, outlined
  bool ghosts = false;    ///< compare mode: B's entities drawn translucent over A's
  std::string titleA;     ///< compare mode: the two file names
  std::string titleB;
  bool oracleText = true;               ///< the oracle's sentences over the scene (the Oracle panel shows them instead)
  std::vector<PlotLine> plots;          ///< a lane each on the timeline
  std::optional<sf::Vector2f> pointer;  ///< the mouse over the frame, for the timeline's readout
  std::optional<double> clipSpeed;      ///< a clip's frame: the HUD says it plays at this speed, and no key
};

/// Draws frames of one playback, or of two in compare mode.
class FrameRenderer {
 public:
  explicit FrameRenderer(const sf::Font& font) : font_(font) {}
  /// Draws the whole frame into an area of the target.
  void render(sf::RenderTarget& target, sf::FloatRect area, const Playback& playback, const Overlays& overlays,
              const FrameExtras& extras = {}) const;
  /// Draws A and B side by side, each under its title, with A's HUD and the timeline once.
  void renderCompare(sf::RenderTarget& target, sf::FloatRect area, const Playback& a, const Playback& b, const Overlays& overlays,
                     const FrameExtras& extras) const;
  /// Draws only the scene (contact sheets), with a tick label, at scaleLabelledScene's scale.
  void renderScene(sf::RenderTarget& target, sf::FloatRect area, const Playback& playback, const Overlays& overlays) const;

 private:
  void drawText(sf::RenderTarget& target, const std::string& text, sf::Vector2f at, unsigned size, sf::Color colour) const;
  void drawHud(sf::RenderTarget& target, const FrameLayout& layout, const Playback& playback, const std::string& suffix,
               std::optional<double> clipSpeed) const;
  void drawBottom(sf::RenderTarget& target, const FrameLayout& layout, const Playback& playback, const FrameExtras& extras,
                  const Playback* other = nullptr) const;
  void drawEventPanel(sf::RenderTarget& target, const FrameLayout& layout, const Playback& playback, bool oracleText) const;
  void drawBanner(sf::RenderTarget& target, const FrameLayout& layout, const Playback& playback) const;
  void drawHelp(sf::RenderTarget& target, sf::FloatRect frame, sf::FloatRect scene,
                std::span<const sim::SceneLayer> layers) const;
  const sf::Font& font_;
};

/// The scale renderScene draws a scene of `world` pixels at in an area of `area`: the whole scene
/// under its tick label.
[[nodiscard]] float scaleLabelledScene(sf::Vector2f area, sf::Vector2f world) noexcept;

}  // namespace retrace::viewer
