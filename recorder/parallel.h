#pragma once
// Work on many threads, results in one order: what a hunt's runs and verify's files share, so
// that their output and files are the same whatever the number of threads.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace retrace::recorder {

/// When `runInOrder` calls back: a worker asks `stop` before it takes an index (from any
/// thread), and the calling thread calls `waited` after each 250 ms without a result.
struct InOrderHooks {
  std::function<bool()> stop;
  std::function<void()> waited;
};

/// Computes work(i) for i in [0, count) on `jobs` threads and hands every result to
/// consume(i, result) on the calling thread in index order; consume returning false stops the
/// rest. Indices are taken in order, so what was consumed is always a prefix. Returns how many
/// were consumed; an exception from work is rethrown here.
template <class Work, class Consume>
std::uint64_t runInOrder(std::uint64_t count, unsigned jobs, Work&& work, Consume&& consume, const InOrderHooks& hooks = {}) {
  using Result = std::invoke_result_t<Work&, std::uint64_t>;
  std::mutex mutex;
  std::condition_variable ready;
  std::map<std::uint64_t, Result> done;  // finished ahead of the one being waited for
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> halt{false};
  unsigned running = jobs == 0 ? 1 : jobs;
  std::exception_ptr failure;
  const auto workLoop = [&] {
    try {
      while (!halt.load() && !(hooks.stop && hooks.stop())) {
        const std::uint64_t index = next.fetch_add(1);
        if (index >= count) break;
        Result result = work(index);
        const std::lock_guard lock(mutex);
        done.emplace(index, std::move(result));
        ready.notify_all();
      }
    } catch (...) {
      const std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      halt = true;
    }
    const std::lock_guard lock(mutex);
    --running;
    ready.notify_all();
  };
  std::vector<std::jthread> workers;
  const unsigned threads = running;
  for (unsigned i = 0; i < threads; ++i) workers.emplace_back(workLoop);

  std::uint64_t consumed = 0;
  std::unique_lock lock(mutex);
  while (!halt.load()) {
    if (auto it = done.find(consumed); it != done.end()) {
      Result result = std::move(it->second);
      done.erase(it);
      lock.unlock();
      const bool more = consume(consumed, std::move(result));
      ++consumed;
      lock.lock();
      if (!more) halt = true;
      continue;
    }
    if (running == 0) break;
    if (ready.wait_for(lock, std::chrono::milliseconds(250)) == std::cv_status::timeout && hooks.waited) {
      lock.unlock();
      hooks.waited();
      lock.lock();
    }
  }
  halt = true;
  lock.unlock();
  workers.clear();  // joins
  if (failure) std::rethrow_exception(failure);
  return consumed;
}

}  // namespace retrace::recorder
