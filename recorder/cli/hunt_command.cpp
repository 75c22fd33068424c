// `retrace hunt`: plays many games looking for tunnels (or what --until names: an event, a round
// ended early, a condition over the state), with seeded random input and the bot's input
// perturbed by random button flips, optionally with configurations drawn at random within the
// declared speed limits or just outside them. Every run is derived from --seed and its number,
// so a hunt is reproducible; each finding is saved as a replay named after it.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <spdlog/spdlog.h>
#include <unistd.h>

#include "recorder/cli/command.h"
#include "recorder/expectations.h"
#include "recorder/field_hints.h"
#include "recorder/hunt.h"
#include "recorder/interrupt.h"
#include "recorder/parse.h"
#include "recorder/query.h"
#include "recorder/search.h"
#include "recorder/settings.h"
#include "recorder/shrink.h"
#include "recorder/state_fields.h"

namespace retrace::recorder::cli {
namespace {

struct HuntOptions {
  std::string game;
  std::string config = "default";
  std::vector<std::string> settings;
  bool allowLimitBreaks = false;
  std::uint64_t seed = 1;
  std::uint64_t runs = 0;
  double seconds = 0.0;
  std::uint64_t ticks = 3600;
  std::string configs = "named";  ///< named, within, outside
  std::string until = "tunnel";   ///< what a run looks for (search.h's predicates but diverges)
  std::string output = "hunt-findings";
  bool quiet = false;
  bool shrink = false;
  unsigned jobs = 1;
  Shard shard;
};

/// The configuration a hunt starts from (the named one with --set applied, checked), or why
/// there is none to hunt.
std::variant<sim::ConfigValues, std::string> settleHuntConfig(const sim::GameDefinition& game, const HuntOptions& options) {
  const auto named = game.findConfig(options.config);
  if (!named) return options.game + " has no configuration '" + options.config + "'";
  auto settled = applySettings(game, *named, options.settings);
  if (std::holds_alternative<std::string>(settled)) return settled;
  const sim::ConfigValues& base = std::get<sim::ConfigValues>(settled);
  if (auto problem = refuseConfig(game, base, options.allowLimitBreaks || options.configs == "outside")) return *problem;
  if (options.configs == "outside" && findApplicableLimits(game, base).empty()) {
    const auto limits = game.speedLimits();
    std::string rules;
    for (const auto& limit : limits) rules += (rules.empty() ? "" : "; ") + limit.rule;
    return options.game + " " + options.config + " " +
           (limits.empty() ? "declares no speed limit" : "is under none of its game's speed limits (" + rules + ")") +
           ", so --configs outside has nothing to break";
  }
  return settled;
}

/// Makes the findings folder now, so that a path that cannot hold findings is refused before the
/// hunt rather than at its first finding; whether it existed before (a folder this hunt made is
/// removed at the end if it found nothing), or why it cannot hold findings.
std::variant<bool, std::string> prepareFindingsFolder(const std::string& folder) {
  if (folder.empty()) return std::string("the findings folder (-o) is empty");
  std::error_code error;
  const bool existed = std::filesystem::exists(folder, error);
  std::filesystem::create_directories(folder, error);
  if (error || !std::filesystem::is_directory(folder, error)) {
    return "cannot keep findings in " + folder + ": " + (error ? error.message() : std::string("it is not a folder"));
  }
  return existed;
}

/// The part of a finding's file name that says what it shows: "tunnel", "event-died",
/// "ends-before-600", or "where" for a condition (whose text is no file name).
std::string nameFindings(const Predicate& until, const sim::GameDefinition& game) {
  switch (until.kind) {
    case Predicate::Kind::kEndsBefore: return "ends-before-" + std::to_string(until.tick);
    case Predicate::Kind::kEvent: return std::string("event-") + game.eventSchemas()[until.event].name;
    case Predicate::Kind::kWhere: return "where";
    case Predicate::Kind::kTunnel:
    case Predicate::Kind::kDiverges: break;
  }
  return "tunnel";
}

/// Why a hunt cannot look for a condition, judged on the state before the first tick of its
/// configuration (with `seed`, its first run's): a value the condition cannot compare, or a
/// condition that holds there already, which any run would show before any input counts (an
/// invariant written the wrong way round).
std::optional<std::string> refuseCondition(const sim::GameDefinition& game, const sim::ConfigValues& base, std::uint64_t seed,
                                           const Condition& condition) {
  StateFields start;
  const std::vector<sim::Field>& fields = start.read(*game.start(base, seed));
  if (auto problem = condition.checkValues(fields)) return "where: " + *problem;
  const auto holds = condition.check(fields);
  if (const auto* problem = std::get_if<std::string>(&holds)) return "where: " + *problem;
  if (!std::get<bool>(holds)) return std::nullopt;
  return "where: " + describeHolding(condition, start) +
         " at tick 0, before any input: a hunt looks for a state the inputs lead to, so name what a failure looks like "
         "(the invariant's opposite)";
}

/// Runs whose configuration breaks the same limits, and what they found.
struct BrokenLimitTally {
  std::uint64_t runs = 0;
  std::uint64_t findings = 0;
};

/// What a hunt reports as it goes: its counts, a transient progress line on a terminal, and
/// each finding saved as a replay and printed. Findings come in run order on the hunt's thread,
/// whichever worker played them; the progress line counts what every worker has played,
/// including runs that ended ahead of their turn.
class HuntReport {
 public:
  HuntReport(const HuntOptions& options, const Predicate& until, std::string findingsName)
      // A progress line only on a terminal, and at most 4 times a second: one per run was most
      // of a short-run hunt's time and, in a CI log, one line of millions of carriage returns.
      : options_(options),
        until_(until),
        findingsName_(std::move(findingsName)),
        showProgress_(!options.quiet && ::isatty(STDERR_FILENO) == 1),
        start_(std::chrono::steady_clock::now()),
        nextProgress_(start_) {}

  /// Counts a run and saves its finding; false when the finding could not be saved or the run
  /// could not judge what the hunt looks for (the hunt stops).
  bool take(HuntedRun&& hunted) {
    ++runs;
    ticks += hunted.ticks;
    printProgress();
    if (hunted.problem) {
      untilProblem = std::move(hunted.problem);
      return false;
    }
    if (hunted.config) {
      BrokenLimitTally& tally = byBrokenLimits[listBrokenLimits(*hunted.setup.game, hunted.setup.config)];
      ++tally.runs;
      if (hunted.finding) ++tally.findings;
      keepNeverSeen(hunted.unseenFields);
      if (hunted.fullestFields.size() > hintFields.size()) hintFields = std::move(hunted.fullestFields);
    }
    if (!hunted.finding) return true;
    ++findings;
    writeFailed = !saveFinding(hunted);
    return !writeFailed;
  }

  /// The progress line, on a terminal and at most 4 times a second.
  void printProgress() {
    const auto now = std::chrono::steady_clock::now();
    if (!showProgress_ || now < nextProgress_) return;
    nextProgress_ = now + std::chrono::milliseconds(250);
    const double seconds = std::max(1e-9, std::chrono::duration<double>(now - start_).count());
    printErr("\rruns {}  ticks/s {:.0f}  findings {}   ", progress.runs.load(),
             static_cast<double>(progress.ticks.load()) / seconds, findings);
  }

  /// The progress line is transient: wiped before a finding and at the end, which say more.
  void wipeProgress() const {
    if (showProgress_) printErr("\r{:72}\r", "");
  }

  [[nodiscard]] std::chrono::steady_clock::time_point start() const noexcept { return start_; }

  HuntProgress progress;
  std::uint64_t findings = 0;
  std::uint64_t ticks = 0;
  std::uint64_t runs = 0;
  bool writeFailed = false;  ///< a finding could not be saved: the hunt stopped there
  /// A run could not judge what the hunt looks for (a value its condition cannot compare): the
  /// hunt stopped there, and this says why.
  std::optional<std::string> untilProblem;
  /// The names of --until's condition that no tick of any run played has had (indices as [*]).
  std::optional<std::vector<std::string>> neverSeen;
  /// Of the runs that lacked some of those names, the fields of the tick that had the most: where
  /// to look for what a name no run had may have meant.
  std::vector<sim::Field> hintFields;
  std::string firstFinding;  ///< the file of the first finding this hunt saved
  /// The runs played and their findings by the limits their configuration breaks (none: within them all).
  std::map<std::vector<std::string>, BrokenLimitTally> byBrokenLimits;

 private:
  /// Keeps, of the names no run before had, those this run had not either.
  void keepNeverSeen(const std::vector<std::string>& unseen) {
    if (!neverSeen) {
      neverSeen = unseen;
      return;
    }
    std::erase_if(*neverSeen,
                  [&](const std::string& name) { return std::find(unseen.begin(), unseen.end(), name) == unseen.end(); });
  }

  /// The findings are the hunt's result, on stdout with its summary; the progress line is on
  /// stderr, so on a terminal it is wiped first and a finding never shares its line.
  void printFinding(const std::string& lines) const {
    wipeProgress();
    printOut("{}", lines);
    std::fflush(stdout);
  }

  /// Writes the NAME.expect beside a finding's replay that says what it shows, so that the two
  /// copied into a corpus pin it (verify --expect, approve and the corpus test judge by it);
  /// one sentence when it cannot be written. None for a failure no .expect line says.
  std::optional<std::string> expectFinding(const std::string& name, const HuntedRun& hunted, const std::string& source) const {
    const auto line = expectPredicate(until_, *hunted.setup.game);
    if (!line) return std::nullopt;
    const Witness& witness = *hunted.finding->witness;
    std::vector<std::string> why{"Found by " + programName() + " " + source + " (" + options_.game + " " +
                                     hunted.setup.config.name + "), at tick " + std::to_string(witness.tick) + ":",
                                 witness.description};
    // Past a limit the oracle must see what the rules miss (a negative control); within every
    // limit a tunnel is a contact the rules miss, pinned here only until they are fixed.
    std::string limits;
    for (const std::string& rule : listBrokenLimits(*hunted.setup.game, hunted.setup.config))
      limits += (limits.empty() ? "" : " and ") + rule;
    if (!hunted.config->broken.empty()) limits = hunted.config->broken;
    if (!limits.empty()) {
      why.push_back("Its configuration breaks " + limits + ".");
    } else if (until_.kind == Predicate::Kind::kTunnel) {
      why.push_back("Within every limit: a contact the rules miss. Once they are fixed, approve says this file no longer holds;");
      why.push_back("delete it then, and the replay must show no tunnel.");
    }
    auto saved = saveExpectations(name, why, *line);
    if (const auto* problem = std::get_if<std::string>(&saved)) return *problem;
    return std::nullopt;
  }

  /// Saves a finding as a replay named after it and prints it; false when it could not be written.
  bool saveFinding(const HuntedRun& hunted) {
    const Witness& witness = *hunted.finding->witness;
    const std::string name = options_.output + "/" + options_.game + "-" + options_.config +
                             (options_.configs == "named" ? "" : "-" + options_.configs) + "-" + findingsName_ + "-run" +
                             std::to_string(hunted.run) + "-tick" + std::to_string(witness.tick) + ".rtr";
    // A file of the same name from an earlier hunt (or another shard) is kept: it may hold a
    // finding this build no longer reproduces.
    std::error_code exists;
    if (std::filesystem::exists(name, exists)) {
      if (!options_.quiet) printFinding("found again (kept the existing file): " + name + "\n");
      return true;
    }
    const std::string shrunk = !options_.shrink              ? std::string()
                               : witness.tick < hunted.ticks ? "shrunk from " + formatCount(hunted.ticks, "tick")
                                                             : "shrinking kept its " + formatCount(hunted.ticks, "tick");
    // The file says what it was found for, unless a long condition would not fit its header.
    const std::string run = "hunt run " + std::to_string(hunted.run) + " of seed " + std::to_string(options_.seed);
    const std::string until = options_.until == "tunnel" ? "" : ", until " + options_.until;
    const std::string rest = shrunk.empty() ? "" : ", " + shrunk;
    const std::string source = run + (run.size() + until.size() + rest.size() <= kMaxHeaderStringBytes ? until : "") + rest;
    if (auto problem = writeReplay(name, false, hunted.setup, true, source, hunted.finding->inputs)) {
      wipeProgress();
      spdlog::error("{} hunt: {}", programName(), *problem);
      return false;
    }
    if (auto problem = expectFinding(name, hunted, source)) {
      wipeProgress();
      spdlog::error("{} hunt: {}", programName(), *problem);
      return false;
    }
    if (!options_.quiet) {
      const std::string broken =
          hunted.config->broken.empty() ? "" : "  its configuration breaks " + hunted.config->broken + "\n";
      printFinding("found: " + name + "\n  " + witness.description + "\n" + (shrunk.empty() ? "" : "  " + shrunk + "\n") +
                   broken);
    }
    if (firstFinding.empty()) firstFinding = name;
    return true;
  }

  const HuntOptions& options_;
  const Predicate& until_;
  std::string findingsName_;  ///< what the findings' file names say they show (nameFindings)
  bool showProgress_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point nextProgress_;
};

/// A line for each set of limits the runs' configurations broke, with the findings of its runs
/// ("  98 findings in 102 runs breaking bulletSpeed < tile (20 px)"): a limit broken in many
/// runs with none found is one the hunt could not show, and a finding within every limit a
/// contact the rules miss. Nothing for a hunt within every limit that found nothing.
std::string describeBrokenLimits(const std::map<std::vector<std::string>, BrokenLimitTally>& tallies) {
  std::string text;
  bool broken = false;
  for (const auto& [limits, tally] : tallies) {
    std::string which;
    for (const std::string& rule : limits) which += (which.empty() ? "breaking " : " and ") + rule;
    text += "  " + formatCount(tally.findings, "finding") + " in " + formatCount(tally.runs, "run") + " " +
            (which.empty() ? "within every limit" : which) + "\n";
    broken = broken || !limits.empty() || tally.findings > 0;
  }
  return broken ? text : std::string();
}

/// For a hunt that found nothing: the sentence for a name of its condition that no tick of any
/// run had (a typo, not an invariant that held), with the names of the start's state closest to it.
std::optional<std::string> explainNeverSeen(const sim::GameDefinition& game, const sim::ConfigValues& base,
                                            const HuntReport& report) {
  if (report.findings > 0 || !report.neverSeen || report.neverSeen->empty()) return std::nullopt;
  const std::string& name = report.neverSeen->front();
  StateFields start;
  const std::vector<sim::Field>& fields = report.hintFields.empty() ? start.read(*game.start(base, 0)) : report.hintFields;
  const std::string hint = describeSuggestions(suggestFieldNames(name, fields));
  return quoteForMessage(name) + " names no field of " + std::string(game.name()) + " on any tick played" +
         (hint.empty() ? "" : "; " + hint);
}

/// The hunt's summary line on stdout; exit 2 with a sentence when it played no tick (nothing
/// played is nothing checked) or looked for a field no tick had, else 1 for findings and 0 for none.
ExitCode printHuntSummary(const HuntOptions& options, const sim::ConfigValues& base, const HuntReport& report) {
  const std::string shard = options.shard.count == 1 ? ""
                                                     : ", shard " + std::to_string(options.shard.index + 1) + " of " +
                                                           std::to_string(options.shard.count);
  const std::string until = options.until == "tunnel" ? "" : ", until " + options.until;
  printOut("hunted {} ({}, {} configurations, seed {}{}{}): {}, {}, {}{}\n", options.game, base.name, options.configs,
           options.seed, until, shard, formatCount(report.runs, "run"), formatCount(report.ticks, "tick"),
           formatCount(report.findings, "finding"),
           report.findings > 0 ? (options.shrink ? " shrunk and saved in " : " saved in ") + options.output : std::string());
  printOut("{}", describeBrokenLimits(report.byBrokenLimits));
  if (report.ticks == 0) {
    // No configuration could be drawn, or none ran a tick.
    spdlog::error("{} hunt: played no tick ({} configurations could not be drawn from {} {} in {} runs): nothing was hunted",
                  programName(), options.configs, options.game, options.config, report.runs);
    return ExitCode::kBadInput;
  }
  if (auto typo = explainNeverSeen(*sim::findGame(options.game), base, report)) return refuseInput("hunt", *typo);
  // What a person does next with a finding, said beside the result rather than in it.
  if (!report.firstFinding.empty() && !options.quiet && !options.shrink)
    spdlog::info("{} hunt: to make a finding as small as it can be: {} shrink {}{} -o min.rtr", programName(), programName(),
                 report.firstFinding, options.until == "tunnel" ? "" : " --until " + quoteForShell(options.until));
  if (!report.firstFinding.empty() && !options.quiet && std::filesystem::exists(expectationsPathFor(report.firstFinding)))
    spdlog::info(
        "{} hunt: beside each finding its NAME.expect says what it shows: copied into a corpus with it, it "
        "pins the finding as a regression replay",
        programName());
  return report.findings > 0 ? ExitCode::kFailed : ExitCode::kOk;
}

ExitCode runHunt(const HuntOptions& options) {
  const sim::GameDefinition* game = sim::findGame(options.game);
  if (game == nullptr) return refuseInput("hunt", describeMissingGame(options.game));
  const auto settled = settleHuntConfig(*game, options);
  if (const auto* problem = std::get_if<std::string>(&settled)) return refuseInput("hunt", *problem);
  const sim::ConfigValues& base = std::get<sim::ConfigValues>(settled);
  auto until = parsePredicate(options.until, *game);
  if (const auto* problem = std::get_if<std::string>(&until)) return refuseInput("hunt", "--until " + *problem);
  const Predicate& predicate = std::get<Predicate>(until);
  if (predicate.kind == Predicate::Kind::kDiverges)
    return refuseInput("hunt",
                       "--until diverges is a recording's failure, and a hunt plays new games: it looks for tunnel, "
                       "ends-before:T, event:KIND or where:CONDITION");
  if (predicate.where) {
    const std::uint64_t firstSeed = seedRun(options.seed, options.shard.index);
    if (auto problem = refuseCondition(*game, base, firstSeed, *predicate.where))
      return refuseInput("hunt", "--until " + *problem);
  }
  const auto folder = prepareFindingsFolder(options.output);
  if (const auto* problem = std::get_if<std::string>(&folder)) return refuseInput("hunt", *problem);
  HuntPlan plan{
      game, base, *parseConfigMode(options.configs), options.seed, options.ticks, 0, options.shard.index, options.shard.count};
  plan.until = predicate;
  plan.runs = options.runs > 0 ? options.runs : (options.seconds > 0 ? UINT64_MAX : 100);
  plan.shrinkBudget = options.shrink ? kDefaultShrinkBudget : 0;
  HuntReport report(options, predicate, nameFindings(predicate, *game));
  // Ctrl+C stops the hunt as --seconds does: the runs under way end, and the summary is of the
  // runs played; the process then ends by the signal.
  InterruptCatcher interrupts;
  InOrderHooks hooks;
  const auto deadline = report.start() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                             std::chrono::duration<double>(options.seconds));
  const bool timed = options.seconds > 0;
  hooks.stop = [deadline, timed] {
    return InterruptCatcher::caught() || (timed && std::chrono::steady_clock::now() >= deadline);
  };
  hooks.waited = [&report] { report.printProgress(); };
  (void)huntRuns(
      plan, options.jobs, [&report](HuntedRun&& hunted) { return report.take(std::move(hunted)); }, hooks, &report.progress);
  if (report.writeFailed) return ExitCode::kBadInput;
  if (report.untilProblem) {
    report.wipeProgress();
    return refuseInput("hunt", "--until where: " + *report.untilProblem);
  }
  report.wipeProgress();
  std::error_code error;
  if (!std::get<bool>(folder) && report.findings == 0) std::filesystem::remove(options.output, error);  // a folder this hunt made
  if (!InterruptCatcher::caught()) return printHuntSummary(options, base, report);
  spdlog::error("{} hunt: interrupted after {}{}", programName(), formatCount(report.runs, "run"),
                report.runs > 0 ? ", which the summary is of" : ": nothing was hunted");
  if (report.runs > 0) (void)printHuntSummary(options, base, report);
  interrupts.endByTheSignal();
}

}  // namespace

void attachHuntCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<HuntOptions>();
  command.add_option("--game", options->game, "the game: " + joinGameNames() + " (" + programName() + " games lists them)")
      ->required();
  command.add_option("--config", options->config, "the named configuration to start from")->capture_default_str();
  command.add_option("--set", options->settings, "NAME=VALUE: a configuration field's value (repeatable)");
  command.add_flag("--allow-limit-breaks", options->allowLimitBreaks, "hunt in a configuration that breaks a speed limit");
  command.add_option("--seed", options->seed, "the hunt's seed: the same seed replays the same hunt")->capture_default_str();
  // The check sees canonical decimal text: readUnsignedOptionsAsDecimal's transform runs first.
  command.add_option("--runs", options->runs, "games to play (default 100)")
      ->check(CLI::Validator(
          [](const std::string& text) { return text == "0" ? std::string("a hunt plays 1 game or more") : std::string(); },
          "1 OR MORE"));
  command.add_option("--seconds", options->seconds, "or play for this long")->check([](const std::string& text) {
    const double seconds = std::strtod(text.c_str(), nullptr);
    return seconds > 0 && seconds <= 1e9 ? std::string() : "the time must be above 0 and at most 1e9 seconds";
  });
  command.add_option("--ticks", options->ticks, "ticks per game")->capture_default_str()->check(CLI::Range(1ULL, 10'000'000ULL));
  command.add_option("--configs", options->configs, "named, within (random within the limits) or outside (just past them)")
      ->capture_default_str()
      ->check(CLI::IsMember({"named", "within", "outside"}));
  command
      .add_option("--until", options->until,
                  "what a run looks for: tunnel, ends-before:T (a round ends before tick T), event:KIND, or where:CONDITION "
                  "(a state that meets it, in find --where's grammar: 'where:players[0].hp < 0')")
      ->capture_default_str();
  command
      .add_option("-o,--output", options->output,
                  "folder for the findings' replays, each with the NAME.expect that says what it shows")
      ->capture_default_str();
  options->jobs = countDefaultJobs();
  command
      .add_option("--jobs", options->jobs,
                  "games played at once, one thread each (the findings are the same for any number; default: one for each "
                  "processor it may run on)")
      ->capture_default_str()
      ->check(CLI::Range(1U, kMostJobs));
  command
      .add_option_function<std::string>(
          "--shard",
          [options](const std::string& text) {
            auto parsed = parseShard(text);
            if (auto* problem = std::get_if<std::string>(&parsed)) throw CLI::ValidationError("--shard", *problem);
            options->shard = std::get<Shard>(parsed);
          },
          "I/N: play only shard I of N of the runs (run numbers I-1, I-1+N, ...); the N shards' findings together are the whole hunt's")
      ->type_name("I/N");
  command.add_flag("--shrink", options->shrink,
                   "shrink each finding before it is saved, as retrace shrink does (" + std::to_string(kDefaultShrinkBudget) +
                       " re-simulations at most each): its file is named after the tick the shrunk replay fails at");
  command.add_flag("--no-progress", options->quiet, "no progress line and no line per finding: the summary only");
  command.footer(
      "Exit status: 0 nothing found, 1 findings saved, 2 bad input, a hunt that played no tick, or a condition naming a "
      "field no tick had.");
  command.callback([options, &outExit] { outExit = runHunt(*options); });
}

}  // namespace retrace::recorder::cli
