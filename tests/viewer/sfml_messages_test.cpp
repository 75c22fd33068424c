// What the viewer lets through of SFML's error stream (viewer/sfml_messages.h): every line but
// the one about a swap interval it never asked for, with no byte a terminal acts on.
#include "viewer/sfml_messages.h"

#include <string>

#include <gtest/gtest.h>
#include <SFML/System/Err.hpp>

namespace retrace::viewer {
namespace {

TEST(SfmlMessages, EveryLineButTheSwapIntervalsReachesStderrWhole) {
  EXPECT_TRUE(isIdleSfmlMessage("Setting vertical sync not supported"));
  EXPECT_FALSE(isIdleSfmlMessage("Setting vertical sync failed"));
  EXPECT_FALSE(isIdleSfmlMessage("Failed to load font \"x.ttf\" (failed to create the font face)"));
  filterSfmlMessages();
  ::testing::internal::CaptureStderr();
  sf::err() << "Setting vertical sync not supported" << std::endl;
  sf::err() << "Failed to load image \""
            << "a.png"
            << "\". Reason: Unable to open file" << std::endl;
  sf::err() << "Setting vertical sync not supported, nor this" << std::endl;
  sf::err() << "a line flushed before its end" << std::flush;
  sf::err() << " and its end" << std::endl;
  sf::err() << "Failed to load image \"a\x1b[2J.png\"" << std::endl;
  EXPECT_EQ(::testing::internal::GetCapturedStderr(),
            "Failed to load image \"a.png\". Reason: Unable to open file\n"
            "Setting vertical sync not supported, nor this\n"
            "a line flushed before its end and its end\n"
            "Failed to load image \"a\\x1b[2J.png\"\n");
}

}  // namespace
}  // namespace retrace::viewer
