// `retrace events FILE`: the events a replay recorded, with their tick, time, kind and named
// arguments, filtered by tick range and kind, and a count per kind at the end. With --tunnels,
// among them in tick order, the contacts the game's oracle finds the rules missed: the events
// are what the rules registered, these what they let through.
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "recorder/cli/command.h"
#include "recorder/cli/field_json.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/query.h"
#include "recorder/replay.h"
#include "recorder/replay_index.h"
#include "sim/event_subjects.h"

namespace retrace::recorder::cli {
namespace {

struct EventsOptions {
  std::string file;
  std::uint64_t from = 1;
  std::optional<std::uint64_t> to;
  std::string kinds;
  std::string where;
  std::string about;
  bool tunnels = false;
  bool json = false;
};

/// What was listed: the count of each kind of event, and of the oracle's tunnels.
struct Listed {
  std::map<std::string, std::uint64_t> counts;
  std::uint64_t tunnels = 0;
};

/// One of the oracle's tunnels, a line (or a JSON object) among the events.
void printTunnel(const FoundTunnel& found, bool json) {
  if (json) {
    printOut("{}\n",
             nlohmann::ordered_json{{"tick", found.tick}, {"time", formatTickTime(found.tick)}, {"tunnel", found.tunnel.sentence}}
                 .dump());
    return;
  }
  // The line gives the tick already; the sentence's own "tick N: " would say it twice.
  const std::string prefix = "tick " + std::to_string(found.tick) + ": ";
  const std::string& sentence = found.tunnel.sentence;
  printOut("tick {:<7} {:<10} TUNNEL {}\n", found.tick, formatTickTime(found.tick),
           sentence.starts_with(prefix) ? sentence.substr(prefix.size()) : sentence);
}

/// The kinds a comma-separated list names (all when it is empty), or the sentence of one that
/// is none of the game's.
std::variant<std::vector<bool>, std::string> parseKinds(const sim::GameDefinition& game, const std::string& list) {
  const auto schemas = game.eventSchemas();
  std::vector<bool> wanted(schemas.size(), list.empty());
  std::stringstream words(list);
  std::string word;
  while (std::getline(words, word, ',')) {
    std::size_t kind = 0;
    while (kind < schemas.size() && word != schemas[kind].name) ++kind;
    if (kind == schemas.size()) {
      std::vector<const char*> names;
      for (const sim::EventSchema& schema : schemas) names.push_back(schema.name);
      return quoteForMessage(word) + " is not an event of " + std::string(game.name()) + " (events: " + joinNames(names) + ")";
    }
    wanted[kind] = true;
  }
  return wanted;
}

/// One sentence when no event of the game can be about `entity` (sim::canBeAbout).
std::optional<std::string> checkAbout(const sim::GameDefinition& game, const std::string& entity) {
  if (sim::canBeAbout(game, entity)) return std::nullopt;
  const auto shapes = sim::listSubjectShapes(game);
  if (shapes.empty()) return "no event of " + std::string(game.name()) + " says what it is about, so --about finds none";
  std::vector<const char*> names;
  std::string list;  // a whole list, for the example
  for (const std::string& shape : shapes) {
    names.push_back(shape.c_str());
    if (list.empty() && shape.find('[') != std::string::npos) list = shape.substr(0, shape.find('['));
  }
  return "no event of " + std::string(game.name()) + " is about " + quoteForMessage(entity) + ": its events are about " +
         joinNames(names) + (list.empty() ? std::string() : ", or a whole list such as " + list);
}

/// Prints each event of the wanted kinds from tick `from` to `to` that is about `about` (when
/// given) and whose arguments meet the condition (when there is one), a line (or a JSON object)
/// each, and with a walk each tunnel it finds, after the events of its tick; what was listed, or
/// why the replay cannot answer: a chunk that could not be read, a value no argument takes, or
/// (with a walk) a re-simulation that parts from the recording.
std::variant<Listed, Unanswered> listEvents(const ReplayIndex& index, const std::vector<bool>& wanted,
                                            const std::optional<Condition>& where, const std::string& about, std::uint64_t from,
                                            std::uint64_t to, std::optional<TunnelWalk> tunnels, bool json) {
  const sim::GameDefinition& game = *gameOf(index.summary().header);
  Listed listed;
  std::optional<Unanswered> problem;
  const auto unreadable = index.visitChunks(index.findChunk(from), index.findChunk(to), [&](Chunk& chunk) {
    std::vector<FoundTunnel> found;
    if (tunnels) {
      auto walked = tunnels->walk(chunk, to);
      if (auto* parted = std::get_if<Unanswered>(&walked)) {
        problem = Unanswered{index.path() + " " + parted->sentence, parted->diverged};
        return false;
      }
      found = std::move(std::get<std::vector<FoundTunnel>>(walked));
    }
    auto next = found.begin();
    const auto printTunnelsUpTo = [&](std::uint64_t tick) {
      for (; next != found.end() && next->tick <= tick; ++next, ++listed.tunnels) printTunnel(*next, json);
    };
    for (const RecordedEvent& e : chunk.events) {
      printTunnelsUpTo(e.tick - 1);
      if (e.tick < from || e.tick > to || !wanted[e.event.kind] || !sim::isEventAbout(game, e.event, about)) continue;
      if (where) {
        const auto holds = where->check(sim::describeEvent(game, e.event));
        if (const auto* sentence = std::get_if<std::string>(&holds)) problem = Unanswered{*sentence};
        if (problem) return false;
        if (!std::get<bool>(holds)) continue;
      }
      ++listed.counts[game.eventSchemas()[e.event.kind].name];
      if (json) {
        nlohmann::ordered_json line{{"tick", e.tick}, {"time", formatTickTime(e.tick)}};
        line.update(eventToJson(game, e.event));
        printOut("{}\n", line.dump());
      } else {
        printOut("tick {:<7} {:<10} {}\n", e.tick, formatTickTime(e.tick), sim::formatEvent(game, e.event));
      }
    }
    printTunnelsUpTo(to);
    return true;
  });
  if (unreadable) return Unanswered{*unreadable};
  if (problem) return std::move(*problem);
  return listed;
}

ExitCode runEvents(const EventsOptions& options) {
  // Through the index: the chunks of the range are read one at a time.
  auto opened = ReplayIndex::open(options.file);
  if (auto* problem = std::get_if<std::string>(&opened)) return refuseInput("events", *problem);
  const ReplayIndex& index = std::get<ReplayIndex>(opened);
  const auto kinds = parseKinds(*gameOf(index.summary().header), options.kinds);
  if (auto* problem = std::get_if<std::string>(&kinds)) return refuseInput("events", *problem);
  std::optional<Condition> where;
  if (!options.where.empty()) {
    auto parsed = parseEventCondition(*gameOf(index.summary().header), std::get<std::vector<bool>>(kinds), options.where);
    if (auto* problem = std::get_if<std::string>(&parsed)) return refuseInput("events", *problem);
    where = std::move(std::get<Condition>(parsed));
  }
  if (!options.about.empty()) {
    if (auto problem = checkAbout(*gameOf(index.summary().header), options.about)) return refuseInput("events", *problem);
  }
  const auto range = settleTickRange(index, options.file, options.from, options.to, 1);
  if (auto* problem = std::get_if<std::string>(&range)) return refuseInput("events", *problem);
  const std::uint64_t to = std::get<std::uint64_t>(range);
  std::optional<TunnelWalk> tunnels;
  if (options.tunnels) {
    auto started = TunnelWalk::start(index, options.from);
    if (auto* problem = std::get_if<Unanswered>(&started)) return refuseUnanswered("events", options.file, *problem);
    tunnels = std::move(std::get<TunnelWalk>(started));
  }
  auto answered = listEvents(index, std::get<std::vector<bool>>(kinds), where, options.about, options.from, to,
                             std::move(tunnels), options.json);
  if (const auto* problem = std::get_if<Unanswered>(&answered)) return refuseUnanswered("events", "", *problem);
  const Listed& listed = std::get<Listed>(answered);
  if (options.json) {
    nlohmann::ordered_json counts{{"counts", listed.counts}};
    if (options.tunnels) counts["tunnels"] = listed.tunnels;
    counts["from"] = options.from;
    counts["to"] = to;
    printOut("{}\n", counts.dump());
    return ExitCode::kOk;
  }
  std::uint64_t total = 0;
  std::string byKind;
  for (const auto& [name, count] : listed.counts) {
    total += count;
    byKind += (byKind.empty() ? ": " : ", ") + name + " " + std::to_string(count);
  }
  const std::string oracle = options.tunnels ? "; the oracle: " + formatCount(listed.tunnels, "tunnel") : std::string();
  printOut("{} in ticks {} to {}{}{}\n", formatCount(total, "event"), options.from, to, byKind, oracle);
  return ExitCode::kOk;
}

}  // namespace

void attachEventsCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<EventsOptions>();
  command.add_option("file", options->file, "a replay")->required();
  command.add_option("--from", options->from, "the first tick, or its time as printed (0:11.216) (default 1)")->type_name("TICK");
  command.add_option("--to", options->to, "the last tick or its time (default: the replay's last)")->type_name("TICK");
  command.add_option("--kind", options->kinds,
                     "only these kinds, comma-separated (" + programName() + " games lists each game's)");
  command.add_option(
      "--where", options->where,
      "only events whose arguments meet a condition: find's grammar over the arguments' names, as events prints them");
  command.add_option("--about", options->about,
                     "only events about an entity or something inside it: a list's element by its id (LIST[id=N]), a "
                     "cell, or a whole list; " +
                         programName() + " games lists what each game's events are about");
  command.add_flag("--tunnels", options->tunnels,
                   "also the contacts the game's oracle finds the rules missed, among the events in tick order (the range "
                   "re-simulated from the nearest snapshot, as verify checks it)");
  command.add_flag("--json", options->json, "one JSON object per line, then one with the counts");
  command.footer(
      "Exit status: 0 listed (even none), 1 (with --tunnels) the replay no longer re-simulates as recorded, 2 a bad file, an "
      "unknown kind, a bad condition, an entity no event is about or a range outside the replay.");
  command.callback([options, &outExit] { outExit = runEvents(*options); });
}

}  // namespace retrace::recorder::cli
