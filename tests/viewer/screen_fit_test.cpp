// Where a window opens: fitted to the screen side by side and centred, and a drawing scaled
// whole into a window of another shape.
#include <gtest/gtest.h>

#include "viewer/screen_fit.h"

namespace retrace::viewer {
namespace {

TEST(ScreenFit, AWindowIsNoLargerThanTheScreenAndCentredOnIt) {
  // The debugger's default (960 + 420 panels by 720) on screens larger, narrower and smaller.
  const WindowPlace roomy = placeWindow({1380, 720}, {1920, 1080});
  EXPECT_EQ(roomy.size, sf::Vector2u(1380, 720));
  EXPECT_EQ(roomy.position, sf::Vector2i(270, 180));
  const WindowPlace narrow = placeWindow({1380, 720}, {1280, 1024});
  EXPECT_EQ(narrow.size, sf::Vector2u(1280, 720));
  EXPECT_EQ(narrow.position, sf::Vector2i(0, 152));
  const WindowPlace small = placeWindow({1380, 720}, {1024, 600});
  EXPECT_EQ(small.size, sf::Vector2u(1024, 600));
  EXPECT_EQ(small.position, sf::Vector2i(0, 0));
  // A screen that could not be measured leaves the window as asked.
  EXPECT_EQ(placeWindow({1380, 720}, {0, 0}).size, sf::Vector2u(1380, 720));
}

TEST(ScreenFit, ADrawingIsScaledWholeAndCentredInAWindowOfAnotherShape) {
  // 960 x 720 in a window as wide but shorter: the height decides, strips left and right.
  const sf::View view = fitView({960.0F, 720.0F}, {960, 600});
  EXPECT_EQ(view.getSize(), sf::Vector2f(960.0F, 720.0F));
  const sf::FloatRect port = view.getViewport();
  EXPECT_FLOAT_EQ(port.height, 1.0F);
  EXPECT_FLOAT_EQ(port.width, 600.0F / 720.0F);
  EXPECT_FLOAT_EQ(port.left, (1.0F - port.width) / 2.0F);
  EXPECT_FLOAT_EQ(port.top, 0.0F);
  // The same shape fills it.
  EXPECT_EQ(fitView({960.0F, 720.0F}, {480, 360}).getViewport(), sf::FloatRect(0.0F, 0.0F, 1.0F, 1.0F));
}

}  // namespace
}  // namespace retrace::viewer
