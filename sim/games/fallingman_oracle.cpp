// The fallingman oracle: the rules move the man x first, then y. If he was not still standing
// after the x half-step, his feet fall from where they were by min(vy + gravity, fallCap), or
// further where the ceiling, scrolling faster than he falls, pushes him down (his top at the
// camera's).
// Every platform he is over (after the x half-step) whose top that path crosses is a contact;
// if the game registered no landing on it, he fell (or was pushed) through a floor.
#include <algorithm>

#include "sim/games/fallingman.h"

namespace retrace::sim::fallingman {

void Game::checkOracle(const Config& config, const State& before, const State& after, const std::vector<Event>& events,
                       std::vector<Tunnel>& outTunnels) {
  if (isRoundOver(before.clock) || after.clock.round != before.clock.round) return;
  const Man& was = before.man;
  const Fixed half = px(config.manSize / 2);
  const Fixed left = after.man.centre.x - half;
  const Fixed right = after.man.centre.x + half;
  if (const Platform* stood = findPlatform(after, was.standingOn);
      stood != nullptr && spansOverlap(left, right, stood->box.left(), stood->box.right())) {
    return;  // still standing: no fall this tick
  }
  const Fixed fallBy = smaller(was.vy + config.gravity, config.fallCap);
  if (fallBy < Fixed()) return;
  // Compare in the after-tick frame: a rebase this tick moved the world up.
  const Fixed shift = Fixed::fromRaw((after.rebases - before.rebases) * kRebasePx * Fixed::kOne);
  const Fixed feetBefore = feetOf(config, was) - shift;
  const Fixed feetAfter = larger(feetBefore + fallBy, after.cameraY + px(config.manSize));
  const bool pushed = feetAfter > feetBefore + fallBy;
  for (const Platform& p : after.platforms) {
    if (p.id == was.dropThrough || !spansOverlap(left, right, p.box.left(), p.box.right())) continue;
    const bool crossesTop = feetBefore <= p.box.top() && feetAfter > p.box.top();
    // Registered means a landed event for it (the ceiling may knock him off in the same tick).
    const bool landed =
        std::any_of(events.begin(), events.end(), [&](const Event& e) { return e.kind == kLanded && e.args[0] == p.id; });
    if (!crossesTop || landed) continue;
    Tunnel tunnel{"tick " + std::to_string(after.tick) +
                      (pushed ? ": the ceiling pushed the man's feet " : ": the man's feet fell ") +
                      formatFieldValue(feetBefore.raw(), FieldKind::kFixed) + " -> " +
                      formatFieldValue(feetAfter.raw(), FieldKind::kFixed) + " through the top of platform " +
                      std::to_string(p.id) + " (y " + formatFieldValue(p.box.top().raw(), FieldKind::kFixed) + ", x " +
                      formatFieldValue(p.box.left().raw(), FieldKind::kFixed) + ".." +
                      formatFieldValue(p.box.right().raw(), FieldKind::kFixed) + ") without landing",
                  {}};
    // The feet's fall at both edges of the man, and the platform's top they crossed.
    addSegment(tunnel.drawing, {left, feetBefore}, {left, feetAfter}, tunnelPathStyle());
    addSegment(tunnel.drawing, {right, feetBefore}, {right, feetAfter}, tunnelPathStyle());
    addBox(tunnel.drawing, p.box, tunnelHitStyle());
    moveToScreen(tunnel.drawing, after.cameraY);  // over the scene, which is what the camera sees
    outTunnels.push_back(std::move(tunnel));
  }
}

}  // namespace retrace::sim::fallingman
