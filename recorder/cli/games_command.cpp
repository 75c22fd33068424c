// `retrace games`: the games this build has, from the registry, with what a user may ask of
// each: its configurations, its buttons and its declared speed limits. Scripts take the names
// from `retrace games --names` rather than keeping a list of their own. `--check` plays each
// game through the contract's checks (sim/contract.h), for a game of your own.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "recorder/cli/command.h"
#include "recorder/cli/field_json.h"
#include "recorder/parse.h"
#include "recorder/settings.h"
#include "sim/contract.h"
#include "sim/event_subjects.h"
#include "sim/game.h"

namespace retrace::recorder::cli {
namespace {

struct GamesOptions {
  std::vector<std::string> games;  ///< only these; every game when empty
  bool names = false;
  bool check = false;
  bool json = false;
  std::string config;                 ///< --check: the configuration to play (one game's)
  std::vector<std::string> settings;  ///< --check: NAME=VALUE changes to it
};

/// Plays a game through every check of the contract (in the configuration given, or its
/// default) and prints what it breaks (as a JSON line with `json`); true when nothing.
bool printContract(const sim::GameDefinition& game, const std::optional<sim::ConfigValues>& played, bool json) {
  const auto problems = sim::checkGameContract(game, played);
  const auto checks = sim::contractChecks().size();
  if (json) {
    nlohmann::ordered_json out{{"game", std::string(game.name())}};
    if (played) out["configuration"] = played->name;
    out["promises"] = checks;
    out["broken"] = nlohmann::ordered_json::array();
    for (const sim::ContractProblem& problem : problems)
      out["broken"].push_back(nlohmann::ordered_json{{"check", problem.check}, {"sentence", problem.sentence}});
    printOut("{}\n", out.dump());
    return problems.empty();
  }
  const std::string name = std::string(game.name()) + (played ? " (" + played->name + ")" : "");
  if (problems.empty()) {
    printOut("{}: keeps all {} promises of the game contract\n", name, checks);
    return true;
  }
  printOut("{}: breaks {} of the {} promises of the game contract:\n", name, problems.size(), checks);
  for (const sim::ContractProblem& problem : problems) printOut("  {}: {}\n", problem.check, problem.sentence);
  return false;
}

/// Prints a game the registry refused, and why, as --check prints a game's broken promises.
void printRefusal(const sim::RefusedGame& refused, bool json) {
  if (json)
    printOut("{}\n", nlohmann::ordered_json{{"game", refused.name}, {"refused", refused.reason}}.dump());
  else
    printOut("{}: refused when it was registered: {}\n", quoteForMessage(refused.name), refused.reason);
}

/// The games asked about, and the names among them the registry refused.
struct AskedGames {
  std::vector<const sim::GameDefinition*> games;
  std::vector<sim::RefusedGame> refused;
};

/// The games named (every game, and every refusal, when none is), or the sentence for a name
/// no game has. A refused game breaks the contract, so only --check takes its name.
std::variant<AskedGames, std::string> findAskedGames(const GamesOptions& options) {
  AskedGames asked;
  if (options.games.empty()) {
    asked.games.assign(sim::listGames().begin(), sim::listGames().end());
    asked.refused.assign(sim::listRefusedGames().begin(), sim::listRefusedGames().end());
    return asked;
  }
  for (const std::string& wanted : options.games) {
    if (const sim::GameDefinition* game = sim::findGame(wanted)) {
      asked.games.push_back(game);
      continue;
    }
    const auto reason = sim::findRefusal(wanted);
    if (!options.check || !reason) return describeMissingGame(wanted);
    asked.refused.push_back({wanted, *reason});
  }
  return asked;
}

/// The configuration --config names (the game's default without it) with --set's changes, or
/// one sentence when there is no such configuration or a change does not fit it.
std::variant<sim::ConfigValues, std::string> settlePlayedConfig(const sim::GameDefinition& game, const GamesOptions& options) {
  const std::string configName = options.config.empty() ? game.configNames().front() : options.config;
  const auto named = game.findConfig(configName);
  if (!named)
    return std::string(game.name()) + " has no configuration " + quoteForMessage(configName) + " (it has " +
           joinNames(game.configNames()) + ")";
  return applySettings(game, *named, options.settings);
}

/// `games --check`: every game asked about through the contract, in the configuration given.
ExitCode checkAskedGames(const GamesOptions& options, const AskedGames& asked) {
  std::optional<sim::ConfigValues> played;
  if (!options.config.empty() || !options.settings.empty()) {
    if (asked.games.size() + asked.refused.size() != 1) {
      spdlog::error(
          "{} games: --config and --set name one game's configuration: name the game ({} games --check GAME --config NAME)",
          programName(), programName());
      return ExitCode::kBadInput;
    }
    if (asked.games.empty()) {
      printRefusal(asked.refused.front(), options.json);
      return ExitCode::kFailed;
    }
    auto settled = settlePlayedConfig(*asked.games.front(), options);
    if (const auto* problem = std::get_if<std::string>(&settled)) return refuseInput("games", *problem);
    played = std::get<sim::ConfigValues>(std::move(settled));
  }
  bool kept = asked.refused.empty();
  for (const sim::GameDefinition* game : asked.games) kept = printContract(*game, played, options.json) && kept;
  for (const sim::RefusedGame& game : asked.refused) printRefusal(game, options.json);
  return kept ? ExitCode::kOk : ExitCode::kFailed;
}

/// A game's name, rules version, configurations, buttons, speed limits, events, what they are
/// about and the default configuration's fields.
void printGameSummary(const sim::GameDefinition& game) {
  printOut("{} (rules {}): configurations {}; buttons {}\n", std::string(game.name()), game.rulesVersion(),
           joinNames(game.configNames()), joinNames(game.inputNames()));
  std::string limits;
  for (const sim::LimitDescription& limit : game.speedLimits()) limits += (limits.empty() ? "" : "; ") + limit.rule;
  printOut("  speed limits: {}\n", limits.empty() ? "none" : limits);
  std::vector<const char*> events;
  for (const sim::EventSchema& schema : game.eventSchemas()) events.push_back(schema.name);
  printOut("  events: {}\n", joinNames(events));
  // What `events --about` and the viewer's events panel take, when the game's events say.
  if (const auto shapes = sim::listSubjectShapes(game); !shapes.empty()) printOut("  events are about: {}\n", joinNames(shapes));
  std::string fields;
  for (const sim::Field& field : game.describeConfig(*game.findConfig(game.configNames().front()))) {
    fields += (fields.empty() ? "" : ", ") + field.name + "=" + sim::formatField(field);
  }
  printOut("  --set NAME=VALUE, defaults: {}\n", fields.empty() ? "none (no configuration fields)" : fields);
}

/// printGameSummary as one JSON object: every configuration's values (not only the default's),
/// each event kind's arguments, and what a limit bounds.
nlohmann::ordered_json describeGameJson(const sim::GameDefinition& game) {
  nlohmann::ordered_json out{{"game", std::string(game.name())}, {"rulesVersion", game.rulesVersion()}};
  out["configurations"] = nlohmann::ordered_json::object();
  for (const std::string& name : game.configNames())
    out["configurations"][name] = fieldsToJson(game.describeConfig(*game.findConfig(name)));
  out["buttons"] = nlohmann::ordered_json::array();
  for (const char* button : game.inputNames()) out["buttons"].push_back(button);
  out["speedLimits"] = nlohmann::ordered_json::array();
  for (const sim::LimitDescription& limit : game.speedLimits())
    out["speedLimits"].push_back(nlohmann::ordered_json{{"rule", limit.rule}, {"field", limit.field}});
  out["events"] = nlohmann::ordered_json::array();
  for (const sim::EventSchema& schema : game.eventSchemas()) {
    nlohmann::ordered_json arguments = nlohmann::ordered_json::array();
    for (const char* argument : schema.argNames) {
      if (argument != nullptr) arguments.push_back(argument);
    }
    out["events"].push_back(nlohmann::ordered_json{{"kind", schema.name}, {"arguments", std::move(arguments)}});
  }
  out["eventsAbout"] = sim::listSubjectShapes(game);
  return out;
}

ExitCode runGames(const GamesOptions& options) {
  const auto found = findAskedGames(options);
  if (const auto* problem = std::get_if<std::string>(&found)) return refuseInput("games", *problem);
  const AskedGames& asked = std::get<AskedGames>(found);
  if (options.check) return checkAskedGames(options, asked);
  // A list leaves the refused out (their names may not be typed); every run warns of them (run.cpp).
  for (const sim::GameDefinition* game : asked.games) {
    if (options.names)
      printOut("{}\n", std::string(game->name()));
    else if (options.json)
      printOut("{}\n", describeGameJson(*game).dump());
    else
      printGameSummary(*game);
  }
  return ExitCode::kOk;
}

}  // namespace

void attachGamesCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<GamesOptions>();
  command.add_option("games", options->games, "only these games (default: every game)");
  CLI::Option* names = command.add_flag("--names", options->names, "one name per line, for scripts");
  CLI::Option* check =
      command
          .add_flag(
              "--check", options->check,
              "play each game through the contract's checks (determinism, snapshots, loading, limits, scenes, ...) and name "
              "every promise it breaks; exit 1 if any")
          ->excludes(names);
  command
      .add_flag("--json", options->json,
                "one JSON object a line for each game: its configurations' values, buttons, speed limits, events and "
                "their arguments (with --check: the promises it breaks)")
      ->excludes(names);
  command
      .add_option("--config", options->config,
                  "--check: play this named configuration of the one game named (default: its default)")
      ->needs(check);
  command
      .add_option(
          "--set", options->settings,
          "--check: NAME=VALUE, a configuration field's value (repeatable); past a speed limit the oracle's tunnels are expected")
      ->needs(check);
  command.callback([options, &outExit] { outExit = runGames(*options); });
}

}  // namespace retrace::recorder::cli
