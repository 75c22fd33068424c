#pragma once
// dodge (seed 000): obstacles fall from the top at speeds that ramp up until one tick moves
// them further than obstacle height plus player height, so a per-tick overlap test would let
// them pass through the player. The player moves sideways on the floor band. Each tick every
// body moves in a straight line; contact is the swept test on the relative displacement; the
// earliest time of impact over all obstacles wins (ties broken by id); the world advances to
// that fraction and the round ends frozen there. The `discrete` configuration replaces the
// sweep with the per-tick overlap test: the negative control the tunnel oracle must catch.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/fields.h"
#include "sim/fraction.h"
#include "sim/game.h"
#include "sim/round.h"
#include "sim/scene.h"
#include "sim/speed_limit.h"

namespace retrace::sim::dodge {

/// Input bits.
inline constexpr Input kInputLeft = 1U << 0U;
inline constexpr Input kInputRight = 1U << 1U;

/// Event kinds.
enum EventKind : std::uint16_t { kSpawn, kContact, kNearMiss, kGameOver, kRoundStart };

/// Every tunable number of a dodge game.
struct Config {
  std::int32_t arenaWidth = 320;
  std::int32_t arenaHeight = 240;
  std::int32_t playerWidth = 48;
  std::int32_t playerHeight = 24;
  std::int32_t playerTop = 200;
  Fixed playerSpeed = px(4);
  std::int32_t spawnEvery = 24;  ///< ticks between spawns
  Fixed startSpeed = Fixed::fromRatio(3, 2);
  std::int32_t rampEvery = 60;  ///< ticks between speed increases
  Fixed rampStep = px(1);
  Fixed maxSpeed = px(48);  ///< above obstacle + player height: discrete tunnels
  std::int32_t maxObstacles = 64;
  bool discrete = false;
  std::int32_t stressObstacles = 0;  ///< > 0: this many fall at once, recycled at the bottom (scale)
};

/// How the contact query narrows the obstacles it sweeps (results are identical by contract).
enum class Broadphase : std::uint8_t {
  kBruteForce,  ///< sweep every obstacle
  kBounds,      ///< sweep only obstacles whose swept bounds touch the player's (what step uses)
  kGrid,        ///< bin the swept bounds in a uniform grid and sweep the player's cells
};

/// The earliest contact of a tick: (time of impact, index into obstacles).
struct Contact {
  Fraction toi;
  std::size_t index = 0;
};

/// A falling obstacle.
struct Obstacle {
  std::int32_t id = 0;
  Box box;
  Fixed speed;
  bool operator==(const Obstacle&) const = default;
};

/// Everything simulated, the RNG included.
struct State {
  std::int64_t tick = 0;
  RoundClock clock;
  Rng rng;
  Box player;
  Fixed fallSpeed;
  std::int32_t spawnCountdown = 0;
  std::int32_t nextId = 0;
  std::vector<Obstacle> obstacles;
  bool operator==(const State&) const = default;
};

/// The earliest swept contact of the player moving dx against every obstacle this tick (ties
/// by id), with a near-miss event per corner graze, narrowed by the given broadphase.
[[nodiscard]] std::optional<Contact> findSweptContact(const State& state, Fixed dx, Broadphase broadphase,
                                                      std::vector<Event>& outEvents);

/// The obstacle sizes spawned, as (width, height).
inline constexpr std::pair<int, int> kObstacleSizes[] = {{40, 12}, {24, 24}, {64, 10}, {16, 32}};

struct Game {
  using Config = dodge::Config;
  using State = dodge::State;
  static constexpr std::string_view kName = "dodge";
  // 2: the stressObstacles field joined the configuration (no rule of play changed).
  static constexpr std::uint32_t kRulesVersion = 2;

  static std::vector<std::pair<std::string, Config>> namedConfigs();
  static std::optional<std::string> checkSanity(const Config& config);
  /// The declared speed limits (see SpeedLimit), checked in this order.
  static std::span<const SpeedLimit<Config>> speedLimits();
  static State init(const Config& config, std::uint64_t seed);
  static void step(const Config& config, State& ioState, Input input, std::vector<Event>& outEvents);
  static Input chooseInput(const Config& config, const State& state, Rng& ioBotRng);
  static void checkOracle(const Config& config, const State& before, const State& after, const std::vector<Event>& events,
                          std::vector<Tunnel>& outTunnels);
  static bool isPlausible(const Config& config, const State& state);
  static std::span<const EventSchema> eventSchemas();
  static std::span<const char* const> inputNames();
  /// What a state looks like (scene.h); `previous` is the state a tick earlier.
  static Scene describeScene(const Config& config, const State& previous, const State& state);
  static std::span<const SceneLayer> sceneLayers();

  template <typename V>
  static void visitConfig(V& v, Config& c) {
    visitField(v, "arenaWidth", c.arenaWidth);
    visitField(v, "arenaHeight", c.arenaHeight);
    visitField(v, "playerWidth", c.playerWidth);
    visitField(v, "playerHeight", c.playerHeight);
    visitField(v, "playerTop", c.playerTop);
    visitField(v, "playerSpeed", c.playerSpeed);
    visitField(v, "spawnEvery", c.spawnEvery);
    visitField(v, "startSpeed", c.startSpeed);
    visitField(v, "rampEvery", c.rampEvery);
    visitField(v, "rampStep", c.rampStep);
    visitField(v, "maxSpeed", c.maxSpeed);
    visitField(v, "maxObstacles", c.maxObstacles);
    visitField(v, "discrete", c.discrete);
    visitField(v, "stressObstacles", c.stressObstacles);
  }

  template <typename V>
  static void visitState(V& v, State& s) {
    visitField(v, "tick", s.tick);
    visitField(v, "clock", s.clock);
    visitField(v, "rng", s.rng);
    visitField(v, "player", s.player);
    visitField(v, "fallSpeed", s.fallSpeed);
    visitField(v, "spawnCountdown", s.spawnCountdown);
    visitField(v, "nextId", s.nextId);
    visitList(v, "obstacles", s.obstacles, kMaxObstaclesEver, [&](Obstacle& o) {
      visitField(v, "id", o.id);
      visitField(v, "box", o.box);
      visitField(v, "speed", o.speed);
    });
  }

  /// The most obstacles any configuration may keep alive (bounds loading).
  static constexpr std::size_t kMaxObstaclesEver = 131072;
};

}  // namespace retrace::sim::dodge
