#pragma once
// Sub-stepping: split one tick's move into N parts, none longer than half the smallest
// dimension of the body (seed 004), so a discrete check per part cannot skip a body as thick
// as the mover. A fixed tick makes N a design-time constant per speed (seed 001).

#include "sim/vec2.h"

namespace retrace::sim {

/// The number of parts (at least 1) so that no part moves more than min(w, h) / 2 per axis.
[[nodiscard]] int computeSubstepCount(Vec2 delta, Fixed w, Fixed h) noexcept;

}  // namespace retrace::sim
