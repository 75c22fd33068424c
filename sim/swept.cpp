#include "sim/swept.h"

#include <algorithm>

namespace retrace::sim {
namespace {

/// The entry/exit times of one axis, or nothing when the spans never overlap on it.
struct AxisInterval {
  Fraction enter;
  Fraction leave;
};

std::optional<AxisInterval> computeAxisInterval(Fixed a0, Fixed a1, Fixed b0, Fixed b1, Fixed d) {
  if (d == Fixed()) {
    // Not moving on this axis: the spans overlap for the whole step or never.
    if (a1 <= b0 || a0 >= b1) return std::nullopt;
    return AxisInterval{Fraction{0, 1}, Fraction{1, 1}};
  }
  const Fraction first = makeFraction(std::int64_t{b0.raw()} - a1.raw(), d.raw());
  const Fraction second = makeFraction(std::int64_t{b1.raw()} - a0.raw(), d.raw());
  return first < second ? AxisInterval{first, second} : AxisInterval{second, first};
}

}  // namespace

SweepOutput sweepBoxes(const SweepInput& input) noexcept {
  const Box& a = input.moving;
  const Box& b = input.target;
  // Like overlaps(), a box without area never hits anything, at any time of the step.
  if (a.w <= Fixed() || a.h <= Fixed() || b.w <= Fixed() || b.h <= Fixed()) return {};
  if (overlaps(a, b)) return {SweepKind::kHit, Fraction{0, 1}, Fraction{0, 1}};
  const auto horizontal = computeAxisInterval(a.left(), a.right(), b.left(), b.right(), input.delta.x);
  const auto vertical = computeAxisInterval(a.top(), a.bottom(), b.top(), b.bottom(), input.delta.y);
  if (!horizontal || !vertical) return {};
  // Overlapping at the start was handled above, so a stationary overlapping axis only
  // constrains the other one; [0, 1] bounds the step.
  Fraction enter = std::max({horizontal->enter, vertical->enter, Fraction{0, 1}});
  Fraction leave = std::min({horizontal->leave, vertical->leave, Fraction{1, 1}});
  if (enter < leave) return {SweepKind::kHit, enter, leave};
  if (enter == leave) return {SweepKind::kGraze, enter, leave};
  return {};
}

std::optional<Fraction> timeOfImpact(const Box& moving, const Box& target, Vec2 delta) noexcept {
  const SweepOutput out = sweepBoxes({moving, target, delta});
  if (out.kind != SweepKind::kHit) return std::nullopt;
  return out.enter;
}

}  // namespace retrace::sim
