#pragma once
// Hold a game of your own to the game contract in your GoogleTest suite:
//
//   #include "recorder/gtest/expect_game.h"
//   TEST(MyGame, MeetsTheContract) {
//     retrace::sim::registerGame<my_game::Game>();
//     EXPECT_GAME_MEETS_CONTRACT("my-game");
//   }
//
// It plays the registered game through every check of sim/contract.h (determinism, snapshots,
// loading, clones, fields, configurations, speed limits, events, rounds, scenes, the oracle) and
// fails naming each promise the game breaks, with the sentence that says how; the same checks
// as `retrace games --check`. A second argument names the configuration to play.

#include <string_view>

#include <gtest/gtest.h>

namespace retrace::testing {

/// Success, or the list of the promises the registered game of that name breaks, playing its
/// named configuration `config` (its default when empty).
[[nodiscard]] ::testing::AssertionResult gameMeetsContract(std::string_view name, std::string_view config = {});

}  // namespace retrace::testing

/// EXPECT_GAME_MEETS_CONTRACT("my-game") or EXPECT_GAME_MEETS_CONTRACT("my-game", "hard").
#define EXPECT_GAME_MEETS_CONTRACT(...) EXPECT_TRUE(::retrace::testing::gameMeetsContract(__VA_ARGS__))
#define ASSERT_GAME_MEETS_CONTRACT(...) ASSERT_TRUE(::retrace::testing::gameMeetsContract(__VA_ARGS__))
