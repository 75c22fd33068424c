#include "recorder/chunk_writer.h"

#include "recorder/frame.h"
#include "recorder/payload.h"
#include "recorder/processors.h"

namespace retrace::recorder {

ChunkWriter::ChunkWriter(FrameWriter& frames) : frames_(frames), lingers_(countUsableProcessors() > 1) {}

ChunkWriter::~ChunkWriter() { (void)finish(); }

std::optional<std::string> ChunkWriter::finish() {
  if (thread_.joinable()) {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }
  const std::lock_guard lock(mutex_);
  stopping_ = false;
  return error_;
}

void ChunkWriter::submit(const Chunk& chunk) {
  // The submitting thread is the only one that starts or joins the writer.
  if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
  std::unique_lock lock(mutex_);
  if (queue_.size() >= kMaxQueued) {
    changed_.notify_all();
    changed_.wait(lock, [this] { return queue_.size() < kMaxQueued || error_.has_value(); });
  }
  if (error_) return;
  Chunk copy;
  if (!spares_.empty()) {
    copy = std::move(spares_.back());
    spares_.pop_back();
  }
  lock.unlock();
  copy = chunk;  // into the spare's buffers, which only this copy and the writer touch
  lock.lock();
  if (error_) return;  // a write failed meanwhile: nothing may follow it
  queue_.push_back(std::move(copy));
  const bool wake = sleeping_;  // a lingering or busy writer sees the chunk without a wake-up
  lock.unlock();
  if (wake) changed_.notify_all();
}

std::optional<std::string> ChunkWriter::error() const {
  const std::lock_guard lock(mutex_);
  return error_;
}

void ChunkWriter::run() {
  std::unique_lock lock(mutex_);
  while (true) {
    if (lingers_ && queue_.empty() && !stopping_) {
      // Linger: look every kLingerNap for up to kLinger, in timed waits rather than spinning (a
      // spinning writer took processor time the game thread could have had wherever the two
      // threads share a core, and made recording's cost swing from run to run).
      // finish() notifies, so stopping never waits out a nap.
      const auto until = std::chrono::steady_clock::now() + kLinger;
      while (queue_.empty() && !stopping_ && std::chrono::steady_clock::now() < until) changed_.wait_for(lock, kLingerNap);
    }
    if (queue_.empty() && !stopping_) {
      sleeping_ = true;
      changed_.wait(lock, [this] { return !queue_.empty() || stopping_; });
      sleeping_ = false;
    }
    if (queue_.empty()) return;  // stopping, and everything was written
    Chunk chunk = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    std::optional<std::string> problem = frames_.write(FrameKind::kChunk, encodePayload(chunk));
    if (!problem) problem = frames_.sink().flush();
    lock.lock();
    if (spares_.size() < kMaxQueued) spares_.push_back(std::move(chunk));
    if (problem && !error_) {
      error_ = std::move(problem);
      failed_.store(true, std::memory_order_relaxed);
      queue_.clear();  // nothing after a failed write could be loaded anyway
    }
    changed_.notify_all();
  }
}

}  // namespace retrace::recorder
