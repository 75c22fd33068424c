#include "sim/move_and_collide.h"

namespace retrace::sim {
namespace {

/// The x the body may reach moving by dx, clamped against the nearest wall its edge crosses.
Fixed limitX(const Box& body, Fixed dx, std::span<const Box> walls, bool& outBlocked) noexcept {
  Fixed target = body.x + dx;
  for (const Box& wall : walls) {
    if (!spansOverlap(body.top(), body.bottom(), wall.top(), wall.bottom())) continue;
    if (dx > Fixed() && wall.left() >= body.right() && wall.left() < body.right() + dx) {
      target = smaller(target, wall.left() - body.w);
      outBlocked = true;
    } else if (dx < Fixed() && wall.right() <= body.left() && wall.right() > body.left() + dx) {
      target = larger(target, wall.right());
      outBlocked = true;
    }
  }
  return target;
}

/// The y the body may reach moving by dy; platforms count only when crossed from above.
Fixed limitY(const Box& body, Fixed dy, const MoveInput& input, MoveOutput& ioOut) noexcept {
  Fixed target = body.y + dy;
  for (const Box& wall : input.walls) {
    if (!spansOverlap(body.left(), body.right(), wall.left(), wall.right())) continue;
    if (dy > Fixed() && wall.top() >= body.bottom() && wall.top() < body.bottom() + dy) {
      target = smaller(target, wall.top() - body.h);
      ioOut.blockedY = true;
    } else if (dy < Fixed() && wall.bottom() <= body.top() && wall.bottom() > body.top() + dy) {
      target = larger(target, wall.bottom());
      ioOut.blockedY = true;
    }
  }
  // A platform only stops a downward move, so it wins when its top is at or above the
  // nearest wall's: the landing flag then says which surface carries the body.
  for (const Box& platform : input.platforms) {
    if (crossesOneWayPlatform(body, dy, platform) && platform.top() - body.h <= target) {
      target = platform.top() - body.h;
      ioOut.blockedY = true;
      ioOut.landedOnPlatform = true;
    }
  }
  return target;
}

}  // namespace

bool crossesOneWayPlatform(const Box& body, Fixed dy, const Box& platform) noexcept {
  return dy > Fixed() && spansOverlap(body.left(), body.right(), platform.left(), platform.right()) &&
         body.bottom() <= platform.top() && body.bottom() + dy > platform.top();
}

MoveOutput moveAndCollide(const MoveInput& input) noexcept {
  MoveOutput out;
  out.body = input.body;
  out.body.x = limitX(out.body, input.delta.x, input.walls, out.blockedX);
  out.body.y = limitY(out.body, input.delta.y, input, out);
  return out;
}

}  // namespace retrace::sim
