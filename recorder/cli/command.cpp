#include "recorder/cli/command.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <utility>
#include <variant>

#include <spdlog/spdlog.h>

#include "recorder/format.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/processors.h"
#include "recorder/recorder.h"

namespace retrace::recorder::cli {
namespace {

constexpr std::array kCommands{
    CommandSpec{"record", "Play a game with bot, random or scripted input and write a replay", attachRecordCommand},
    CommandSpec{"verify", "Re-simulate replays; report the first divergence and any tunnel", attachVerifyCommand},
    CommandSpec{"info", "What a replay holds: game, ticks, size, events, completeness", attachInfoCommand},
    CommandSpec{"dump", "The whole replay as JSON", attachDumpCommand},
    CommandSpec{"show", "The whole state at a tick, field by field, with its input, events and tunnels", attachShowCommand},
    CommandSpec{"events", "The events of a replay, by tick range and kind, counted per kind", attachEventsCommand},
    CommandSpec{"trace", "A field's value on every tick of a range (columns or CSV)", attachTraceCommand},
    CommandSpec{"find", "The ticks where a condition over the state's fields holds", attachFindCommand},
    CommandSpec{"diff", "The first tick where two replays differ", attachDiffCommand},
    CommandSpec{"hunt",
                "Play many perturbed games looking for a failure (a tunnel unless --until names another); save each as a replay",
                attachHuntCommand},
    CommandSpec{"shrink", "Make a failing replay's input as small as possible while it still fails", attachShrinkCommand},
    CommandSpec{"approve", "Re-record golden replays with the current simulation (--check for CI)", attachApproveCommand},
    CommandSpec{"sweep", "Time of impact of a box moving against another (swept AABB)", attachSweepCommand},
    CommandSpec{"games", "The games this build has: configurations, buttons, speed limits", attachGamesCommand},
};

}  // namespace

void attachCommands(CLI::App& app, ExitCode& outExit) {
  for (const CommandSpec& spec : kCommands) spec.attach(*app.add_subcommand(spec.name, spec.description), outExit);
  readUnsignedOptionsAsDecimal(app);
}

std::string quoteForShell(const std::string& word) {
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || std::string_view("_-.:/=+,").find(c) != std::string_view::npos;
  });
  if (plain) return word;
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string listCommandNames() {
  std::string names;
  for (const CommandSpec& spec : kCommands) names += (names.empty() ? "" : ", ") + std::string(spec.name);
  return names;
}

bool isCommandName(std::string_view word) {
  return std::any_of(kCommands.begin(), kCommands.end(), [word](const CommandSpec& spec) { return word == spec.name; });
}

void readUnsignedOptionsAsDecimal(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    // A transform runs before the option's checks (ranges), which then see the canonical text.
    if (auto transform = chooseOptionTransform(option->get_type_name())) option->transform(CLI::Validator(transform, ""));
  }
  for (CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; })) readUnsignedOptionsAsDecimal(*command);
}

unsigned countDefaultJobs() noexcept { return std::min(kMostJobs, countUsableProcessors()); }

ExitCode refuseInput(std::string_view command, std::string_view sentence) {
  spdlog::error("{} {}: {}", programName(), command, sentence);
  return ExitCode::kBadInput;
}

ExitCode refuseUnanswered(std::string_view command, std::string_view file, const Unanswered& problem) {
  spdlog::error("{} {}: {}{}{}", programName(), command, file, file.empty() ? "" : " ", problem.sentence);
  return problem.diverged ? ExitCode::kFailed : ExitCode::kBadInput;
}

}  // namespace retrace::recorder::cli
