#pragma once
// tank (seed 002): a 13x13 map of 20-px tiles (empty, brick, steel, base), 16x16 tanks kept
// at their centres, walls by four-corner sampling (see tile_map.h), out of bounds solid,
// tanks blocking each other. Each tick tanks move first, then bullets fly past the tanks'
// new positions. A bullet hits a tank when its path during the tick comes within hitRadius
// of the tank's centre: seed 002's circle test made continuous, so no hit can be skipped at
// any bullet speed. Tiles are found by sampling the end of the bullet's step, which is exact
// only while a bullet moves less than a tile per tick: that is the declared limit. Enemy
// tanks spawn at the top and are driven by the game's RNG. The `discrete` configuration uses
// the seed's plain per-tick distance test for hits: the negative control for the oracle.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/fields.h"
#include "sim/game.h"
#include "sim/round.h"
#include "sim/scene.h"
#include "sim/speed_limit.h"
#include "sim/tile_map.h"

namespace retrace::sim::tank {

/// Input bits.
inline constexpr Input kInputUp = 1U << 0U;
inline constexpr Input kInputRight = 1U << 1U;
inline constexpr Input kInputDown = 1U << 2U;
inline constexpr Input kInputLeft = 1U << 3U;
inline constexpr Input kInputFire = 1U << 4U;

/// Tile codes.
enum TileCode : std::uint8_t { kEmpty = 0, kBrick = 1, kSteel = 2, kBase = 9 };
/// Tile codes by name, for the map's cells (`tiles[12][6] = base`).
inline constexpr EnumName kTileCodeNames[] = {{kEmpty, "empty"}, {kBrick, "brick"}, {kSteel, "steel"}, {kBase, "base"}};

/// Facing directions, clockwise from up.
enum class Direction : std::uint8_t { kUp, kRight, kDown, kLeft };
inline constexpr EnumName kDirectionNames[] = {{0, "up"}, {1, "right"}, {2, "down"}, {3, "left"}};
/// Directions by name, for fields and events.
constexpr EnumNames describeEnum(Direction) noexcept { return kDirectionNames; }

/// Event kinds.
enum EventKind : std::uint16_t {
  kFire,
  kBrickDestroyed,
  kSteelHit,
  kTankHit,
  kTankDestroyed,
  kBaseDestroyed,
  kBlocked,
  kEnemySpawn,
  kGameOver,
  kRoundStart
};

/// Every tunable number of a tank game.
struct Config {
  std::int32_t tankSize = 16;
  Fixed tankSpeed = px(1);
  Fixed bulletSpeed = px(4);
  Fixed hitRadius = px(10);
  std::int32_t fireCooldown = 30;
  std::int32_t enemySpawnEvery = 150;
  std::int32_t maxEnemies = 4;
  std::int32_t playerHp = 3;
  std::int32_t enemyHp = 1;
  std::int32_t enemyTurnChance = 6;  ///< out of 256 per tick
  std::int32_t enemyFireChance = 5;  ///< out of 256 per tick
  bool discrete = false;
};

/// A tank; tanks[0] is the player.
struct Tank {
  std::int32_t id = 0;
  bool enemy = false;
  Vec2 centre;
  Direction facing = Direction::kUp;
  std::int32_t hp = 0;
  std::int32_t cooldown = 0;
  bool blocked = false;
  bool operator==(const Tank&) const = default;
};

/// A bullet in flight; at most one per owner.
struct Bullet {
  std::int32_t id = 0;
  std::int32_t owner = 0;
  bool enemy = false;
  Vec2 position;
  Direction direction = Direction::kUp;
  bool operator==(const Bullet&) const = default;
};

/// Everything simulated, the RNG included.
struct State {
  std::int64_t tick = 0;
  RoundClock clock;
  Rng rng;
  TileMap map;
  std::vector<Tank> tanks;
  std::vector<Bullet> bullets;
  std::int32_t nextId = 0;
  std::int32_t spawnCountdown = 0;
  std::int32_t enemiesDestroyed = 0;
  bool operator==(const State&) const = default;
};

/// The map's size in tiles and the tile size (seed 002).
inline constexpr int kColumns = 13;
inline constexpr int kRows = 13;
inline constexpr int kTilePx = 20;

/// The unit vector of a direction in whole pixels.
[[nodiscard]] Vec2 directionVector(Direction d) noexcept;
/// `length` pixels in direction d.
[[nodiscard]] Vec2 stepToward(Direction d, Fixed length) noexcept;
/// The direction an input drives the player's tank (up over right over down over left), if any.
[[nodiscard]] std::optional<Direction> findDrive(Input input) noexcept;
/// True when a bullet fired from `muzzle` toward d would reach the base before steel stops it
/// or it leaves the map; bricks do not count, since a shot that breaks one clears the way.
[[nodiscard]] bool aimsAtBase(const TileMap& map, Vec2 muzzle, Direction d) noexcept;
/// The built-in level: 13 rows of 13 tile codes.
[[nodiscard]] TileMap makeLevel();
/// The box of a tank of this configuration.
[[nodiscard]] Box tankBox(const Config& config, Vec2 centre) noexcept;

struct Game {
  using Config = tank::Config;
  using State = tank::State;
  static constexpr std::string_view kName = "tank";
  static constexpr std::uint32_t kRulesVersion = 1;
  static constexpr std::size_t kMaxTanksEver = 64;

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
    visitField(v, "tankSize", c.tankSize);
    visitField(v, "tankSpeed", c.tankSpeed);
    visitField(v, "bulletSpeed", c.bulletSpeed);
    visitField(v, "hitRadius", c.hitRadius);
    visitField(v, "fireCooldown", c.fireCooldown);
    visitField(v, "enemySpawnEvery", c.enemySpawnEvery);
    visitField(v, "maxEnemies", c.maxEnemies);
    visitField(v, "playerHp", c.playerHp);
    visitField(v, "enemyHp", c.enemyHp);
    visitField(v, "enemyTurnChance", c.enemyTurnChance);
    visitField(v, "enemyFireChance", c.enemyFireChance);
    visitField(v, "discrete", c.discrete);
  }

  template <typename V>
  static void visitState(V& v, State& s) {
    visitField(v, "tick", s.tick);
    visitField(v, "clock", s.clock);
    visitField(v, "rng", s.rng);
    // The map's shape is fixed by the level; only its tiles are state.
    s.map.columns = kColumns;
    s.map.rows = kRows;
    s.map.tileSizePx = kTilePx;
    visitPackedBytes(v, "tiles", s.map.tiles, kColumns * kRows, kColumns, kTileCodeNames);
    visitList(v, "tanks", s.tanks, kMaxTanksEver, [&](Tank& t) {
      visitField(v, "id", t.id);
      visitField(v, "enemy", t.enemy);
      visitField(v, "centre", t.centre);
      visitField(v, "facing", t.facing);
      visitField(v, "hp", t.hp);
      visitField(v, "cooldown", t.cooldown);
      visitField(v, "blocked", t.blocked);
    });
    visitList(v, "bullets", s.bullets, kMaxTanksEver, [&](Bullet& b) {
      visitField(v, "id", b.id);
      visitField(v, "owner", b.owner);
      visitField(v, "enemy", b.enemy);
      visitField(v, "position", b.position);
      visitField(v, "direction", b.direction);
    });
    visitField(v, "nextId", s.nextId);
    visitField(v, "spawnCountdown", s.spawnCountdown);
    visitField(v, "enemiesDestroyed", s.enemiesDestroyed);
  }
};

}  // namespace retrace::sim::tank
