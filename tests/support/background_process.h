#pragma once
// A program started in the background as a child of the test, so that the test knows when it has
// ended and how (an exit status or a signal), and never signals a process id that another program
// has since been given (a child's id is not reused until the test reaps it).

#include <cerrno>
#include <chrono>
#include <csignal>
#include <optional>
#include <string>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

namespace retrace::testing {

class BackgroundProcess {
 public:
  /// Starts `commandLine` (its own redirections included) in `folder` (the test's own when
  /// empty) through the shell, which `exec`s it, so that the process is the program itself.
  explicit BackgroundProcess(const std::string& commandLine, const std::string& folder = "") {
    // Built before the fork: the child of a process with threads may not allocate.
    const std::string script = "exec " + commandLine;
    pid_ = ::fork();
    if (pid_ == 0) {
      if (!folder.empty() && ::chdir(folder.c_str()) != 0) ::_exit(126);
      ::execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
  }
  ~BackgroundProcess() {
    if (running()) ::kill(pid_, SIGKILL);
    if (pid_ > 0 && !status_) ::waitpid(pid_, nullptr, 0);
  }
  BackgroundProcess(const BackgroundProcess&) = delete;
  BackgroundProcess& operator=(const BackgroundProcess&) = delete;

  [[nodiscard]] pid_t pid() const { return pid_; }
  /// Whether it has not ended yet (reaping it once it has).
  [[nodiscard]] bool running() const {
    if (pid_ <= 0 || status_) return false;
    int status = 0;
    const pid_t reaped = ::waitpid(pid_, &status, WNOHANG);
    if (reaped == 0 || (reaped < 0 && errno == EINTR)) return true;
    // Reaped, or gone without a status to read (ECHILD: children reaped for us): ended either way.
    status_ = reaped == pid_ ? status : kNoStatus;
    return false;
  }
  /// Whether it ended within `limit`.
  [[nodiscard]] bool waitEnd(std::chrono::milliseconds limit) const {
    for (auto waited = std::chrono::milliseconds(0); running() && waited < limit; waited += std::chrono::milliseconds(50))
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return !running();
  }
  /// Sends `signal` while it runs.
  void signal(int signal) const {
    if (running()) ::kill(pid_, signal);
  }
  /// How it ended ("exited with 0", "killed by signal 11"), or "still running", for a failure's
  /// message.
  [[nodiscard]] std::string describe() const {
    if (pid_ <= 0) return "never started";
    if (running()) return "still running";
    if (*status_ == kNoStatus) return "ended, how not known";
    if (WIFEXITED(*status_)) return "exited with " + std::to_string(WEXITSTATUS(*status_));
    if (WIFSIGNALED(*status_)) return "killed by signal " + std::to_string(WTERMSIG(*status_));
    return "ended";
  }

 private:
  static constexpr int kNoStatus = -1;  ///< what status_ holds when the process ended unreaped (no wait status is -1)
  pid_t pid_ = -1;
  mutable std::optional<int> status_;  ///< its wait status, once reaped
};

}  // namespace retrace::testing
