#include "sim/assert.h"

#include <cstdio>
#include <cstdlib>

namespace retrace::sim {

void failCheck(const char* expression, const char* file, int line) noexcept {
  std::fprintf(stderr, "%s:%d: check failed: %s\n", file, line, expression);
  std::abort();
}

}  // namespace retrace::sim
