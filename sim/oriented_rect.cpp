#include "sim/oriented_rect.h"

#include <array>
#include <cstdint>

namespace retrace::sim {
namespace {

std::int64_t magnitude(std::int64_t v) noexcept { return v < 0 ? -v : v; }

/// Half the length of the rectangle's projection on an (unnormalised) axis, in raw units.
std::int64_t projectedRadius(const OrientedRect& r, Vec2 axis) noexcept {
  return magnitude(dotRaw(r.halfU, axis)) + magnitude(dotRaw(r.halfV, axis));
}

bool overlapOnAxis(const OrientedRect& a, const OrientedRect& b, Vec2 axis) noexcept {
  const std::int64_t distance = magnitude(dotRaw(b.centre - a.centre, axis));
  return distance < projectedRadius(a, axis) + projectedRadius(b, axis);
}

}  // namespace

bool isValidOrientedRect(const OrientedRect& r) noexcept {
  const Vec2 zero{};
  return r.halfU != zero && r.halfV != zero && dotRaw(r.halfU, r.halfV) == 0;
}

bool hasArea(const OrientedRect& r) noexcept {
  const std::int64_t cross = std::int64_t{r.halfU.x.raw()} * r.halfV.y.raw() - std::int64_t{r.halfU.y.raw()} * r.halfV.x.raw();
  return cross != 0;
}

bool orientedRectsOverlap(const OrientedRect& a, const OrientedRect& b) noexcept {
  // A shape without area (a zero or doubled-back half-edge) overlaps nothing, as a zero-size
  // box does for overlaps(); its axes would be zero or coincide.
  if (!hasArea(a) || !hasArea(b)) return false;
  const std::array<Vec2, 4> axes{perpendicular(a.halfU), perpendicular(a.halfV), perpendicular(b.halfU), perpendicular(b.halfV)};
  for (const Vec2 axis : axes) {
    if (!overlapOnAxis(a, b, axis)) return false;
  }
  return true;
}

}  // namespace retrace::sim
