#pragma once
// Runs one of our programs as a user would, through the shell, and keeps what it printed.

#include <array>
#include <cstdio>
#include <string>

#include <sys/wait.h>

namespace retrace::testing {

/// What a command printed (stdout and stderr together) and how it exited.
struct CommandRun {
  int exitCode = -1;   ///< -1 when it did not exit normally (a signal, an abort)
  std::string output;
};

/// Runs `commandLine` with stderr joined to stdout.
inline CommandRun runCommand(const std::string& commandLine) {
  CommandRun run;
  FILE* pipe = ::popen((commandLine + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return run;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) run.output += buffer.data();
  const int status = ::pclose(pipe);
  run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

}  // namespace retrace::testing
