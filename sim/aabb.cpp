#include "sim/aabb.h"

namespace retrace::sim {

Box makeCentredBox(Vec2 centre, Fixed w, Fixed h) noexcept {
  return {centre.x - Fixed::fromRaw(w.raw() / 2), centre.y - Fixed::fromRaw(h.raw() / 2), w, h};
}

Vec2 centreOf(const Box& box) noexcept {
  return {box.x + Fixed::fromRaw(box.w.raw() / 2), box.y + Fixed::fromRaw(box.h.raw() / 2)};
}

bool overlaps(const Box& a, const Box& b) noexcept {
  // The four comparisons alone would let a zero-width box inside another "overlap" it, so
  // boxes without area are rejected first, as image.Rectangle.Overlaps does (seed 001).
  const Fixed zero;
  if (a.w <= zero || a.h <= zero || b.w <= zero || b.h <= zero) return false;
  return a.left() < b.right() && b.left() < a.right() && a.top() < b.bottom() && b.top() < a.bottom();
}

std::optional<Box> intersect(const Box& a, const Box& b) noexcept {
  if (!overlaps(a, b)) return std::nullopt;
  const Fixed left = larger(a.left(), b.left());
  const Fixed top = larger(a.top(), b.top());
  return Box{left, top, smaller(a.right(), b.right()) - left, smaller(a.bottom(), b.bottom()) - top};
}

}  // namespace retrace::sim
