#include "sim/contact_response.h"

namespace retrace::sim {
namespace {

bool isStatic(const Body& body) noexcept { return body.mass == Fixed(); }

/// Component of v along the axis.
Fixed along(Vec2 v, Axis axis) noexcept { return axis == Axis::kX ? v.x : v.y; }

/// A vector with value on the axis and zero on the other.
Vec2 onAxis(Fixed value, Axis axis) noexcept { return axis == Axis::kX ? Vec2{value, Fixed()} : Vec2{Fixed(), value}; }

/// value * weight / total, rounded to nearest, ties away from zero.
Fixed share(Fixed value, Fixed weight, Fixed total) noexcept {
  return Fixed::fromRaw(static_cast<std::int32_t>(Fixed::divideRounded(std::int64_t{value.raw()} * weight.raw(), total.raw())));
}

/// The part of an amount that A takes: all of it against a static B, none if A is static.
Fixed shareOfA(Fixed amount, const Body& a, const Body& b) noexcept {
  if (isStatic(a)) return Fixed();
  if (isStatic(b)) return amount;
  return share(amount, b.mass, a.mass + b.mass);
}

/// The part B takes; the two shares always add up to the whole amount.
Fixed shareOfB(Fixed amount, const Body& a, const Body& b) noexcept {
  if (isStatic(b)) return Fixed();
  if (isStatic(a)) return amount;
  return amount - shareOfA(amount, a, b);
}

}  // namespace

std::optional<Mtv> computeMtv(const Box& a, const Box& b) noexcept {
  if (!overlaps(a, b)) return std::nullopt;
  // Per axis, the shorter of the two ways out. Seed 004 takes min(rights) - max(lefts),
  // which is the same while neither box contains the other on that axis; when one does,
  // that width would push A out on the far side still overlapping, so measure both ways.
  const Fixed left = a.right() - b.left();
  const Fixed right = b.right() - a.left();
  const Fixed up = a.bottom() - b.top();
  const Fixed down = b.bottom() - a.top();
  const Fixed pushX = left <= right ? -left : right;
  const Fixed pushY = up <= down ? -up : down;
  if (absolute(pushX) < absolute(pushY)) return Mtv{Axis::kX, {pushX, Fixed()}};
  return Mtv{Axis::kY, {Fixed(), pushY}};
}

BodyPair correctPositions(const Body& a, const Body& b, const Mtv& mtv) noexcept {
  const Fixed push = along(mtv.pushA, mtv.axis);
  BodyPair out{a, b};
  if (isStatic(a) && isStatic(b)) return out;
  out.a.box = translated(a.box, onAxis(shareOfA(push, a, b), mtv.axis));
  out.b.box = translated(b.box, onAxis(-shareOfB(push, a, b), mtv.axis));
  return out;
}

BodyPair separateVelocities(const Body& a, const Body& b, const Mtv& mtv, Fixed restitution) noexcept {
  RETRACE_CHECK(restitution >= Fixed() && restitution <= px(1));
  BodyPair out{a, b};
  const Fixed relative = along(a.velocity, mtv.axis) - along(b.velocity, mtv.axis);
  const Fixed push = along(mtv.pushA, mtv.axis);
  // Approaching means A moves against the direction it is pushed out in.
  const bool approaching = (push > Fixed() && relative < Fixed()) || (push < Fixed() && relative > Fixed());
  if (!approaching || (isStatic(a) && isStatic(b))) return out;
  const Fixed impulse = (px(1) + restitution) * relative;
  out.a.velocity = a.velocity - onAxis(shareOfA(impulse, a, b), mtv.axis);
  out.b.velocity = b.velocity + onAxis(shareOfB(impulse, a, b), mtv.axis);
  return out;
}

}  // namespace retrace::sim
