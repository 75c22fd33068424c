#pragma once
// The game contract, stated once: what a game written as plain types and static functions must
// provide for GameModel to adapt it to GameDefinition / GameSession. Each piece is a concept of
// its own, so a game that misses one is told which ("the constraint HasTunnelOracle<MyGame>
// was not satisfied", with the expression it could not form) instead of getting a template
// error deep inside GameModel. The built-in games are checked against it in their tests.
//
// A game G provides:
//   identity       G::kName (a name), G::kRulesVersion (bumped when a tick computes otherwise)
//   configuration  G::Config; G::namedConfigs() -> pairs of name and Config, the default first;
//                  G::checkSanity(config) -> optional sentence; G::speedLimits() -> the
//                  declared limits (sim/speed_limit.h); G::visitConfig(visitor, config)
//   state          G::State, copyable and comparable, with a tick count `tick`;
//                  G::init(config, seed) -> State;
//                  G::visitState(visitor, state); G::isPlausible(config, state) -> bool
//   rules          G::step(config, state, input, events): one tick, events appended
//   bot            G::chooseInput(config, state, botRng) -> Input
//   tunnel oracle  G::checkOracle(config, before, after, events, tunnels): what the rules missed
//   descriptions   G::eventSchemas() -> span of EventSchema; G::inputNames() -> span of names
//   scene          G::describeScene(config, previous, state) -> Scene (scene.h);
//                  G::sceneLayers() -> the overlay layers its scenes use
//   optional       State::clock, a RoundClock (sim/round.h), for a game played in rounds: the
//                  tools then know when a round is over; a game without one never is
//                  G::inputKeys() -> span of key names per input bit for live play ("Space",
//                  "Left/A"), overriding the default keys the viewer derives from inputNames()

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/fields.h"
#include "sim/game.h"
#include "sim/round.h"
#include "sim/scene.h"
#include "sim/speed_limit.h"

namespace retrace::sim {

/// A name and a rules version.
template <typename G>
concept HasIdentity = requires {
  { G::kName } -> std::convertible_to<std::string_view>;
  { G::kRulesVersion } -> std::convertible_to<std::uint32_t>;
};

/// Configurations: named ones, a sanity check, declared speed limits and a field description.
template <typename G>
concept HasConfigurations = requires(typename G::Config config, FieldNamer namer, FieldLoader loader) {
  requires std::copyable<typename G::Config>;
  { G::namedConfigs() } -> std::convertible_to<std::vector<std::pair<std::string, typename G::Config>>>;
  { G::checkSanity(config) } -> std::same_as<std::optional<std::string>>;
  { G::speedLimits() } -> std::convertible_to<std::span<const SpeedLimit<typename G::Config>>>;
  G::visitConfig(namer, config);
  G::visitConfig(loader, config);
};

/// A copyable, comparable state with its tick and a field description.
template <typename G>
concept HasState = requires(const typename G::Config& config, typename G::State state, std::uint64_t seed, FieldNamer namer,
                            FieldLoader loader, FieldHasher hasher, FieldDigester digester) {
  requires std::copyable<typename G::State> && std::equality_comparable<typename G::State>;
  { state.tick } -> std::convertible_to<std::int64_t>;
  { G::init(config, seed) } -> std::same_as<typename G::State>;
  G::visitState(namer, state);
  G::visitState(loader, state);
  G::visitState(hasher, state);
  G::visitState(digester, state);
  { G::isPlausible(config, state) } -> std::convertible_to<bool>;
};

/// The rules: one tick from an input, its events appended.
template <typename G>
concept HasRules = requires(const typename G::Config& config, typename G::State& state, Input input, std::vector<Event>& events) {
  G::step(config, state, input, events);
};

/// A deterministic bot, whose randomness is its own RNG.
template <typename G>
concept HasBot = requires(const typename G::Config& config, const typename G::State& state, Rng& botRng) {
  { G::chooseInput(config, state, botRng) } -> std::convertible_to<Input>;
};

/// The tunnel oracle: an exact continuous check of a tick, naming each contact the rules missed.
template <typename G>
concept HasTunnelOracle = requires(const typename G::Config& config, const typename G::State& state,
                                   const std::vector<Event>& events, std::vector<Tunnel>& tunnels) {
  G::checkOracle(config, state, state, events, tunnels);
};

/// Event and input descriptions, so that every tool can print and map them.
template <typename G>
concept HasDescriptions = requires {
  { G::eventSchemas() } -> std::convertible_to<std::span<const EventSchema>>;
  { G::inputNames() } -> std::convertible_to<std::span<const char* const>>;
};

/// A scene: what a state looks like as primitives, for any viewer.
template <typename G>
concept HasScene = requires(const typename G::Config& config, const typename G::State& state) {
  { G::describeScene(config, state, state) } -> std::same_as<Scene>;
  { G::sceneLayers() } -> std::convertible_to<std::span<const SceneLayer>>;
};

/// The optional rounds: a state that keeps a RoundClock `clock` (sim/round.h).
template <typename G>
concept HasRounds = requires(const typename G::State& state) {
  { state.clock } -> std::convertible_to<RoundClock>;
};

/// The optional key names a game gives its inputs for live play.
template <typename G>
concept HasInputKeys = requires {
  { G::inputKeys() } -> std::convertible_to<std::span<const char* const>>;
};

/// Everything GameModel needs of a game.
template <typename G>
concept GameRules = HasIdentity<G> && HasConfigurations<G> && HasState<G> && HasRules<G> && HasBot<G> && HasTunnelOracle<G> &&
    HasDescriptions<G> && HasScene<G>;

}  // namespace retrace::sim
