// The game's own game, registered with one call, recorded from its own loop with the README's
// snippet, gated with EXPECT_REPLAY_MATCHES and held to the game contract with
// EXPECT_GAME_MEETS_CONTRACT: none of retrace's files knows "breakout".
#include <filesystem>
#include <memory>
#include <string>
#include <variant>

#include <gtest/gtest.h>
#include <unistd.h>

#include "breakout/breakout.h"
#include "recorder/gtest/expect_game.h"
#include "recorder/gtest/expect_replay.h"
#include "recorder/recorder.h"

namespace {

TEST(OwnGame, RegistersRecordsAndGates) {
  (void)retrace::sim::registerGame<breakout::Game>();
  EXPECT_FALSE(retrace::sim::registerGame<breakout::Game>());  // a name is registered once
  ASSERT_NE(retrace::sim::findGame("breakout"), nullptr);
  ASSERT_EQ(retrace::sim::findGame("breakout")->inputKeys().size(), 2U);  // the optional piece reaches the tools
  EXPECT_STREQ(retrace::sim::findGame("breakout")->inputKeys()[0], "Left/A/J");
  const std::string out = (std::filesystem::temp_directory_path() / ("breakout-" + std::to_string(::getpid()) + ".rtr")).string();
  std::filesystem::remove(out);
  auto opened = retrace::recorder::openRecording({.output = out, .game = "breakout", .seed = 7});
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<retrace::recorder::Recorder>>(opened)) << std::get<std::string>(opened);
  auto& recorder = *std::get<std::unique_ptr<retrace::recorder::Recorder>>(opened);
  retrace::sim::Rng bot = retrace::sim::seedRng(7);
  for (int tick = 0; tick < 3000; ++tick) (void)recorder.record(recorder.session().chooseBotInput(bot));
  ASSERT_FALSE(recorder.close().has_value());
  EXPECT_REPLAY_MATCHES(out);
  std::filesystem::remove(out);
}

TEST(OwnGame, MeetsTheGameContract) {
  (void)retrace::sim::registerGame<breakout::Game>();
  EXPECT_GAME_MEETS_CONTRACT("breakout");
}

}  // namespace
