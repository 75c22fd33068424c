// `retrace`: a thin main over the command table; every command lives in its own file.
#include <cstdio>
#include <string_view>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "recorder/command.h"
#include "recorder/parse.h"

using retrace::recorder::ExitCode;

int main(int argc, char** argv) {
  // Diagnostics go to stderr so stdout stays the command's own output (JSON, reports). stdout
  // is line-buffered even into a pipe, so that a CI log joining both streams keeps their order:
  // `verify a.rtr missing.rtr b.rtr` names missing.rtr between the two reports, not first.
  std::setvbuf(stdout, nullptr, _IOLBF, BUFSIZ);
  spdlog::set_default_logger(spdlog::stderr_color_st("retrace"));
  spdlog::set_pattern("%v");
  CLI::App app{"retrace: deterministic replay and regression testing for 2D arcade collision code"};
  app.require_subcommand(1);
  app.fallthrough();  // -v and -q work after the command name too
  bool verbose = false;
  bool quiet = false;
  app.add_flag("-v,--verbose", verbose, "log debug detail");
  app.add_flag("-q,--quiet", quiet, "log errors only");
  app.set_version_flag("--version", retrace::recorder::describeVersion("retrace"));
  ExitCode exit = ExitCode::kOk;
  retrace::recorder::attachCommands(app, exit);
  app.parse_complete_callback([&] {
    spdlog::set_level(quiet ? spdlog::level::err : verbose ? spdlog::level::debug : spdlog::level::info);
  });
  // The first word that is no option must be a command; CLI11 would say only "A subcommand is
  // required" (or that the word was not expected).
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word.starts_with('-')) continue;
    if (!retrace::recorder::isCommandName(word)) {
      std::fprintf(stderr, "retrace: %s is not a command; the commands are %s (see retrace --help)\n",
                   retrace::recorder::quoteForMessage(word).c_str(), retrace::recorder::listCommandNames().c_str());
      return static_cast<int>(ExitCode::kBadInput);
    }
    break;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& success) {
    return app.exit(success);  // --help: printed, exit 0
  } catch (const CLI::ParseError& error) {
    std::fprintf(stderr, "retrace: %s (see retrace --help)\n", error.what());
    return static_cast<int>(ExitCode::kBadInput);
  }
  return static_cast<int>(exit);
}
