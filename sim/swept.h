#pragma once
// Swept AABB: the time of impact of a box moving in a straight line against another box.
//
// From seed 000 ("deriving contact time from per-axis overlap intervals"): on each axis the
// moving span a0..a1 overlaps b0..b1 while a1 + d*t > b0 and a0 + d*t < b1; the two contact
// times (b0 - a1)/d and (b1 - a0)/d, sorted, give that axis's entry and exit. The boxes
// overlap while both axes do, so enter = max(entries, 0) and leave = min(exits, 1). There is
// a hit only when enter < leave: a corner graze (enter == leave) touches for an instant and
// shares no area, so it is reported separately as a graze, never as a hit.
//
// Two moving bodies are handled by sweeping one against the other with their relative
// displacement (seed 000 fixes the obstacle and adds both displacements to the player).

#include <cstdint>
#include <optional>

#include "sim/aabb.h"
#include "sim/fraction.h"
#include "sim/vec2.h"

namespace retrace::sim {

/// How a sweep ended: no contact, an instant of touching without overlap, or a real hit.
enum class SweepKind : std::uint8_t { kMiss, kGraze, kHit };

/// A box moving by delta relative to a target box that is held still.
struct SweepInput {
  Box moving;
  Box target;
  Vec2 delta;
};

/// The overlap interval of a sweep within the step [0, 1].
struct SweepOutput {
  SweepKind kind = SweepKind::kMiss;
  Fraction enter;  ///< first contact (time of impact) for a hit or graze
  Fraction leave;  ///< end of the overlap for a hit, clipped to 1 (0 when it starts in overlap)
};

/// Sweeps a box against a box; a box that already overlaps at the start hits at 0.
[[nodiscard]] SweepOutput sweepBoxes(const SweepInput& input) noexcept;
/// The time of impact in [0, 1], or nothing when the sweep misses or only grazes.
[[nodiscard]] std::optional<Fraction> timeOfImpact(const Box& moving, const Box& target, Vec2 delta) noexcept;

}  // namespace retrace::sim
