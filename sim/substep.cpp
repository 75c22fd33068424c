#include "sim/substep.h"

#include <cstdint>

namespace retrace::sim {

int computeSubstepCount(Vec2 delta, Fixed w, Fixed h) noexcept {
  const std::int64_t maxStep = smaller(w, h).raw() / 2;
  RETRACE_CHECK(maxStep > 0);
  const std::int64_t longest = larger(absolute(delta.x), absolute(delta.y)).raw();
  const std::int64_t parts = (longest + maxStep - 1) / maxStep;  // ceiling division, both >= 0
  return parts < 1 ? 1 : static_cast<int>(parts);
}

}  // namespace retrace::sim
