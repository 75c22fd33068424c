// The playback controller without a window: seeking, stepping, speed, keys, and the promise
// that nothing the viewer does reaches the simulated state.
#include "viewer/playback.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/parse.h"
#include "recorder/replay.h"
#include "recorder/replay_test_support.h"
#include "recorder/verifier.h"
#include "support/corpus.h"
#include "support/temp_dir.h"
#include "viewer/controls.h"
#include "viewer/debugger.h"
#include "viewer/edit.h"
#include "viewer/live_play.h"

namespace retrace::viewer {
namespace {

using retrace::testing::loadCorpus;

/// The jumps of a --find search that found `matches`.
JumpTargets findMatches(const std::vector<std::uint64_t>& matches) {
  JumpTargets targets;
  targets.matches = matches;
  return targets;
}

/// The state hash after every tick, by plain linear re-simulation.
std::vector<std::uint64_t> linearHashes(const recorder::LoadedReplay& replay) {
  const sim::GameDefinition& game = *recorder::gameOf(replay.header);
  auto session = game.start(recorder::configOf(replay.header), replay.header.seed);
  std::vector<std::uint64_t> hashes{session->hash()};
  for (const sim::Input input : recorder::expandInputs(replay)) {
    (void)session->step(input);
    hashes.push_back(session->hash());
  }
  return hashes;
}

class SeekEqualsLinear : public ::testing::TestWithParam<const char*> {};

TEST_P(SeekEqualsLinear, EveryTickInReverseOrderMatchesLinearReplay) {
  const recorder::LoadedReplay replay = loadCorpus(GetParam());
  const std::vector<std::uint64_t> expected = linearHashes(replay);
  Playback playback(replay, false);
  ASSERT_EQ(playback.lastTick() + 1, expected.size());
  for (std::uint64_t t = playback.lastTick() + 1; t-- > 0;) {
    playback.seek(t);
    ASSERT_EQ(playback.current().hash(), expected[t]) << "tick " << t;
    ASSERT_EQ(playback.previous().hash(), expected[t == 0 ? 0 : t - 1]) << "previous of tick " << t;
  }
  // Forward steps from a seek agree too.
  playback.seek(1000);
  for (std::uint64_t t = 1001; t < 1300; ++t) {
    playback.stepForward();
    ASSERT_EQ(playback.current().hash(), expected[t]);
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, SeekEqualsLinear,
                         ::testing::Values("dodge-bot-seed3.rtr", "tank-bot-seed5.rtr", "fallingman-bot-seed4.rtr"),
                         [](const ::testing::TestParamInfo<const char*>& paramInfo) {
                           return std::string(paramInfo.param).substr(0, std::string(paramInfo.param).find('-'));
                         });

TEST(Playback, ALongReplayKeepsAtMostMaxKeyframesAndStillSeeksExactly) {
  // The loader accepts some 300 million ticks: at a keyframe every 256 that was over a million
  // copies of the game. Past kMaxKeyframes * kKeyframeEvery ticks the keyframes spread out.
  const std::uint64_t ticks = kMaxKeyframes * kKeyframeEvery + 5000;
  const recorder::LoadedReplay replay =
      recorder::testing::loadOrFail(recorder::testing::recordInMemory("dodge", ticks, 3, "default", 600, 1800));
  const std::vector<std::uint64_t> expected = linearHashes(replay);
  Playback playback(replay, false);
  ASSERT_EQ(playback.lastTick(), ticks);
  EXPECT_EQ(playback.keyframeEvery(), kKeyframeEvery + 2);  // ceil(ticks / 4096)
  EXPECT_LE(playback.keyframeCount(), kMaxKeyframes + 1);   // the state before tick 1, then one per interval
  const std::uint64_t every = playback.keyframeEvery();
  std::vector<std::uint64_t> probes{0, 1, every - 1, every, every + 1, 2 * every, ticks / 2, ticks - 1, ticks};
  for (std::uint64_t t = 7; t < ticks; t += ticks / 97) probes.push_back(t);
  for (const std::uint64_t t : probes) {
    playback.seek(t);
    ASSERT_EQ(playback.current().hash(), expected[t]) << "tick " << t;
    ASSERT_EQ(playback.previous().hash(), expected[t == 0 ? 0 : t - 1]) << "previous of tick " << t;
  }
}

TEST(Playback, NothingTheViewerDoesReachesTheState) {
  const recorder::LoadedReplay replay = loadCorpus("tank-bot-seed5.rtr");
  const std::vector<std::uint64_t> expected = linearHashes(replay);
  Playback playback(replay, true);
  Overlays overlays;
  // Speeds, overlays, help, seeks, jumps and play: then every tick must still hash as recorded.
  const Command commands[] = {Command::kFaster,     Command::kFaster, Command::kToggleBoxes, Command::kToggleGrid,
                              Command::kToggleHelp, Command::kLast,   Command::kJumpBack,    Command::kSlower,
                              Command::kTogglePlay, Command::kFirst};
  for (const Command c : commands) EXPECT_TRUE(applyCommand(c, playback, overlays));
  (void)playback.advance(3.0);
  for (std::uint64_t t = 0; t <= playback.lastTick(); t += 7) {
    playback.seek(t);
    ASSERT_EQ(playback.current().hash(), expected[t]);
    if (t > 0) {
      const auto& chunk = replay.chunks[(t - 1) / replay.header.chunkTicks];
      const bool wholeState = t % replay.header.fullHashEvery == 0;
      ASSERT_EQ(recorder::tickChecksum(playback.current(), wholeState), chunk.checksums[(t - 1) % replay.header.chunkTicks])
          << "tick " << t;
    }
  }
  EXPECT_EQ(playback.replay(), replay);  // the loaded recording itself is untouched
  EXPECT_FALSE(playback.divergenceTick().has_value());
}

TEST(Debugger, NothingThePanelsDoReachesTheState) {
  // Selecting, bookmarking, jumping, typed ticks, edits and their discarding, compare mode: then
  // A's every tick must still hash as a plain re-simulation does, and its recording is untouched.
  const recorder::LoadedReplay replay = loadCorpus("tank-bot-seed5.rtr");
  const recorder::LoadedReplay other = loadCorpus("tank-bot-seed1.rtr");
  const std::vector<std::uint64_t> hashes = linearHashes(replay);
  Playback a(replay, true);
  Playback b(other, true);
  Debugger debugger(a, &b, "a", "b", {"", {100, 200}});
  Overlays overlays;
  debugger.seek(150);
  debugger.select(std::string("tanks[1]"));
  for (const Command c : {Command::kToggleBookmark, Command::kNextEvent, Command::kNextMark, Command::kPreviousEvent,
                          Command::kNextMatch, Command::kFirstDifference, Command::kToggleIds, Command::kTogglePanels}) {
    EXPECT_TRUE(applyCommand(c, a, overlays, debugger.targets()));
  }
  ASSERT_FALSE(debugger.toggleInput(400, 4).has_value());
  ASSERT_FALSE(debugger.applyEdit(setButton(a.ticks().loadInputs(), 500, 100, 1, true)).has_value());
  (void)debugger.describeStatus(overlays, {}, false);
  debugger.discardEdit();
  EXPECT_EQ(debugger.compared(), &b);  // --compare's B is back
  for (std::uint64_t t = 0; t <= a.lastTick(); t += 11) {
    debugger.seek(t);
    ASSERT_EQ(a.current().hash(), hashes[t]) << "tick " << t;
  }
  EXPECT_EQ(a.replay(), replay);
  EXPECT_EQ(b.replay(), other);
}

TEST(Playback, VerifyMarksTheFirstDivergence) {
  recorder::LoadedReplay replay = loadCorpus("dodge-bot-seed3.rtr");
  replay.chunks[2].checksums[10] ^= 1U;  // as if tick 1211 had been recorded by other rules
  const Playback playback(replay, true);
  ASSERT_TRUE(playback.divergenceTick().has_value());
  EXPECT_EQ(*playback.divergenceTick(), 2 * replay.header.chunkTicks + 11);
}

TEST(Playback, AReplayThisBuildNoLongerReproducesIsMarkedEvenWithoutVerify) {
  // Opening re-simulates every tick anyway: one the recording's checksum does not match is the
  // divergence, through the index as in memory; an intact replay has none.
  recorder::LoadedReplay replay = loadCorpus("dodge-bot-seed3.rtr");
  EXPECT_FALSE(Playback(replay, false).divergenceTick().has_value());
  replay.chunks[2].checksums[10] ^= 1U;  // as if tick 1211 had been recorded by other rules
  const std::uint64_t tick = 2 * replay.header.chunkTicks + 11;
  const Playback loaded(replay, false);
  EXPECT_EQ(loaded.divergenceTick(), tick);
  ASSERT_FALSE(loaded.divergenceLines().empty());
  EXPECT_NE(loaded.divergenceLines().front().find("--verify"), std::string::npos) << loaded.divergenceLines().front();
  retrace::testing::TempDir temp{"retrace_playback_parted"};
  const std::vector<std::byte> bytes = recorder::encodeReplay(replay);
  std::ofstream(temp.file("b.rtr"), std::ios::binary) << std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  auto index = recorder::ReplayIndex::open(temp.file("b.rtr"));
  ASSERT_TRUE(std::holds_alternative<recorder::ReplayIndex>(index));
  EXPECT_EQ(Playback(std::move(std::get<recorder::ReplayIndex>(index)), false).divergenceTick(), tick);
}

TEST(Playback, VerifyMarksWhatTheReplayEngineReports) {
  // A forged event (checksums intact) and the tunnels of a discrete regression: the marks are
  // the engine's verdict, not a comparison of the viewer's own.
  recorder::LoadedReplay forged = loadCorpus("tank-bot-seed5.rtr");
  ASSERT_FALSE(forged.chunks[3].events.empty());
  forged.chunks[3].events.front().event.args[0] ^= 1;
  const Playback a(forged, true);
  const recorder::VerifyReport reportA = recorder::verifyReplay(forged);
  ASSERT_TRUE(reportA.divergence.has_value());
  EXPECT_EQ(a.divergenceTick(), reportA.divergence->tick);
  const recorder::LoadedReplay tunnels = loadCorpus("dodge-discrete-tunneling.rtr");
  const Playback b(tunnels, true);
  const recorder::VerifyReport reportB = recorder::verifyReplay(tunnels);
  ASSERT_FALSE(reportB.tunnelTicks.empty());
  EXPECT_EQ(b.tunnelTicks(), reportB.tunnelTicks);
}

/// Whether a line of the verdict holds `text`.
bool saysLine(const ReplayVerdict& verdict, const std::string& text) {
  return std::any_of(verdict.lines.begin(), verdict.lines.end(),
                     [&](const std::string& line) { return line.find(text) != std::string::npos; });
}

TEST(Playback, VerifyGivesTheWholeReplaysVerdictAsRetraceVerifyDoes) {
  // A tick that shows nothing wrong says nothing of the rest: with verify the window says what
  // `retrace verify` makes of the whole replay, passing exactly what it passes.
  const recorder::LoadedReplay golden = loadCorpus("fallingman-bot-seed4.rtr");
  EXPECT_FALSE(Playback(golden, false).verdict().has_value());
  recorder::LoadedReplay forged = loadCorpus("dodge-bot-seed3.rtr");
  forged.chunks[2].checksums[10] ^= 1U;
  const std::vector<std::pair<std::string, recorder::LoadedReplay>> cases{
      {"golden", golden},
      {"tunnels", loadCorpus("dodge-discrete-tunneling.rtr")},
      {"forged", forged},
      {"cut", recorder::cutReplay(loadCorpus("tank-bot-seed5.rtr"), 700)},
  };
  for (const auto& [name, replay] : cases) {
    const Playback playback(replay, true);
    ASSERT_TRUE(playback.verdict().has_value()) << name;
    const ReplayVerdict& verdict = *playback.verdict();
    const recorder::VerifyReport report = recorder::verifyReplay(replay);
    EXPECT_EQ(verdict.passes, report.passed()) << name;
    EXPECT_EQ(verdict.lines.front().starts_with("verified: "), verdict.passes) << name << ": " << verdict.lines.front();
    if (report.divergence) {
      EXPECT_TRUE(saysLine(verdict, "diverged at tick " + std::to_string(report.divergence->tick) + ":")) << name;
    }
    if (report.tunnelCount > 0) {
      EXPECT_TRUE(saysLine(verdict, recorder::formatCount(report.tunnelCount, "tunnel"))) << name;
    }
    if (replay.truncated) {
      EXPECT_TRUE(saysLine(verdict, "truncated: 700 of ")) << name;
    }
  }
  EXPECT_TRUE(saysLine(*Playback(golden, true).verdict(), "3600 ticks identical")) << Playback(golden, true).verdict()->lines[0];
  // A regression replay's tunnels are judged by its .expect, as verify --expect judges them.
  Playback regression(loadCorpus("dodge-discrete-tunneling.rtr"), true);
  regression.setExpectedVerdict({"met", {"shows what it expects"}});
  EXPECT_TRUE(regression.verdict()->passes);
  EXPECT_TRUE(saysLine(*regression.verdict(), "judged by its .expect"));
  regression.setExpectedVerdict({"unmet", {"it expects more"}});
  EXPECT_FALSE(regression.verdict()->passes);
  EXPECT_TRUE(saysLine(*regression.verdict(), "is not shown"));
  regression.setExpectedVerdict({"unreadable", {"line 1: ..."}});
  EXPECT_FALSE(regression.verdict()->passes);
  EXPECT_TRUE(saysLine(*regression.verdict(), "could not be judged"));
  Playback forgedExpected(forged, true);
  forgedExpected.setExpectedVerdict({"met", {"shows what it expects"}});
  EXPECT_FALSE(forgedExpected.verdict()->passes) << "an expectation met does not pass a divergence";
}

TEST(Playback, AReplayOpenedThroughItsIndexPlaysAsTheLoadedReplayDoes) {
  // The viewer opens files through the index and keeps no chunk: every answer it gives must be
  // the loaded replay's, with verify and without.
  for (const char* name : {"tank-bot-seed5.rtr", "dodge-discrete-tunneling.rtr", "fallingman-bot-seed4.rtr"}) {
    const std::string path = std::string(RETRACE_REPLAYS_DIR) + "/" + name;
    const recorder::LoadedReplay replay = loadCorpus(name);
    for (const bool verify : {false, true}) {
      Playback loaded(replay, verify);
      Playback indexed(std::get<recorder::ReplayIndex>(recorder::ReplayIndex::open(path)), verify);
      EXPECT_TRUE(indexed.replay().chunks.empty()) << name;
      EXPECT_EQ(indexed.replay().header, replay.header);
      ASSERT_EQ(indexed.lastTick(), loaded.lastTick());
      EXPECT_EQ(indexed.ticks().loadInputs(), recorder::expandInputs(replay)) << name;
      EXPECT_EQ(loaded.ticks().loadInputs(), recorder::expandInputs(replay)) << name;
      ASSERT_EQ(indexed.ticks().countEvents(std::nullopt), loaded.ticks().countEvents(std::nullopt));
      for (std::uint64_t i = 0; i < loaded.ticks().countEvents(std::nullopt); ++i) {
        ASSERT_EQ(indexed.ticks().eventAt(std::nullopt, i).tick, loaded.ticks().eventAt(std::nullopt, i).tick);
        ASSERT_EQ(indexed.ticks().eventAt(std::nullopt, i).event, loaded.ticks().eventAt(std::nullopt, i).event);
      }
      EXPECT_EQ(indexed.tunnelTicks(), loaded.tunnelTicks()) << name;
      EXPECT_EQ(indexed.divergenceTick(), loaded.divergenceTick()) << name;
      const std::vector<std::uint16_t> checksums = recorder::flattenChecksums(replay);
      for (std::uint64_t t = 1; t <= indexed.lastTick(); ++t)
        ASSERT_EQ(indexed.ticks().checksumAt(t), checksums[t - 1]) << name << " tick " << t;
      for (std::uint64_t t = 0; t <= loaded.lastTick(); t += 97) {
        indexed.seek(t);
        loaded.seek(t);
        ASSERT_EQ(indexed.current().hash(), loaded.current().hash()) << name << " tick " << t;
        ASSERT_EQ(indexed.eventsNow(), recorder::recordedEventsAt(replay, t)) << name << " tick " << t;
        ASSERT_EQ(indexed.tunnelsNow().size(), loaded.tunnelsNow().size()) << name << " tick " << t;
      }
      const std::string field = loaded.current().describeState().front().name;
      const auto condition = std::get<recorder::Condition>(recorder::Condition::parse(field + " != -123"));
      EXPECT_EQ(std::get<std::vector<std::uint64_t>>(indexed.findTicks(condition, 5, false)),
                std::get<std::vector<std::uint64_t>>(recorder::findTicks(replay, condition, 5, false)));
      EXPECT_EQ(findFirstDifference(indexed, loaded), std::nullopt);
      EXPECT_EQ(findFirstStateDifference(indexed, loaded), std::nullopt);
    }
  }
}

TEST(Controls, NAndShiftNGoToTheNextAndPreviousMatch) {
  EXPECT_EQ(mapKey(sf::Keyboard::N, false), Command::kNextMatch);
  EXPECT_EQ(mapKey(sf::Keyboard::N, true), Command::kPreviousMatch);
  Playback playback(loadCorpus("dodge-bot-seed3.rtr"), false);
  Overlays overlays;
  const std::vector<std::uint64_t> matches{10, 20, 30};
  playback.seek(15);
  EXPECT_TRUE(applyCommand(Command::kNextMatch, playback, overlays, findMatches(matches)));
  EXPECT_EQ(playback.tick(), 20U);
  EXPECT_TRUE(applyCommand(Command::kNextMatch, playback, overlays, findMatches(matches)));
  EXPECT_EQ(playback.tick(), 30U);
  EXPECT_TRUE(applyCommand(Command::kNextMatch, playback, overlays, findMatches(matches)));  // none after the last
  EXPECT_EQ(playback.tick(), 30U);
  EXPECT_TRUE(applyCommand(Command::kPreviousMatch, playback, overlays, findMatches(matches)));
  EXPECT_EQ(playback.tick(), 20U);
  playback.seek(5);
  EXPECT_TRUE(applyCommand(Command::kPreviousMatch, playback, overlays, findMatches(matches)));  // none before the first
  EXPECT_EQ(playback.tick(), 5U);
  EXPECT_TRUE(applyCommand(Command::kNextMatch, playback, overlays, {}));  // no --find: nothing moves
  EXPECT_EQ(playback.tick(), 5U);
}

TEST(Playback, SpeedIsClampedAndPlayAdvancesWithWallTime) {
  Playback playback(loadCorpus("dodge-bot-seed3.rtr"), false);
  for (int i = 0; i < 10; ++i) playback.faster();
  EXPECT_EQ(playback.speed(), 8.0);
  for (int i = 0; i < 10; ++i) playback.slower();
  EXPECT_EQ(playback.speed(), 0.25);
  EXPECT_EQ(playback.advance(1.0), 0U);  // paused
  playback.togglePlay();
  EXPECT_EQ(playback.advance(1.0), 15U);  // one second at a quarter speed
  playback.faster();
  playback.faster();
  EXPECT_EQ(playback.advance(0.5), 30U);  // half a second at 1x
  playback.seek(playback.lastTick() - 1);
  (void)playback.advance(1.0);
  EXPECT_EQ(playback.tick(), playback.lastTick());
  EXPECT_FALSE(playback.playing());  // stops at the end
}

TEST(Controls, KeysMapToCommands) {
  EXPECT_EQ(mapKey(sf::Keyboard::Space, false), Command::kTogglePlay);
  EXPECT_EQ(mapKey(sf::Keyboard::Right, false), Command::kStepForward);
  EXPECT_EQ(mapKey(sf::Keyboard::Right, true), Command::kJumpForward);
  EXPECT_EQ(mapKey(sf::Keyboard::Left, true), Command::kJumpBack);
  EXPECT_EQ(mapKey(sf::Keyboard::Home, false), Command::kFirst);
  EXPECT_EQ(mapKey(sf::Keyboard::End, false), Command::kLast);
  EXPECT_EQ(mapKey(sf::Keyboard::Add, false), Command::kFaster);
  EXPECT_EQ(mapKey(sf::Keyboard::Hyphen, false), Command::kSlower);
  EXPECT_EQ(mapKey(sf::Keyboard::G, false), Command::kToggleGrid);
  EXPECT_EQ(mapKey(sf::Keyboard::Escape, false), Command::kQuit);
  EXPECT_FALSE(mapKey(sf::Keyboard::Z, false).has_value());
}

TEST(Controls, StepsAndJumpsMoveByOneAndSixty) {
  Playback playback(loadCorpus("dodge-bot-seed3.rtr"), false);
  Overlays overlays;
  EXPECT_TRUE(applyCommand(Command::kJumpForward, playback, overlays));
  EXPECT_EQ(playback.tick(), kJumpTicks);
  EXPECT_TRUE(applyCommand(Command::kStepBack, playback, overlays));
  EXPECT_EQ(playback.tick(), kJumpTicks - 1);
  EXPECT_TRUE(applyCommand(Command::kLast, playback, overlays));
  EXPECT_EQ(playback.tick(), playback.lastTick());
  EXPECT_TRUE(applyCommand(Command::kStepForward, playback, overlays));
  EXPECT_EQ(playback.tick(), playback.lastTick());  // clamped
  EXPECT_TRUE(applyCommand(Command::kToggleSweeps, playback, overlays));
  EXPECT_FALSE(overlays.sweeps);
  EXPECT_FALSE(applyCommand(Command::kQuit, playback, overlays));
}

}  // namespace
}  // namespace retrace::viewer

namespace retrace::viewer {
namespace {

TEST(Compare, FindsTheFirstTickWhereTwoReplaysPart) {
  const recorder::LoadedReplay a = loadCorpus("tank-bot-seed5.rtr");
  const Playback playA(a, false);
  EXPECT_FALSE(findFirstDifference(playA, playA).has_value());
  recorder::LoadedReplay b = a;
  b.chunks[1].checksums[5] ^= 0x100U;  // tick chunkTicks + 6 recorded differently
  EXPECT_EQ(findFirstDifference(playA, Playback(b, false)), a.header.chunkTicks + 6);
  recorder::LoadedReplay input = a;
  input.chunks[2].inputs.front().input ^= 1U;  // tick 2 * chunkTicks + 1 played differently
  EXPECT_EQ(findFirstDifference(playA, Playback(input, false)), 2 * a.header.chunkTicks + 1);
  recorder::LoadedReplay shorter = a;
  shorter.chunks.pop_back();
  EXPECT_EQ(findFirstDifference(playA, Playback(shorter, false)), recorder::countTicks(shorter) + 1);  // one ends first
}

}  // namespace
}  // namespace retrace::viewer

namespace retrace::viewer {
namespace {

TEST(LivePlayKeys, ComeFromTheInputNamesOfAnyGame) {
  // The built-ins keep their keys; a game of one's own gets keys by the same rule.
  const char* tank[] = {"up", "right", "down", "left", "fire"};
  const auto tankKeys = mapButtonsToKeys(tank);
  EXPECT_EQ(describeKeys(tank, tankKeys), "up: Up/W, right: Right/D, down: Down/S, left: Left/A, fire: Space/LCtrl");
  const char* breakout[] = {"left", "right", "launch", "dash", "slow", "ask"};
  EXPECT_EQ(describeKeys(breakout, mapButtonsToKeys(breakout)),
            "left: Left/A, right: Right/D, launch: Space/LCtrl, dash: S, slow: L, ask: K");
  const char* none[] = {"fire", "x", "x"};
  EXPECT_EQ(describeKeys(none, mapButtonsToKeys(none)), "fire: Space/LCtrl, x: X, x: A");
}

TEST(LivePlayKeys, AGameMayNameItsOwnAndTheRuleKeepsClearOfThem) {
  // The game keeps A and Space for itself: left loses A, fire falls to the letter rule.
  const char* names[] = {"left", "right", "fire", "jump"};
  const char* keys[] = {"", "", "F", "Space/A"};
  EXPECT_EQ(describeKeys(names, mapButtonsToKeys(names, keys)), "left: Left, right: Right/D, fire: F, jump: Space/A");
  // A key name the viewer does not know leaves the bit to the rule.
  const char* unknown[] = {"Hyper", "", "", ""};
  EXPECT_EQ(describeKeys(names, mapButtonsToKeys(names, unknown)), "left: Left/A, right: Right/D, fire: Space/LCtrl, jump: J");
  EXPECT_EQ(parseKeyNames("Left/7/q"), (std::vector<sf::Keyboard::Key>{sf::Keyboard::Left, sf::Keyboard::Num7, sf::Keyboard::Q}));
  EXPECT_FALSE(parseKeyNames("").has_value());
  EXPECT_FALSE(parseKeyNames("Left/").has_value());
  // Every registered game's own keys are ones the viewer knows.
  for (const sim::GameDefinition* game : sim::listGames()) {
    for (const char* name : game->inputKeys()) {
      if (name != nullptr && name[0] != '\0') {
        EXPECT_TRUE(parseKeyNames(name).has_value()) << game->name() << ": " << name;
      }
    }
  }
}

}  // namespace
}  // namespace retrace::viewer
