#pragma once
// The state hash: field values mixed one 64-bit word at a time, never struct bytes.
//
// Why fields and not bytes: padding bytes are indeterminate, and a struct's layout changes
// with the compiler and the field order. Why not byte-wise FNV-1a: the recorder hashes the
// whole state every tick, and eight dependent multiplies per field cost a third of a tank
// tick. Here each value is widened to 64 bits and folded in as
//     h = rotl(h, 23) ^ (value * prime)
// The multiply does not depend on h, so consecutive fields overlap and the chain per field is
// a rotate and a xor. Each step is a bijection of h for a fixed value and of the value for a
// fixed h, so changing any one field always changes the result; the rotation makes order
// matter. The count of values and the splitmix64 finaliser (full avalanche) close it, so even
// the low 16 bits the recorder keeps per tick react to every field. Containers feed their
// length first so that [1,2][3] and [1][2,3] differ. The construction is fixed: its output is
// part of every replay, and golden constants pin it in the tests.

#include <bit>
#include <cstdint>

#include "sim/fixed.h"
#include "sim/rng.h"
#include "sim/vec2.h"

namespace retrace::sim {

/// Accumulates field values into a 64-bit state hash.
class StateHasher {
 public:
  static constexpr std::uint64_t kPrime = 0x9E3779B97F4A7C15ULL;  // odd: multiplying is a bijection
  /// Mixed into the tick digest (fields.h) so that it never equals a whole-state hash by design.
  static constexpr std::uint64_t kDigestDomain = 0x6469676573740000ULL;  // "digest\0\0"

  /// Mixes an unsigned value.
  constexpr StateHasher& mix(std::uint64_t value) noexcept {
    hash_ = std::rotl(hash_, 23) ^ (value * kPrime);
    ++count_;
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

  /// The hash of everything mixed so far (the count of values included).
  [[nodiscard]] constexpr std::uint64_t value() const noexcept { return finalise(hash_ ^ finalise(count_)); }

  /// The splitmix64 finaliser (Steele, Lea, Flood 2014): a bijection with full avalanche.
  [[nodiscard]] static constexpr std::uint64_t finalise(std::uint64_t z) noexcept {
    z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31U);
  }

 private:
  std::uint64_t hash_ = 0x243F6A8885A308D3ULL;  // digits of pi: nothing up the sleeve
  std::uint64_t count_ = 0;
};

}  // namespace retrace::sim
