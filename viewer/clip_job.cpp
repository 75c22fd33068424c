#include "viewer/clip_job.h"

#include <fmt/core.h>
#include <algorithm>

namespace retrace::viewer {

std::uint64_t chooseWindowClipEvery(std::uint32_t tickRate, double speed, std::uint64_t from, std::uint64_t to) noexcept {
  const std::uint64_t ticks = to - std::min(from, to) + 1;
  return std::max(chooseClipEvery(tickRate, speed), (ticks + kMaxClipFrames - 1) / kMaxClipFrames);
}

std::variant<std::unique_ptr<ClipJob>, std::string> ClipJob::start(const Playback& a, std::uint64_t from, std::uint64_t to,
                                                                   double speed, const std::string& path, sf::Vector2u size,
                                                                   const sf::Font& font) {
  ClipRange range{from, to, chooseWindowClipEvery(a.replay().header.tickRate, speed, from, to), speed};
  auto opened = ClipWriter::open(a, range, path, false, size);
  if (auto* problem = std::get_if<std::string>(&opened)) return *problem;
  std::unique_ptr<ClipJob> job(new ClipJob(std::move(std::get<std::unique_ptr<ClipWriter>>(opened)), path, speed, font));
  if (!job->texture_.create(size.x, size.y))
    return "cannot create a " + std::to_string(size.x) + "x" + std::to_string(size.y) + " render texture";
  return job;
}

ClipJob::ClipJob(std::unique_ptr<ClipWriter> writer, std::string path, double speed, const sf::Font& font)
    : PictureJob(std::move(path)), writer_(std::move(writer)), speed_(speed), renderer_(font) {}

bool ClipJob::step(Playback& a, Playback* b, const Overlays& overlays, FrameExtras extras, std::uint64_t frames) {
  if (!message_.empty()) return true;
  const std::uint64_t cursor = a.tick();
  extras.clipSpeed = speed_;
  extras.pointer.reset();    // the mouse is the window's, not the clip's
  extras.highlight.clear();  // an element named at the cursor may be another one at other ticks
  const sf::FloatRect area{0.0F, 0.0F, static_cast<float>(texture_.getSize().x), static_cast<float>(texture_.getSize().y)};
  for (std::uint64_t i = 0; i < frames; ++i) {
    const auto tick = writer_->nextTick();
    if (!tick) break;
    a.seek(*tick);
    texture_.clear(sf::Color::Black);
    if (b != nullptr) {
      b->seek(*tick);
      extras.ghosts = extras.compareDifference && *tick >= *extras.compareDifference;
      renderer_.renderCompare(texture_, area, a, *b, overlays, extras);
    } else {
      renderer_.render(texture_, area, a, overlays, extras);
    }
    texture_.display();
    if (auto problem = writer_->add(texture_.getTexture())) message_ = *problem;
    if (!message_.empty()) break;
  }
  a.seek(cursor);
  if (b != nullptr) b->seek(cursor);
  if (!message_.empty() || writer_->nextTick()) return !message_.empty();
  auto written = writer_->finish();
  if (auto* problem = std::get_if<std::string>(&written)) {
    message_ = *problem;
  } else {
    const ClipWritten& clip = std::get<ClipWritten>(written);
    message_ = fmt::format("wrote {} ({} frames, {:.2f} s at {:g}x)", path(), clip.frames, clip.seconds, speed_);
  }
  return true;
}

}  // namespace retrace::viewer
