#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "recorder/cli/command.h"
#include "recorder/format.h"
#include "recorder/input_source.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/replay.h"
#include "recorder/replay_index.h"
#include "recorder/tick_cursor.h"
#include "recorder/verifier.h"

namespace retrace::recorder::cli {
namespace {

struct DiffOptions {
  std::string a;
  std::string b;
  bool json = false;
};

/// What diff found: the lines of its report in order, and the facts --json gives beside them.
struct DiffReport {
  std::vector<std::string> lines;
  std::vector<std::string> differing;               ///< the name of each difference ("seeds", "ticks", ...)
  std::optional<std::uint64_t> firstDifferentTick;  ///< where the ticks first part, if they do
  std::vector<std::string> firstDifference;         ///< what differs on that tick
  std::uint64_t ticksA = 0;
  std::uint64_t ticksB = 0;

  /// Adds the lines of a formatted text (each ending in a newline).
  template <typename... Args>
  void say(fmt::format_string<Args...> format, Args&&... args) {
    const std::string text = fmt::format(format, std::forward<Args>(args)...);
    for (std::size_t start = 0; start < text.size();) {
      const std::size_t end = std::min(text.find('\n', start), text.size());
      lines.push_back(text.substr(start, end - start));
      start = end + 1;
    }
  }
};

/// True when two ticks recorded the same events (their ticks may differ).
bool sameEvents(std::span<const RecordedEvent> a, std::span<const RecordedEvent> b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const RecordedEvent& x, const RecordedEvent& y) { return x.event == y.event; });
}

/// The state after `tick` ticks of a replay, reached from its nearest snapshot and checked
/// against the recording on the way; why not when this build cannot give the recording's state
/// (its rules differ, or it no longer re-simulates the file as recorded).
std::variant<std::vector<sim::Field>, Unanswered> reachState(const ReplayIndex& replay, std::uint64_t tick) {
  std::vector<sim::Field> fields;
  auto problem = visitTicks(replay, tick, tick, [&fields](const sim::GameSession& game, std::uint64_t) {
    fields = game.describeState();
    return false;
  });
  if (problem) return std::move(*problem);
  return fields;
}

/// Lines naming how two recorded states of the same tick differ; none when they agree.
std::vector<std::string> diffSnapshots(const LoadedReplay& a, const StateSnapshot& sa, const LoadedReplay& b,
                                       const StateSnapshot& sb) {
  if (sa == sb) return {};
  std::vector<std::string> lines;
  if (sa.hash != sb.hash) lines.push_back("state hash " + formatHash(sa.hash) + " (A) vs " + formatHash(sb.hash) + " (B)");
  const auto fa = describeStoredState(a.header, sa.values);
  const auto fb = describeStoredState(b.header, sb.values);
  if (fa && fb) {
    for (std::string& line : diffFields(*fa, *fb, 24)) lines.push_back(std::move(line));
  } else if (sa.values != sb.values) {
    lines.emplace_back("the stored values differ (one does not fit this build's state)");
  }
  return lines;
}

/// The events of one tick that `from` has and `other` has not (as many times as it has more).
std::vector<sim::Event> subtractEvents(std::span<const RecordedEvent> from, std::span<const RecordedEvent> other) {
  std::vector<sim::Event> rest;
  for (const RecordedEvent& e : from) rest.push_back(e.event);
  for (const RecordedEvent& e : other) {
    const auto found = std::find(rest.begin(), rest.end(), e.event);
    if (found != rest.end()) rest.erase(found);
  }
  return rest;
}

/// The events one replay recorded and the other did not on each tick after `after`, as - A and
/// + B (the first 20, then how many more).
void reportOneSidedEvents(DiffReport& report, const sim::GameDefinition& game, const ReplayIndex& indexA,
                          const ReplayIndex& indexB, std::uint64_t after) {
  constexpr std::size_t kMostShown = 20;
  std::vector<std::string> lines;
  std::size_t differing = 0;
  for (TickCursor ca(indexA), cb(indexB); ca.valid() && cb.valid(); ca.advance(), cb.advance()) {
    if (ca.tick() <= after) continue;
    const std::string at = "tick " + std::to_string(ca.tick()) + ": ";
    for (const sim::Event& e : subtractEvents(ca.events(), cb.events())) {
      if (++differing <= kMostShown) lines.push_back("  - " + at + sim::formatEvent(game, e));
    }
    for (const sim::Event& e : subtractEvents(cb.events(), ca.events())) {
      if (++differing <= kMostShown) lines.push_back("  + " + at + sim::formatEvent(game, e));
    }
  }
  report.say("  events only in A (-) or only in B (+): {}\n", differing == 0 ? "none" : std::to_string(differing));
  for (const std::string& line : lines) report.say("{}\n", line);
  if (differing > kMostShown) report.say("  ... and {} more\n", differing - kMostShown);
}

/// Both replays re-simulated in step: whether their states meet again after `tick` (by the
/// 64-bit state hashes, as long as each run is its recording, checked against the recorded
/// checksums), and how the states of the last common tick differ.
void reportWhetherStatesMeet(DiffReport& report, const ReplayIndex& indexA, const ReplayIndex& indexB, std::uint64_t tick,
                             std::uint64_t common) {
  const LoadedReplay& a = indexA.summary();
  const LoadedReplay& b = indexB.summary();
  auto sa = gameOf(a.header)->start(configOf(a.header), a.header.seed);
  auto sb = gameOf(b.header)->start(configOf(b.header), b.header.seed);
  std::optional<std::uint64_t> firstMet;
  std::uint64_t lastApart = tick;
  for (TickCursor ca(indexA), cb(indexB); ca.valid() && cb.valid(); ca.advance(), cb.advance()) {
    (void)sa->step(ca.input());
    (void)sb->step(cb.input());
    const bool recordedA = matchesTickChecksum(*sa, ca.tick(), a.header.fullHashEvery, ca.checksum());
    if (!recordedA || !matchesTickChecksum(*sb, cb.tick(), b.header.fullHashEvery, cb.checksum())) {
      report.say(
          "  states: not followed: {} no longer re-simulates as recorded from tick {} (its game's rules changed without a new rules "
          "version, or the file was altered); {} verify shows where and how\n",
          recordedA ? "B" : "A", ca.tick(), programName());
      return;
    }
    if (ca.tick() <= tick) continue;
    if (sa->hash() == sb->hash()) {
      if (!firstMet) firstMet = ca.tick();
    } else {
      lastApart = ca.tick();
    }
  }
  if (lastApart < common) {
    report.say("  states: identical again from tick {} to the end\n", lastApart + 1);
  } else if (firstMet) {
    report.say("  states: identical again at tick {}, but apart at the end\n", *firstMet);
  } else {
    report.say("  states: never identical again\n");
  }
  const auto last = diffFields(sa->describeState(), sb->describeState(), 24);
  if (last.empty()) return;
  report.say("  state at tick {} (expected = A, got = B):\n", common);
  for (const auto& line : last) report.say("    {}\n", line);
}

/// After the first differing tick, both runs go on: the events one recorded and the other did
/// not (past the window already shown), whether the re-simulated states meet again, and how the
/// last common tick's states differ.
void reportConsequences(DiffReport& report, const sim::GameDefinition& game, const ReplayIndex& indexA, const ReplayIndex& indexB,
                        std::uint64_t tick, std::uint64_t common) {
  const std::uint64_t after = std::min(common, tick + 2);
  report.say("after tick {}, to tick {}:\n", after, common);
  reportOneSidedEvents(report, game, indexA, indexB, after);
  if (!simulatesRulesOf(indexA.summary().header) || !simulatesRulesOf(indexB.summary().header)) {
    report.say("  states: not re-simulated (this build's rules are not both replays')\n");
    return;
  }
  reportWhetherStatesMeet(report, indexA, indexB, tick, common);
}

/// One header field that differs: its name and the lines that say how.
struct HeaderDifference {
  std::string name;
  std::vector<std::string> lines;
};

/// Each header field that differs (what a replay re-simulates from); the layout (chunk,
/// snapshot and checksum cadences) and the tool version are not what a replay shows.
std::vector<HeaderDifference> diffHeaders(const sim::GameDefinition& game, const ReplayHeader& a, const ReplayHeader& b) {
  std::vector<HeaderDifference> found;
  const auto add = [&found](const std::string& name, const std::string& x, const std::string& y) {
    found.push_back({name, {name + " differ: " + x + " (A) and " + y + " (B)"}});
  };
  if (a.rulesVersion != b.rulesVersion) add("rules versions", std::to_string(a.rulesVersion), std::to_string(b.rulesVersion));
  if (a.configValues != b.configValues || a.configName != b.configName) {
    add("configurations", a.configName, b.configName);
    if (a.rulesVersion == b.rulesVersion) {
      for (const auto& line : diffFields(game.describeConfig(configOf(a)), game.describeConfig(configOf(b)), 24))
        found.back().lines.push_back("  " + line);
    }
  }
  if (a.limitBreaksAllowed != b.limitBreaksAllowed)
    add("limit breaks allowed", a.limitBreaksAllowed ? "yes" : "no", b.limitBreaksAllowed ? "yes" : "no");
  if (a.seed != b.seed) add("seeds", std::to_string(a.seed), std::to_string(b.seed));
  if (a.inputSource != b.inputSource) add("input sources", a.inputSource, b.inputSource);
  return found;
}

/// How a replay ended, for a footer line.
std::string describeEnd(const LoadedReplay& replay) {
  if (!replay.footer) return "cut short (" + replay.truncation + ")";
  return "complete (final hash " + formatHash(replay.footer->finalHash) + ")";
}

/// The recorded events of each tick in [from, to], through the index.
std::vector<std::vector<sim::Event>> listEventsOfTicks(const ReplayIndex& index, std::uint64_t from, std::uint64_t to) {
  auto window = index.loadTicks(from, to);
  if (auto* problem = std::get_if<std::string>(&window)) throw std::runtime_error(*problem);
  std::vector<std::vector<sim::Event>> events;
  for (std::uint64_t u = from; u <= to; ++u) events.push_back(recordedEventsAt(std::get<LoadedReplay>(window), u));
  return events;
}

/// The ticks two replays' cursors first part at, and whether their checksums still agreed there.
struct Parting {
  const TickCursor& a;
  const TickCursor& b;
  bool checksumsAgree = true;
};

/// Reports the events of both replays on the two ticks either side of `tick` (of `common`), a
/// tick whose events differ as - A and + B.
void reportEventWindow(DiffReport& report, const sim::GameDefinition& game, const ReplayIndex& indexA, const ReplayIndex& indexB,
                       std::uint64_t tick, std::uint64_t common) {
  report.say("events (- A, + B):\n");
  bool anyEvents = false;
  const std::uint64_t from = tick > 2 ? tick - 2 : 1;
  const std::uint64_t to = std::min(common, tick + 2);
  const auto eventsA = listEventsOfTicks(indexA, from, to);
  const auto eventsB = listEventsOfTicks(indexB, from, to);
  for (std::uint64_t u = from; u <= to; ++u) {
    const std::string at = "tick " + std::to_string(u) + ": ";
    const std::vector<sim::Event>& ea = eventsA[static_cast<std::size_t>(u - from)];  // at most 4
    const std::vector<sim::Event>& eb = eventsB[static_cast<std::size_t>(u - from)];
    if (ea == eb) {
      if (!ea.empty()) report.say("    {}{}\n", at, describeEvents(game, ea));
      anyEvents = anyEvents || !ea.empty();
      continue;
    }
    report.say("  - {}{}\n  + {}{}\n", at, describeEvents(game, ea), at, describeEvents(game, eb));
    anyEvents = true;
  }
  if (!anyEvents) report.say("    none in ticks {} to {}\n", from, to);
}

/// Reports the fields in which both replays' states differ at `tick`, each re-simulated, or why
/// one is not shown.
void reportStateDiff(DiffReport& report, const ReplayIndex& indexA, const ReplayIndex& indexB, std::uint64_t tick,
                     bool checksumsAgree) {
  report.say("state at tick {} (expected = A, got = B, both re-simulated):\n", tick);
  const auto stateA = reachState(indexA, tick);
  const auto stateB = reachState(indexB, tick);
  const auto* unansweredA = std::get_if<Unanswered>(&stateA);
  const auto* unansweredB = std::get_if<Unanswered>(&stateB);
  if (unansweredA != nullptr || unansweredB != nullptr) {
    // Not this build's guess at a state the recording did not have.
    if (unansweredA != nullptr) report.say("  not shown: A {}\n", unansweredA->sentence);
    if (unansweredB != nullptr) report.say("  not shown: B {}\n", unansweredB->sentence);
    return;
  }
  const auto fields = diffFields(std::get<std::vector<sim::Field>>(stateA), std::get<std::vector<sim::Field>>(stateB), 24);
  for (const auto& line : fields) report.say("  {}\n", line);
  if (fields.empty())
    report.say("  no field differs {}\n",
               checksumsAgree ? "yet (the input made no difference on this tick)" : "(the checksums alone parted)");
}

/// Reports where two replays part: what differs on the tick, the events around it, the state
/// there and what follows.
void reportFirstDifference(DiffReport& report, const sim::GameDefinition& game, const ReplayIndex& indexA,
                           const ReplayIndex& indexB, const Parting& parting, std::uint64_t common) {
  const TickCursor& ca = parting.a;
  const TickCursor& cb = parting.b;
  const std::uint64_t tick = ca.tick();
  std::vector<std::string> what;
  if (ca.input() != cb.input())
    what.push_back("input " + describeInput(game, ca.input()) + " (A) vs " + describeInput(game, cb.input()) + " (B)");
  if (!sameEvents(ca.events(), cb.events())) what.emplace_back("events differ");
  if (!parting.checksumsAgree) what.emplace_back("state checksums differ");
  report.say("first difference at tick {}: {}\n", tick, joinNames(what));
  report.firstDifferentTick = tick;
  report.firstDifference = what;
  reportEventWindow(report, game, indexA, indexB, tick, common);
  reportStateDiff(report, indexA, indexB, tick, parting.checksumsAgree);
  reportConsequences(report, game, indexA, indexB, tick, common);
}

/// Compares the endings of two replays whose ticks all agree: whether each has a footer, its
/// final hash and its final state; what differs goes to `stored` and its name to `differing`.
void compareEndings(const LoadedReplay& a, const LoadedReplay& b, std::vector<std::string>& stored,
                    std::vector<std::string>& differing) {
  if (a.footer.has_value() != b.footer.has_value() || (a.footer && a.footer->finalHash != b.footer->finalHash)) {
    stored.push_back("endings differ: A is " + describeEnd(a) + ", B is " + describeEnd(b));
    differing.emplace_back("ending");
    return;
  }
  if (!a.footer) return;
  const auto lines = diffSnapshots(a, a.footer->finalState, b, b.footer->finalState);
  if (lines.empty()) return;
  stored.emplace_back("final states differ:");
  for (const auto& line : lines) stored.push_back("  " + line);
  differing.emplace_back("final state");
}

/// Advances both cursors while their ticks agree (input, checksum, events); true unless they
/// stopped on checksums that differ. Snapshots of the same tick on the way are compared, each
/// difference added to `outStored`: there it is in what the files store, not in play (a forged
/// or damaged state). A snapshot is of its chunk's last tick.
bool advanceWhileAgreeing(const LoadedReplay& a, const LoadedReplay& b, TickCursor& ioA, TickCursor& ioB,
                          std::vector<std::string>& outStored) {
  // Checksums compare only where both cover the same thing (whole state or digest): replays
  // recorded at other cadences still agree tick by tick.
  ChecksumCadence cadenceA(a.header.fullHashEvery);
  ChecksumCadence cadenceB(b.header.fullHashEvery);
  const auto sameChecksum = [&] {
    const bool wholeA = cadenceA.nextCoversWholeState();
    const bool wholeB = cadenceB.nextCoversWholeState();
    return wholeA != wholeB || ioA.checksum() == ioB.checksum();
  };
  const auto atSnapshot = [](const TickCursor& c) { return c.chunk().hasSnapshot && c.chunk().snapshot.tick == c.tick(); };
  bool checksumsAgree = true;
  while (ioA.valid() && ioB.valid() && ioA.input() == ioB.input() && (checksumsAgree = sameChecksum()) &&
         sameEvents(ioA.events(), ioB.events())) {
    if (atSnapshot(ioA) && atSnapshot(ioB)) {
      const auto lines = diffSnapshots(a, ioA.chunk().snapshot, b, ioB.chunk().snapshot);
      if (!lines.empty()) {
        outStored.push_back("snapshots differ at tick " + std::to_string(ioA.tick()) + ":");
        for (const auto& line : lines) outStored.push_back("  " + line);
      }
    }
    ioA.advance();
    ioB.advance();
  }
  return checksumsAgree;
}

/// The verdict: "identical" with what was compared, or every difference by name (exit 1).
ExitCode reportVerdict(DiffReport& report, std::uint64_t ticks) {
  const std::vector<std::string>& differing = report.differing;
  if (differing.empty()) {
    report.say("identical: {} ticks (header, inputs, events, checksums, snapshots and ending)\n", ticks);
    return ExitCode::kOk;
  }
  std::string names;
  for (const std::string& name : differing) names += (names.empty() ? "" : ", ") + name;
  report.say("A and B differ: {}\n", names);
  return ExitCode::kFailed;
}

/// Reports how the headers differ; the name of each difference.
std::vector<std::string> reportHeaderDifferences(DiffReport& report, const sim::GameDefinition& game, const ReplayHeader& a,
                                                 const ReplayHeader& b) {
  std::vector<std::string> names;
  for (const HeaderDifference& difference : diffHeaders(game, a, b)) {
    for (const std::string& line : difference.lines) report.say("{}\n", line);
    names.push_back(difference.name);
  }
  return names;
}

ExitCode compareReplays(DiffReport& report, const ReplayIndex& indexA, const ReplayIndex& indexB) {
  const LoadedReplay& a = indexA.summary();
  const LoadedReplay& b = indexB.summary();
  report.ticksA = indexA.lastTick();
  report.ticksB = indexB.lastTick();
  if (a.header.game != b.header.game) {
    report.say("games differ: {} (A) and {} (B); nothing else is comparable\n", a.header.game, b.header.game);
    report.differing.emplace_back("games");
    return ExitCode::kFailed;
  }
  const sim::GameDefinition& game = *gameOf(a.header);
  // Every difference is named as it is found; any one makes the exit 1.
  std::vector<std::string>& differing = report.differing;
  differing = reportHeaderDifferences(report, game, a.header, b.header);
  const std::uint64_t ticksA = report.ticksA;
  const std::uint64_t ticksB = report.ticksB;
  const std::uint64_t common = std::min(ticksA, ticksB);
  TickCursor ca(indexA);
  TickCursor cb(indexB);
  std::vector<std::string> stored;
  const bool checksumsAgree = advanceWhileAgreeing(a, b, ca, cb, stored);
  // Recorded states are compared up to the first differing tick, beyond which they part anyway.
  const bool ticksIdentical = !ca.valid() || !cb.valid();
  const std::uint64_t agreedTo = ticksIdentical ? common : ca.tick() - 1;
  if (ticksIdentical && ticksA == ticksB) {
    // Said below: as the whole verdict, or before what else differs.
  } else if (ticksIdentical) {
    report.say("identical for {} ticks; {} ends there and {} goes on to tick {}\n", common, ticksA < ticksB ? "A" : "B",
               ticksA < ticksB ? "B" : "A", std::max(ticksA, ticksB));
    differing.emplace_back("tick count");
  } else {
    differing.emplace_back("ticks");
    reportFirstDifference(report, game, indexA, indexB, {ca, cb, checksumsAgree}, common);
  }
  if (!stored.empty()) differing.emplace_back("snapshots");
  if (ticksA == ticksB && agreedTo == common) compareEndings(a, b, stored, differing);
  if (!differing.empty() && ticksIdentical && ticksA == ticksB) {
    report.say("ticks identical: {} (inputs, events and checksums)\n", common);
  }
  for (const std::string& line : stored) report.say("{}\n", line);
  return reportVerdict(report, common);
}

/// --json: the report as one object, its facts and its lines.
nlohmann::ordered_json describeDiffJson(const DiffOptions& options, const DiffReport& report) {
  nlohmann::ordered_json first = nullptr;
  if (report.firstDifferentTick) first = {{"tick", *report.firstDifferentTick}, {"what", report.firstDifference}};
  return {{"a", options.a},
          {"b", options.b},
          {"identical", report.differing.empty()},
          {"differing", report.differing},
          {"ticks", {{"a", report.ticksA}, {"b", report.ticksB}}},
          {"firstDifference", first},
          {"lines", report.lines}};
}

/// A replay diff could not read, or one changed while it was read: one sentence (and with
/// --json, an object holding it).
ExitCode refuseDiff(const DiffOptions& options, const std::string& problem) {
  if (options.json) printOut("{}\n", nlohmann::ordered_json{{"a", options.a}, {"b", options.b}, {"error", problem}}.dump());
  return refuseInput("diff", problem);
}

ExitCode runDiff(const DiffOptions& options) {
  auto indexA = ReplayIndex::open(options.a);
  auto indexB = ReplayIndex::open(options.b);
  for (const auto* opened : {&indexA, &indexB}) {
    if (const auto* problem = std::get_if<std::string>(opened)) return refuseDiff(options, *problem);
  }
  DiffReport report;
  ExitCode exit = ExitCode::kOk;
  try {
    exit = compareReplays(report, std::get<ReplayIndex>(indexA), std::get<ReplayIndex>(indexB));
  } catch (const std::runtime_error& error) {
    // A file changed after it was opened, read again for a chunk: what was found before, then why no more.
    if (!options.json) {
      for (const std::string& line : report.lines) printOut("{}\n", line);
    }
    return refuseDiff(options, error.what());
  }
  if (options.json) {
    printOut("{}\n", describeDiffJson(options, report).dump());
  } else {
    for (const std::string& line : report.lines) printOut("{}\n", line);
  }
  return exit;
}

}  // namespace

void attachDiffCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<DiffOptions>();
  command.add_option("A", options->a, "the first replay (expected)")->required();
  command.add_option("B", options->b, "the second replay (got)")->required();
  command.add_flag("--json", options->json,
                   "one JSON object: identical, the names of what differs, each replay's ticks, the first differing tick and "
                   "what differs on it, and the report's lines");
  command.footer(
      "Exit status: 0 identical (header, ticks, snapshots and ending), 1 anything differs, each difference named, 2 a bad file.");
  command.callback([options, &outExit] { outExit = runDiff(*options); });
}

}  // namespace retrace::recorder::cli
