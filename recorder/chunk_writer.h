#pragma once
// Writes a recording's chunks on a thread of its own, in the order they were handed over.
//
// Why a thread: encoding, compressing and checksumming a chunk costs a large share of the
// cheapest game's ticks (BENCHMARKS.md), and a write can stall on a slow disk for
// milliseconds, which a game loop must never wait for. The game thread only copies the chunk
// into one of the writer's buffers and keeps filling its own. Handing over the chunk itself and
// refilling one the writer had read made every tick dearer (BENCHMARKS.md): likely each append
// waiting, tick by tick, for a cache line held by the other processor, where one copy a chunk
// fetches them all at once.
//
// Waking a sleeping thread is a system call, and on a virtual machine an interrupt to the
// other processor, which costs as much as simulating hundreds of ticks.
// So the game thread wakes the writer only when the writer sleeps, and the writer, when its
// queue runs empty, lingers for kLinger (looking every kLingerNap) before it sleeps. A
// recorder running flat out (a chunk every 10 to 100 us) then never pays a wake-up; one at
// 60 ticks a second (a chunk every 10 s) pays one per chunk, and the writer wakes about twenty
// times in the kLinger after each chunk. On one processor the writer cannot run beside the
// game, and each nap would take the processor from it (BENCHMARKS.md), so there the writer
// sleeps as soon as its queue is empty.
//
// The queue is bounded: when the disk cannot keep up the game thread waits (back-pressure)
// rather than memory growing without end.
//
// The thread starts with the first chunk, so a recording shorter than a chunk never starts
// one; finish() writes what is queued and joins it, after which the recorder writes its last,
// partial chunk and the footer itself (one wake-up fewer than handing them over).

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "recorder/format.h"
#include "recorder/frame.h"

namespace retrace::recorder {

/// A background writer of chunk frames into one sink.
class ChunkWriter {
 public:
  /// At most this many chunks wait for the writer (10 s of play and a few KB each, by default).
  static constexpr std::size_t kMaxQueued = 64;
  /// How long the writer looks for more chunks before it sleeps, and how often it looks.
  static constexpr std::chrono::microseconds kLinger{1000};
  static constexpr std::chrono::microseconds kLingerNap{50};

  /// Writes through `frames`, which the caller uses itself only while no chunk is queued.
  explicit ChunkWriter(FrameWriter& frames);
  ChunkWriter(const ChunkWriter&) = delete;
  ChunkWriter& operator=(const ChunkWriter&) = delete;
  /// Writes whatever is still queued, then stops the thread (finish()).
  ~ChunkWriter();

  /// Queues a copy of the chunk for writing (waits while the queue is full; ignored after an
  /// error); the caller keeps its chunk and may empty it at once. Call from one thread.
  void submit(const Chunk& chunk);
  /// Writes every queued chunk and stops the thread; the first write error, if any. Chunks
  /// submitted afterwards start it again.
  [[nodiscard]] std::optional<std::string> finish();
  /// True when the writer lingers before it sleeps: when its thread may use more than one
  /// processor (decided when the writer is made, on the thread that makes it).
  [[nodiscard]] bool lingers() const noexcept { return lingers_; }
  /// True once a write has failed (cheap enough to ask every tick).
  [[nodiscard]] bool failed() const noexcept { return failed_.load(std::memory_order_relaxed); }
  /// The first write error, if any.
  [[nodiscard]] std::optional<std::string> error() const;

 private:
  void run();

  FrameWriter& frames_;
  const bool lingers_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Chunk> queue_;
  std::vector<Chunk> spares_;  ///< written chunks, whose buffers submit() copies the next into
  bool stopping_ = false;
  bool sleeping_ = false;  ///< the writer waits on changed_ and needs a wake-up
  std::optional<std::string> error_;
  std::atomic<bool> failed_{false};
  std::thread thread_;  // last: starts after every member it uses exists
};

}  // namespace retrace::recorder
