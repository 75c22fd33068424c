// Property tests over thousands of random cases (rapidcheck; the seed is fixed in ctest).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <ostream>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "sim/aabb.h"
#include "sim/contact_response.h"
#include "sim/oriented_rect.h"
#include "sim/swept.h"

namespace retrace::sim {

/// Lets rapidcheck print a failing box instead of <???>.
void showValue(const Box& b, std::ostream& os) {
  os << "Box{x " << b.x.raw() << ", y " << b.y.raw() << ", w " << b.w.raw() << ", h " << b.h.raw() << "} (raw 16.16)";
}

namespace {

rc::Gen<Box> genBox(int minSize) {
  return rc::gen::apply([](int x, int y, int w, int h) { return makeBox(x, y, w, h); }, rc::gen::inRange(-50, 51),
                        rc::gen::inRange(-50, 51), rc::gen::inRange(minSize, 31), rc::gen::inRange(minSize, 31));
}

/// Whole-pixel box coordinates scaled by s, for exact sampling at fractions 1/s.
struct ScaledBox {
  std::int64_t x0, y0, x1, y1;
};

ScaledBox scaleBox(const Box& b, std::int64_t s, std::int64_t dx, std::int64_t dy) {
  const std::int64_t x = b.x.floorToInt();
  const std::int64_t y = b.y.floorToInt();
  return {x * s + dx, y * s + dy, (x + b.w.floorToInt()) * s + dx, (y + b.h.floorToInt()) * s + dy};
}

bool overlapsScaled(const ScaledBox& a, const ScaledBox& b) {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 && a.x0 < a.x1 && a.y0 < a.y1 && b.x0 < b.x1 && b.y0 < b.y1;
}

/// Brute force: the first sample m/D (D = 2|dx||dy|) at which the boxes share area. Every
/// entry or exit time is a multiple of 2/D, so the open overlap interval always contains a
/// sample, and the first one after the entry time is exactly entry + 1/D.
std::optional<std::int64_t> findFirstOverlapSample(const Box& a, const Box& b, int dx, int dy, std::int64_t D) {
  for (std::int64_t m = 0; m <= D; ++m) {
    if (overlapsScaled(scaleBox(a, D, dx * m, dy * m), scaleBox(b, D, 0, 0))) return m;
  }
  return std::nullopt;
}

RC_GTEST_PROP(SweptProperty, AgreesWithBruteForceSampling, ()) {
  const Box a = *genBox(0);
  const Box b = *genBox(0);
  const int dx = *rc::gen::inRange(-40, 41);
  const int dy = *rc::gen::inRange(-40, 41);
  const std::int64_t D = 2 * std::max(std::abs(dx), 1) * std::max(std::abs(dy), 1);
  const auto sample = findFirstOverlapSample(a, b, dx, dy, D);
  const auto toi = timeOfImpact(a, b, pxVec(dx, dy));
  RC_ASSERT(toi.has_value() == sample.has_value());
  if (!toi) return;
  if (*sample == 0) {
    RC_ASSERT(*toi == (Fraction{0, 1}));
  } else {
    RC_ASSERT(makeFraction(*sample - 1, D) == *toi);
  }
}

RC_GTEST_PROP(SatProperty, AgreesWithAabbOnAxisAlignedRectangles, ()) {
  const Box a = *genBox(1);
  const Box b = *genBox(1);
  const auto toOriented = [](const Box& box) {
    return OrientedRect{centreOf(box), {Fixed::fromRaw(box.w.raw() / 2), Fixed()}, {Fixed(), Fixed::fromRaw(box.h.raw() / 2)}};
  };
  RC_ASSERT(orientedRectsOverlap(toOriented(a), toOriented(b)) == overlaps(a, b));
}

RC_GTEST_PROP(OverlapProperty, IsSymmetric, ()) {
  const Box a = *genBox(0);
  const Box b = *genBox(0);
  RC_ASSERT(overlaps(a, b) == overlaps(b, a));
  RC_ASSERT(intersect(a, b) == intersect(b, a));
  const int p = *rc::gen::inRange(-9, 10);
  const int q = *rc::gen::inRange(1, 10);
  const int k = *rc::gen::inRange(1, 4);
  const OrientedRect ra{pxVec(*rc::gen::inRange(-40, 41), *rc::gen::inRange(-40, 41)), pxVec(p, q), pxVec(-q * k, p * k)};
  const OrientedRect rb{pxVec(*rc::gen::inRange(-40, 41), *rc::gen::inRange(-40, 41)), pxVec(q, p), pxVec(-p * k, q * k)};
  RC_PRE(isValidOrientedRect(ra) && isValidOrientedRect(rb));
  RC_ASSERT(orientedRectsOverlap(ra, rb) == orientedRectsOverlap(rb, ra));
}

RC_GTEST_PROP(MtvProperty, ResolvesOverlapToTouching, ()) {
  // B is placed anywhere that overlaps A, so no case is discarded.
  const Box a = *genBox(1);
  const int w = *rc::gen::inRange(1, 31);
  const int h = *rc::gen::inRange(1, 31);
  const int ax = a.x.floorToInt();
  const int ay = a.y.floorToInt();
  const Box b =
      makeBox(*rc::gen::inRange(ax - w + 1, ax + a.w.floorToInt()), *rc::gen::inRange(ay - h + 1, ay + a.h.floorToInt()), w, h);
  const auto mtv = computeMtv(a, b);
  RC_ASSERT(mtv.has_value());
  const Fixed massA = px(*rc::gen::inRange(0, 10));
  const Fixed massB = px(*rc::gen::inRange(0, 10));
  RC_PRE(massA != Fixed() || massB != Fixed());
  const BodyPair out = correctPositions({a, Vec2{}, massA}, {b, Vec2{}, massB}, *mtv);
  RC_ASSERT(!overlaps(out.a.box, out.b.box));
  // Touching, not apart: the push was exactly the overlap.
  RC_ASSERT(out.a.box.right() == out.b.box.left() || out.b.box.right() == out.a.box.left() ||
            out.a.box.bottom() == out.b.box.top() || out.b.box.bottom() == out.a.box.top());
}

}  // namespace
}  // namespace retrace::sim
