#pragma once
// Runs retrace's command line in the test's own process, as a game's binary does after it
// registers its game (runCommandLine), and keeps what it printed.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/cli/run.h"

namespace retrace::testing {

/// How a command line run in process exited, and what it wrote to stdout and to stderr.
struct InProcessRun {
  int status = 0;
  std::string out;
  std::string err;
};

/// Runs `words` (the arguments after the program's name) through runCommandLine.
inline InProcessRun runInProcess(std::vector<std::string> words) {
  words.insert(words.begin(), "game-retrace");
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  const int status = recorder::cli::runCommandLine("game-retrace", static_cast<int>(argv.size()), argv.data());
  std::string err = ::testing::internal::GetCapturedStderr();
  return {status, ::testing::internal::GetCapturedStdout(), std::move(err)};
}

}  // namespace retrace::testing
