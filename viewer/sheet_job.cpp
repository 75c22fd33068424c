#include "viewer/sheet_job.h"

#include <algorithm>

namespace retrace::viewer {

std::uint64_t chooseWindowSheetEvery(std::uint64_t from, std::uint64_t to) noexcept {
  const std::uint64_t span = to - std::min(from, to);
  return std::max<std::uint64_t>(1, (span + kMaxSheetCells) / kMaxSheetCells);
}

std::variant<std::unique_ptr<SheetJob>, std::string> SheetJob::start(const Playback& a, std::uint64_t from, std::uint64_t to,
                                                                     const std::string& path, const sf::Font& font) {
  const std::uint64_t every = chooseWindowSheetEvery(from, to);
  auto opened = SheetWriter::open(a, from, to, every);
  if (auto* problem = std::get_if<std::string>(&opened)) return *problem;
  return std::unique_ptr<SheetJob>(new SheetJob(std::move(std::get<std::unique_ptr<SheetWriter>>(opened)), path, every, font));
}

SheetJob::SheetJob(std::unique_ptr<SheetWriter> writer, std::string path, std::uint64_t every, const sf::Font& font)
    : PictureJob(std::move(path)), writer_(std::move(writer)), every_(every), renderer_(font) {}

bool SheetJob::step(Playback& a, Playback* /*b: a sheet draws A alone, and B is not moved*/, const Overlays& overlays,
                    FrameExtras /*extras: a sheet's cells have no HUD*/, std::uint64_t cells) {
  if (!message().empty()) return true;
  const std::uint64_t cursor = a.tick();
  for (std::uint64_t i = 0; i < cells; ++i) {
    const auto tick = writer_->nextTick();
    if (!tick) break;
    a.seek(*tick);
    writer_->drawNext(a, renderer_, overlays);
  }
  a.seek(cursor);
  if (writer_->nextTick()) return false;
  // As --sheet does, never over a file that is there (one made while the cells were drawn).
  if (auto problem = writer_->save(path(), false)) {
    message_ = *problem;
  } else {
    message_ = "wrote " + path() + " (" + std::to_string(writer_->countCells()) + " cells, every " + std::to_string(every_) +
               (every_ == 1 ? " tick)" : " ticks)");
  }
  return true;
}

}  // namespace retrace::viewer
