#include "recorder/interrupt.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>

namespace retrace::recorder {
namespace {

/// The signal caught, 0 before any: lock-free, so that the handler may set it and any thread
/// (a hunt's workers) read it.
std::atomic<int> gCaught{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void noteSignal(int signal) { gCaught.store(signal); }

/// The signals caught, what each did before, and whether the catcher replaced it.
constexpr int kSignals[] = {SIGINT, SIGTERM};
struct sigaction gBefore[2];
bool gInstalled[2] = {false, false};

/// Puts back what each signal did before the catcher.
void restoreHandlers() {
  for (int i = 0; i < 2; ++i) {
    if (gInstalled[i]) (void)::sigaction(kSignals[i], &gBefore[i], nullptr);
    gInstalled[i] = false;
  }
}

}  // namespace

InterruptCatcher::InterruptCatcher() {
  gCaught.store(0);
  for (int i = 0; i < 2; ++i) {
    (void)::sigaction(kSignals[i], nullptr, &gBefore[i]);
    // A signal ignored from the start stays ignored: the shell meant it so.
    if (gBefore[i].sa_handler == SIG_IGN) continue;
    struct sigaction caught {};
    caught.sa_handler = noteSignal;
    // Once: a second Ctrl+C ends a job that is slow to stop. Calls the signal came in the middle
    // of go on rather than fail with EINTR (a write to a pipe or terminal, a wait for the display;
    // a regular file's write is not interrupted).
    caught.sa_flags = static_cast<int>(SA_RESETHAND | SA_RESTART);
    ::sigemptyset(&caught.sa_mask);
    gInstalled[i] = ::sigaction(kSignals[i], &caught, nullptr) == 0;
  }
}

InterruptCatcher::~InterruptCatcher() { restoreHandlers(); }

bool InterruptCatcher::caught() noexcept { return gCaught.load() != 0; }

void InterruptCatcher::endByTheSignal() {
  const int signal = caught() ? gCaught.load() : SIGTERM;
  restoreHandlers();
  // What was said (a summary, the file saved) is not lost in a buffer the signal would drop.
  (void)std::fflush(nullptr);
  (void)std::raise(signal);
  std::_Exit(128 + signal);  // a handler from before that returned: end as the shell would say it
}

}  // namespace retrace::recorder
