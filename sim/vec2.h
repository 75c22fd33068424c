#pragma once
// A 2D vector of fixed-point numbers.

#include <cstdint>

#include "sim/fixed.h"

namespace retrace::sim {

/// A point or displacement in pixels.
struct Vec2 {
  Fixed x;
  Fixed y;

  constexpr bool operator==(const Vec2&) const noexcept = default;
  constexpr Vec2 operator+(Vec2 o) const noexcept { return {x + o.x, y + o.y}; }
  constexpr Vec2 operator-(Vec2 o) const noexcept { return {x - o.x, y - o.y}; }
  constexpr Vec2 operator-() const noexcept { return {-x, -y}; }
};

/// Dot product in raw units (scale 2^32), exact.
[[nodiscard]] constexpr std::int64_t dotRaw(Vec2 a, Vec2 b) noexcept {
  return std::int64_t{a.x.raw()} * b.x.raw() + std::int64_t{a.y.raw()} * b.y.raw();
}

/// The vector turned a quarter turn (x, y) -> (-y, x).
[[nodiscard]] constexpr Vec2 perpendicular(Vec2 v) noexcept { return {-v.y, v.x}; }

/// Shorthand for a point at whole pixels.
[[nodiscard]] constexpr Vec2 pxVec(int x, int y) noexcept { return {px(x), px(y)}; }

}  // namespace retrace::sim
