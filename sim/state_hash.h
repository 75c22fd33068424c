#pragma once
// The state hash: FNV-1a (64-bit) over canonical field values, never over struct bytes.
//
// Why fields and not bytes: padding bytes are indeterminate, and a struct's layout changes
// with the compiler and the field order. Each value is fed as its little-endian bytes at a
// fixed width, so the hash is the same on every platform. Containers feed their length first
// so that [1,2][3] and [1][2,3] differ.

#include <cstdint>

#include "sim/fixed.h"
#include "sim/rng.h"
#include "sim/vec2.h"

namespace retrace::sim {

/// Accumulates field values into a 64-bit FNV-1a hash.
class StateHasher {
 public:
  static constexpr std::uint64_t kOffsetBasis = 14695981039346656037ULL;
  static constexpr std::uint64_t kPrime = 1099511628211ULL;

  /// Mixes an unsigned value as 8 little-endian bytes.
  constexpr StateHasher& mix(std::uint64_t value) noexcept {
    for (int i = 0; i < 8; ++i) {
      hash_ ^= (value >> (8 * i)) & 0xFFU;
      hash_ *= kPrime;
    }
    return *this;
  }
  /// Mixes a signed value through its two's-complement bits.
  constexpr StateHasher& mix(std::int64_t value) noexcept { return mix(static_cast<std::uint64_t>(value)); }
  constexpr StateHasher& mix(std::int32_t value) noexcept { return mix(std::int64_t{value}); }
  constexpr StateHasher& mix(std::uint32_t value) noexcept { return mix(std::uint64_t{value}); }
  constexpr StateHasher& mix(bool value) noexcept { return mix(std::uint64_t{value ? 1U : 0U}); }
  constexpr StateHasher& mix(Fixed value) noexcept { return mix(value.raw()); }
  constexpr StateHasher& mix(Vec2 value) noexcept { return mix(value.x).mix(value.y); }
  constexpr StateHasher& mix(const Rng& rng) noexcept { return mix(rng.state).mix(rng.increment); }

  [[nodiscard]] constexpr std::uint64_t value() const noexcept { return hash_; }

 private:
  std::uint64_t hash_ = kOffsetBasis;
};

}  // namespace retrace::sim
