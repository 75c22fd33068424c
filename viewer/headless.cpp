#include "viewer/headless.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <streambuf>

#include "recorder/byte_sink.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "viewer/debugger.h"
#include "viewer/frame.h"
#include "viewer/gui_bridge.h"

namespace retrace::viewer {
namespace {

/// Silences sf::err() while it lives: a failure here is reported in our own one sentence, and
/// SFML's line before it ("Failed to save image ...") would make it two.
class QuietSfml {
 public:
  QuietSfml() : previous_(sf::err().rdbuf(nullptr)) {}
  ~QuietSfml() { sf::err().rdbuf(previous_); }
  QuietSfml(const QuietSfml&) = delete;
  QuietSfml& operator=(const QuietSfml&) = delete;

 private:
  std::streambuf* previous_;
};

}  // namespace

// The temporary is created exclusively first: SFML would truncate a file that had that name.
std::optional<std::string> savePng(const sf::Image& image, const std::string& path, bool overwrite) {
  const std::string partial = path + ".partial.png";  // SFML picks the format by extension
  if (auto problem = recorder::createExclusively(partial)) return problem;
  const QuietSfml quiet;
  if (!image.saveToFile(partial)) {
    std::error_code error;
    std::filesystem::remove(partial, error);  // ours, and holding nothing worth keeping
    return "cannot write " + partial;
  }
  return recorder::moveIntoPlace(partial, path, overwrite);
}

std::optional<std::string> renderFramePng(Playback& playback, const sf::Font& font, std::uint64_t tick, const std::string& path,
                                          bool overwrite, sf::Vector2u size, const Overlays& overlays) {
  if (tick > playback.lastTick()) {
    return recorder::describePastLastTick(tick, playback.lastTick(), playback.replay());
  }
  sf::RenderTexture texture;
  if (!texture.create(size.x, size.y))
    return "cannot create a " + std::to_string(size.x) + "x" + std::to_string(size.y) + " render texture";
  playback.seek(tick);
  texture.clear(sf::Color::Black);
  FrameRenderer(font).render(texture, {0.0F, 0.0F, static_cast<float>(size.x), static_cast<float>(size.y)}, playback, overlays);
  texture.display();
  return savePng(texture.getTexture().copyToImage(), path, overwrite);
}

namespace {

/// The debugger at `tick` with the shot's entity selected and its fields plotted over the whole
/// replay; one sentence when the entity is not there (nor went at that tick, which the inspector
/// shows as it was).
std::optional<std::string> setUpShot(Debugger& debugger, std::uint64_t tick, const PanelShot& shot) {
  debugger.seek(tick);
  if (!shot.select.empty()) {
    // An element by its id ("bullets[id=7]") is wherever it is at that tick.
    debugger.select(shot.select);
    if (debugger.listInspectorRows().empty()) {
      return "no field at tick " + std::to_string(tick) + " lies inside " + recorder::quoteForMessage(shot.select) +
             " (the I key shows the entities' names)";
    }
  }
  for (const std::string& field : shot.plots) {
    if (auto problem = debugger.togglePlot(field)) return problem;
  }
  while (!debugger.stepPlots(std::uint64_t{1} << 16)) {
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> renderDebuggerPng(Playback& playback, const sf::Font& font, std::uint64_t tick,
                                             const std::string& path, bool overwrite, sf::Vector2u size, const PanelShot& shot) {
  if (tick > playback.lastTick()) {
    return recorder::describePastLastTick(tick, playback.lastTick(), playback.replay());
  }
  const auto panels = shot.panels ? static_cast<unsigned>(kPanelWidth) : 0U;
  sf::RenderTexture texture;
  if (!texture.create(size.x + panels, size.y))
    return "cannot create a " + std::to_string(size.x + panels) + "x" + std::to_string(size.y) + " render texture";
  (void)texture.setActive(true);
  std::optional<GuiBridge> gui;
  if (shot.panels) gui.emplace(texture, findFontPath());
  Debugger debugger(playback, shot.b, shot.nameA, shot.nameB, {});
  if (auto problem = setUpShot(debugger, tick, shot)) return problem;
  const sf::FloatRect area{0.0F, 0.0F, static_cast<float>(size.x), static_cast<float>(size.y)};
  const FrameRenderer renderer(font);
  // ImGui sizes some widgets from the frame before (a table's columns): the second frame is the one kept.
  for (int frame = 0; frame < 2; ++frame) {
    texture.clear(sf::Color::Black);
    if (shot.b != nullptr)
      renderer.renderCompare(texture, area, playback, *shot.b, {}, debugger.extras(shot.panels));
    else
      renderer.render(texture, area, playback, {}, debugger.extras(shot.panels));
    if (!gui) continue;
    gui->beginFrame(texture.getSize(), 1.0F / 60.0F);
    Overlays shown;
    debugger.draw({area.width, 0.0F, kPanelWidth, area.height}, font, shown);
    gui->endFrame();
  }
  texture.display();
  return savePng(texture.getTexture().copyToImage(), path, overwrite);
}

std::uint64_t countSheetCells(std::uint64_t from, std::uint64_t to, std::uint64_t every) noexcept {
  if (every == 0 || from > to) return 0;
  return (to - from) / every + 1;
}

std::optional<std::string> renderSheetPng(Playback& playback, const sf::Font& font, std::uint64_t from, std::uint64_t to,
                                          std::uint64_t every, const std::string& path, bool overwrite,
                                          const Overlays& overlays) {
  const std::uint64_t cells = countSheetCells(from, to, every);
  if (cells == 0)
    return "the range --from " + std::to_string(from) + " --to " + std::to_string(to) + " --every " + std::to_string(every) +
           " holds no tick";
  if (to > playback.lastTick()) return recorder::describePastLastTick(to, playback.lastTick(), playback.replay());
  if (cells > kMaxSheetCells)
    return std::to_string(cells) + " cells is more than a sheet holds (" + std::to_string(kMaxSheetCells) + "): raise --every";
  const auto columns = static_cast<unsigned>(std::ceil(std::sqrt(static_cast<double>(cells))));
  const auto rows = static_cast<unsigned>((cells + columns - 1) / columns);
  sf::RenderTexture texture;
  if (!texture.create(columns * kCellWidth, rows * kCellHeight)) return "cannot create the sheet's render texture";
  texture.clear(sf::Color::Black);
  const FrameRenderer renderer(font);
  for (std::uint64_t i = 0; i < cells; ++i) {
    playback.seek(from + i * every);
    const auto column = static_cast<float>(i % columns);
    const auto row = static_cast<float>(i / columns);
    renderer.renderScene(texture, {column * kCellWidth + 2.0F, row * kCellHeight + 2.0F, kCellWidth - 4.0F, kCellHeight - 4.0F},
                         playback, overlays);
  }
  texture.display();
  return savePng(texture.getTexture().copyToImage(), path, overwrite);
}

}  // namespace retrace::viewer
