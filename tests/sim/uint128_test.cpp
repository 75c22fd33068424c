#include "sim/uint128.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace retrace::sim {
namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

TEST(UInt128, ProductOfTheLargestValuesIsExact) {
  // (2^64 - 1)^2 = 2^128 - 2^65 + 1.
  EXPECT_EQ(UInt128::product(kMax, kMax), UInt128(kMax - 1, 1));
  EXPECT_EQ(UInt128::product(1ULL << 32, 1ULL << 32), UInt128(1, 0));
  EXPECT_EQ(UInt128::product(0, kMax), UInt128());
}

TEST(UInt128, SumCarriesIntoTheHighWord) {
  EXPECT_EQ(UInt128(0, kMax) + UInt128(0, 1), UInt128(1, 0));
  EXPECT_EQ(UInt128(2, 5) + UInt128(3, 7), UInt128(5, 12));
}

TEST(UInt128, OrdersByTheHighWordFirst) {
  EXPECT_LT(UInt128(0, kMax), UInt128(1, 0));
  EXPECT_LT(UInt128(1, 0), UInt128(1, 1));
  EXPECT_FALSE(UInt128(1, 1) < UInt128(1, 1));
}

#ifdef __SIZEOF_INT128__
__extension__ using Native = unsigned __int128;

UInt128 fromNative(Native v) { return {static_cast<std::uint64_t>(v >> 64), static_cast<std::uint64_t>(v)}; }

// Where the compiler has a 128-bit integer, the portable one agrees with it on edge values and
// on a million random products and sums (the 32-bit build runs the exact cases above).
TEST(UInt128, AgreesWithTheCompilersIntegerWhereItExists) {
  std::vector<std::uint64_t> values{0, 1, 2, 0xFFFF'FFFFU, 1ULL << 32, (1ULL << 32) + 1, 1ULL << 63, kMax - 1, kMax};
  std::mt19937_64 random(20261201);
  for (int i = 0; i < 1000; ++i) values.push_back(random() >> (random() % 64));
  for (int i = 0; i < 1'000'000; ++i) {
    const std::uint64_t a = values[random() % values.size()];
    const std::uint64_t b = random();
    const std::uint64_t c = values[random() % values.size()];
    const std::uint64_t d = random() >> (random() % 64);
    const Native sum = Native{a} * b + Native{c} * d;
    ASSERT_EQ(UInt128::product(a, b), fromNative(Native{a} * b)) << a << " x " << b;
    ASSERT_EQ(UInt128::product(a, b) + UInt128::product(c, d), fromNative(sum)) << a << " x " << b << " + " << c << " x " << d;
    ASSERT_EQ(UInt128::product(a, b) < UInt128::product(c, d), Native{a} * b < Native{c} * d);
  }
}
#endif

}  // namespace
}  // namespace retrace::sim
