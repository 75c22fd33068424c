#pragma once
// A programmer-error check that stays on in every build type (RelWithDebInfo included):
// a broken precondition in the simulation must stop loudly, never drift a replay quietly.

namespace retrace::sim {

/// Reports a failed check on stderr and aborts; never returns.
[[noreturn]] void failCheck(const char* expression, const char* file, int line) noexcept;

}  // namespace retrace::sim

#define RETRACE_CHECK(condition) ((condition) ? static_cast<void>(0) : ::retrace::sim::failCheck(#condition, __FILE__, __LINE__))
