#include "sim/state_hash.h"

#include <bit>
#include <cstdint>

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

TEST(StateHasher, FollowsTheDocumentedConstruction) {
  std::uint64_t h = 0x243F6A8885A308D3ULL;
  h = std::rotl(h, 23) ^ (std::uint64_t{7} * StateHasher::kPrime);
  h = std::rotl(h, 23) ^ (static_cast<std::uint64_t>(-3) * StateHasher::kPrime);
  const std::uint64_t expected = StateHasher::finalise(h ^ StateHasher::finalise(2));
  EXPECT_EQ(StateHasher().mix(std::uint64_t{7}).mix(std::int64_t{-3}).value(), expected);
}

TEST(StateHasher, SplitmixFinaliserReferenceValue) {
  // splitmix64 seeded with 0 yields 0xE220A8397B1DCDAF as its first output: finalise(golden gamma).
  EXPECT_EQ(StateHasher::finalise(0x9E3779B97F4A7C15ULL), 0xE220A8397B1DCDAFULL);
}

TEST(StateHasher, EveryFieldChangeChangesTheHash) {
  // 200 fields; flipping any single bit of any one of them changes the hash.
  const auto hashWith = [](int field, int bit) {
    StateHasher h;
    for (int i = 0; i < 200; ++i) {
      std::uint64_t v = static_cast<std::uint64_t>(i) * 12345U;
      if (i == field) v ^= std::uint64_t{1} << bit;
      h.mix(v);
    }
    return h.value();
  };
  const std::uint64_t base = hashWith(-1, 0);
  for (int field = 0; field < 200; field += 7) {
    for (int bit = 0; bit < 64; bit += 9) EXPECT_NE(hashWith(field, bit), base) << field << ":" << bit;
  }
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

TEST(StateHasher, MixesAVectorAsItsXThenItsY) {
  const Vec2 v = pxVec(3, 5);
  EXPECT_EQ(StateHasher().mix(v).value(), StateHasher().mix(v.x).mix(v.y).value());
  EXPECT_NE(StateHasher().mix(v).value(), StateHasher().mix(pxVec(5, 3)).value());
}

}  // namespace
}  // namespace retrace::sim
