#pragma once
// Ctrl+C or kill during a long job of the tools: a hunt, a shrink, a clip or a contact sheet.
// Killed outright, a hunt said nothing of what it had played, a shrink lost what it had found,
// and a clip left OUT.partial behind, which the next run refused to write over. Caught, the job
// stops where it can (between two runs, candidates or frames), keeps or takes away what it had
// made and says so, and the process still ends by the signal, as a shell running it in a loop
// expects.

namespace retrace::recorder {

/// Catches SIGINT (unless the process was started with it ignored, as a shell's background job
/// is) and SIGTERM while it lives, once each: a second one ends the process at once, for a job
/// that is slow to stop. Restores what was there before when it goes. One at a time.
class InterruptCatcher {
 public:
  InterruptCatcher();
  ~InterruptCatcher();
  InterruptCatcher(const InterruptCatcher&) = delete;
  InterruptCatcher& operator=(const InterruptCatcher&) = delete;

  /// Whether a signal it catches has arrived: what a job asks between its steps.
  [[nodiscard]] static bool caught() noexcept;
  /// Ends the process by the signal caught: what it did before the catcher now happens.
  [[noreturn]] void endByTheSignal();
};

}  // namespace retrace::recorder
