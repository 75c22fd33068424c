#pragma once

#include <compare>
#include <cstdint>

namespace retrace::sim {

/// An exact unsigned 128-bit integer, enough for a sum of products of two 64-bit values; plain
/// C++ because 32-bit targets have no __int128.
class UInt128 {
 public:
  constexpr UInt128() noexcept = default;
  constexpr UInt128(std::uint64_t high, std::uint64_t low) noexcept : high_(high), low_(low) {}

  /// The full product of two 64-bit values, from four 32-bit partial products.
  [[nodiscard]] static constexpr UInt128 product(std::uint64_t a, std::uint64_t b) noexcept {
    const std::uint64_t aLow = a & kLowMask, aHigh = a >> 32;
    const std::uint64_t bLow = b & kLowMask, bHigh = b >> 32;
    const std::uint64_t lowLow = aLow * bLow;
    const std::uint64_t lowHigh = aLow * bHigh;
    const std::uint64_t highLow = aHigh * bLow;
    const std::uint64_t highHigh = aHigh * bHigh;
    // The middle column: each term is below 2^32, so three of them cannot overflow 64 bits.
    const std::uint64_t middle = (lowLow >> 32) + (lowHigh & kLowMask) + (highLow & kLowMask);
    return {highHigh + (lowHigh >> 32) + (highLow >> 32) + (middle >> 32), (middle << 32) | (lowLow & kLowMask)};
  }

  [[nodiscard]] constexpr std::uint64_t high() const noexcept { return high_; }
  [[nodiscard]] constexpr std::uint64_t low() const noexcept { return low_; }

  /// The sum modulo 2^128 (callers keep their sums below it).
  friend constexpr UInt128 operator+(UInt128 a, UInt128 b) noexcept {
    const std::uint64_t low = a.low_ + b.low_;
    return {a.high_ + b.high_ + (low < a.low_ ? 1U : 0U), low};
  }

  /// Ordered by the high word, then the low one (the members' order).
  friend constexpr auto operator<=>(const UInt128&, const UInt128&) noexcept = default;

 private:
  static constexpr std::uint64_t kLowMask = 0xFFFF'FFFFU;
  std::uint64_t high_ = 0;
  std::uint64_t low_ = 0;
};

}  // namespace retrace::sim
