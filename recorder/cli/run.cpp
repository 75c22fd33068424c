#include "recorder/cli/run.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "recorder/cli/command.h"
#include "recorder/parse.h"
#include "recorder/recorder.h"
#include "sim/game.h"

namespace retrace::recorder::cli {
namespace {

/// The first word that is no option, when it names no command: CLI11 would say only "A
/// subcommand is required" (or that the word was not expected).
std::optional<std::string_view> findUnknownCommand(std::span<char*> arguments) {
  for (const char* argument : arguments) {
    const std::string_view word = argument;
    if (word.starts_with('-')) continue;
    if (!isCommandName(word)) return word;
    return std::nullopt;
  }
  return std::nullopt;
}

/// The first option before any command word that is none of retrace's own (-v, -q, --help,
/// --version): a command's option given before its command, which CLI11 would read as the
/// command's name ("'5' is not a command" for `--seed 5`).
std::optional<std::string_view> findOptionBeforeCommand(std::span<char*> arguments) {
  for (const char* argument : arguments) {
    const std::string_view word = argument;
    if (!word.starts_with('-')) return std::nullopt;
    const std::string_view option = word.substr(0, word.find('='));
    constexpr std::array<std::string_view, 7> kOwn = {"-v", "--verbose", "-q", "--quiet", "-h", "--help", "--version"};
    if (std::find(kOwn.begin(), kOwn.end(), option) == kOwn.end()) return option;
  }
  return std::nullopt;
}

/// Why the words cannot be a command line, said before CLI11 reads them: a byte a terminal
/// would act on, a command's option before its command, or a first word that names no command.
std::optional<std::string> refuseArguments(const std::string& name, std::span<char*> arguments) {
  if (auto problem = findUnprintableArgument(arguments)) return problem;
  if (auto early = findOptionBeforeCommand(arguments)) {
    return quoteForMessage(*early) + " is no option of " + name + " itself; a command's options follow it (" + name +
           " COMMAND " + std::string(*early) + " ...), and the commands are " + listCommandNames() + " (see " + name + " --help)";
  }
  if (auto unknown = findUnknownCommand(arguments)) {
    return quoteForMessage(*unknown) + " is not a command; the commands are " + listCommandNames() + " (see " + name + " --help)";
  }
  return std::nullopt;
}

/// The words of a command line neither `command` nor retrace itself took.
std::vector<std::string> listUntakenWords(const CLI::App& app, const CLI::App& command) {
  std::vector<std::string> words = command.remaining();
  for (std::string& word : app.remaining()) words.push_back(std::move(word));
  return words;
}

/// Every option `command` takes, written with its dashes, and retrace's own, which may follow it.
std::vector<std::string> listOptionNames(const CLI::App& app, const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::App* owner : {&command, &app}) {
    for (const CLI::Option* option : owner->get_options()) {
      for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
      for (const std::string& name : option->get_snames()) names.push_back("-" + name);
    }
  }
  return names;
}

/// Whether some game of this build has an event kind of this name.
bool isEventKindName(std::string_view word) {
  for (const sim::GameDefinition* game : sim::listGames()) {
    const auto schemas = game->eventSchemas();
    if (std::any_of(schemas.begin(), schemas.end(), [&](const sim::EventSchema& s) { return word == s.name; })) return true;
  }
  return false;
}

/// For a command given, as a word of its own, what one of its options names (`retrace record
/// GAME`, `retrace events a.rtr KIND`): how that is named; empty otherwise.
std::string hintOptionWord(const CLI::App& app, const CLI::App& command) {
  const bool takesGame = command.get_option_no_throw("--game") != nullptr;
  const bool takesKind = command.get_option_no_throw("--kind") != nullptr;
  for (const std::string& word : listUntakenWords(app, command)) {
    if (takesGame && sim::findGame(word) != nullptr) return "; a game is named with --game (--game " + word + ")";
    if (takesKind && isEventKindName(word)) return "; an event kind is named with --kind (--kind " + word + ")";
  }
  return {};
}

/// For a required option not given while a word was left over, most likely its value typed
/// without it (`retrace show a.rtr 100`, `retrace trace a.rtr ball.vy`): how to give it; empty
/// otherwise: for a word that names a file (more likely a replay in the wrong place), and for an
/// output, unless the word is a replay's name (`shrink a.rtr min.rtr`, not `record --game GAME 100`).
std::string hintRequiredWord(const CLI::App& app, const CLI::App& command) {
  const std::vector<std::string> words = listUntakenWords(app, command);
  const auto word = std::find_if(words.begin(), words.end(), [](const std::string& w) { return !w.starts_with('-'); });
  std::error_code error;
  if (word == words.end() || std::filesystem::exists(*word, error)) return {};
  for (const CLI::Option* option : command.get_options()) {
    if (!option->get_required() || option->count() > 0 || option->get_lnames().empty()) continue;
    if (option->check_lname("output") && !word->ends_with(".rtr")) return {};
    // The word as typed, where a shell takes it so (the command line's own, already printable).
    const bool plain = word->size() <= 100 && word->find_first_not_of(
                                                  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                  "0123456789._:[]*=/+-") == std::string::npos;
    return "; did you mean --" + option->get_lnames().front() + " " + (plain ? *word : quoteForMessage(*word)) + "?";
  }
  return {};
}

/// Diagnostics go to stderr, through a logger of the program's name, so stdout stays the
/// command's own output (JSON, reports).
void routeOutput(const std::string& name) {
  // stdout is line-buffered even into a pipe, so that a CI log joining both streams keeps their
  // order: `verify a.rtr missing.rtr b.rtr` names missing.rtr between the two reports, not first.
  // Once: a stream's buffering may be set only before its first output, and a game's own
  // program or test may run the command line more than once.
  static const bool kLineBuffered = std::setvbuf(stdout, nullptr, _IOLBF, BUFSIZ) == 0;
  (void)kLineBuffered;
  // Made directly rather than by spdlog's factory, which refuses a second logger of one name.
  spdlog::set_default_logger(std::make_shared<spdlog::logger>(name, std::make_shared<spdlog::sinks::stderr_color_sink_st>()));
  spdlog::set_pattern("%v");
}

/// One sentence when stdout did not take all that the command printed (a full disk, a closed
/// pipe): a result cut short is no result, whatever the command found.
std::optional<std::string> checkOutputWritten() {
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  if (flushed && std::ferror(stdout) == 0) return std::nullopt;
  const int error = firstOutputError() != 0 ? firstOutputError() : errno;
  return error == 0 ? std::string("its output could not be written in full")
                    : "its output could not be written in full: " + std::string(std::strerror(error));
}

}  // namespace

int runCommandLine(std::string_view program, int argc, char** argv) {
  const std::string name(program);
  setProgramName(name);
  routeOutput(name);
  // What checkOutputWritten finds is this command's: not a write its host program failed before.
  std::clearerr(stdout);
  firstOutputError() = 0;
  CLI::App app{name + ": deterministic replay and regression testing for 2D arcade collision code", name};
  app.require_subcommand(1);
  app.fallthrough();  // -v and -q work after the command name too
  bool verbose = false;
  bool quiet = false;
  app.add_flag("-v,--verbose", verbose, "log debug detail");
  app.add_flag("-q,--quiet", quiet, "log errors only");
  app.set_version_flag("--version", describeVersion(program));
  ExitCode exit = ExitCode::kOk;
  attachCommands(app, exit);
  app.parse_complete_callback([&] {
    spdlog::set_level(quiet ? spdlog::level::err : verbose ? spdlog::level::debug : spdlog::level::info);
    for (const std::string& refusal : describeRefusedGames()) spdlog::warn("{}: {}", name, refusal);
  });
  if (auto refusal = refuseArguments(name, std::span(argv + 1, argv + argc))) {
    printErr("{}: {}\n", name, *refusal);
    return static_cast<int>(ExitCode::kBadInput);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& success) {
    return app.exit(success);  // --help: printed, exit 0
  } catch (const CLI::ParseError& error) {
    if (app.get_subcommands().empty()) {
      // No command word at all (CLI11 says only "A subcommand is required").
      printErr("{}: name a command: {} (see {} --help)\n", name, listCommandNames(), name);
      return static_cast<int>(ExitCode::kBadInput);
    }
    // The command's own help explains its options: "retrace record: --ticks: ... (see retrace record --help)".
    const CLI::App& command = *app.get_subcommands().front();
    const std::string where = name + " " + command.get_name();
    // CLI11 says only that words were not expected ("--tick 10"): the option is named, and what it was meant as.
    auto unknown = describeUnknownOption(listUntakenWords(app, command), listOptionNames(app, command));
    const std::string named = hintOptionWord(app, command);
    const std::string problem = unknown ? *unknown : error.what() + (named.empty() ? hintRequiredWord(app, command) : named);
    printErr("{}: {} (see {} --help)\n", where, problem, where);
    return static_cast<int>(ExitCode::kBadInput);
  }
  if (auto problem = checkOutputWritten()) {
    spdlog::error("{} {}: {}", name, app.get_subcommands().front()->get_name(), *problem);
    return static_cast<int>(ExitCode::kBadInput);
  }
  return static_cast<int>(exit);
}

}  // namespace retrace::recorder::cli
