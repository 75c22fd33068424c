#pragma once
// The `retrace` command line as one call, for retrace's own binary and for a game's: register
// the games the binary knows (sim/registry.h), then hand it the arguments.
//
//   int main(int argc, char** argv) {
//     retrace::sim::registerGame<my_game::Game>();
//     return retrace::recorder::cli::runCommandLine("my-game-retrace", argc, argv);
//   }

#include <string_view>

namespace retrace::recorder::cli {

/// Runs the command the arguments name, for every registered game; returns the exit status
/// (0 fine, 1 diverged or failed, 2 bad input or usage). `program` names the binary in messages.
[[nodiscard]] int runCommandLine(std::string_view program, int argc, char** argv);

}  // namespace retrace::recorder::cli
