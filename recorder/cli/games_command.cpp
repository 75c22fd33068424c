// `retrace games`: the games this build has, from the registry, with what a user may ask of
// each: its configurations, its buttons and its declared speed limits. Scripts take the names
// from `retrace games --names` rather than keeping a list of their own.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "recorder/cli/command.h"
#include "recorder/parse.h"
#include "sim/game.h"

namespace retrace::recorder::cli {
namespace {

struct GamesOptions {
  bool names = false;
};

ExitCode runGames(const GamesOptions& options) {
  for (const sim::GameDefinition* game : sim::listGames()) {
    const std::string name(game->name());
    if (options.names) {
      std::printf("%s\n", name.c_str());
      continue;
    }
    std::printf("%s (rules %u): configurations %s; buttons %s\n", name.c_str(), game->rulesVersion(), joinNames(game->configNames()).c_str(),
                joinNames(game->inputNames()).c_str());
    std::string limits;
    for (const sim::LimitDescription& limit : game->speedLimits()) limits += (limits.empty() ? "" : "; ") + limit.rule;
    std::printf("  speed limits: %s\n", limits.empty() ? "none" : limits.c_str());
    std::vector<const char*> events;
    for (const sim::EventSchema& schema : game->eventSchemas()) events.push_back(schema.name);
    std::printf("  events: %s\n", joinNames(events).c_str());
    std::string fields;
    for (const sim::Field& field : game->describeConfig(*game->findConfig(game->configNames().front()))) {
      fields += (fields.empty() ? "" : ", ") + field.name + "=" + sim::formatField(field);
    }
    std::printf("  --set NAME=VALUE, defaults: %s\n", fields.c_str());
  }
  return ExitCode::kOk;
}

}  // namespace

void attachGamesCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<GamesOptions>();
  command.add_flag("--names", options->names, "one name per line, for scripts");
  command.callback([options, &outExit] { outExit = runGames(*options); });
}

}  // namespace retrace::recorder::cli
