#pragma once
// Exact fractions of a tick for times of impact.
//
// Why not Fixed: seed 000's first contact is 38/100 of the step; 16.16 cannot hold 0.38, and
// the rounded value would put the obstacle at y 97.99 instead of 98. Times stay as the exact
// ratio of two raw differences and are compared by cross-multiplication; both parts stay
// below 2^31 in magnitude (kMaxCoordinatePx), so products fit in an int64_t.

#include <cstdint>

#include "sim/fixed.h"

namespace retrace::sim {

/// An exact rational num/den with den > 0.
struct Fraction {
  std::int64_t num = 0;
  std::int64_t den = 1;
};

/// Builds num/den with a positive denominator; den must not be zero.
[[nodiscard]] constexpr Fraction makeFraction(std::int64_t num, std::int64_t den) noexcept {
  RETRACE_CHECK(den != 0);
  return den < 0 ? Fraction{-num, -den} : Fraction{num, den};
}

/// Three-way comparison of the values (not the representations) of two fractions.
[[nodiscard]] constexpr std::strong_ordering compareFractions(Fraction a, Fraction b) noexcept {
  return a.num * b.den <=> b.num * a.den;
}
constexpr bool operator==(Fraction a, Fraction b) noexcept { return compareFractions(a, b) == 0; }
constexpr std::strong_ordering operator<=>(Fraction a, Fraction b) noexcept { return compareFractions(a, b); }

/// The fraction rounded down to 16.16, for display and events.
[[nodiscard]] constexpr Fixed toFixedFloor(Fraction f) noexcept {
  const std::int64_t scaled = f.num * Fixed::kOne;
  std::int64_t q = scaled / f.den;
  if (scaled % f.den != 0 && scaled < 0) --q;
  return Fixed::fromRaw(static_cast<std::int32_t>(q));
}

/// value * f, rounded toward zero: a position advanced by a fraction of its step never
/// passes the exact point, so a body moved to its time of impact touches but never overlaps.
[[nodiscard]] constexpr Fixed scaleTowardZero(Fixed value, Fraction f) noexcept {
  return Fixed::fromRaw(static_cast<std::int32_t>(std::int64_t{value.raw()} * f.num / f.den));
}

}  // namespace retrace::sim
