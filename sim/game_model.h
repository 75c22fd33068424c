#pragma once
// Adapts a game written as plain types and static functions (see games/) to the erased
// GameDefinition / GameSession interface. Only the registry includes this header.

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/assert.h"
#include "sim/game.h"
#include "sim/game_rules.h"
#include "sim/round.h"
#include "sim/speed_limit.h"

namespace retrace::sim {

/// Flat values of a typed configuration.
template <typename G>
std::vector<std::int64_t> saveConfig(const typename G::Config& config) {
  FieldSaver saver;
  auto copy = config;
  G::visitConfig(saver, copy);
  return saver.take();
}

/// A typed configuration from flat values, or nothing when they do not fit.
template <typename G>
std::optional<typename G::Config> loadConfig(const ConfigValues& values) {
  typename G::Config config{};
  FieldLoader loader(values.values);
  G::visitConfig(loader, config);
  if (!loader.succeeded()) return std::nullopt;
  return config;
}

/// A running game of type G.
template <GameRules G>
class GameModelSession final : public GameSession {
 public:
  GameModelSession(typename G::Config config, typename G::State state) : config_(std::move(config)), state_(std::move(state)) {}

  StepResult step(Input input) override {
    StepResult result;
    if (oracle_) {
      // Assigned rather than made: the lists keep their storage from one tick to the next.
      before_ = state_;
      G::step(config_, state_, input, result.events);
      G::checkOracle(config_, before_, state_, result.events, result.tunnels);
    } else {
      G::step(config_, state_, input, result.events);
    }
    return result;
  }
  std::int64_t tick() const override { return state_.tick; }
  // flatten (hash, digest): the visitor's calls fold into straight-line loads and mixes only
  // when all of them are inlined, which the compiler stops doing as a state grows.
  [[gnu::flatten]] std::uint64_t hash() const override {
    FieldHasher hasher;
    G::visitState(hasher, mutableState());
    return hasher.value();
  }
  [[gnu::flatten]] std::uint64_t digest() const override {
    FieldDigester digester;
    G::visitState(digester, mutableState());
    return digester.value();
  }
  std::vector<std::int64_t> saveState() const override {
    FieldSaver saver;
    G::visitState(saver, mutableState());
    return saver.take();
  }
  bool loadState(std::span<const std::int64_t> values) override {
    typename G::State loaded{};
    FieldLoader loader(values);
    G::visitState(loader, loaded);
    if (!loader.succeeded() || !G::isPlausible(config_, loaded)) return false;
    state_ = std::move(loaded);
    return true;
  }
  std::vector<Field> describeState() const override {
    FieldNamer namer;
    G::visitState(namer, mutableState());
    return namer.take();
  }
  bool roundOver() const override {
    if constexpr (HasRounds<G>) return isRoundOver(state_.clock);
    return false;
  }
  Input chooseBotInput(Rng& ioBotRng) const override { return G::chooseInput(config_, state_, ioBotRng); }
  void setOracle(bool enabled) override { oracle_ = enabled; }
  std::unique_ptr<GameSession> clone() const override {
    // Without before_, which each step makes again: a viewer's keyframes stay one state each.
    auto copy = std::make_unique<GameModelSession>(config_, state_);
    copy->oracle_ = oracle_;
    return copy;
  }
  bool sameState(const GameSession& other) const override {
    const auto* typed = dynamic_cast<const GameModelSession*>(&other);
    return typed != nullptr && typed->state_ == state_;
  }
  Scene describeScene(const GameSession& previous) const override {
    const auto* before = dynamic_cast<const GameModelSession*>(&previous);
    return G::describeScene(config_, before != nullptr ? before->state_ : state_, state_);
  }

  /// The typed state, for code that knows the game (the viewer's drawers).
  [[nodiscard]] const typename G::State& state() const noexcept { return state_; }
  [[nodiscard]] const typename G::Config& config() const noexcept { return config_; }

 private:
  // The read-only visitors (saver, hasher, digester, namer) share one description with the loader,
  // which needs a mutable reference; they never write, so the cast is safe.
  typename G::State& mutableState() const { return const_cast<typename G::State&>(state_); }

  typename G::Config config_;
  typename G::State state_;
  typename G::State before_{};  ///< the state before the tick, for the oracle (kept for its lists' storage)
  bool oracle_ = false;
};

/// The definition of game G (see game_rules.h for what G must provide).
template <GameRules G>
class GameModel final : public GameDefinition {
 public:
  std::string_view name() const override { return G::kName; }
  std::uint32_t rulesVersion() const override { return G::kRulesVersion; }
  std::vector<std::string> configNames() const override {
    std::vector<std::string> names;
    for (const auto& [configName, config] : G::namedConfigs()) names.push_back(configName);
    return names;
  }
  std::optional<ConfigValues> findConfig(std::string_view configName) const override {
    for (const auto& [candidate, config] : G::namedConfigs()) {
      if (candidate == configName) return ConfigValues{candidate, saveConfig<G>(config)};
    }
    return std::nullopt;
  }
  std::vector<Field> describeConfig(const ConfigValues& values) const override {
    auto config = loadConfig<G>(values);
    if (!config) return {};
    FieldNamer namer;
    G::visitConfig(namer, *config);
    return namer.take();
  }
  std::optional<std::string> validateConfig(const ConfigValues& values, bool allowLimitBreaks) const override {
    const auto config = loadConfig<G>(values);
    if (!config)
      return "the configuration does not have the fields of " + std::string(G::kName) + " rules version " +
             std::to_string(G::kRulesVersion);
    if (auto problem = G::checkSanity(*config)) return problem;
    if (auto misnamed = findMisnamedLimit<G>(*config)) return misnamed;
    if (allowLimitBreaks) return std::nullopt;
    if (auto broken = findBrokenLimit<G>(*config)) {
      return *broken + " (a speed limit: such a configuration runs only when limit breaks are allowed explicitly)";
    }
    return std::nullopt;
  }
  std::vector<LimitDescription> speedLimits() const override {
    std::vector<LimitDescription> limits;
    for (const SpeedLimit<typename G::Config>& limit : G::speedLimits()) limits.push_back({limit.rule, limit.field});
    return limits;
  }
  std::optional<std::int64_t> limitBound(const ConfigValues& values, std::size_t index) const override {
    const auto limits = G::speedLimits();
    const auto config = loadConfig<G>(values);
    if (!config || index >= limits.size()) return std::nullopt;
    return limits[index].largest(*config);
  }
  std::unique_ptr<GameSession> start(const ConfigValues& values, std::uint64_t seed) const override {
    auto config = loadConfig<G>(values);
    RETRACE_CHECK(config.has_value() && !G::checkSanity(*config));
    auto state = G::init(*config, seed);
    return std::make_unique<GameModelSession<G>>(std::move(*config), std::move(state));
  }
  std::span<const EventSchema> eventSchemas() const override { return G::eventSchemas(); }
  std::span<const char* const> inputNames() const override { return G::inputNames(); }
  std::span<const SceneLayer> sceneLayers() const override { return G::sceneLayers(); }
  std::span<const char* const> inputKeys() const override {
    if constexpr (HasInputKeys<G>) {
      return G::inputKeys();
    } else {
      return {};
    }
  }
};

}  // namespace retrace::sim
