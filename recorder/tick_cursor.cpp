#include "recorder/tick_cursor.h"

#include <stdexcept>

namespace retrace::recorder {

std::span<const RecordedEvent> TickCursor::events() const {
  const std::vector<RecordedEvent>& all = current_->events;
  std::size_t end = event_;
  while (end < all.size() && all[end].tick == tick()) ++end;
  return std::span(all).subspan(event_, end - event_);
}

void TickCursor::advance() {
  const Chunk& c = *current_;
  while (event_ < c.events.size() && c.events[event_].tick == tick()) ++event_;
  if (++inRun_ == c.inputs[run_].length) {
    ++run_;
    inRun_ = 0;
  }
  if (++tickInChunk_ == c.checksums.size()) {
    ++chunk_;
    tickInChunk_ = run_ = event_ = 0;
    inRun_ = 0;
    load();
  }
}

void TickCursor::load() {
  for (; chunk_ < count_; ++chunk_) {
    if (chunks_ != nullptr) {
      current_ = &(*chunks_)[chunk_];
    } else {
      if (auto problem = index_->visitChunks(chunk_, chunk_, [&](Chunk& c) {
            read_ = std::move(c);
            return false;
          })) {
        throw std::runtime_error(*problem);
      }
      current_ = &read_;
    }
    if (!current_->checksums.empty()) return;
  }
}

}  // namespace retrace::recorder
