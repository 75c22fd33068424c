#include "viewer/interrupt.h"

#include <csignal>
#include <cstdlib>

namespace retrace::viewer {
namespace {

/// The signal caught, 0 before any: all a handler may safely touch.
volatile std::sig_atomic_t gCaught = 0;

extern "C" void noteSignal(int signal) { gCaught = signal; }

/// The signals caught, and what each had before.
constexpr int kSignals[] = {SIGINT, SIGTERM};
struct sigaction gBefore[2];
bool gInstalled[2] = {false, false};

}  // namespace

InterruptCatcher::InterruptCatcher() {
  gCaught = 0;
  for (int i = 0; i < 2; ++i) {
    (void)::sigaction(kSignals[i], nullptr, &gBefore[i]);
    // A signal ignored from the start stays ignored: the shell meant it so.
    if (gBefore[i].sa_handler == SIG_IGN) continue;
    struct sigaction caught {};
    caught.sa_handler = noteSignal;
    ::sigemptyset(&caught.sa_mask);
    gInstalled[i] = ::sigaction(kSignals[i], &caught, nullptr) == 0;
  }
}

InterruptCatcher::~InterruptCatcher() {
  for (int i = 0; i < 2; ++i) {
    if (gInstalled[i]) (void)::sigaction(kSignals[i], &gBefore[i], nullptr);
    gInstalled[i] = false;
  }
}

bool InterruptCatcher::caught() noexcept { return gCaught != 0; }

void InterruptCatcher::endByTheSignal() {
  const int signal = gCaught != 0 ? static_cast<int>(gCaught) : SIGTERM;
  for (int i = 0; i < 2; ++i) {
    if (gInstalled[i]) (void)::sigaction(kSignals[i], &gBefore[i], nullptr);
    gInstalled[i] = false;
  }
  (void)std::raise(signal);
  std::_Exit(128 + signal);  // a handler from before that returned: end as the shell would say it
}

}  // namespace retrace::viewer
