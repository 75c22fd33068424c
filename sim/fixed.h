#pragma once
// Fixed-point numbers: 16.16 in an int32_t, products and quotients through int64_t.
//
// Why: floats give different answers under FMA contraction, between compilers and between
// optimisation levels (see TOOLCHAIN.md: 100 px apart after 20,000 steps). Integers do not.
//
// Rounding is part of the contract, because replays depend on every last bit:
//  - multiply rounds to nearest, ties toward +infinity: floor(a*b / 2^16 + 1/2);
//  - divide rounds to nearest, ties away from zero;
//  - fromRatio(n, d) rounds like divide.
// Geometry in sim/ keeps coordinates and sizes within +-kMaxCoordinatePx so that differences
// fit in 31 bits and every cross product of two differences fits in an int64_t.

#include <compare>
#include <cstdint>

#include "sim/assert.h"

namespace retrace::sim {

/// A 16.16 fixed-point number with exact, documented rounding.
class Fixed {
 public:
  static constexpr int kFractionBits = 16;
  static constexpr std::int32_t kOne = 1 << kFractionBits;

  constexpr Fixed() noexcept = default;

  /// Builds a value from its raw 16.16 representation.
  [[nodiscard]] static constexpr Fixed fromRaw(std::int32_t raw) noexcept { return Fixed(raw); }
  /// Builds a value from a whole number; the number must fit in 16 signed bits.
  [[nodiscard]] static constexpr Fixed fromInt(int whole) noexcept {
    return Fixed(narrow(static_cast<std::int64_t>(whole) * kOne));
  }
  /// Builds num/den rounded to nearest, ties away from zero.
  [[nodiscard]] static constexpr Fixed fromRatio(std::int64_t num, std::int64_t den) noexcept {
    return Fixed(narrow(divideRounded(num * kOne, den)));
  }

  [[nodiscard]] constexpr std::int32_t raw() const noexcept { return raw_; }
  /// Largest whole number not above this value.
  [[nodiscard]] constexpr int floorToInt() const noexcept { return raw_ >> kFractionBits; }
  /// Nearest whole number, ties toward +infinity.
  [[nodiscard]] constexpr int roundToInt() const noexcept {
    return static_cast<int>((static_cast<std::int64_t>(raw_) + kOne / 2) >> kFractionBits);
  }

  constexpr auto operator<=>(const Fixed&) const noexcept = default;

  constexpr Fixed operator-() const noexcept { return Fixed(narrow(-static_cast<std::int64_t>(raw_))); }
  constexpr Fixed operator+(Fixed o) const noexcept { return Fixed(narrow(std::int64_t{raw_} + o.raw_)); }
  constexpr Fixed operator-(Fixed o) const noexcept { return Fixed(narrow(std::int64_t{raw_} - o.raw_)); }
  constexpr Fixed operator*(Fixed o) const noexcept {
    return Fixed(narrow((std::int64_t{raw_} * o.raw_ + kOne / 2) >> kFractionBits));
  }
  constexpr Fixed operator/(Fixed o) const noexcept { return Fixed(narrow(divideRounded(std::int64_t{raw_} * kOne, o.raw_))); }
  constexpr Fixed& operator+=(Fixed o) noexcept { return *this = *this + o; }
  constexpr Fixed& operator-=(Fixed o) noexcept { return *this = *this - o; }

  /// num/den rounded to nearest, ties away from zero; den must not be zero.
  [[nodiscard]] static constexpr std::int64_t divideRounded(std::int64_t num, std::int64_t den) noexcept {
    RETRACE_CHECK(den != 0);
    const std::int64_t quotient = num / den;
    const std::int64_t remainder = num % den;
    const std::int64_t twice = remainder < 0 ? -2 * remainder : 2 * remainder;
    const std::int64_t magnitude = den < 0 ? -den : den;
    if (twice < magnitude) return quotient;
    return ((num < 0) != (den < 0)) ? quotient - 1 : quotient + 1;
  }

 private:
  constexpr explicit Fixed(std::int32_t raw) noexcept : raw_(raw) {}
  static constexpr std::int32_t narrow(std::int64_t wide) noexcept {
    RETRACE_CHECK(wide >= INT32_MIN && wide <= INT32_MAX);
    return static_cast<std::int32_t>(wide);
  }
  std::int32_t raw_ = 0;
};

/// Absolute value of a fixed-point number.
[[nodiscard]] constexpr Fixed absolute(Fixed v) noexcept { return v < Fixed() ? -v : v; }
/// The smaller of two values.
[[nodiscard]] constexpr Fixed smaller(Fixed a, Fixed b) noexcept { return b < a ? b : a; }
/// The larger of two values.
[[nodiscard]] constexpr Fixed larger(Fixed a, Fixed b) noexcept { return a < b ? b : a; }

/// Shorthand for a whole number of pixels.
[[nodiscard]] constexpr Fixed px(int whole) noexcept { return Fixed::fromInt(whole); }

/// Geometry queries accept coordinates and sizes within this many pixels of the origin.
inline constexpr int kMaxCoordinatePx = 8192;

}  // namespace retrace::sim
