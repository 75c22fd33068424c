#include "recorder/processors.h"

#include <algorithm>
#include <thread>

#ifdef __linux__
#include <sched.h>
#endif

namespace retrace::recorder {

unsigned countUsableProcessors() noexcept {
#ifdef __linux__
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return static_cast<unsigned>(std::max(1, CPU_COUNT(&set)));
#endif
  return std::max(1U, std::thread::hardware_concurrency());
}

}  // namespace retrace::recorder
