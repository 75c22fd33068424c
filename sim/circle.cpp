#include "sim/circle.h"

#include "sim/uint128.h"

namespace retrace::sim {
namespace {
std::int64_t squareRaw(Fixed v) noexcept { return std::int64_t{v.raw()} * v.raw(); }
}  // namespace

std::int64_t distanceSquaredRaw(Vec2 a, Vec2 b) noexcept {
  const Vec2 d = a - b;
  return squareRaw(d.x) + squareRaw(d.y);
}

bool circlesOverlap(const Circle& a, const Circle& b) noexcept {
  return distanceSquaredRaw(a.centre, b.centre) < squareRaw(a.radius + b.radius);
}

bool isWithinRadius(Vec2 point, Vec2 centre, Fixed radius) noexcept {
  return distanceSquaredRaw(point, centre) < squareRaw(radius);
}

Vec2 clampIntoBox(Vec2 p, const Box& box) noexcept {
  return {larger(box.left(), smaller(p.x, box.right())), larger(box.top(), smaller(p.y, box.bottom()))};
}

bool circleOverlapsBox(const Circle& circle, const Box& box) noexcept {
  return isWithinRadius(clampIntoBox(circle.centre, box), circle.centre, circle.radius);
}

bool segmentComesWithin(Vec2 from, Vec2 to, Vec2 centre, Fixed radius) noexcept {
  const Vec2 d = to - from;
  const Vec2 w = centre - from;
  const std::int64_t along = dotRaw(w, d);
  const std::int64_t length2 = dotRaw(d, d);
  // The closest point is an endpoint unless the projection of w falls strictly inside d.
  if (along <= 0 || length2 == 0) return isWithinRadius(from, centre, radius);
  if (along >= length2) return isWithinRadius(to, centre, radius);
  // Interior: dist^2 = |w|^2 - along^2 / |d|^2 < r^2. Multiplied through by |d|^2 and with
  // along^2 moved across, every term is non-negative and the comparison is exact in 128 bits.
  const auto wide = [](std::int64_t v) { return static_cast<std::uint64_t>(v); };
  return UInt128::product(wide(dotRaw(w, w)), wide(length2)) <
         UInt128::product(wide(squareRaw(radius)), wide(length2)) + UInt128::product(wide(along), wide(along));
}

}  // namespace retrace::sim
