#pragma once
// retrace-view as one call, for retrace's own viewer and for a game's: register the games the
// binary knows (sim/registry.h), then hand it the arguments.
//
//   retrace-view FILE [--verify] [--compare OTHER]      interactive playback
//   retrace-view FILE --png OUT.png --tick N             one frame, headless
//   retrace-view FILE --sheet OUT.png --from A --to B [--every K]
//   retrace-view --play GAME [--config NAME] [--seed N] -o OUT.rtr
//
// Exit status: 0 fine, 2 bad input or usage (one sentence naming the file and the problem).

#include <string_view>

namespace retrace::viewer {

/// Runs the viewer on the arguments for every registered game; returns the exit status.
/// `program` names the binary in messages.
[[nodiscard]] int runViewer(std::string_view program, int argc, char** argv);

}  // namespace retrace::viewer
