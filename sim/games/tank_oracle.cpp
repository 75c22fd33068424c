// The tank oracle: exact continuous checks of what moved this tick, against the rules' paths.
// Bullets that fly on (one fired this tick from its muzzle) must not have passed within
// hitRadius of an enemy's centre nor through a solid tile; tanks (one spawned this tick from its
// spawn) must not have swept into a solid tile, the map's edge or another tank; no two tanks may
// overlap. Tanks move before bullets, so tanks are checked against the map as it was, and
// bullets against the tanks where they ended.
#include <algorithm>

#include "sim/circle.h"
#include "sim/games/tank.h"
#include "sim/swept.h"

namespace retrace::sim::tank {
namespace {

std::string describePoint(Vec2 p) {
  std::string text = "(";
  text += formatFieldValue(p.x.raw(), FieldKind::kFixed);
  text += ", ";
  text += formatFieldValue(p.y.raw(), FieldKind::kFixed);
  return text + ")";
}

const Bullet* findBullet(const State& state, std::int32_t id) {
  const auto it = std::find_if(state.bullets.begin(), state.bullets.end(), [&](const Bullet& b) { return b.id == id; });
  return it == state.bullets.end() ? nullptr : &*it;
}

const Tank* findTank(const State& state, std::int32_t id) {
  const auto it = std::find_if(state.tanks.begin(), state.tanks.end(), [&](const Tank& t) { return t.id == id; });
  return it == state.tanks.end() ? nullptr : &*it;
}

Box tileBox(TileCoord c) { return makeBox(c.column * kTilePx, c.row * kTilePx, kTilePx, kTilePx); }

void checkBullet(const Config& config, const State& after, const Bullet& was, const Bullet& now,
                 std::vector<Tunnel>& outTunnels) {
  // Built only when there is something to report: the oracle runs every tick.
  const auto which = [&] {
    return "tick " + std::to_string(after.tick) + ": bullet " + std::to_string(was.id) + " of tank " + std::to_string(was.owner) +
           " flew " + describePoint(was.position) + " -> " + describePoint(now.position);
  };
  for (const Tank& tank : after.tanks) {
    if (tank.enemy == was.enemy || tank.hp <= 0) continue;
    if (segmentComesWithin(was.position, now.position, tank.centre, config.hitRadius)) {
      Tunnel tunnel{which() + " within " + formatFieldValue(config.hitRadius.raw(), FieldKind::kFixed) + " px of tank " +
                        std::to_string(tank.id) + " at " + describePoint(tank.centre) + " without a hit",
                    {}};
      addSegment(tunnel.drawing, was.position, now.position, tunnelPathStyle());
      addCircle(tunnel.drawing, tank.centre, config.hitRadius, tunnelHitStyle());
      outTunnels.push_back(std::move(tunnel));
    }
  }
  // Every tile the straight path touches must have been empty (the bullet flies on). Tiles
  // are checked in the map after the tick: bullets only ever clear tiles, so a tile solid
  // then was solid throughout, while one cleared this tick by an earlier bullet was open.
  const TileCoord a = tileAt(after.map, was.position);
  const TileCoord b = tileAt(after.map, now.position);
  for (int row = std::min(a.row, b.row); row <= std::max(a.row, b.row); ++row) {
    for (int column = std::min(a.column, b.column); column <= std::max(a.column, b.column); ++column) {
      const TileCoord c{column, row};
      if (!isInside(after.map, c) || tileCode(after.map, c) != kEmpty) {
        Tunnel tunnel{which() + " through the solid tile (" + std::to_string(column) + ", " + std::to_string(row) + ")", {}};
        addSegment(tunnel.drawing, was.position, now.position, tunnelPathStyle());
        addBox(tunnel.drawing, tileBox(c), tunnelHitStyle());
        outTunnels.push_back(std::move(tunnel));
      }
    }
  }
}

void checkTankMove(const Config& config, const State& before, const State& after, const Tank& was, const Tank& now,
                   std::vector<Tunnel>& outTunnels) {
  const Box from = tankBox(config, was.centre);
  const Box to = tankBox(config, now.centre);
  const Vec2 delta = now.centre - was.centre;
  const auto which = [&] {
    return "tick " + std::to_string(after.tick) + ": tank " + std::to_string(was.id) + " moved " + describePoint(was.centre) +
           " -> " + describePoint(now.centre);
  };
  const Fixed mapSize = px(kColumns * kTilePx);
  if (smaller(from.left(), to.left()) < Fixed() || smaller(from.top(), to.top()) < Fixed() ||
      larger(from.right(), to.right()) > mapSize || larger(from.bottom(), to.bottom()) > mapSize) {
    Tunnel tunnel{which() + " out of the map", {}};
    addSegment(tunnel.drawing, was.centre, now.centre, tunnelPathStyle());
    addBox(tunnel.drawing, to, tunnelPathStyle());
    addBox(tunnel.drawing, Box{Fixed(), Fixed(), mapSize, mapSize}, tunnelHitStyle());
    outTunnels.push_back(std::move(tunnel));
  }
  const TileCoord lo = tileAt(before.map, {smaller(from.left(), to.left()), smaller(from.top(), to.top())});
  const TileCoord hi = tileAt(before.map, {larger(from.right(), to.right()), larger(from.bottom(), to.bottom())});
  for (int row = std::max(lo.row, 0); row <= std::min(hi.row, kRows - 1); ++row) {
    for (int column = std::max(lo.column, 0); column <= std::min(hi.column, kColumns - 1); ++column) {
      const TileCoord c{column, row};
      if (tileCode(before.map, c) == kEmpty) continue;
      if (sweepBoxes({from, tileBox(c), delta}).kind == SweepKind::kHit) {
        Tunnel tunnel{which() + " into the solid tile (" + std::to_string(column) + ", " + std::to_string(row) + ")", {}};
        addBox(tunnel.drawing, from, tunnelPathStyle());
        addBox(tunnel.drawing, to, tunnelPathStyle());
        addSegment(tunnel.drawing, was.centre, now.centre, tunnelPathStyle());
        addBox(tunnel.drawing, tileBox(c), tunnelHitStyle());
        outTunnels.push_back(std::move(tunnel));
      }
    }
  }
}

/// A tank's straight move must not have passed through another tank where that one stood: tanks
/// move one at a time in id order, so one before it had moved already (where it ended) and one
/// after it had not (where it began the tick, `began`). A tank destroyed after moving stood where
/// the states do not say, and is left out.
void checkTankPassing(const Config& config, const std::vector<Tank>& began, const State& after, const Tank& was, const Tank& now,
                      std::vector<Tunnel>& outTunnels) {
  if (was.centre == now.centre) return;
  const Box from = tankBox(config, was.centre);
  const auto check = [&](const Tank& other) {
    if (sweepBoxes({from, tankBox(config, other.centre), now.centre - was.centre}).kind != SweepKind::kHit) return;
    Tunnel tunnel{"tick " + std::to_string(after.tick) + ": tank " + std::to_string(was.id) + " moved " +
                      describePoint(was.centre) + " -> " + describePoint(now.centre) +
                      (overlaps(tankBox(config, now.centre), tankBox(config, other.centre)) ? " into tank " : " through tank ") +
                      std::to_string(other.id) + " at " + describePoint(other.centre),
                  {}};
    addBox(tunnel.drawing, from, tunnelPathStyle());
    addBox(tunnel.drawing, tankBox(config, now.centre), tunnelPathStyle());
    addSegment(tunnel.drawing, was.centre, now.centre, tunnelPathStyle());
    addBox(tunnel.drawing, tankBox(config, other.centre), tunnelHitStyle());
    outTunnels.push_back(std::move(tunnel));
  };
  for (const Tank& other : after.tanks) {
    if (other.id < was.id) check(other);
  }
  for (const Tank& other : began) {
    if (other.id > was.id) check(other);
  }
}

}  // namespace

void Game::checkOracle(const Config& config, const State& before, const State& after, const std::vector<Event>& events,
                       std::vector<Tunnel>& outTunnels) {
  if (isRoundOver(before.clock) || after.clock.round != before.clock.round) return;
  for (const Bullet& was : before.bullets) {
    if (const Bullet* now = findBullet(after, was.id)) checkBullet(config, after, was, *now, outTunnels);
  }
  // A bullet fired this tick flew too, from the muzzle its fire event gives.
  for (const Event& e : events) {
    if (e.kind != kFire) continue;
    const Bullet* now = findBullet(after, e.args[1]);
    if (now == nullptr || findBullet(before, now->id) != nullptr) continue;
    Bullet was = *now;
    was.position = {Fixed::fromRaw(e.args[2]), Fixed::fromRaw(e.args[3])};
    checkBullet(config, after, was, *now, outTunnels);
  }
  // Where each tank began the tick: those there before it, and each enemy spawned in it (before
  // any tank moved) at the spawn its event gives.
  std::vector<Tank> began = before.tanks;
  for (const Event& e : events) {
    if (e.kind != kEnemySpawn) continue;
    Tank spawned;
    spawned.id = e.args[0];
    spawned.centre = {Fixed::fromRaw(e.args[1]), Fixed::fromRaw(e.args[2])};
    began.push_back(spawned);
  }
  for (const Tank& was : began) {
    if (const Tank* now = findTank(after, was.id)) {
      checkTankMove(config, before, after, was, *now, outTunnels);
      checkTankPassing(config, began, after, was, *now, outTunnels);
    }
  }
  for (std::size_t i = 0; i < after.tanks.size(); ++i) {
    for (std::size_t j = i + 1; j < after.tanks.size(); ++j) {
      if (overlaps(tankBox(config, after.tanks[i].centre), tankBox(config, after.tanks[j].centre))) {
        Tunnel tunnel{"tick " + std::to_string(after.tick) + ": tanks " + std::to_string(after.tanks[i].id) + " and " +
                          std::to_string(after.tanks[j].id) + " overlap",
                      {}};
        addBox(tunnel.drawing, tankBox(config, after.tanks[i].centre), tunnelHitStyle());
        addBox(tunnel.drawing, tankBox(config, after.tanks[j].centre), tunnelHitStyle());
        outTunnels.push_back(std::move(tunnel));
      }
    }
  }
}

}  // namespace retrace::sim::tank
