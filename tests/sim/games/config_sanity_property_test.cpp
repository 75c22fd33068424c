// Whatever configuration a game accepts, limit breaks included, it plays without a failed
// check. The sanity checks are what keep 16.16 arithmetic exact: a replay header may carry any
// values (a forged one too), and verify simulates whatever the loader let through. Checked
// generically through the registry, on the default configuration with a few fields pushed
// towards and past their extremes.
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "sim/game.h"

namespace retrace::sim {
namespace {

constexpr int kTicksPerCase = 600;

/// A value for a field whose default is `value`: scaled up or down by a power of two, negated,
/// a small number, an int32 extreme or anything at all.
rc::Gen<std::int64_t> genPushedValue(std::int64_t value) {
  using Limits = std::numeric_limits<std::int32_t>;
  return rc::gen::oneOf(rc::gen::map(rc::gen::inRange(1, 31), [value](int k) { return value * (std::int64_t{1} << k); }),
                        rc::gen::map(rc::gen::inRange(1, 31), [value](int k) { return value / (std::int64_t{1} << k); }),
                        rc::gen::just(-value), rc::gen::inRange<std::int64_t>(-2, 3),
                        rc::gen::element<std::int64_t>(Limits::min(), Limits::max()),
                        rc::gen::map(rc::gen::arbitrary<std::int32_t>(), [](std::int32_t v) { return std::int64_t{v}; }));
}

RC_GTEST_PROP(ConfigSanity, EveryAcceptedConfigurationPlaysWithoutAFailedCheck, ()) {
  const std::vector<const GameDefinition*> games(listGames().begin(), listGames().end());
  const GameDefinition& game = **rc::gen::elementOf(games);
  ConfigValues config = *game.findConfig(game.configNames().front());
  const int pushes = *rc::gen::inRange(1, 4);
  for (int p = 0; p < pushes; ++p) {
    const auto field = *rc::gen::inRange<std::size_t>(0, config.values.size());
    config.values[field] = *genPushedValue(config.values[field]);
  }
  // Out-of-range int64s are refused by the loader (values must fit their fields); what fits and
  // passes the sanity checks must be playable.
  RC_PRE(!game.validateConfig(config, true).has_value());
  auto session = game.start(config, *rc::gen::arbitrary<std::uint32_t>());
  Rng inputs = seedRng(*rc::gen::arbitrary<std::uint32_t>(), 0x5A17);
  for (int t = 0; t < kTicksPerCase; ++t) (void)session->step(static_cast<Input>(nextU32(inputs)));
  // The state it reached, extremes and all, saves and loads back exactly.
  auto restored = session->clone();
  RC_ASSERT(restored->loadState(session->saveState()));
  RC_ASSERT(restored->hash() == session->hash());
}

}  // namespace
}  // namespace retrace::sim
