#include "sim/state_hash.h"

#include <cstdint>

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

TEST(StateHasher, EmptyIsTheFnvOffsetBasis) {
  EXPECT_EQ(StateHasher().value(), 14695981039346656037ULL);
}

TEST(StateHasher, MatchesFnv1aOverLittleEndianBytes) {
  // FNV-1a of the 8 bytes 01 00 00 00 00 00 00 00, computed by hand from the definition.
  std::uint64_t h = StateHasher::kOffsetBasis;
  const std::uint8_t bytes[8] = {1, 0, 0, 0, 0, 0, 0, 0};
  for (const std::uint8_t b : bytes) h = (h ^ b) * StateHasher::kPrime;
  EXPECT_EQ(StateHasher().mix(std::uint64_t{1}).value(), h);
}

TEST(StateHasher, OrderAndWidthMatter) {
  EXPECT_NE(StateHasher().mix(1).mix(2).value(), StateHasher().mix(2).mix(1).value());
  // Every field is widened to 64 bits, so an int32 and an int64 of the same value agree.
  EXPECT_EQ(StateHasher().mix(std::int32_t{-5}).value(), StateHasher().mix(std::int64_t{-5}).value());
  EXPECT_NE(StateHasher().mix(px(1)).value(), StateHasher().mix(1).value());
}

TEST(StateHasher, MixesRngState) {
  Rng a = seedRng(1);
  const std::uint64_t before = StateHasher().mix(a).value();
  (void)nextU32(a);
  EXPECT_NE(StateHasher().mix(a).value(), before);
}

}  // namespace
}  // namespace retrace::sim
