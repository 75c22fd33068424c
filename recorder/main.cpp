// `retrace`: a thin main over the command table; every command lives in its own file.
#include <array>
#include <cstdio>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "recorder/command.h"

namespace {

using retrace::recorder::CommandSpec;
using retrace::recorder::ExitCode;

constexpr std::array kCommands{
    CommandSpec{"record", "Play a game with bot, random or scripted input and write a replay", retrace::recorder::attachRecordCommand},
    CommandSpec{"verify", "Re-simulate replays; report the first divergence and any tunnel", retrace::recorder::attachVerifyCommand},
    CommandSpec{"info", "What a replay holds: game, ticks, size, events, completeness", retrace::recorder::attachInfoCommand},
    CommandSpec{"dump", "The whole replay as JSON", retrace::recorder::attachDumpCommand},
    CommandSpec{"diff", "The first tick where two replays differ", retrace::recorder::attachDiffCommand},
    CommandSpec{"hunt", "Play many perturbed games looking for tunnels; save each as a replay", retrace::recorder::attachHuntCommand},
    CommandSpec{"shrink", "Make a failing replay's input as small as possible while it still fails", retrace::recorder::attachShrinkCommand},
    CommandSpec{"approve", "Re-record golden replays with the current simulation (--check for CI)", retrace::recorder::attachApproveCommand},
    CommandSpec{"sweep", "Time of impact of a box moving against another (swept AABB)", retrace::recorder::attachSweepCommand},
};

}  // namespace

int main(int argc, char** argv) {
  // Diagnostics go to stderr so stdout stays the command's own output (JSON, reports).
  spdlog::set_default_logger(spdlog::stderr_color_st("retrace"));
  spdlog::set_pattern("%v");
  CLI::App app{"retrace: deterministic replay and regression testing for 2D arcade collision code"};
  app.require_subcommand(1);
  app.fallthrough();  // -v and -q work after the command name too
  bool verbose = false;
  bool quiet = false;
  app.add_flag("-v,--verbose", verbose, "log debug detail");
  app.add_flag("-q,--quiet", quiet, "log errors only");
  ExitCode exit = ExitCode::kOk;
  for (const CommandSpec& spec : kCommands) spec.attach(*app.add_subcommand(spec.name, spec.description), exit);
  app.parse_complete_callback([&] {
    spdlog::set_level(quiet ? spdlog::level::err : verbose ? spdlog::level::debug : spdlog::level::info);
  });
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
