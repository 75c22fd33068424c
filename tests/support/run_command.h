#pragma once
// Runs one of our programs as a user would, through the shell, and keeps what it printed (or
// measures its memory).

#include <array>
#include <cstdio>
#include <string>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace retrace::testing {

/// What a command printed (stdout and stderr together) and how it exited.
struct CommandRun {
  int exitCode = -1;  ///< -1 when it did not exit normally (a signal, an abort)
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

/// Runs `commandLine` keeping what it printed on stdout alone (runCommand's own 2>&1 would
/// bring a redirection's stderr back into the output).
inline CommandRun runCommandStdout(const std::string& commandLine) { return runCommand("{ " + commandLine + " 2>/dev/null; }"); }

/// Runs `commandLine` keeping what it printed on stderr alone.
inline CommandRun runCommandStderr(const std::string& commandLine) {
  return runCommand("{ " + commandLine + " 2>&1 >/dev/null; }");
}

/// Runs `commandLine` (its own redirections included) as the process itself, `exec`ed by the
/// shell, and gives its peak resident memory in kilobytes (-1 when it did not exit normally).
inline long measurePeakKilobytes(const std::string& commandLine) {
  const std::string script = "exec " + commandLine;  // before the fork, as the child may not allocate
  const pid_t child = ::fork();
  if (child == 0) {
    ::execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  if (child < 0) return -1;
  int status = 0;
  struct rusage usage {};
  if (::wait4(child, &status, 0, &usage) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  return usage.ru_maxrss;  // kilobytes on Linux
}

}  // namespace retrace::testing
