#pragma once
// Circles: compare squared distances with squared radii, never take a square root
// (seed 002: dx*dx + dy*dy < r*r). Strict: circles that only touch do not overlap.

#include <cstdint>

#include "sim/aabb.h"
#include "sim/vec2.h"

namespace retrace::sim {

/// A circle by centre and radius.
struct Circle {
  Vec2 centre;
  Fixed radius;
};

/// Squared distance between two points in raw units (scale 2^32), exact.
[[nodiscard]] std::int64_t distanceSquaredRaw(Vec2 a, Vec2 b) noexcept;
/// True when the centres are closer than the sum of the radii.
[[nodiscard]] bool circlesOverlap(const Circle& a, const Circle& b) noexcept;
/// True when a point lies closer than radius to centre (seed 002's bullet-vs-tank test).
[[nodiscard]] bool isWithinRadius(Vec2 point, Vec2 centre, Fixed radius) noexcept;
/// The point of the box nearest to p: p clamped into the box on each axis.
[[nodiscard]] Vec2 clampIntoBox(Vec2 p, const Box& box) noexcept;
/// True when the circle's centre is closer than its radius to the box (clamp, then compare).
[[nodiscard]] bool circleOverlapsBox(const Circle& circle, const Box& box) noexcept;
/// True when some point of the segment from..to comes closer than radius to centre: the
/// continuous form of isWithinRadius for a point moving in a straight line during a tick.
[[nodiscard]] bool segmentComesWithin(Vec2 from, Vec2 to, Vec2 centre, Fixed radius) noexcept;

}  // namespace retrace::sim
