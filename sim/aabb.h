#pragma once
// Axis-aligned boxes: strict overlap and the intersection rectangle.
//
// Strict inequalities on purpose (seed 001): a hero standing flush against a wall does not
// collide with it, so checks do not chatter on the boundary; a zero-size box overlaps nothing.

#include <optional>

#include "sim/fixed.h"
#include "sim/vec2.h"

namespace retrace::sim {

/// An axis-aligned box: top-left corner plus size, y growing downward.
struct Box {
  Fixed x;
  Fixed y;
  Fixed w;
  Fixed h;

  constexpr bool operator==(const Box&) const noexcept = default;
  [[nodiscard]] constexpr Fixed left() const noexcept { return x; }
  [[nodiscard]] constexpr Fixed right() const noexcept { return x + w; }
  [[nodiscard]] constexpr Fixed top() const noexcept { return y; }
  [[nodiscard]] constexpr Fixed bottom() const noexcept { return y + h; }
  [[nodiscard]] constexpr Vec2 position() const noexcept { return {x, y}; }
};

/// Builds a box from whole-pixel x, y, width, height.
[[nodiscard]] constexpr Box makeBox(int x, int y, int w, int h) noexcept { return {px(x), px(y), px(w), px(h)}; }
/// Builds a box of the given size centred on a point.
[[nodiscard]] Box makeCentredBox(Vec2 centre, Fixed w, Fixed h) noexcept;
/// The centre point of a box (rounded to nearest raw unit).
[[nodiscard]] Vec2 centreOf(const Box& box) noexcept;
/// The box moved by a displacement.
[[nodiscard]] constexpr Box translated(const Box& box, Vec2 delta) noexcept {
  return {box.x + delta.x, box.y + delta.y, box.w, box.h};
}

/// True when the open spans (a0, a1) and (b0, b1) share a stretch: touching ends do not count.
[[nodiscard]] constexpr bool spansOverlap(Fixed a0, Fixed a1, Fixed b0, Fixed b1) noexcept { return a0 < b1 && b0 < a1; }

/// True when the boxes share a region of positive area; touching edges do not count.
[[nodiscard]] bool overlaps(const Box& a, const Box& b) noexcept;
/// The largest box inside both, or nothing when they do not overlap (its size is the depth).
[[nodiscard]] std::optional<Box> intersect(const Box& a, const Box& b) noexcept;

}  // namespace retrace::sim
