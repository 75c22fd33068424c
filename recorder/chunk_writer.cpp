#include "recorder/chunk_writer.h"

#include "recorder/frame.h"
#include "recorder/payload.h"

namespace retrace::recorder {
namespace {

/// Empties a chunk but keeps its vectors' memory, so the game thread refills it without
/// allocating (and without freeing on the writer's thread what the game thread allocated).
void clearKeepingCapacity(Chunk& chunk) {
  chunk.inputs.clear();
  chunk.events.clear();
  chunk.checksums.clear();
  chunk.hasSnapshot = false;
  chunk.snapshot = {};
}

}  // namespace

ChunkWriter::ChunkWriter(ByteSink& sink) : sink_(sink), thread_([this] { run(); }) {}

ChunkWriter::~ChunkWriter() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  stopRequested_.store(true, std::memory_order_relaxed);
  changed_.notify_all();
  thread_.join();
}

Chunk ChunkWriter::submit(Chunk chunk) {
  std::unique_lock lock(mutex_);
  if (queue_.size() >= kMaxQueued) {
    changed_.notify_all();
    changed_.wait(lock, [this] { return queue_.size() < kMaxQueued || error_.has_value(); });
  }
  if (error_) return {};
  queue_.push_back(std::move(chunk));
  queued_.store(queue_.size(), std::memory_order_relaxed);
  const bool wake = sleeping_;  // a lingering or busy writer sees the chunk without a wake-up
  Chunk spare;
  if (!spares_.empty()) {
    spare = std::move(spares_.back());
    spares_.pop_back();
  }
  lock.unlock();
  if (wake) changed_.notify_all();
  return spare;
}

std::optional<std::string> ChunkWriter::drain() {
  std::unique_lock lock(mutex_);
  changed_.notify_all();
  changed_.wait(lock, [this] { return (queue_.empty() && !writing_) || error_.has_value(); });
  return error_;
}

std::optional<std::string> ChunkWriter::error() const {
  const std::lock_guard lock(mutex_);
  return error_;
}

void ChunkWriter::lingerForWork() {
  const auto until = std::chrono::steady_clock::now() + kLinger;
  while (queued_.load(std::memory_order_relaxed) == 0 && !stopRequested_.load(std::memory_order_relaxed) &&
         std::chrono::steady_clock::now() < until) {
    std::this_thread::yield();
  }
}

void ChunkWriter::run() {
  std::unique_lock lock(mutex_);
  while (true) {
    if (queue_.empty() && !stopping_) {
      lock.unlock();
      lingerForWork();
      lock.lock();
      sleeping_ = true;
      changed_.wait(lock, [this] { return !queue_.empty() || stopping_; });
      sleeping_ = false;
    }
    if (queue_.empty()) return;  // stopping, and everything was written
    Chunk chunk = std::move(queue_.front());
    queue_.pop_front();
    queued_.store(queue_.size(), std::memory_order_relaxed);
    writing_ = true;
    lock.unlock();
    std::optional<std::string> problem = sink_.write(encodeFrame(FrameKind::kChunk, encodePayload(chunk)));
    if (!problem) problem = sink_.flush();
    clearKeepingCapacity(chunk);
    lock.lock();
    writing_ = false;
    if (spares_.size() < kMaxQueued) spares_.push_back(std::move(chunk));
    if (problem && !error_) {
      error_ = std::move(problem);
      failed_.store(true, std::memory_order_relaxed);
      queue_.clear();  // nothing after a failed write could be loaded anyway
      queued_.store(0, std::memory_order_relaxed);
    }
    changed_.notify_all();
  }
}

}  // namespace retrace::recorder
