#pragma once
// Ctrl+C or kill during a long render (--gif, --sheet). Killed outright, the viewer left
// OUT.partial behind, which the next run then refuses to write over; caught, the render stops
// between two frames, its unfinished file goes with it, and the process still ends by the
// signal, as a shell running it in a loop expects.

namespace retrace::viewer {

/// Catches SIGINT (unless the process was started with it ignored, as a shell's background job
/// is) and SIGTERM while it lives; restores what was there before when it goes.
class InterruptCatcher {
 public:
  InterruptCatcher();
  ~InterruptCatcher();
  InterruptCatcher(const InterruptCatcher&) = delete;
  InterruptCatcher& operator=(const InterruptCatcher&) = delete;

  /// Whether a signal it catches has arrived: what a render asks between frames.
  [[nodiscard]] static bool caught() noexcept;
  /// Ends the process by the signal caught: what it did before the catcher (by default, end the
  /// process) now happens.
  [[noreturn]] void endByTheSignal();
};

}  // namespace retrace::viewer
