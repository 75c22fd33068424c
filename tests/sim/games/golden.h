#pragma once
// The checks every game's tests share. The golden hash: the bot plays a fixed number of ticks
// from a fixed seed and the state hash must equal a constant written in the test. Changing such
// a constant is a deliberate act: the golden replays are re-approved with it.

#include <cstdint>
#include <vector>

#include "sim/fields.h"
#include "sim/rng.h"

namespace retrace::sim::testing {

/// The state hash (or, with FieldDigester, the tick digest) after the bot of game G plays
/// `ticks` ticks of the default configuration.
template <typename G, typename Hasher = FieldHasher>
std::uint64_t hashBotGame(std::uint64_t seed, int ticks) {
  const typename G::Config config;
  typename G::State state = G::init(config, seed);
  Rng bot = seedRng(seed);
  std::vector<Event> events;
  for (int i = 0; i < ticks; ++i) G::step(config, state, G::chooseInput(config, state, bot), events);
  Hasher hasher;
  G::visitState(hasher, state);
  return hasher.value();
}

/// Whether a state of game G loads back from the values it saves to: one whose list is longer
/// than the game lets a loaded state hold (its guard against forged files) does not.
template <typename G>
bool loadsBack(typename G::State state) {
  FieldSaver saver;
  G::visitState(saver, state);
  const std::vector<std::int64_t> values = saver.take();
  FieldLoader loader(values);
  typename G::State loaded{};
  G::visitState(loader, loaded);
  return loader.succeeded();
}

}  // namespace retrace::sim::testing
