// `retrace find FILE --where EXPR`: the ticks where a condition over the state's fields holds
// (the grammar is in recorder/query.h): the first, the first after a tick, the last before one,
// or all as ranges.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "recorder/cli/command.h"
#include "recorder/cli/field_json.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/query.h"
#include "recorder/replay.h"
#include "recorder/search.h"

namespace retrace::recorder::cli {
namespace {

struct FindOptions {
  std::string file;
  std::string where;
  std::optional<std::uint64_t> nextAfter;
  std::optional<std::uint64_t> lastBefore;
  bool all = false;
  bool json = false;
};

/// The ticks found from `first` to `last`: as JSON, the first or the last, or all as ranges; a
/// single tick with the fields that meet the condition there.
void printFound(const FindOptions& options, const std::vector<std::uint64_t>& matches, std::uint64_t first, std::uint64_t last,
                const std::vector<sim::Field>& holding) {
  const std::string values = holding.empty() ? std::string() : ": " + describeFieldValues(holding);
  if (options.json) {
    nlohmann::ordered_json out{
        {"file", options.file}, {"where", options.where}, {"from", first}, {"to", last}, {"ticks", matches}};
    if (!options.all && !matches.empty()) out["fields"] = fieldsToJson(holding);
    printOut("{}\n", out.dump());
  } else if (matches.empty()) {
    printOut("{}: {} holds on no tick from {} to {}\n", options.file, options.where, first, last);
  } else if (options.lastBefore) {
    printOut("{}: {} last holds before tick {} at tick {} ({}){}\n", options.file, options.where, *options.lastBefore,
             matches.front(), formatTickTime(matches.front()), values);
  } else if (!options.all) {
    printOut("{}: {} first holds at tick {} ({}){}\n", options.file, options.where, matches.front(),
             formatTickTime(matches.front()), values);
  } else {
    printOut("{}: {} holds on {}: {}\n", options.file, options.where, formatCount(matches.size(), "tick"),
             formatTickRanges(matches));
  }
}

ExitCode runFind(const FindOptions& options) {
  // Through the index: the chunks are read as the search reaches them.
  auto opened = ReplayIndex::open(options.file);
  if (auto* problem = std::get_if<std::string>(&opened)) return refuseInput("find", *problem);
  const ReplayIndex& index = std::get<ReplayIndex>(opened);
  auto parsed = Condition::parse(options.where);
  if (auto* problem = std::get_if<std::string>(&parsed)) return refuseInput("find", *problem);
  const Condition& condition = std::get<Condition>(parsed);
  const std::uint64_t first = options.nextAfter ? *options.nextAfter + 1 : 0;
  if (first > index.lastTick()) {
    spdlog::error("{} find: {} ends at tick {}; there is no tick after {}{}", programName(), options.file, index.lastTick(),
                  *options.nextAfter, describeCutShort(index.lastTick(), index.summary()));
    return ExitCode::kBadInput;
  }
  if (options.lastBefore && (*options.lastBefore == 0 || *options.lastBefore > index.lastTick() + 1)) {
    spdlog::error("{} find: {} has ticks 0 to {}; there is no tick before {} in it{}", programName(), options.file,
                  index.lastTick(), *options.lastBefore, describeCutShort(index.lastTick(), index.summary()));
    return ExitCode::kBadInput;
  }
  const std::uint64_t last = options.lastBefore ? *options.lastBefore - 1 : index.lastTick();
  auto found =
      options.lastBefore ? findLastMatch(index, condition, first, last) : findTicks(index, condition, first, options.all);
  if (auto* problem = std::get_if<Unanswered>(&found)) {
    // A divergence is the file's; a bad value or an unknown field is the condition's.
    if (problem->diverged) {
      spdlog::error("{} find: {} {}", programName(), options.file, problem->sentence);
      return ExitCode::kFailed;
    }
    spdlog::error("{} find: {}{}", programName(), problem->sentence,
                  problem->unknownField ? " (" + programName() + " show FILE --tick 0 lists them)" : "");
    return ExitCode::kBadInput;
  }
  const std::vector<std::uint64_t>& matches = std::get<std::vector<std::uint64_t>>(found);
  const bool oneTick = !options.all && !matches.empty();
  printFound(options, matches, first, last,
             oneTick ? readHoldingFields(index, condition, matches.front()) : std::vector<sim::Field>{});
  // Like grep: found is 0, found nothing is 1.
  return matches.empty() ? ExitCode::kFailed : ExitCode::kOk;
}

}  // namespace

void attachFindCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<FindOptions>();
  command.add_option("file", options->file, "a replay")->required();
  command
      .add_option("--where", options->where,
                  "FIELD OP VALUE or FIELD changed, joined by and/or: 'players[0].hp < 3', 'ball.vy > 4 and ball.held == "
                  "false', 'shots.size >= 3', 'tiles[*][*] changed'")
      ->required();
  auto* nextAfter =
      command.add_option("--next-after", options->nextAfter, "the first tick after this one (a tick or its time, 0:11.216)")
          ->type_name("TICK");
  auto* lastBefore =
      command.add_option("--last-before", options->lastBefore, "the last tick before this one (searched back from it)")
          ->type_name("TICK");
  auto* all = command.add_flag("--all", options->all, "every tick it holds on, as ranges");
  lastBefore->excludes(nextAfter)->excludes(all);
  command.add_flag("--json", options->json, "the ticks as one JSON object");
  command.footer(
      "Exit status: 0 found, 1 it holds on no tick or the replay no longer re-simulates as recorded, 2 a bad file, "
      "condition or tick.");
  command.callback([options, &outExit] { outExit = runFind(*options); });
}

}  // namespace retrace::recorder::cli
