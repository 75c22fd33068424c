#include "viewer/headless.h"

#include <fmt/core.h>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>

#include "recorder/byte_sink.h"
#include "recorder/inspect.h"
#include "recorder/interrupt.h"
#include "recorder/parse.h"
#include "viewer/debugger.h"
#include "viewer/frame.h"
#include "viewer/gif_writer.h"
#include "viewer/gui_bridge.h"
#include "viewer/png_writer.h"
#include "viewer/scene.h"

namespace retrace::viewer {
std::optional<std::string> savePng(const sf::Image& image, const std::string& path, bool overwrite) {
  const sf::Vector2u size = image.getSize();
  return writePng({image.getPixelsPtr(), std::size_t{size.x} * size.y * 4}, size.x, size.y, path, overwrite);
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

/// The window's view drawn off screen a tick at a time: the frame (or A beside B) with the
/// debugger's panels when asked, the shot's entity selected and its fields plotted over the
/// whole replay; for a PNG, or a clip's frames.
class ShotRenderer {
 public:
  ShotRenderer(Playback& playback, const sf::Font& font, const PanelShot& shot)
      : playback_(playback), font_(font), shot_(shot), renderer_(font) {}

  /// Creates the texture (the frame's size, the panels beside it) and sets the shot up; one
  /// sentence when it cannot.
  std::optional<std::string> open(sf::Vector2u size) {
    const auto panels = shot_.panels ? static_cast<unsigned>(kPanelWidth) : 0U;
    if (!texture_.create(size.x + panels, size.y))
      return "cannot create a " + std::to_string(size.x + panels) + "x" + std::to_string(size.y) + " render texture";
    (void)texture_.setActive(true);
    if (shot_.panels) gui_.emplace(texture_, findFontPath());
    area_ = {0.0F, 0.0F, static_cast<float>(size.x), static_cast<float>(size.y)};
    debugger_.emplace(playback_, shot_.b, shot_.nameA, shot_.nameB, shot_.found);
    for (const std::string& field : shot_.plots) {
      if (auto problem = debugger_->togglePlot(field)) return problem;
    }
    while (!debugger_->stepPlots(std::uint64_t{1} << 16)) {
    }
    return std::nullopt;
  }

  /// Draws the view at `tick` into the texture; a clip's frame says it plays at `clipSpeed`.
  const sf::Texture& draw(std::uint64_t tick, std::optional<double> clipSpeed = std::nullopt) {
    debugger_->seek(tick);
    // Selected at the first tick drawn, where "tanks[1]" is named by its id ("tanks[id=228]"),
    // which is followed wherever it is in its list at the ticks after.
    if (!drawn_ && !shot_.select.empty()) debugger_->select(shot_.select);
    // The inspector lists a selection gone at this tick as it was, and nothing where it is not.
    selectionSeen_ = selectionSeen_ || !debugger_->listInspectorRows().empty();
    // ImGui sizes some widgets from the frame before (a table's columns): the first is drawn twice.
    FrameExtras extras = debugger_->extras(shot_.panels);
    extras.clipSpeed = clipSpeed;
    for (int frame = drawn_ || !gui_ ? 1 : 0; frame < 2; ++frame) {
      texture_.clear(sf::Color::Black);
      if (shot_.b != nullptr)
        renderer_.renderCompare(texture_, area_, playback_, *shot_.b, shot_.overlays, extras);
      else
        renderer_.render(texture_, area_, playback_, shot_.overlays, extras);
      if (!gui_) continue;
      gui_->beginFrame(texture_.getSize(), 1.0F / 60.0F);
      Overlays shown = shot_.overlays;  // the View section's boxes, ticked as drawn
      debugger_->draw({area_.width, 0.0F, kPanelWidth, area_.height}, font_, shown);
      gui_->endFrame();
    }
    drawn_ = true;
    texture_.display();
    return texture_.getTexture();
  }

  /// The size of what is drawn: the frame, the panels beside it.
  [[nodiscard]] sf::Vector2u size() const { return texture_.getSize(); }

  /// One sentence when an entity was to be selected and no tick drawn had it.
  [[nodiscard]] std::optional<std::string> findSelectionProblem(const std::string& ticks) const {
    if (shot_.select.empty() || selectionSeen_) return std::nullopt;
    return describeUnseenSelection(shot_.select, ticks, playback_.current().describeState());
  }

 private:
  Playback& playback_;
  const sf::Font& font_;
  const PanelShot& shot_;
  const FrameRenderer renderer_;
  sf::RenderTexture texture_;
  std::optional<GuiBridge> gui_;
  std::optional<Debugger> debugger_;
  sf::FloatRect area_;
  bool drawn_ = false;
  bool selectionSeen_ = false;
};

}  // namespace

std::optional<std::string> renderDebuggerPng(Playback& playback, const sf::Font& font, std::uint64_t tick,
                                             const std::string& path, bool overwrite, sf::Vector2u size, const PanelShot& shot) {
  if (tick > playback.lastTick()) {
    return recorder::describePastLastTick(tick, playback.lastTick(), playback.replay());
  }
  ShotRenderer renderer(playback, font, shot);
  if (auto problem = renderer.open(size)) return problem;
  const sf::Image image = renderer.draw(tick).copyToImage();
  if (auto problem = renderer.findSelectionProblem("tick " + std::to_string(tick))) return problem;
  return savePng(image, path, overwrite);
}

std::uint64_t countRangeTicks(std::uint64_t from, std::uint64_t to, std::uint64_t every) noexcept {
  if (every == 0 || from > to) return 0;
  return (to - from) / every + 1;
}

namespace {

/// How long each frame of a clip lasts, in seconds.
double measureClipFrame(std::uint64_t every, std::uint32_t tickRate, double speed) noexcept {
  return static_cast<double>(every) / (static_cast<double>(tickRate) * speed);
}

/// The shortest and the longest a GIF shows a frame for, in seconds.
constexpr double kShortestGifFrame = 0.02;
constexpr double kLongestGifFrame = kMaxGifDelay / 100.0;

/// What a render stopped by a signal says: how far it had come, and that nothing was written.
std::string describeInterruption(const char* unit, std::uint64_t done, std::uint64_t all, const std::string& path) {
  return fmt::format("interrupted at {} {} of {}: {} was not written", unit, done + 1, all, path);
}

/// Why a range cannot be a clip of `playback`, or nothing.
std::optional<std::string> refuseClip(const Playback& playback, const ClipRange& range) {
  const std::uint64_t frames = countRangeTicks(range.from, range.to, range.every);
  if (frames == 0)
    return "the range --from " + std::to_string(range.from) + " --to " + std::to_string(range.to) + " --every " +
           std::to_string(range.every) + " holds no tick";
  if (range.to > playback.lastTick()) return recorder::describePastLastTick(range.to, playback.lastTick(), playback.replay());
  const std::uint32_t rate = playback.replay().header.tickRate;
  const double seconds = measureClipFrame(range.every, rate, range.speed);
  const std::string at = fmt::format("at --every {} and --speed {:g} a frame lasts {:.4g} s", range.every, range.speed, seconds);
  if (seconds < kShortestGifFrame)
    return at + ", less than the 1/50 s a GIF shows a frame: --every " + std::to_string(chooseClipEvery(rate, range.speed)) +
           " or more, or a lower --speed";
  if (seconds > kLongestGifFrame) return at + ", more than a GIF shows a frame (655.35 s): a higher --speed";
  if (frames > kMaxClipFrames)
    return std::to_string(frames) + " frames is more than a clip holds (" + std::to_string(kMaxClipFrames) +
           "): raise --every or narrow --from and --to";
  return std::nullopt;
}

}  // namespace

std::uint64_t chooseClipEvery(std::uint32_t tickRate, double speed) noexcept {
  auto every = static_cast<std::uint64_t>(std::max(1.0, std::ceil(static_cast<double>(tickRate) * speed * kShortestGifFrame)));
  while (measureClipFrame(every, tickRate, speed) < kShortestGifFrame) ++every;  // what the rounding left short
  return every;
}

std::variant<std::unique_ptr<ClipWriter>, std::string> ClipWriter::open(const Playback& playback, const ClipRange& range,
                                                                        const std::string& path, bool overwrite,
                                                                        sf::Vector2u size) {
  if (auto problem = refuseClip(playback, range)) return *problem;
  auto created = GifWriter::create(path, overwrite, size.x, size.y);
  if (auto* problem = std::get_if<std::string>(&created)) return *problem;
  const double seconds = measureClipFrame(range.every, playback.replay().header.tickRate, range.speed);
  return std::unique_ptr<ClipWriter>(
      new ClipWriter(std::move(std::get<std::unique_ptr<GifWriter>>(created)), range, seconds, size));
}

ClipWriter::ClipWriter(std::unique_ptr<GifWriter> gif, const ClipRange& range, double seconds, sf::Vector2u size)
    : gif_(std::move(gif)), range_(range), seconds_(seconds), size_(size) {
  written_.frames = countRangeTicks(range.from, range.to, range.every);
}

ClipWriter::~ClipWriter() = default;

std::optional<std::uint64_t> ClipWriter::nextTick() const noexcept {
  if (done_ == written_.frames) return std::nullopt;
  return range_.from + done_ * range_.every;
}

std::optional<std::string> ClipWriter::add(const sf::Texture& frame) {
  const sf::Image image = frame.copyToImage();
  if (image.getSize() != size_) return "a frame of another size than the clip's";
  const std::size_t bytes = std::size_t{size_.x} * size_.y * 4;
  if (auto problem = gif_->add({image.getPixelsPtr(), bytes}, measureFrameDelay(done_, seconds_))) return problem;
  ++done_;
  return std::nullopt;
}

std::variant<ClipWritten, std::string> ClipWriter::finish() {
  if (nextTick()) return "the clip is not drawn to its end";
  if (auto problem = gif_->finish()) return *problem;
  written_.gifFrames = gif_->countFrames();
  written_.bytes = gif_->countBytes();
  written_.seconds = static_cast<double>(written_.frames) * seconds_;
  return written_;
}

std::variant<ClipWritten, std::string> renderClipGif(Playback& playback, const sf::Font& font, const ClipRange& range,
                                                     const std::string& path, bool overwrite, sf::Vector2u size,
                                                     const PanelShot& shot,
                                                     const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  // Refused before the renderer steps any plot over the whole replay (ClipWriter checks again).
  if (auto problem = refuseClip(playback, range)) return *problem;
  ShotRenderer renderer(playback, font, shot);
  if (auto problem = renderer.open(size)) return *problem;
  auto opened = ClipWriter::open(playback, range, path, overwrite, renderer.size());
  if (auto* problem = std::get_if<std::string>(&opened)) return *problem;
  ClipWriter& clip = *std::get<std::unique_ptr<ClipWriter>>(opened);
  while (const auto tick = clip.nextTick()) {
    // Stopped here, the clip's unfinished file goes with it (GifWriter).
    if (recorder::InterruptCatcher::caught()) return describeInterruption("frame", clip.countDone(), clip.countFrames(), path);
    if (auto problem = clip.add(renderer.draw(*tick, range.speed))) return *problem;
    if (progress) progress(clip.countDone(), clip.countFrames());
  }
  if (auto problem = renderer.findSelectionProblem("ticks " + std::to_string(range.from) + ".." + std::to_string(range.to)))
    return *problem;
  return clip.finish();
}

std::optional<std::string> renderSheetPng(Playback& playback, const sf::Font& font, std::uint64_t from, std::uint64_t to,
                                          std::uint64_t every, const std::string& path, bool overwrite,
                                          const Overlays& overlays) {
  auto opened = SheetWriter::open(playback, from, to, every);
  if (auto* problem = std::get_if<std::string>(&opened)) return *problem;
  SheetWriter& sheet = *std::get<std::unique_ptr<SheetWriter>>(opened);
  const FrameRenderer renderer(font);
  for (std::uint64_t done = 0; const auto tick = sheet.nextTick(); ++done) {
    if (recorder::InterruptCatcher::caught()) return describeInterruption("cell", done, countRangeTicks(from, to, every), path);
    playback.seek(*tick);
    sheet.drawNext(playback, renderer, overlays);
  }
  return sheet.save(path, overwrite);
}

unsigned fitCellWidth(sf::Vector2f world) noexcept {
  // 2 pixels each side keep cells apart. Less a hundredth: a scene as wide as the cell comes out
  // a hair over its width in float, and ceil would add a pixel.
  const float scale = scaleLabelledScene({kCellWidth - 4.0F, kCellHeight - 4.0F}, world);
  const auto drawn = static_cast<unsigned>(std::ceil(world.x * scale - 0.01F));
  return std::clamp(drawn + 4U, kMinCellWidth, kCellWidth);
}

std::variant<std::unique_ptr<SheetWriter>, std::string> SheetWriter::open(const Playback& playback, std::uint64_t from,
                                                                          std::uint64_t to, std::uint64_t every) {
  const std::uint64_t cells = countRangeTicks(from, to, every);
  if (cells == 0)
    return "the range --from " + std::to_string(from) + " --to " + std::to_string(to) + " --every " + std::to_string(every) +
           " holds no tick";
  if (to > playback.lastTick()) return recorder::describePastLastTick(to, playback.lastTick(), playback.replay());
  if (cells > kMaxSheetCells)
    return std::to_string(cells) + " cells is more than a sheet holds (" + std::to_string(kMaxSheetCells) + "): raise --every";
  std::unique_ptr<SheetWriter> sheet(new SheetWriter(from, every, cells));
  sheet->columns_ = static_cast<unsigned>(std::ceil(std::sqrt(static_cast<double>(cells))));
  sheet->cellWidth_ = fitCellWidth(measureScene(playback.current().describeScene(playback.previous())));
  const auto rows = static_cast<unsigned>((cells + sheet->columns_ - 1) / sheet->columns_);
  if (!sheet->texture_.create(sheet->columns_ * sheet->cellWidth_, rows * kCellHeight))
    return "cannot create the sheet's render texture";
  sheet->texture_.clear(sf::Color::Black);
  return sheet;
}

std::optional<std::uint64_t> SheetWriter::nextTick() const noexcept {
  if (done_ == cells_) return std::nullopt;
  return from_ + done_ * every_;
}

void SheetWriter::drawNext(const Playback& playback, const FrameRenderer& renderer, const Overlays& overlays) {
  if (done_ == cells_) return;
  const auto column = static_cast<float>(done_ % columns_);
  const auto row = static_cast<float>(done_ / columns_);
  const auto width = static_cast<float>(cellWidth_);
  renderer.renderScene(texture_, {column * width + 2.0F, row * kCellHeight + 2.0F, width - 4.0F, kCellHeight - 4.0F}, playback,
                       overlays);
  ++done_;
}

std::optional<std::string> SheetWriter::save(const std::string& path, bool overwrite) {
  if (nextTick()) return "the sheet is not drawn to its end";
  texture_.display();
  return savePng(texture_.getTexture().copyToImage(), path, overwrite);
}

}  // namespace retrace::viewer
