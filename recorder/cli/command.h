#pragma once
// The `retrace` sub-commands are rows in one table (name, description, how to attach them),
// as in Ninja's tool table. Each attaches its options to a CLI11 sub-app and, when run,
// stores its exit code: 0 fine, 1 diverged or invariant broken, 2 bad input or usage.

#include <cerrno>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include "recorder/program_name.h"

namespace retrace::recorder {
struct Unanswered;
}

namespace retrace::recorder::cli {

/// Exit codes shared by every command.
enum class ExitCode : int { kOk = 0, kFailed = 1, kBadInput = 2 };

/// One row of the command table.
struct CommandSpec {
  const char* name;
  const char* description;
  void (*attach)(CLI::App& command, ExitCode& outExit);
};

/// Adds every `retrace` sub-command to `app`; each stores its exit code in `outExit` when run.
void attachCommands(CLI::App& app, ExitCode& outExit);

/// The names of the commands, joined for a message ("record, verify, ...").
[[nodiscard]] std::string listCommandNames();
/// True when `word` names a command.
[[nodiscard]] bool isCommandName(std::string_view word);
/// A word as a shell takes it whole, for a command a sentence suggests: as it is when it is
/// plain, else in single quotes.
[[nodiscard]] std::string quoteForShell(const std::string& word);

/// Makes every unsigned option of `app` and of its sub-commands take decimal digits only, and
/// every tick option (type name TICK) a tick's count or its time as printed (parseTick).
/// CLI11 2.1 converts through strtoull in base 0, which reads "-1" as 18446744073709551615,
/// "010" as octal 8 and 2^64 as 2^64 - 1: a negative count would run for ever, and a
/// zero-padded seed would play another game than the one named.
void readUnsignedOptionsAsDecimal(CLI::App& app);

// The name the command line runs under ("retrace", or a game's own program's), which begins
// every sentence it says and the commands those and the library's suggest; runCommandLine sets
// it first.
using recorder::programName;
using recorder::setProgramName;

/// Says why a command cannot go on, one line on stderr ("retrace show: SENTENCE"), and gives
/// the exit code for bad input.
ExitCode refuseInput(std::string_view command, std::string_view sentence);
/// Prints why a replay cannot answer a question ("retrace show: a.rtr no longer re-simulates
/// ..."; `file` before the sentence unless empty) and returns 1 when this build no longer
/// re-simulates the recording as it was recorded, else 2.
ExitCode refuseUnanswered(std::string_view command, std::string_view file, const Unanswered& problem);

/// The errno of the first write to stdout that failed, 0 while none has.
[[nodiscard]] inline int& firstOutputError() noexcept {
  static int error = 0;
  return error;
}

/// Prints part of a command's result on stdout, as fmt::print would, but a write that fails (a
/// full disk, a closed pipe) does not throw: runCommandLine checks stdout once, at the end, and
/// turns a failure into one sentence and exit 2.
template <typename... Args>
void printOut(fmt::format_string<Args...> format, Args&&... args) {
  const std::string text = fmt::format(format, std::forward<Args>(args)...);
  // A line-buffered write takes the whole line into the buffer and fails in its flush, which
  // only the stream's error flag tells: errno says why only until the next call that sets it.
  const bool whole = std::fwrite(text.data(), 1, text.size(), stdout) == text.size();
  if ((!whole || std::ferror(stdout) != 0) && firstOutputError() == 0) firstOutputError() = errno;
}
/// printOut for stderr: a progress line, or a sentence said before any logger exists.
template <typename... Args>
void printErr(fmt::format_string<Args...> format, Args&&... args) {
  const std::string text = fmt::format(format, std::forward<Args>(args)...);
  (void)std::fwrite(text.data(), 1, text.size(), stderr);
}

/// The most --jobs a command takes.
inline constexpr unsigned kMostJobs = 256;
/// What --jobs is when not given: a thread for each processor the command may run on, as
/// many as it takes.
[[nodiscard]] unsigned countDefaultJobs() noexcept;

/// The more severe of two exit codes (bad input over divergence over success).
[[nodiscard]] constexpr ExitCode worse(ExitCode a, ExitCode b) noexcept {
  return static_cast<int>(a) > static_cast<int>(b) ? a : b;
}

/// `retrace sweep`: time of impact of one box moving against another.
void attachSweepCommand(CLI::App& command, ExitCode& outExit);
/// `retrace record`: plays a game with bot, random or scripted input and writes a replay.
void attachRecordCommand(CLI::App& command, ExitCode& outExit);
/// `retrace verify`: re-simulates replays and reports the first divergence and any tunnel.
void attachVerifyCommand(CLI::App& command, ExitCode& outExit);
/// `retrace info`: what a replay holds.
void attachInfoCommand(CLI::App& command, ExitCode& outExit);
/// `retrace dump --json`: the whole replay as JSON.
void attachDumpCommand(CLI::App& command, ExitCode& outExit);
/// `retrace approve`: re-records golden replays with the current simulation, on consent.
void attachApproveCommand(CLI::App& command, ExitCode& outExit);
/// `retrace hunt`: plays many perturbed games and saves every tunnel found as a replay.
void attachHuntCommand(CLI::App& command, ExitCode& outExit);
/// `retrace shrink`: the smallest input that still shows a failure.
void attachShrinkCommand(CLI::App& command, ExitCode& outExit);
/// `retrace diff`: the first tick where two replays differ.
void attachDiffCommand(CLI::App& command, ExitCode& outExit);
/// `retrace show`: the whole state at a tick.
void attachShowCommand(CLI::App& command, ExitCode& outExit);
/// `retrace events`: a replay's events by range and kind.
void attachEventsCommand(CLI::App& command, ExitCode& outExit);
/// `retrace trace`: fields' values tick by tick.
void attachTraceCommand(CLI::App& command, ExitCode& outExit);
/// `retrace find`: the ticks where a condition over fields holds.
void attachFindCommand(CLI::App& command, ExitCode& outExit);
/// `retrace games`: the games this build has, their configurations, buttons and limits.
void attachGamesCommand(CLI::App& command, ExitCode& outExit);

}  // namespace retrace::recorder::cli
