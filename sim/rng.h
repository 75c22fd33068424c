#pragma once
// PCG32 (O'Neill 2014, "PCG: A Family of Simple Fast Space-Efficient Statistically Good
// Algorithms for Random Number Generation"), XSH-RR variant, with our own bounded draw.
//
// Why our own: std::uniform_int_distribution and friends give different sequences on
// libstdc++ and libc++, so a replay recorded with one would diverge on the other. The whole
// generator state is two integers that a game keeps inside its State, so it is hashed,
// snapshotted and restored with everything else.

#include <cstdint>

namespace retrace::sim {

/// A PCG32 generator: a plain value, copied and compared like any other state.
struct Rng {
  std::uint64_t state = 0;
  std::uint64_t increment = 1;  // must be odd; selects one of 2^63 streams

  constexpr bool operator==(const Rng&) const noexcept = default;
};

/// Seeds a generator; the stream lets two generators from one seed stay independent.
[[nodiscard]] Rng seedRng(std::uint64_t seed, std::uint64_t stream = 0) noexcept;
/// Draws 32 uniformly distributed bits.
[[nodiscard]] std::uint32_t nextU32(Rng& ioRng) noexcept;
/// Draws uniformly from [0, bound) without modulo bias (Lemire's method); bound > 0.
[[nodiscard]] std::uint32_t drawBelow(Rng& ioRng, std::uint32_t bound) noexcept;
/// Draws uniformly from [lo, hi]; lo <= hi.
[[nodiscard]] std::int32_t drawBetween(Rng& ioRng, std::int32_t lo, std::int32_t hi) noexcept;
/// True with probability num/den; 0 <= num <= den, den > 0.
[[nodiscard]] bool drawChance(Rng& ioRng, std::uint32_t num, std::uint32_t den) noexcept;

}  // namespace retrace::sim
