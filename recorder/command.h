#pragma once
// The `retrace` sub-commands are rows in one table (name, description, how to attach them),
// as in Ninja's tool table. Each attaches its options to a CLI11 sub-app and, when run,
// stores its exit code: 0 fine, 1 diverged or invariant broken, 2 bad input or usage.

#include <CLI/CLI.hpp>

namespace retrace::recorder {

/// Exit codes shared by every command.
enum class ExitCode : int { kOk = 0, kFailed = 1, kBadInput = 2 };

/// One row of the command table.
struct CommandSpec {
  const char* name;
  const char* description;
  void (*attach)(CLI::App& command, ExitCode& outExit);
};

/// `retrace sweep`: time of impact of one box moving against another.
void attachSweepCommand(CLI::App& command, ExitCode& outExit);

}  // namespace retrace::recorder
