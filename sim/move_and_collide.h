#pragma once
// Axis-separated move-and-collide with one-way platforms.
//
// From seed 001: never move both axes at once. Move x and resolve, then move y and resolve;
// the axis that was blocked is the diagnosis (x: a wall at the side; y: floor or ceiling),
// which the game needs to cancel velocity, allow a jump or play a sound. A blocked body is
// clamped flush against the obstacle instead of rolled back, so no gap opens under the feet.
//
// Each half-step is swept, not sampled: every wall whose span the moving edge crosses during
// the half-step is considered and the nearest one wins, so no speed tunnels through a wall.
// A wall the body already overlaps at the start of a half-step is ignored (there is no side
// to clamp to); callers that can start inside walls resolve that first with the MTV.
//
// A one-way platform blocks only the downward half-step, and only when the feet were at or
// above its top before the step: bodies jump up through it and land on it from above.

#include <span>

#include "sim/aabb.h"
#include "sim/vec2.h"

namespace retrace::sim {

/// A body to move by delta through solid walls and one-way platforms.
struct MoveInput {
  Box body;
  Vec2 delta;
  std::span<const Box> walls;
  std::span<const Box> platforms;  ///< one-way: solid only from above
};

/// Where the body ended and which half-steps were blocked.
struct MoveOutput {
  Box body;
  bool blockedX = false;          ///< a wall at the side stopped the x half-step
  bool blockedY = false;          ///< a floor, ceiling or platform stopped the y half-step
  bool landedOnPlatform = false;  ///< the y half-step ended on a one-way platform
};

/// Moves x then y, clamping flush against the nearest obstacle crossed on each axis.
[[nodiscard]] MoveOutput moveAndCollide(const MoveInput& input) noexcept;

/// True when moving the body down by dy carries its feet from at-or-above the platform top
/// to below it, inside the platform's horizontal span (strictly): the platform stops it.
[[nodiscard]] bool crossesOneWayPlatform(const Box& body, Fixed dy, const Box& platform) noexcept;

}  // namespace retrace::sim
