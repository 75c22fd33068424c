#include "sim/games/tank.h"

#include <algorithm>
#include <array>

#include "sim/aabb.h"
#include "sim/circle.h"

namespace retrace::sim::tank {
namespace {

constexpr EventSchema kSchemas[] = {
    {"fire",
     {"tank", "bullet", "x", "y"},
     {FieldKind::kInt, FieldKind::kInt, FieldKind::kFixed, FieldKind::kFixed},
     {},
     EventCategory::kOther,
     {"tanks[id={tank}]", "bullets[id={bullet}]"}},
    {"brickDestroyed",
     {"bullet", "column", "row", nullptr},
     {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt},
     {},
     EventCategory::kOther,
     {"tiles[{row}][{column}]", "bullets[id={bullet}]"}},
    {"steelHit",
     {"bullet", "column", "row", nullptr},
     {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt},
     {},
     EventCategory::kOther,
     {"tiles[{row}][{column}]", "bullets[id={bullet}]"}},
    {"tankHit",
     {"tank", "bullet", "hpLeft", nullptr},
     {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt},
     {},
     EventCategory::kContact,
     {"tanks[id={tank}]", "bullets[id={bullet}]"}},
    {"tankDestroyed",
     {"tank", "by", nullptr, nullptr},
     {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt},
     {},
     EventCategory::kDeath,
     {"tanks[id={tank}]", "tanks[id={by}]"}},
    {"baseDestroyed",
     {"bullet", "column", "row", nullptr},
     {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt},
     {},
     EventCategory::kDeath,
     {"tiles[{row}][{column}]", "bullets[id={bullet}]"}},
    {"blocked",
     {"tank", "facing", nullptr, nullptr},
     {FieldKind::kInt, FieldKind::kEnum, FieldKind::kInt, FieldKind::kInt},
     {{{}, kDirectionNames, {}, {}}},
     EventCategory::kOther,
     {"tanks[id={tank}]"}},
    {"enemySpawn",
     {"tank", "x", "y", nullptr},
     {FieldKind::kInt, FieldKind::kFixed, FieldKind::kFixed, FieldKind::kInt},
     {},
     EventCategory::kSpawn,
     {"tanks[id={tank}]"}},
    {"gameOver",
     {"round", "roundTick", "enemiesDestroyed", nullptr},
     {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt},
     {},
     EventCategory::kRound},
    kRoundStartSchema,
};
constexpr const char* kInputNames[] = {"up", "right", "down", "left", "fire"};

// The built-in level, Battle City style: B brick, S steel, H the base (bottom centre).
constexpr std::array<const char*, kRows> kLevel = {
    ".............", ".B.B.B.B.B.B.", ".B.B.B.B.B.B.", ".B.B.BSB.B.B.", ".B.B.....B.B.", ".....B.B.....", "S.BB.....BB.S",
    ".....B.B.....", ".B.B.BBB.B.B.", ".B.B.B.B.B.B.", ".B.B.....B.B.", ".....BBB.....", ".....BHB.....",
};

constexpr std::array<TileCoord, 3> kEnemySpawnTiles{TileCoord{0, 0}, TileCoord{6, 0}, TileCoord{12, 0}};
constexpr TileCoord kPlayerSpawnTile{4, 12};

Vec2 tileCentre(TileCoord c) { return pxVec(c.column * kTilePx + kTilePx / 2, c.row * kTilePx + kTilePx / 2); }

bool overlapsOtherTank(const Config& config, const State& state, std::size_t self, const Box& box) {
  for (std::size_t i = 0; i < state.tanks.size(); ++i) {
    if (i != self && overlaps(box, tankBox(config, state.tanks[i].centre))) return true;
  }
  return false;
}

void startRound(const Config& config, State& ioState) {
  ioState.map = makeLevel();
  ioState.tanks.clear();
  ioState.bullets.clear();
  ioState.tanks.push_back({ioState.nextId++, false, tileCentre(kPlayerSpawnTile), Direction::kUp, config.playerHp, 0, false});
  ioState.spawnCountdown = 1;
  ioState.enemiesDestroyed = 0;
  ioState.clock.roundTick = 0;
  ioState.clock.overCountdown = 0;
}

void endRound(State& ioState, std::vector<Event>& outEvents) {
  if (isRoundOver(ioState.clock)) return;
  outEvents.push_back(makeEvent(kGameOver, ioState.clock.round, ioState.clock.roundTick, ioState.enemiesDestroyed));
  ioState.clock.overCountdown = kRoundOverTicks;
}

void spawnEnemy(const Config& config, State& ioState, std::vector<Event>& outEvents) {
  const auto enemies = std::count_if(ioState.tanks.begin(), ioState.tanks.end(), [](const Tank& t) { return t.enemy; });
  const TileCoord tile = kEnemySpawnTiles[drawBelow(ioState.rng, kEnemySpawnTiles.size())];
  const Vec2 centre = tileCentre(tile);
  if (enemies >= config.maxEnemies || overlapsOtherTank(config, ioState, ioState.tanks.size(), tankBox(config, centre))) return;
  const Tank enemy{ioState.nextId++, true, centre, Direction::kDown, config.enemyHp, config.fireCooldown, false};
  ioState.tanks.push_back(enemy);
  outEvents.push_back(makeEvent(kEnemySpawn, enemy.id, centre.x.raw(), centre.y.raw()));
}

/// What a tank wants this tick: a direction to drive (or none) and whether to fire.
struct Intent {
  std::optional<Direction> drive;
  bool fire = false;
};

Intent readPlayerIntent(Input input) { return {findDrive(input), (input & kInputFire) != 0}; }

Intent chooseEnemyIntent(const Config& config, const Tank& tank, Rng& ioRng) {
  Intent intent{tank.facing, false};
  const auto turnChance = static_cast<std::uint32_t>(config.enemyTurnChance);
  if (tank.blocked || drawChance(ioRng, turnChance, 256)) intent.drive = static_cast<Direction>(drawBelow(ioRng, 4));
  intent.fire = drawChance(ioRng, static_cast<std::uint32_t>(config.enemyFireChance), 256);
  return intent;
}

void driveTank(const Config& config, State& ioState, std::size_t index, const Intent& intent, std::vector<Event>& outEvents) {
  Tank& tank = ioState.tanks[index];
  if (!intent.drive) {
    tank.blocked = false;
    return;
  }
  const bool turned = tank.facing != *intent.drive;
  tank.facing = *intent.drive;
  const Vec2 next = tank.centre + stepToward(tank.facing, config.tankSpeed);
  const Box box = tankBox(config, next);
  const bool blocked = hitsWall(ioState.map, box) || overlapsOtherTank(config, ioState, index, box);
  // Reported when a blockage starts, not on every tick the tank keeps pushing.
  if (blocked && (!tank.blocked || turned))
    outEvents.push_back(makeEvent(kBlocked, tank.id, static_cast<std::int32_t>(tank.facing)));
  tank.blocked = blocked;
  if (!blocked) tank.centre = next;
}

void fireIfReady(const Config& config, State& ioState, std::size_t index, bool wantsFire, std::vector<Event>& outEvents) {
  Tank& tank = ioState.tanks[index];
  if (tank.cooldown > 0) --tank.cooldown;
  const bool live =
      std::any_of(ioState.bullets.begin(), ioState.bullets.end(), [&](const Bullet& b) { return b.owner == tank.id; });
  if (!wantsFire || tank.cooldown > 0 || live) return;
  // The bullet leaves from the muzzle, the middle of the tank's front edge.
  const Vec2 muzzle = tank.centre + stepToward(tank.facing, px(config.tankSize / 2));
  const Bullet bullet{ioState.nextId++, tank.id, tank.enemy, muzzle, tank.facing};
  ioState.bullets.push_back(bullet);
  tank.cooldown = config.fireCooldown;
  outEvents.push_back(makeEvent(kFire, tank.id, bullet.id, muzzle.x.raw(), muzzle.y.raw()));
}

/// The first tank of the other side that the bullet's path from..to reaches, if any.
std::optional<std::size_t> findTankHit(const Config& config, const State& state, const Bullet& bullet, Vec2 from, Vec2 to) {
  std::optional<std::size_t> best;
  std::int64_t bestAlong = 0;
  const Vec2 unit = directionVector(bullet.direction);
  for (std::size_t i = 0; i < state.tanks.size(); ++i) {
    const Tank& tank = state.tanks[i];
    if (tank.enemy == bullet.enemy || tank.hp <= 0) continue;  // no friendly fire, no wrecks
    const bool hit = config.discrete ? isWithinRadius(to, tank.centre, config.hitRadius)
                                     : segmentComesWithin(from, to, tank.centre, config.hitRadius);
    if (!hit) continue;
    // Nearest along the flight line first; ties by id (tanks are kept in id order).
    const std::int64_t along = dotRaw(tank.centre - from, unit);
    if (!best || along < bestAlong) {
      best = i;
      bestAlong = along;
    }
  }
  return best;
}

/// Applies a bullet hit to tank i; removes it when destroyed.
void damageTank(State& ioState, std::size_t i, const Bullet& bullet, std::vector<Event>& outEvents) {
  Tank& tank = ioState.tanks[i];
  --tank.hp;
  outEvents.push_back(makeEvent(kTankHit, tank.id, bullet.id, tank.hp));
  if (tank.hp > 0) return;
  outEvents.push_back(makeEvent(kTankDestroyed, tank.id, bullet.owner));
  if (!tank.enemy) {
    endRound(ioState, outEvents);
    return;  // the player's wreck stays on screen with the round's end
  }
  ++ioState.enemiesDestroyed;
  ioState.tanks.erase(ioState.tanks.begin() + static_cast<std::ptrdiff_t>(i));
}

/// Where a bullet whose step ends in a solid tile first enters that tile.
Vec2 findTileEntry(const Bullet& bullet, TileCoord tile, Vec2 to) {
  const Fixed left = px(tile.column * kTilePx);
  const Fixed top = px(tile.row * kTilePx);
  switch (bullet.direction) {
    case Direction::kUp: return {to.x, top + px(kTilePx)};
    case Direction::kDown: return {to.x, top};
    case Direction::kLeft: return {left + px(kTilePx), to.y};
    case Direction::kRight: break;
  }
  return {left, to.y};
}

/// Moves one bullet; false when it is spent.
bool flyBullet(const Config& config, State& ioState, const Bullet& bullet, std::vector<Event>& outEvents) {
  const Vec2 from = bullet.position;
  const Vec2 to = from + stepToward(bullet.direction, config.bulletSpeed);
  const TileCoord tile = tileAt(ioState.map, to);
  const bool solid = !isInside(ioState.map, tile) || tileCode(ioState.map, tile) != kEmpty;
  // The step cannot span more than two tiles (bullet speed < tile), so a solid end tile is
  // the first solid tile on the path; a tank before its edge is hit first.
  const Vec2 stop = solid && isInside(ioState.map, tile) ? findTileEntry(bullet, tile, to) : to;
  if (const auto hit = findTankHit(config, ioState, bullet, from, solid ? stop : to)) {
    damageTank(ioState, *hit, bullet, outEvents);
    return false;
  }
  if (!solid) {
    for (Bullet& b : ioState.bullets) {
      if (b.id == bullet.id) b.position = to;
    }
    return true;
  }
  if (!isInside(ioState.map, tile)) return false;  // left the map
  switch (tileCode(ioState.map, tile)) {
    case kBrick:
      setTileCode(ioState.map, tile, kEmpty);
      outEvents.push_back(makeEvent(kBrickDestroyed, bullet.id, tile.column, tile.row));
      break;
    case kBase:
      outEvents.push_back(makeEvent(kBaseDestroyed, bullet.id, tile.column, tile.row));
      endRound(ioState, outEvents);
      break;
    default: outEvents.push_back(makeEvent(kSteelHit, bullet.id, tile.column, tile.row)); break;
  }
  return false;
}

void flyBullets(const Config& config, State& ioState, std::vector<Event>& outEvents) {
  // Iterate over a copy of the ids in creation order: hits remove tanks and bullets.
  std::vector<std::int32_t> spent;
  const std::vector<Bullet> flying = ioState.bullets;
  for (const Bullet& bullet : flying) {
    if (!flyBullet(config, ioState, bullet, outEvents)) spent.push_back(bullet.id);
  }
  std::erase_if(ioState.bullets, [&](const Bullet& b) { return std::find(spent.begin(), spent.end(), b.id) != spent.end(); });
}

}  // namespace

std::optional<Direction> findDrive(Input input) noexcept {
  if ((input & kInputUp) != 0) return Direction::kUp;
  if ((input & kInputRight) != 0) return Direction::kRight;
  if ((input & kInputDown) != 0) return Direction::kDown;
  if ((input & kInputLeft) != 0) return Direction::kLeft;
  return std::nullopt;
}

Vec2 stepToward(Direction d, Fixed length) noexcept {
  const Vec2 unit = directionVector(d);
  return {unit.x * length, unit.y * length};
}

bool aimsAtBase(const TileMap& map, Vec2 muzzle, Direction d) noexcept {
  const Vec2 unit = directionVector(d);
  const int dc = unit.x > Fixed() ? 1 : unit.x < Fixed() ? -1 : 0;
  const int dr = unit.y > Fixed() ? 1 : unit.y < Fixed() ? -1 : 0;
  for (TileCoord tile = tileAt(map, muzzle); isInside(map, tile); tile = {tile.column + dc, tile.row + dr}) {
    const std::uint8_t code = tileCode(map, tile);
    if (code == kBase) return true;
    if (code == kSteel) return false;
  }
  return false;
}

Vec2 directionVector(Direction d) noexcept {
  switch (d) {
    case Direction::kUp: return pxVec(0, -1);
    case Direction::kRight: return pxVec(1, 0);
    case Direction::kDown: return pxVec(0, 1);
    case Direction::kLeft: break;
  }
  return pxVec(-1, 0);
}

TileMap makeLevel() {
  TileMap map = makeTileMap(kColumns, kRows, kTilePx);
  for (int row = 0; row < kRows; ++row) {
    for (int column = 0; column < kColumns; ++column) {
      const char c = kLevel[static_cast<std::size_t>(row)][column];
      const std::uint8_t code = c == 'B' ? kBrick : c == 'S' ? kSteel : c == 'H' ? kBase : kEmpty;
      setTileCode(map, {column, row}, code);
    }
  }
  return map;
}

Box tankBox(const Config& config, Vec2 centre) noexcept {
  return makeCentredBox(centre, px(config.tankSize), px(config.tankSize));
}

std::vector<std::pair<std::string, Config>> Game::namedConfigs() {
  Config discrete;
  discrete.discrete = true;
  return {{"default", Config{}}, {"discrete", discrete}};
}

std::optional<std::string> Game::checkSanity(const Config& c) {
  if (c.tankSize < 4 || c.tankSize > kTilePx || c.tankSize % 2 != 0) {
    return "tank: tankSize must be even, at least 4 and at most a tile (" + std::to_string(kTilePx) + " px)";
  }
  // Speeds are capped at the map's width, past every limit worth hunting, so that no position
  // plus a tick's move can leave 16.16's range (a forged replay header must not crash verify).
  const Fixed mapWidth = px(kColumns * kTilePx);
  if (c.tankSpeed <= Fixed() || c.tankSpeed > mapWidth) return "tank: tankSpeed must be above 0 and at most the map's width";
  if (c.bulletSpeed <= Fixed() || c.bulletSpeed > mapWidth || c.hitRadius <= Fixed() || c.hitRadius > px(kTilePx)) {
    return "tank: bulletSpeed must be above 0 and at most the map's width, and hitRadius between 0 and a tile";
  }
  if (c.fireCooldown < 0 || c.enemySpawnEvery < 1 || c.maxEnemies < 0 || c.maxEnemies > 16 || c.playerHp < 1 || c.enemyHp < 1) {
    return "tank: counts out of range (fireCooldown >= 0, enemySpawnEvery >= 1, maxEnemies 0..16, hp >= 1)";
  }
  if (c.enemyTurnChance < 0 || c.enemyTurnChance > 256 || c.enemyFireChance < 0 || c.enemyFireChance > 256) {
    return "tank: chances are out of 256";
  }
  return std::nullopt;
}

namespace {

constexpr SpeedLimit<Config> kLimits[] = {
    {"bulletSpeed < tile (20 px)", "bulletSpeed",
     [](const Config&) -> std::optional<std::int64_t> { return std::int64_t{px(kTilePx).raw()} - 1; },
     [](const Config& c) {
       return "tank: bulletSpeed " + formatFieldValue(c.bulletSpeed.raw(), FieldKind::kFixed) +
              " must stay below the tile size (" + std::to_string(kTilePx) + " px), or bullets skip tiles";
     }},
    {"tankSpeed < tile (20 px)", "tankSpeed",
     [](const Config&) -> std::optional<std::int64_t> { return std::int64_t{px(kTilePx).raw()} - 1; },
     [](const Config&) { return std::string("tank: tankSpeed must stay below the tile size"); }},
    {"2 x tankSpeed < tankSize", "tankSpeed",
     // 2v < size exactly when v <= (size - 1) / 2 in raw units (rounded down).
     [](const Config& c) -> std::optional<std::int64_t> { return (std::int64_t{c.tankSize} * Fixed::kOne - 1) / 2; },
     [](const Config& c) {
       return "tank: twice tankSpeed must stay below tankSize (" + std::to_string(c.tankSize) +
              " px), or tanks pass through each other";
     }},
};

}  // namespace

std::span<const SpeedLimit<Config>> Game::speedLimits() { return kLimits; }

State Game::init(const Config& config, std::uint64_t seed) {
  State state;
  state.rng = seedRng(seed, 0x7A4C);
  startRound(config, state);
  return state;
}

void Game::step(const Config& config, State& ioState, Input input, std::vector<Event>& outEvents) {
  if (!beginTick(ioState, kRoundStart, outEvents, [&] { startRound(config, ioState); })) return;
  if (--ioState.spawnCountdown <= 0) {
    spawnEnemy(config, ioState, outEvents);
    ioState.spawnCountdown = config.enemySpawnEvery;
  }
  // Tanks in id order (the player first), each seeing the others' positions so far.
  for (std::size_t i = 0; i < ioState.tanks.size(); ++i) {
    const Intent intent =
        ioState.tanks[i].enemy ? chooseEnemyIntent(config, ioState.tanks[i], ioState.rng) : readPlayerIntent(input);
    driveTank(config, ioState, i, intent, outEvents);
    fireIfReady(config, ioState, i, intent.fire, outEvents);
  }
  flyBullets(config, ioState, outEvents);
}

bool Game::isPlausible(const Config& config, const State& state) {
  return state.tick >= 0 && !state.tanks.empty() && state.tanks.size() <= static_cast<std::size_t>(config.maxEnemies) + 1 &&
         state.map.tiles.size() == static_cast<std::size_t>(kColumns * kRows) && state.clock.overCountdown >= 0 &&
         state.clock.overCountdown <= kRoundOverTicks;
}

std::span<const EventSchema> Game::eventSchemas() { return kSchemas; }
std::span<const char* const> Game::inputNames() { return kInputNames; }

}  // namespace retrace::sim::tank
