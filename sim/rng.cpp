#include "sim/rng.h"

#include "sim/assert.h"

namespace retrace::sim {
namespace {
constexpr std::uint64_t kMultiplier = 6364136223846793005ULL;
}  // namespace

Rng seedRng(std::uint64_t seed, std::uint64_t stream) noexcept {
  // The reference pcg32_srandom_r: advance once, add the seed, advance again.
  Rng rng{0, (stream << 1U) | 1U};
  (void)nextU32(rng);
  rng.state += seed;
  (void)nextU32(rng);
  return rng;
}

std::uint32_t nextU32(Rng& ioRng) noexcept {
  const std::uint64_t old = ioRng.state;
  ioRng.state = old * kMultiplier + ioRng.increment;
  const auto xorshifted = static_cast<std::uint32_t>(((old >> 18U) ^ old) >> 27U);
  const auto rotation = static_cast<std::uint32_t>(old >> 59U);
  return (xorshifted >> rotation) | (xorshifted << ((32U - rotation) & 31U));
}

std::uint32_t drawBelow(Rng& ioRng, std::uint32_t bound) noexcept {
  RETRACE_CHECK(bound > 0);
  // Lemire, "Fast Random Integer Generation in an Interval" (2019): multiply, and reject the
  // few low products that would make some results more likely than others.
  std::uint64_t product = std::uint64_t{nextU32(ioRng)} * bound;
  auto low = static_cast<std::uint32_t>(product);
  if (low < bound) {
    const std::uint32_t threshold = (0U - bound) % bound;
    while (low < threshold) {
      product = std::uint64_t{nextU32(ioRng)} * bound;
      low = static_cast<std::uint32_t>(product);
    }
  }
  return static_cast<std::uint32_t>(product >> 32U);
}

std::int32_t drawBetween(Rng& ioRng, std::int32_t lo, std::int32_t hi) noexcept {
  RETRACE_CHECK(lo <= hi);
  const auto span = static_cast<std::uint64_t>(std::int64_t{hi} - lo) + 1U;
  if (span > UINT32_MAX) return static_cast<std::int32_t>(nextU32(ioRng));
  const std::uint32_t offset = drawBelow(ioRng, static_cast<std::uint32_t>(span));
  return static_cast<std::int32_t>(std::int64_t{lo} + offset);
}

bool drawChance(Rng& ioRng, std::uint32_t num, std::uint32_t den) noexcept {
  RETRACE_CHECK(den > 0 && num <= den);
  return drawBelow(ioRng, den) < num;
}

}  // namespace retrace::sim
