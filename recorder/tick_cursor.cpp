#include "recorder/tick_cursor.h"

namespace retrace::recorder {

std::span<const RecordedEvent> TickCursor::events() const {
  const std::vector<RecordedEvent>& all = chunks_[chunk_].events;
  std::size_t end = event_;
  while (end < all.size() && all[end].tick == tick()) ++end;
  return std::span(all).subspan(event_, end - event_);
}

void TickCursor::advance() {
  const Chunk& c = chunks_[chunk_];
  while (event_ < c.events.size() && c.events[event_].tick == tick()) ++event_;
  if (++inRun_ == c.inputs[run_].length) {
    ++run_;
    inRun_ = 0;
  }
  if (++index_ == c.checksums.size()) {
    ++chunk_;
    index_ = run_ = event_ = 0;
    inRun_ = 0;
    skipEmptyChunks();
  }
}

void TickCursor::skipEmptyChunks() {
  while (chunk_ < chunks_.size() && chunks_[chunk_].checksums.empty()) ++chunk_;
}

}  // namespace retrace::recorder
