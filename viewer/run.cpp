#include "viewer/run.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <unistd.h>
#include <CLI/CLI.hpp>
#include <SFML/Graphics.hpp>

#include "recorder/byte_sink.h"
#include "recorder/expectations.h"
#include "recorder/field_hints.h"
#include "recorder/input_source.h"
#include "recorder/inspect.h"
#include "recorder/interrupt.h"
#include "recorder/parse.h"
#include "recorder/recorder.h"
#include "recorder/replay.h"
#include "recorder/verifier.h"
#include "viewer/debugger.h"
#include "viewer/display.h"
#include "viewer/frame.h"
#include "viewer/headless.h"
#include "viewer/live_play.h"
#include "viewer/playback.h"
#include "viewer/plot.h"
#include "viewer/sfml_messages.h"
#include "viewer/status_file.h"
#include "viewer/window.h"

namespace {

using namespace retrace;

struct Options {
  std::string file;
  bool verify = false;
  std::string compare;
  std::string png;
  std::string sheet;
  std::string gif;
  std::uint64_t tick = 0;
  std::uint64_t from = 0;
  std::optional<std::uint64_t> to;     ///< the last tick by default
  std::optional<std::uint64_t> every;  ///< a sheet's default is 60; a clip's, chooseClipEvery's
  double speed = 1.0;
  unsigned width = 960;
  unsigned height = 720;
  bool force = false;
  std::string play;
  std::uint64_t takeOver = 0;
  bool takingOver = false;  ///< --take-over was given (its tick may be 0)
  std::string find;
  std::string config = "default";
  std::vector<std::string> settings;
  bool allowLimitBreaks = false;  ///< for --play or --take-over
  std::uint64_t seed = 1;
  std::string output;
  bool panels = false;
  std::string select;
  std::string status;
  std::vector<std::string> plots;
  std::optional<std::string> overlays;  ///< the overlays shown, by name (chooseOverlays)
};

/// The binary's name in messages ("retrace-view", or a game's own viewer).
std::string& programName() {
  static std::string name = "retrace-view";
  return name;
}

int fail(const std::string& sentence) {
  fmt::print(stderr, "{}: {}\n", programName(), sentence);
  return 2;
}

/// Where a name that no field has sends the user to read the real ones: the window's inspector
/// (this binary's own, where `retrace show` may be another program's name).
std::string listFieldsWhere(const std::string& file) {
  return " (its inspector lists every field: " + programName() + " " + file + ")";
}

/// The file name of a path, for labels.
std::string baseName(const std::string& path) { return std::filesystem::path(path).filename().string(); }

/// What a replay file's .expect makes of it, for the window: with --verify, the replay engine's
/// report made while the .expect was judged (so that the file is verified once).
struct JudgedFile {
  std::optional<recorder::VerifyReport> report;
  std::optional<viewer::ExpectedVerdict> expected;
};

/// What the NAME.expect beside a replay file says of it, as verify --expect judges it; nothing
/// when it has none. A regression replay's tunnels are its point: the window says so. Without
/// --verify, that it is there and what judges it (a hunt's finding opened as it was saved).
JudgedFile judgeExpected(const std::string& file, bool verify) {
  std::error_code error;
  const std::filesystem::path expect = recorder::expectationsPathFor(file);
  if (!std::filesystem::exists(std::filesystem::symlink_status(expect, error))) return {};
  if (!verify)
    return {std::nullopt,
            viewer::ExpectedVerdict{"unjudged",
                                    {expect.filename().string() + " beside it says what it must show: --verify "
                                                                  "judges it by that and marks the oracle's tunnels"}}};
  recorder::VerifyOptions options;
  options.allowTruncated = true;  // as the Playback verifies: a recovered prefix is still worth looking at
  auto judged = recorder::verifyExpectedOutcome(file, options);
  if (const auto* problem = std::get_if<std::string>(&judged))
    return {std::nullopt, viewer::ExpectedVerdict{"unreadable", {*problem}}};
  auto& [verified, outcome] = std::get<recorder::JudgedReplay>(judged);
  JudgedFile out{std::move(verified.report), std::nullopt};
  if (!outcome) return out;
  const std::string name = baseName(outcome->file);
  if (outcome->unmet.empty()) {
    out.expected = viewer::ExpectedVerdict{"met", {"shows what " + name + " expects"}};
    return out;
  }
  out.expected = viewer::ExpectedVerdict{"unmet", {name + " expects what this replay does not show:"}};
  for (const std::string& sentence : outcome->unmet) out.expected->lines.push_back(sentence);
  return out;
}

/// The replay file opened through its index (checked whole, its chunks read again when needed).
std::optional<recorder::ReplayIndex> openOrReport(const std::string& file, int& outExit) {
  auto opened = recorder::ReplayIndex::open(file);
  if (auto* problem = std::get_if<std::string>(&opened)) {
    outExit = fail(*problem);
    return std::nullopt;
  }
  const auto& index = std::get<recorder::ReplayIndex>(opened);
  if (index.lastTick() == 0) {
    outExit = fail(file + " holds no ticks to show");
    return std::nullopt;
  }
  if (auto mismatch = recorder::findRulesMismatch(index.summary().header)) {
    outExit = fail(file + " " + *mismatch);
    return std::nullopt;
  }
  return std::move(std::get<recorder::ReplayIndex>(opened));
}

/// --find: the ticks `retrace find --all` gives, by the same search (the view opens at the
/// first), or nothing with the exit code in `outExit` (1 when the replay diverged on the way).
std::optional<std::vector<std::uint64_t>> findOrReport(const Options& options, const recorder::ReplayIndex& replay,
                                                       int& outExit) {
  auto condition = recorder::Condition::parse(options.find);
  if (auto* problem = std::get_if<std::string>(&condition)) {
    outExit = fail(*problem);
    return std::nullopt;
  }
  auto found = recorder::findTicks(replay, std::get<recorder::Condition>(condition), 0, true);  // a chunk at a time
  if (auto* problem = std::get_if<recorder::Unanswered>(&found)) {
    // A divergence is the replay's (exit 1, as everywhere); anything else is the condition's.
    const int code = fail(options.file + (problem->diverged ? " " : ": ") + problem->sentence +
                          (problem->unknownField ? listFieldsWhere(options.file) : ""));
    outExit = problem->diverged ? 1 : code;
    return std::nullopt;
  }
  auto& matches = std::get<std::vector<std::uint64_t>>(found);
  if (matches.empty()) {
    outExit = fail(options.find + " holds on no tick of " + options.file);
    return std::nullopt;
  }
  return std::move(matches);
}

/// --png: one frame at --find's first match or --tick, with the panels (or B beside A) when
/// asked; the exit code.
int renderPng(const Options& options, viewer::Playback& playback, viewer::Playback* other, const sf::Font& font,
              const viewer::FoundTicks& found, const viewer::Overlays& overlays) {
  if (auto problem = recorder::refuseOutput(options.png, options.force)) return fail(*problem);
  const std::uint64_t tick = found.ticks.empty() ? options.tick : found.ticks.front();
  if (options.panels || other != nullptr || !options.plots.empty()) {
    const viewer::PanelShot shot{
        other, baseName(options.file), baseName(options.compare), options.select, options.panels, options.plots, overlays, found};
    if (auto problem =
            viewer::renderDebuggerPng(playback, font, tick, options.png, options.force, {options.width, options.height}, shot))
      return fail(*problem);
    fmt::print("wrote {} (tick {}{})\n", options.png, tick, options.panels ? ", with the debugger's panels" : "");
    return 0;
  }
  if (auto problem =
          viewer::renderFramePng(playback, font, tick, options.png, options.force, {options.width, options.height}, overlays))
    return fail(*problem);
  fmt::print("wrote {} (tick {})\n", options.png, tick);
  return 0;
}

/// --plot: one sentence for the first field that is no field's name, or that the game has on no
/// tick of the replay (a typo, not a field that never changed). Checked before anything is
/// drawn, stepping the replay only as far as the field first appears.
std::optional<std::string> checkPlots(const Options& options, const viewer::Playback& playback) {
  if (options.plots.size() > viewer::kMaxPlots)
    return "--plot: at most " + std::to_string(viewer::kMaxPlots) + " fields are plotted at once";
  for (const std::string& field : options.plots) {
    if (auto problem = viewer::checkPlotName(field)) return "--plot " + *problem;
    if (std::count(options.plots.begin(), options.plots.end(), field) > 1)
      return "--plot " + recorder::quoteForMessage(field) + " is given twice";
    viewer::FieldSeries series(field, playback);
    while (!series.seen() && !series.extend(4096)) {
    }
    if (!series.seen()) {
      const std::string hint =
          recorder::describeSuggestions(recorder::suggestFieldNames(field, playback.current().describeState()));
      return "--plot " + recorder::quoteForMessage(field) + " names no field of " + playback.replay().header.game +
             " on any tick of " + options.file + (hint.empty() ? "" : "; " + hint) + listFieldsWhere(options.file);
    }
  }
  return std::nullopt;
}

/// The tick the window opens at (the first --find match, else --tick) past the replay, or a
/// --select that nothing at that tick lies inside (a mistyped name would open an empty
/// inspector): one sentence, before the window opens.
std::optional<std::string> refuseOpening(const Options& options, viewer::Playback& playback, const viewer::FoundTicks& found) {
  const std::uint64_t opening = found.ticks.empty() ? options.tick : found.ticks.front();
  if (opening > playback.lastTick()) return recorder::describePastLastTick(opening, playback.lastTick(), playback.replay());
  if (options.select.empty()) return std::nullopt;
  playback.seek(opening);
  viewer::Debugger probe(playback, nullptr, {}, {}, {});
  probe.select(options.select);
  if (probe.showsSelection()) return std::nullopt;
  return viewer::describeUnseenSelection(options.select, "tick " + std::to_string(opening), playback.current().describeState());
}

/// The window on A (and B), at the first --find match if any, else at --tick, with --select's
/// entity selected; the tick L asked to take A over at, when it closed for that.
std::optional<std::uint64_t> runWindow(const Options& options, viewer::Playback& playback, viewer::Playback* other,
                                       const sf::Font& font, viewer::FoundTicks found, const viewer::Overlays& overlays) {
  const std::uint64_t opening = found.ticks.empty() ? options.tick : found.ticks.front();
  playback.seek(opening);
  if (other != nullptr) other->seek(opening);
  viewer::WindowOptions window;
  window.title = "retrace-view " + options.file;
  window.nameA = baseName(options.file);
  window.nameB = baseName(options.compare);
  window.width = options.width;
  window.height = options.height;
  window.status = options.status;
  window.plots = options.plots;
  window.select = options.select;
  window.overlays = overlays;
  window.canTakeOver = !options.output.empty();
  recorder::InterruptCatcher interrupts;
  const auto takeOverAt = viewer::DebuggerWindow(playback, other, font, window, std::move(found)).run();
  if (recorder::InterruptCatcher::caught()) interrupts.endByTheSignal();
  return takeOverAt;
}

/// A picture's refusal or failure said, the exit code; one that a signal stopped (Ctrl+C) then
/// ends the process by that signal.
int failRender(const std::string& problem, recorder::InterruptCatcher& interrupts) {
  const int code = fail(problem);
  if (recorder::InterruptCatcher::caught()) interrupts.endByTheSignal();
  return code;
}

/// --sheet: a contact sheet of the ticks asked for; the exit code.
int renderSheet(const Options& options, viewer::Playback& playback, const sf::Font& font, const viewer::Overlays& overlays) {
  if (auto problem = recorder::refuseOutput(options.sheet, options.force)) return fail(*problem);
  const std::uint64_t to = options.to.value_or(playback.lastTick());
  const std::uint64_t every = options.every.value_or(60);
  recorder::InterruptCatcher interrupts;
  if (auto problem = viewer::renderSheetPng(playback, font, options.from, to, every, options.sheet, options.force, overlays))
    return failRender(*problem, interrupts);
  fmt::print("wrote {} ({} cells, ticks {}..{} every {})\n", options.sheet, viewer::countRangeTicks(options.from, to, every),
             options.from, to, every);
  return 0;
}

/// --gif: a clip of the ticks asked for as the window shows them; the exit code.
int renderClip(const Options& options, viewer::Playback& playback, viewer::Playback* other, const sf::Font& font,
               const viewer::Overlays& overlays) {
  if (auto problem = recorder::refuseOutput(options.gif, options.force)) return fail(*problem);
  viewer::ClipRange range;
  range.from = options.from;
  range.to = options.to.value_or(playback.lastTick());
  range.speed = options.speed;
  range.every = options.every.value_or(viewer::chooseClipEvery(playback.replay().header.tickRate, options.speed));
  // No --find with a clip: it would choose one tick, where a clip has its range.
  const viewer::PanelShot shot{
      other, baseName(options.file), baseName(options.compare), options.select, options.panels, options.plots, overlays, {}};
  // A long clip takes a while: a terminal is told how far it is (a log is not).
  const bool terminal = ::isatty(STDERR_FILENO) == 1;
  const auto progress = [&](std::uint64_t done, std::uint64_t frames) {
    if (done % 30 == 0 && done < frames) fmt::print(stderr, "\rframe {} of {}", done, frames);
    if (done == frames && frames >= 30) fmt::print(stderr, "\r{:40}\r", "");
  };
  recorder::InterruptCatcher interrupts;
  auto rendered = viewer::renderClipGif(playback, font, range, options.gif, options.force, {options.width, options.height}, shot,
                                        terminal ? std::function<void(std::uint64_t, std::uint64_t)>(progress) : nullptr);
  if (auto* problem = std::get_if<std::string>(&rendered)) {
    if (terminal) fmt::print(stderr, "\r{:40}\r", "");  // the progress line, if one was shown
    return failRender(*problem, interrupts);
  }
  const viewer::ClipWritten& clip = std::get<viewer::ClipWritten>(rendered);
  fmt::print("wrote {} (ticks {}..{} every {}: {} frames, {:.2f} s at {:g}x{}; {} bytes)\n", options.gif, range.from, range.to,
             range.every, clip.frames, clip.seconds, range.speed, options.panels ? ", with the debugger's panels" : "",
             clip.bytes);
  return 0;
}

/// Why --status, if given, cannot be written: among others, it would write over the replay -o
/// names (the status file or its frame).
std::optional<std::string> refuseStatus(const Options& options) {
  if (options.status.empty()) return std::nullopt;
  for (const std::string& written : {options.status, options.status + ".png"}) {
    if (!options.output.empty() && recorder::namesSameFile(written, options.output))
      return "--status writes " + written + ", the replay -o names: give them different names";
  }
  return viewer::refuseStatusPath(options.status, options.force);
}

/// Why a file this run writes would replace the replay it views or compares, which it reads
/// while it runs; nothing when none does.
std::optional<std::string> refuseWritingTheReplays(const Options& options) {
  const std::string statusFrame = options.status.empty() ? std::string() : options.status + ".png";
  const std::pair<const char*, const std::string*> written[] = {{"--png", &options.png},    {"--sheet", &options.sheet},
                                                                {"--gif", &options.gif},    {"--status", &options.status},
                                                                {"--status", &statusFrame}, {"-o", &options.output}};
  const std::pair<const char*, const std::string*> read[] = {{"the replay viewed", &options.file},
                                                             {"the replay compared with it", &options.compare}};
  for (const auto& [flag, output] : written) {
    for (const auto& [what, input] : read) {
      if (auto problem = recorder::refuseOutputOverInput(*output, *input, what)) return std::string(flag) + ": " + *problem;
    }
  }
  return std::nullopt;
}

/// What the command line says of live play whatever is played: --set, the files, the flags.
viewer::LivePlayOptions takeLiveOptions(const Options& options) {
  viewer::LivePlayOptions live;
  live.program = programName();
  live.settings = options.settings;
  live.output = options.output;
  live.force = options.force;
  live.allowLimitBreaks = options.allowLimitBreaks;
  live.status = options.status;
  return live;
}

/// Live play: the game played with the keyboard in a window, and recorded.
int playLive(const Options& options, const sf::Font& font) {
  if (options.output.empty()) return fail("--play needs -o OUT.rtr");
  if (auto problem = refuseStatus(options)) return fail(*problem);
  if (auto problem = viewer::findDisplayProblem()) return fail(*problem);
  viewer::LivePlayOptions live = takeLiveOptions(options);
  live.game = options.play;
  live.config = options.config;
  live.seed = options.seed;
  return viewer::runLivePlay(live, font);
}

/// --take-over: the replay's game played live from a tick, its inputs to there and the
/// keyboard's after, recorded with its configuration's values and seed.
int takeOver(const Options& options, const sf::Font& font) {
  if (options.output.empty()) return fail("--take-over needs -o OUT.rtr");
  // After L, the status is the debugger's, which live play goes on writing.
  if (auto problem = options.takingOver ? refuseStatus(options) : std::nullopt) return fail(*problem);
  auto read = recorder::readReplayInputs(options.file);
  if (auto* problem = std::get_if<std::string>(&read)) return fail(*problem);
  const recorder::ReplayInputs& replay = std::get<recorder::ReplayInputs>(read);
  if (options.takeOver > replay.ticks) {
    return fail("--take-over " + std::to_string(options.takeOver) + " is past the last tick of " + options.file + " (" +
                std::to_string(replay.ticks) + ")");
  }
  if (auto problem = viewer::findDisplayProblem()) return fail(*problem);
  viewer::LivePlayOptions live = takeLiveOptions(options);
  live.game = replay.header.game;
  live.config = replay.header.configName;
  live.seed = replay.header.seed;
  live.baseConfig = recorder::configOf(replay.header);
  live.allowLimitBreaks = live.allowLimitBreaks || replay.header.limitBreaksAllowed;
  live.openPaused = true;  // the person sees the moment before playing on, at tick 0 too
  for (const recorder::ScriptRun& run : replay.runs) {
    const std::uint64_t left = options.takeOver - live.takenOver.size();
    live.takenOver.insert(live.takenOver.end(), std::min(left, run.ticks), run.input);
  }
  live.inputSource =
      recorder::nameInputFile("replay", options.file, " to tick " + std::to_string(options.takeOver) + ", then live");
  // Said before the window opens and in it: the state played from is this build's, not the recording's.
  if (auto parts = recorder::sayWhereThisBuildParts(options.file, options.takeOver)) {
    live.notice = "warning: " + *parts;
    fmt::print(stderr, "{}: {}\n", programName(), live.notice);
  }
  return viewer::runLivePlay(live, font);
}

/// Why options that only live play takes were given to view a replay; nothing when none was.
std::optional<std::string> refuseLiveOptions(const Options& options) {
  if (!options.output.empty() && (!options.png.empty() || !options.sheet.empty() || !options.gif.empty()))
    return "-o names the replay --play, --take-over or the window's L writes, not a picture's";
  if (!options.settings.empty()) return "--set changes the configuration --play or --take-over plays";
  if (options.allowLimitBreaks) return "--allow-limit-breaks lets --play or --take-over play past a speed limit";
  return std::nullopt;
}

int run(const Options& options) {
  sf::Font font;
  if (auto problem = viewer::loadFont(font)) return fail(*problem);
  if (auto problem = refuseWritingTheReplays(options)) return fail(*problem);
  if (!options.play.empty()) return playLive(options, font);
  if (options.takingOver) return takeOver(options, font);
  if (auto problem = refuseLiveOptions(options)) return fail(*problem);
  if (options.file.empty()) return fail("name a replay to view, or --play GAME (see --help)");
  int exit = 0;
  auto replay = openOrReport(options.file, exit);
  if (!replay) return exit;
  // Nor is L's recording replaced, said before the window opens rather than after a search.
  if (auto problem = refuseStatus(options)) return fail(*problem);
  if (auto problem = options.output.empty() ? std::nullopt : recorder::refuseOutput(options.output, options.force))
    return fail(*problem);
  // Every way on opens a window or a render texture, which SFML cannot do without a display.
  if (auto problem = viewer::findDisplayProblem()) return fail(*problem);
  viewer::FoundTicks found{options.find, {}};
  if (!options.find.empty()) {
    auto ticks = findOrReport(options, *replay, exit);
    if (!ticks) return exit;
    found.ticks = std::move(*ticks);
  }
  JudgedFile judged = judgeExpected(options.file, options.verify);
  viewer::Playback playback(std::move(*replay), options.verify, std::move(judged.report));
  if (judged.expected) playback.setExpectedVerdict(std::move(*judged.expected));
  if (auto problem = checkPlots(options, playback)) return fail(*problem);
  std::optional<viewer::Playback> other;
  if (!options.compare.empty()) {
    auto second = openOrReport(options.compare, exit);
    if (!second) return exit;
    const std::string& game = second->summary().header.game;
    if (game != playback.replay().header.game)
      return fail(options.compare + " is a " + game + " replay, not " + playback.replay().header.game);
    JudgedFile judgedB = judgeExpected(options.compare, options.verify);
    other.emplace(std::move(*second), options.verify, std::move(judgedB.report));
    if (judgedB.expected) other->setExpectedVerdict(std::move(*judgedB.expected));
  }
  auto chosen = options.overlays ? viewer::chooseOverlays(*options.overlays, playback.game().sceneLayers())
                                 : std::variant<viewer::Overlays, std::string>(viewer::Overlays{});
  if (auto* problem = std::get_if<std::string>(&chosen)) return fail("--overlays: " + *problem);
  const viewer::Overlays& overlays = std::get<viewer::Overlays>(chosen);
  if (!options.png.empty()) return renderPng(options, playback, other ? &*other : nullptr, font, found, overlays);
  if (!options.sheet.empty()) return renderSheet(options, playback, font, overlays);
  if (!options.gif.empty()) return renderClip(options, playback, other ? &*other : nullptr, font, overlays);
  if (auto problem = refuseOpening(options, playback, found)) return fail(*problem);
  const auto takeOverAt = runWindow(options, playback, other ? &*other : nullptr, font, std::move(found), overlays);
  if (!takeOverAt) return 0;
  Options taking = options;
  taking.takeOver = *takeOverAt;
  return takeOver(taking, font);
}

/// The options that choose what the viewer does, by which the others say what they need or exclude.
struct ModeOptions {
  CLI::Option* file = nullptr;
  CLI::Option* verify = nullptr;
  CLI::Option* compare = nullptr;
  CLI::Option* find = nullptr;
  CLI::Option* plot = nullptr;
  CLI::Option* status = nullptr;
  CLI::Option* png = nullptr;
  CLI::Option* sheet = nullptr;
  CLI::Option* gif = nullptr;
  CLI::Option* tick = nullptr;
  CLI::Option* select = nullptr;
  CLI::Option* overlays = nullptr;
};

/// The replay viewed, what the window shows of it, and its size.
ModeOptions addViewingOptions(CLI::App& app, Options& options) {
  ModeOptions modes;
  modes.file = app.add_option("file", options.file, "the replay to view");
  modes.verify = app.add_flag(
      "--verify", options.verify,
      "verify while loading with the replay engine: events, snapshots and the oracle's tunnels (a checksum that differs is marked DIVERGED either way)");
  modes.compare = app.add_option("--compare", options.compare, "a second replay of the same game, shown side by side");
  modes.find = app.add_option(
      "--find", options.find,
      "open at the first tick where a condition holds (as retrace find --where); N / shift+N go to the next / previous");
  modes.plot = app.add_option(
      "--plot", options.plots,
      "a field plotted over time on a lane of the timeline, by its dotted name as the inspector gives it (repeatable, up to 4; right-click a field in the inspector does the same)");
  modes.status = app.add_option(
      "--status", options.status,
      "the window writes its state here (key=value lines) and its frame to FILE.png whenever they change, for scripts that drive it");
  app.add_option("--width", options.width, "window or frame width")->capture_default_str()->check(CLI::Range(160U, 8192U));
  app.add_option("--height", options.height, "window or frame height")->capture_default_str()->check(CLI::Range(120U, 8192U));
  app.add_flag("--force", options.force, "replace existing output files");
  modes.overlays = app.add_option("--overlays", options.overlays,
                                  "the overlays the scene draws, comma-separated, the others hidden (boxes, names, events, and "
                                  "the layers a game's scenes have: sweeps, windows, grid), or none; keys still toggle them");
  return modes;
}

/// A check that --speed is a number from 0.01 to 100 (CLI11's range names its bounds with six decimals).
CLI::Validator requireSpeed() {
  return CLI::Validator(
      [](const std::string& text) {
        char* end = nullptr;
        const double speed = std::strtod(text.c_str(), &end);
        if (!text.empty() && end == text.c_str() + text.size() && speed >= 0.01 && speed <= 100.0) return std::string();
        return recorder::quoteForMessage(text) + " is not a speed from 0.01 to 100 (0.25: a quarter of the replay's)";
      },
      "");
}

/// A check that --every is a step of one tick or more (0 would read as a range without ticks).
CLI::Validator requireStep() {
  return CLI::Validator(
      [](const std::string& text) {
        const bool zero = !text.empty() && text.find_first_not_of('0') == std::string::npos;
        return zero ? recorder::quoteForMessage(text) + " is no step: 1 tick or more between cells or frames" : std::string();
      },
      "");
}

/// A frame or a contact sheet rendered to a PNG, or a clip to a GIF, instead of a window.
void addPictureOptions(CLI::App& app, Options& options, ModeOptions& modes) {
  modes.png = app.add_option("--png", options.png, "render one frame to this PNG and exit");
  modes.tick =
      app.add_option("--tick", options.tick, "the tick --png renders, or the window opens at (paused), or its time (0:11.216)")
          ->type_name("TICK");
  modes.find->excludes(modes.tick);
  modes.sheet = app.add_option("--sheet", options.sheet, "render a contact sheet to this PNG and exit")->excludes(modes.png);
  modes.gif = app.add_option("--gif", options.gif,
                             "render ticks --from..--to as the window shows them to this animated GIF, playing at the "
                             "replay's speed (--speed changes it), and exit")
                  ->excludes(modes.png)
                  ->excludes(modes.sheet);
  // A sheet and a clip take their ticks from --from and --to.
  modes.tick->excludes(modes.sheet)->excludes(modes.gif);
  // Each needs --sheet or --gif, which CLI11 cannot say: refusePictureOptions checks them after parsing.
  app.add_option("--from", options.from, "first tick of the sheet or clip, or its time (0:11.216)")->type_name("TICK");
  app.add_option("--to", options.to, "last tick of the sheet or clip, or its time (default: the last)")->type_name("TICK");
  app.add_option("--every", options.every,
                 "ticks between the sheet's cells (default 60) or the clip's frames (default: as few as a GIF "
                 "plays at the speed, 2 at 1x)")
      ->check(requireStep());
  app.add_option("--speed", options.speed, "with --gif: how fast the clip plays, 0.25 for a quarter of the replay's speed")
      ->capture_default_str()
      ->check(requireSpeed())
      ->needs(modes.gif);
  app.add_flag("--panels", options.panels,
               "with --png or --gif: the debugger's panels beside the frame (inspector, events, oracle)");
  modes.select =
      app.add_option(
             "--select", options.select,
             "the entity the inspector shows and the scene outlines (in the window, or with --panels in --png and --gif), by the name I draws beside it (the prefix of its fields in the inspector), or a list's element by its id, LIST[id=N]")
          ->excludes(modes.sheet);
  // A sheet's cells show one replay's scene; the window, a PNG and a clip show A beside B.
  for (CLI::Option* option : {modes.compare, modes.find, modes.plot}) option->excludes(modes.sheet);
  modes.find->excludes(modes.gif);
  modes.status->excludes(modes.png)->excludes(modes.sheet)->excludes(modes.gif);
}

/// The options that need one picture or another, which CLI11's needs (all of them) cannot say:
/// the sentence for the first given without one.
std::optional<std::string> refusePictureOptions(const CLI::App& app) {
  const bool clip = app.count("--gif") > 0;
  const bool sheet = app.count("--sheet") > 0;
  for (const char* range : {"--from", "--to", "--every"}) {
    if (app.count(range) > 0 && !clip && !sheet) return std::string(range) + " requires --sheet or --gif";
  }
  const bool png = app.count("--png") > 0;
  if (app.count("--panels") > 0 && !clip && !png) return std::string("--panels requires --png or --gif");
  // A picture without the panels has no inspector to show the entity in.
  if (app.count("--select") > 0 && (clip || png) && app.count("--panels") == 0)
    return std::string("--select requires --panels with --png or --gif");
  return std::nullopt;
}

/// A check that an option's value is a name: an empty one would read as the option left out
/// (--png '' opened the window).
CLI::Validator requireName() {
  return CLI::Validator(
      [](const std::string& text) { return text.empty() ? std::string("needs a name, not empty text") : std::string(); }, "");
}

/// A game played live instead of a replay viewed.
void addLivePlayOptions(CLI::App& app, Options& options, const ModeOptions& modes) {
  CLI::Option* play =
      app.add_option("--play", options.play, "play GAME live with the keyboard and record it")->check(requireName());
  for (CLI::Option* option : {modes.file, modes.verify, modes.compare, modes.png, modes.sheet, modes.gif, modes.find, modes.plot,
                              modes.tick, modes.select, modes.overlays}) {
    play->excludes(option);
  }
  CLI::Option* takeOver =
      app.add_option("--take-over", options.takeOver,
                     "play the replay's game live from this tick: its inputs to there (the window opens paused on it), "
                     "then the keyboard's, recorded with its configuration and seed to -o")
          ->type_name("TICK")
          ->needs(modes.file);
  for (CLI::Option* option : {play, modes.verify, modes.compare, modes.png, modes.sheet, modes.gif, modes.find, modes.plot,
                              modes.tick, modes.select, modes.overlays})
    takeOver->excludes(option);
  app.add_option("--config", options.config, "configuration for --play")->capture_default_str()->needs(play);
  app.add_option("--set", options.settings, "NAME=VALUE for --play or --take-over: a configuration field's value (repeatable)");
  app.add_option("--seed", options.seed, "seed for --play")->capture_default_str()->needs(play);
  app.add_flag("--allow-limit-breaks", options.allowLimitBreaks,
               "with --play or --take-over: play a configuration that breaks a speed limit (a bug, a negative control)");
  app.add_option("-o,--output", options.output, "the replay --play, --take-over or the window's L (take over here) writes")
      ->check(requireName());
}

/// The viewer's options, their help and which need or exclude which.
void addViewerOptions(CLI::App& app, Options& options) {
  ModeOptions modes = addViewingOptions(app, options);
  addPictureOptions(app, options, modes);
  addLivePlayOptions(app, options, modes);
  for (CLI::Option* option : {modes.file, modes.compare, modes.png, modes.sheet, modes.gif, modes.status})
    option->check(requireName());
  // Counts in decimal digits only, and ticks as counts or times, as in retrace's commands
  // (recorder/parse.h says why).
  for (CLI::Option* option : app.get_options()) {
    if (auto transform = recorder::chooseOptionTransform(option->get_type_name()))
      option->transform(CLI::Validator(transform, ""));
  }
}

}  // namespace

namespace retrace::viewer {

int runViewer(std::string_view program, int argc, char** argv) {
  programName() = std::string(program);
  filterSfmlMessages();
  if (auto problem = recorder::findUnprintableArgument(std::span(argv + 1, argv + argc))) return fail(*problem);
  CLI::App app{programName() + ": play, step, seek and render retrace replays; record live play", programName()};
  app.set_version_flag("--version", recorder::describeVersion(program));
  Options options;
  addViewerOptions(app, options);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& success) {
    return app.exit(success);
  } catch (const CLI::ParseError& error) {
    // CLI11 says only that words were not expected: the option is named, and what it was meant as.
    std::vector<std::string> names;
    for (const CLI::Option* option : app.get_options()) {
      for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
      for (const std::string& name : option->get_snames()) names.push_back("-" + name);
    }
    auto unknown = recorder::describeUnknownOption(app.remaining(), names);
    return fail((unknown ? *unknown : std::string(error.what())) + " (see " + programName() + " --help)");
  }
  if (auto problem = refusePictureOptions(app)) return fail(*problem + " (see " + programName() + " --help)");
  options.takingOver = app.get_option("--take-over")->count() > 0;
  // A game this program could not register: a mistake in it, said on every run (as retrace's).
  for (const std::string& refusal : recorder::describeRefusedGames()) fmt::print(stderr, "{}: {}\n", programName(), refusal);
  try {
    std::clearerr(stdout);
    const int exit = run(options);
    // A report stdout could not take (a full disk) is no report, as for retrace's commands.
    if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) return fail("its output could not be written in full");
    return exit;
  } catch (const std::runtime_error& error) {
    // A replay file changed after it was opened, read again for a chunk (one sentence).
    return fail(error.what());
  }
}

}  // namespace retrace::viewer
