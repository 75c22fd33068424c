#pragma once
// Oriented rectangles by the separating axis theorem.
//
// A rectangle is its centre plus two perpendicular half-edge vectors u and v. Two convex
// shapes are disjoint exactly when some axis separates their projections; for rectangles the
// candidates are the perpendiculars of the four half-edges. The axes need no normalising:
// every projection on an axis is scaled by the same length, so comparisons are unchanged and
// stay exact in integers. On axis n the projection of a rectangle around its centre reaches
// |u.n| + |v.n|, so the two overlap on n when |(cb - ca).n| < ra + rb. Only a strictly positive
// overlap on all four axes counts: touching edges or corners do not intersect (as with AABBs).

#include "sim/vec2.h"

namespace retrace::sim {

/// A rectangle of any rotation: centre plus two perpendicular half-edge vectors.
struct OrientedRect {
  Vec2 centre;
  Vec2 halfU;
  Vec2 halfV;
};

/// True when the half-edges are perpendicular (exactly, in raw units) and non-zero.
[[nodiscard]] bool isValidOrientedRect(const OrientedRect& r) noexcept;
/// True when the half-edges span a positive area (a zero-size rectangle has none).
[[nodiscard]] bool hasArea(const OrientedRect& r) noexcept;
/// True when the rectangles overlap with positive area (SAT over the four half-edge normals);
/// a rectangle without area overlaps nothing. Half-edges that are not perpendicular are read
/// as the parallelogram they span, for which the same four axes are exact.
[[nodiscard]] bool orientedRectsOverlap(const OrientedRect& a, const OrientedRect& b) noexcept;

}  // namespace retrace::sim
