// `retrace games`: the games this build has, from the registry, with what a user may ask of
// each: its configurations, its buttons and its declared speed limits. Scripts take the names
// from `retrace games --names` rather than keeping a list of their own. `--check` plays each
// game through the contract's checks (sim/contract.h), for a game of your own.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>

#include "recorder/cli/command.h"
#include "recorder/parse.h"
#include "sim/contract.h"
#include "sim/game.h"

namespace retrace::recorder::cli {
namespace {

struct GamesOptions {
  std::vector<std::string> games;  ///< only these; every game when empty
  bool names = false;
  bool check = false;
};

/// Plays a game through every check of the contract and prints what it breaks; true when nothing.
bool printContract(const sim::GameDefinition& game) {
  const auto problems = sim::checkGameContract(game);
  const auto checks = sim::contractChecks().size();
  const std::string name(game.name());
  if (problems.empty()) {
    std::printf("%s: keeps all %zu promises of the game contract\n", name.c_str(), checks);
    return true;
  }
  std::printf("%s: breaks %zu of the %zu promises of the game contract:\n", name.c_str(), problems.size(), checks);
  for (const sim::ContractProblem& problem : problems) std::printf("  %s: %s\n", problem.check.c_str(), problem.sentence.c_str());
  return false;
}

ExitCode runGames(const GamesOptions& options) {
  std::vector<const sim::GameDefinition*> games;
  for (const std::string& wanted : options.games) {
    const sim::GameDefinition* game = sim::findGame(wanted);
    if (game == nullptr) {
      spdlog::error("retrace games: there is no game {} (games: {})", quoteForMessage(wanted), joinGameNames());
      return ExitCode::kBadInput;
    }
    games.push_back(game);
  }
  if (options.games.empty()) games.assign(sim::listGames().begin(), sim::listGames().end());
  if (options.check) {
    bool kept = true;
    for (const sim::GameDefinition* game : games) kept = printContract(*game) && kept;
    return kept ? ExitCode::kOk : ExitCode::kFailed;
  }
  for (const sim::GameDefinition* game : games) {
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
  command.add_option("games", options->games, "only these games (default: every game)");
  CLI::Option* names = command.add_flag("--names", options->names, "one name per line, for scripts");
  command.add_flag("--check", options->check,
                   "play each game through the contract's checks (determinism, snapshots, loading, limits, scenes, ...) and name "
                   "every promise it breaks; exit 1 if any")
      ->excludes(names);
  command.callback([options, &outExit] { outExit = runGames(*options); });
}

}  // namespace retrace::recorder::cli
