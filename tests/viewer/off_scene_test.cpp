// A drawing beyond the scene's edge: its extent, which way and how far it lies, and the words
// its marker says.
#include <gtest/gtest.h>

#include "viewer/off_scene.h"

namespace retrace::viewer {
namespace {

sim::Vec2 at(int x, int y) { return {sim::px(x), sim::px(y)}; }

TEST(OffScene, ADrawingCoversEachPrimitivesWholeExtent) {
  EXPECT_FALSE(measureDrawing({}).has_value());
  sim::Scene drawing;
  sim::addBox(drawing, sim::makeBox(10, 20, 5, 4), sim::tunnelHitStyle());
  EXPECT_EQ(measureDrawing(drawing), sf::FloatRect(10, 20, 5, 4));
  // A segment drawn upwards and leftwards still covers from its lower corner.
  sim::addSegment(drawing, at(30, 40), at(8, 22), sim::tunnelPathStyle());
  EXPECT_EQ(measureDrawing(drawing), sf::FloatRect(8, 20, 22, 20));
  // A circle by its radius on every side; a point and a label by where they are.
  sim::addCircle(drawing, at(0, 30), sim::px(3), sim::tunnelPathStyle());
  sim::addPoint(drawing, at(12, 50), sim::tunnelPathStyle());
  EXPECT_EQ(measureDrawing(drawing), sf::FloatRect(-3, 20, 33, 30));
}

TEST(OffScene, ADrawingWithAnyPartInTheSceneOrOnItsBorderIsNotOffIt) {
  const sf::Vector2f scene{240, 320};
  EXPECT_FALSE(locateOffScene({10, 10, 5, 5}, scene).has_value());
  EXPECT_FALSE(locateOffScene({230, 310, 50, 50}, scene).has_value());      // across a corner
  EXPECT_FALSE(locateOffScene({-100, -100, 500, 600}, scene).has_value());  // around it
  EXPECT_FALSE(locateOffScene({100, 320, 10, 5}, scene).has_value());       // on the bottom border
  EXPECT_FALSE(locateOffScene({-10, 50, 10, 5}, scene).has_value());        // on the left border
}

TEST(OffScene, ADrawingBeyondAnEdgeIsMarkedAtTheEdgeWithItsDistance) {
  const sf::Vector2f scene{240, 320};
  // Below: the edge under the drawing's centre, 15 pixels from its top.
  const auto below = locateOffScene({160, 335, 60, 8}, scene);
  ASSERT_TRUE(below.has_value());
  EXPECT_EQ(below->side, sf::Vector2i(0, 1));
  EXPECT_EQ(below->edge, sf::Vector2f(190, 320));
  EXPECT_FLOAT_EQ(below->distance, 15.0F);
  EXPECT_EQ(describeOffScene(*below), "15 px below");
  // Above and to the left: the corner, and the straight distance to the drawing's nearest corner.
  const auto corner = locateOffScene({-10, -20, 6, 8}, scene);
  ASSERT_TRUE(corner.has_value());
  EXPECT_EQ(corner->side, sf::Vector2i(-1, -1));
  EXPECT_EQ(corner->edge, sf::Vector2f(0, 0));
  EXPECT_NEAR(corner->distance, 12.649F, 0.001F);  // 4 across and 12 up
  EXPECT_EQ(describeOffScene(*corner), "13 px above and left");
  // Right, level with the scene: the edge at the drawing's height; a fraction rounds up.
  const auto right = locateOffScene({240.5F, 100, 4, 20}, scene);
  ASSERT_TRUE(right.has_value());
  EXPECT_EQ(right->side, sf::Vector2i(1, 0));
  EXPECT_EQ(right->edge, sf::Vector2f(240, 110));
  EXPECT_EQ(describeOffScene(*right), "1 px right");
}

}  // namespace
}  // namespace retrace::viewer
