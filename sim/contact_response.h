#pragma once
// Contact response for AABBs: minimum translation vector, mass-ratio position correction and
// velocity separation with restitution (seed 004).
//
// Detection and response are separate steps. The MTV is the shortest way out along either
// axis: pushing along it removes the overlap with the least movement and never pops a body
// out on the wrong side. Position correction splits the MTV by mass (the heavier body moves less);
// velocity separation removes the approaching part of the relative velocity along the MTV
// axis, scaled by (1 + restitution), and does nothing to bodies already separating.
// A static body has infinite mass (mass 0 here means "static"): it takes no share of either.
// The shares are computed as other_mass / (mass_a + mass_b), so no 1/mass is ever rounded.

#include <cstdint>
#include <optional>

#include "sim/aabb.h"
#include "sim/vec2.h"

namespace retrace::sim {

/// Which axis a translation acts on.
enum class Axis : std::uint8_t { kX, kY };

/// The translation that moves A out of B along one axis (B moves by its negation).
struct Mtv {
  Axis axis = Axis::kX;
  Vec2 pushA;  ///< exactly one component is non-zero
};

/// A box with velocity and mass; mass zero marks a static body (infinite mass).
struct Body {
  Box box;
  Vec2 velocity;
  Fixed mass;
};

/// Two bodies after a response step.
struct BodyPair {
  Body a;
  Body b;
};

/// The minimum translation vector for A out of B, or nothing when they do not overlap.
/// Ties between the axes pick y, as in seed 004 (x only when its overlap is strictly smaller).
[[nodiscard]] std::optional<Mtv> computeMtv(const Box& a, const Box& b) noexcept;
/// Moves both bodies apart along the MTV, split by mass; afterwards they touch, not overlap.
[[nodiscard]] BodyPair correctPositions(const Body& a, const Body& b, const Mtv& mtv) noexcept;
/// Removes the approaching velocity along the MTV axis with restitution in [0, 1].
[[nodiscard]] BodyPair separateVelocities(const Body& a, const Body& b, const Mtv& mtv, Fixed restitution) noexcept;

}  // namespace retrace::sim
