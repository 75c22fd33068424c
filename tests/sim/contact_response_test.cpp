#include "sim/contact_response.h"

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

TEST(Mtv, PicksTheSmallerOverlapFiveVersusThirty) {
  // Seed 004: the mover's right side is 5 px into the static box, y overlaps by 30: push x.
  const Box mover = makeBox(0, 0, 20, 40);
  const Box wall = makeBox(15, 10, 20, 30);
  const auto mtv = computeMtv(mover, wall);
  ASSERT_TRUE(mtv.has_value());
  EXPECT_EQ(mtv->axis, Axis::kX);
  EXPECT_EQ(mtv->pushA, pxVec(-5, 0));  // away from the wall, to the left
}

TEST(Mtv, PushesAlongYWhenYIsShallowerAndNothingWhenSeparate) {
  const auto mtv = computeMtv(makeBox(0, 27, 40, 20), makeBox(5, 0, 30, 30));
  ASSERT_TRUE(mtv.has_value());
  EXPECT_EQ(mtv->axis, Axis::kY);
  EXPECT_EQ(mtv->pushA, pxVec(0, 3));  // A is below B: pushed down
  EXPECT_FALSE(computeMtv(makeBox(0, 0, 10, 10), makeBox(10, 0, 10, 10)).has_value());
}

TEST(Mtv, ContainedBoxIsPushedOutTheShortWay) {
  // B (4 wide) sits inside A (10 wide) near A's left: A must move right by 6 (b.right - a.left),
  // not by B's width 4, which would leave them overlapping.
  const auto mtv = computeMtv(makeBox(0, 0, 10, 30), makeBox(2, 5, 4, 4));
  ASSERT_TRUE(mtv.has_value());
  EXPECT_EQ(mtv->pushA, pxVec(6, 0));
}

TEST(Mtv, TieGoesToY) {
  const auto mtv = computeMtv(makeBox(0, 0, 10, 10), makeBox(5, 5, 10, 10));
  ASSERT_TRUE(mtv.has_value());
  EXPECT_EQ(mtv->axis, Axis::kY);
}

TEST(CorrectPositions, StaticBodyTakesNothing) {
  const Body mover{makeBox(0, 0, 20, 40), pxVec(3, 0), px(1)};
  const Body wall{makeBox(15, 10, 20, 30), Vec2{}, Fixed()};
  const BodyPair out = correctPositions(mover, wall, *computeMtv(mover.box, wall.box));
  EXPECT_EQ(out.a.box, makeBox(-5, 0, 20, 40));
  EXPECT_EQ(out.b.box, wall.box);
  EXPECT_FALSE(overlaps(out.a.box, out.b.box));
}

TEST(CorrectPositions, SplitsByMassRatio) {
  // Masses 1 and 3: the light body moves 3/4 of the 8-px overlap, the heavy one 1/4.
  const Body light{makeBox(0, 0, 20, 100), Vec2{}, px(1)};
  const Body heavy{makeBox(12, 0, 20, 100), Vec2{}, px(3)};
  const BodyPair out = correctPositions(light, heavy, *computeMtv(light.box, heavy.box));
  EXPECT_EQ(out.a.box.x, px(-6));
  EXPECT_EQ(out.b.box.x, px(14));
  EXPECT_EQ(out.a.box.right(), out.b.box.left());  // touching: exact, no gap, no overlap
}

TEST(SeparateVelocities, RestitutionAgainstAStaticWall) {
  const Body ball{makeBox(0, 0, 20, 40), pxVec(5, 2), px(1)};
  const Body wall{makeBox(15, 10, 20, 30), Vec2{}, Fixed()};
  const Mtv mtv = *computeMtv(ball.box, wall.box);
  // (1 + 0.5) * 5 = 7.5 taken off: 5 -> -2.5; y untouched. (0.5 is exact in 16.16.)
  const BodyPair bounced = separateVelocities(ball, wall, mtv, Fixed::fromRatio(1, 2));
  EXPECT_EQ(bounced.a.velocity, (Vec2{Fixed::fromRatio(-5, 2), px(2)}));
  EXPECT_EQ(bounced.b.velocity, Vec2{});
  // Restitution 0: the normal velocity is simply cancelled.
  EXPECT_EQ(separateVelocities(ball, wall, mtv, Fixed()).a.velocity, pxVec(0, 2));
}

TEST(SeparateVelocities, EqualMassesElasticExchange) {
  const Body a{makeBox(0, 0, 20, 20), pxVec(6, 0), px(2)};
  const Body b{makeBox(18, 0, 20, 20), Vec2{}, px(2)};
  const BodyPair out = separateVelocities(a, b, *computeMtv(a.box, b.box), px(1));
  EXPECT_EQ(out.a.velocity, pxVec(0, 0));
  EXPECT_EQ(out.b.velocity, pxVec(6, 0));
}

TEST(SeparateVelocities, NoImpulseWhenAlreadySeparating) {
  const Body a{makeBox(0, 0, 20, 20), pxVec(-3, 0), px(1)};
  const Body b{makeBox(18, 0, 20, 20), pxVec(1, 0), px(1)};
  const BodyPair out = separateVelocities(a, b, *computeMtv(a.box, b.box), Fixed::fromRatio(4, 5));
  EXPECT_EQ(out.a.velocity, a.velocity);
  EXPECT_EQ(out.b.velocity, b.velocity);
}

}  // namespace
}  // namespace retrace::sim
