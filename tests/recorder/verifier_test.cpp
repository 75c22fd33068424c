#include "recorder/verifier.h"

#include <algorithm>
#include <iterator>
#include <map>

#include <gtest/gtest.h>

#include "replay_test_support.h"
#include "sim/games/fallingman.h"

namespace retrace::recorder {
namespace {

using testing::loadOrFail;
using testing::recordInMemory;

std::size_t indexOfConfigField(const sim::GameDefinition& game, const ReplayHeader& header, const std::string& name) {
  const auto fields = game.describeConfig(configOf(header));
  const auto it = std::find_if(fields.begin(), fields.end(), [&](const sim::Field& f) { return f.name == name; });
  EXPECT_NE(it, fields.end()) << name;
  return static_cast<std::size_t>(it - fields.begin());
}

TEST(Verify, CatchesAChangedLandingWindowAtTheRightTick) {
  // Record with the real 7-px window, then replay under rules whose window is 4 px (feet <=
  // top + 3): the first landing deeper than 3 px into the window no longer happens.
  LoadedReplay replay = loadOrFail(recordInMemory("fallingman", 6000, 3, "default", 600, 1800));
  const RecordedEvent* deep = nullptr;
  for (const Chunk& c : replay.chunks) {
    for (const RecordedEvent& e : c.events) {
      if (deep == nullptr && e.event.kind == sim::fallingman::kLanded && e.event.args[1] > sim::px(3).raw()) deep = &e;
    }
  }
  ASSERT_NE(deep, nullptr);
  const std::uint64_t tick = deep->tick;
  const sim::GameDefinition& game = *sim::findGame("fallingman");
  replay.header.configValues[indexOfConfigField(game, replay.header, "landingWindow")] = 4;
  replay.header.limitBreaksAllowed = true;  // a 4.4 fall cap now breaks the window's limit
  const LoadedReplay changed = loadOrFail(encodeReplay(replay));
  const VerifyReport report = verifyReplay(changed);
  ASSERT_TRUE(report.divergence.has_value());
  EXPECT_EQ(report.divergence->tick, tick);
  EXPECT_EQ(report.divergence->reason, "the events differ");
  const std::string expected = "- tick " + std::to_string(tick) + ": landed{platform " + std::to_string(deep->event.args[0]);
  const auto& lines = report.divergence->eventDiff;
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(expected, 0) == 0; }))
      << formatReport("changed", changed, report);
  // The next snapshot shows which fields parted, by name, with both values.
  ASSERT_FALSE(report.divergence->fieldDiff.empty());
  EXPECT_NE(report.divergence->fieldDiff[0].find(": expected "), std::string::npos) << report.divergence->fieldDiff[0];
  EXPECT_NE(report.divergence->fieldDiff[0].find(", got "), std::string::npos);
  EXPECT_GT(report.divergence->fieldDiffTick, tick);
  // With a 4.4 px fall cap over a 3 px window the oracle sees the man fall through floors.
  EXPECT_GT(report.tunnelCount, 0U);
}

/// The index in a state's flat values of its first fixed-point field.
std::size_t indexOfFirstFixedField(const LoadedReplay& replay, const StateSnapshot& snapshot) {
  auto session = gameOf(replay.header)->start(configOf(replay.header), replay.header.seed);
  EXPECT_TRUE(session->loadState(snapshot.values));
  const auto fields = session->describeState();
  const auto it =
      std::find_if(fields.begin(), fields.end(), [](const sim::Field& f) { return f.kind == sim::FieldKind::kFixed; });
  EXPECT_NE(it, fields.end());
  EXPECT_EQ(sim::readSavedValue(snapshot.values, *it), it->value);
  return it->place;
}

TEST(Verify, AForgedSnapshotStateIsADivergenceWithItsFieldDiff) {
  // A forger changes a snapshot's values, keeps its hash and recomputes the frame checksums:
  // the hash still matches the re-simulation, the stored state does not.
  for (const char* game : {"dodge", "tank", "fallingman"}) {
    LoadedReplay replay = loadOrFail(recordInMemory(game, 240, 2, "default", 30, 60));
    Chunk& chunk = replay.chunks[3];
    ASSERT_TRUE(chunk.hasSnapshot) << game;
    const std::size_t index = indexOfFirstFixedField(replay, chunk.snapshot);
    chunk.snapshot.values[index] += sim::Fixed::kOne;
    const LoadedReplay forged = loadOrFail(encodeReplay(replay));
    const VerifyReport report = verifyReplay(forged);
    ASSERT_TRUE(report.divergence.has_value()) << game;
    EXPECT_EQ(report.divergence->tick, 120U) << game;
    EXPECT_EQ(report.divergence->reason, "the state stored in the snapshot differs from the re-simulated state");
    EXPECT_EQ(report.divergence->fieldDiffTick, 120U);
    ASSERT_EQ(report.divergence->fieldDiff.size(), 1U) << formatReport(game, forged, report);
    EXPECT_NE(report.divergence->fieldDiff[0].find(": expected "), std::string::npos) << report.divergence->fieldDiff[0];
  }
}

TEST(Verify, AForgedFinalStateInTheFooterIsADivergence) {
  for (const char* game : {"dodge", "tank", "fallingman"}) {
    // 250 ticks: the last chunk (20 ticks) has no snapshot of its own; 240: it has both.
    for (const std::uint64_t ticks : {250U, 240U}) {
      LoadedReplay replay = loadOrFail(recordInMemory(game, ticks, 2, "default", 30, 60));
      const std::size_t index = indexOfFirstFixedField(replay, replay.footer->finalState);
      replay.footer->finalState.values[index] -= sim::Fixed::kOne;
      const LoadedReplay forged = loadOrFail(encodeReplay(replay));
      const VerifyReport report = verifyReplay(forged);
      ASSERT_TRUE(report.divergence.has_value()) << game << " " << ticks;
      EXPECT_EQ(report.divergence->tick, ticks);
      EXPECT_EQ(report.divergence->reason, "the state stored in the snapshot differs from the re-simulated state");
      ASSERT_EQ(report.divergence->fieldDiff.size(), 1U) << formatReport(game, forged, report);
      // And with the final hash forged to match the forged state, the hash gives it away.
      replay.footer->finalHash ^= 1U;
      replay.footer->finalState.hash = replay.footer->finalHash;
      EXPECT_FALSE(verifyReplay(loadOrFail(encodeReplay(replay))).passed()) << game << " " << ticks;
    }
  }
}

TEST(Verify, ATruncatedReplayFailsUnlessAllowedAndSaysItsPrefixIsIdentical) {
  LoadedReplay replay = loadOrFail(recordInMemory("tank", 300, 2, "default", 30, 60));
  replay.footer.reset();
  replay.chunks.resize(4);
  const LoadedReplay cut = loadOrFail(encodeReplay(replay));
  ASSERT_TRUE(cut.truncated);
  const VerifyReport refused = verifyReplay(cut);
  EXPECT_FALSE(refused.passed());
  EXPECT_FALSE(refused.divergence.has_value());
  const std::string text = formatReport("cut.rtr", cut, refused);
  EXPECT_EQ(text,
            "cut.rtr: tank (default, seed 2), FAILED\n"
            "  truncated: 120 of 300 ticks recovered (the file ends without a footer), and the prefix is identical\n"
            "  a replay cut short is a recovered prefix, never a pass (--allow-truncated accepts the prefix)");
  const VerifyReport allowed = verifyReplay(cut, {.allowTruncated = true});
  EXPECT_TRUE(allowed.passed()) << formatReport("cut.rtr", cut, allowed);
  EXPECT_EQ(allowed.ticksChecked, 120U);
}

TEST(Verify, ATamperedInputDivergesOnItsTick) {
  LoadedReplay replay = loadOrFail(recordInMemory("tank", 600, 2, "default", 60, 120));
  // Split the first run of chunk 3 and change its first tick's input.
  Chunk& chunk = replay.chunks[3];
  const InputRun first = chunk.inputs.front();
  const sim::Input other = static_cast<sim::Input>(first.input ^ 0x1FU);
  chunk.inputs.front() = {other, 1};
  if (first.length > 1) chunk.inputs.insert(chunk.inputs.begin() + 1, InputRun{first.input, first.length - 1});
  const VerifyReport report = verifyReplay(loadOrFail(encodeReplay(replay)));
  ASSERT_TRUE(report.divergence.has_value());
  EXPECT_GE(report.divergence->tick, chunk.firstTick);
  EXPECT_LE(report.divergence->tick, chunk.firstTick + 1);  // at once, or the tick after (a held input)
}

TEST(Verify, AForgedFixedPointEventArgumentAtTheEndOfItsRangeIsReportedNotAborted) {
  // The payload fuzzer's find: formatting a recorded fixed-point argument at the end of the 16.16
  // range aborted (its rounded decimal read back one raw unit past the range).
  LoadedReplay replay = loadOrFail(recordInMemory("fallingman", 600, 4));
  const sim::GameDefinition& game = *sim::findGame("fallingman");
  bool forged = false;
  for (Chunk& chunk : replay.chunks) {
    for (RecordedEvent& recorded : chunk.events) {
      const std::vector<sim::Field> arguments = sim::describeEvent(game, recorded.event);
      for (std::size_t a = 0; a < arguments.size() && !forged; ++a) {
        if (arguments[a].kind != sim::FieldKind::kFixed) continue;
        recorded.event.args[a] = INT32_MAX;
        forged = true;
      }
      if (forged) break;
    }
    if (forged) break;
  }
  ASSERT_TRUE(forged) << "no recorded event has a fixed-point argument";
  const LoadedReplay loaded = loadOrFail(encodeReplay(replay));
  const VerifyReport report = verifyReplay(loaded);
  ASSERT_TRUE(report.divergence.has_value());
  EXPECT_NE(formatReport("forged", loaded, report).find(" 32767.99998"), std::string::npos)
      << formatReport("forged", loaded, report);
}

TEST(Verify, AReplayOfZeroTicksNeverPasses) {
  LoadedReplay replay = loadOrFail(recordInMemory("dodge", 0));
  EXPECT_EQ(countTicks(replay), 0U);
  const VerifyReport report = verifyReplay(replay);
  EXPECT_FALSE(report.passed());
  ASSERT_EQ(report.problems.size(), 1U);
  EXPECT_NE(report.problems[0].find("holds no ticks"), std::string::npos);
}

TEST(Verify, AnotherRulesVersionIsReportedNotSimulated) {
  LoadedReplay replay = loadOrFail(recordInMemory("dodge", 60));
  replay.header.rulesVersion += 1;
  const VerifyReport report = verifyReplay(loadOrFail(encodeReplay(replay)));
  EXPECT_FALSE(report.passed());
  ASSERT_FALSE(report.problems.empty());
  const std::uint32_t current = sim::findGame("dodge")->rulesVersion();
  const std::string expected =
      "rules version " + std::to_string(current + 1) + "; this build simulates version " + std::to_string(current);
  EXPECT_NE(report.problems[0].find(expected), std::string::npos) << report.problems[0];
}

TEST(Verify, TheOracleReportsTunnelsInADiscreteReplay) {
  const LoadedReplay replay = loadOrFail(recordInMemory("dodge", 30000, 1, "discrete", 600, 1800, true, "random"));
  const VerifyReport report = verifyReplay(replay);
  EXPECT_FALSE(report.divergence.has_value());
  EXPECT_GT(report.tunnelCount, 0U);
  EXPECT_FALSE(report.passed());
  VerifyOptions noOracle;
  noOracle.oracle = false;
  EXPECT_TRUE(verifyReplay(replay, noOracle).passed());
}

/// Flips one tick's recorded checksum and returns what verify says.
VerifyReport verifyWithFlippedChecksum(LoadedReplay replay, std::uint64_t tick) {
  Chunk& chunk = replay.chunks[(tick - 1) / replay.header.chunkTicks];
  chunk.checksums[tick - chunk.firstTick] ^= 0x8000U;
  return verifyReplay(loadOrFail(encodeReplay(replay)));
}

TEST(Verify, EachTickChecksumIsTheDigestOrOnEveryFullHashEveryThTickTheWholeState) {
  const LoadedReplay replay = loadOrFail(recordInMemory("fallingman", 120));  // chunks of 30 ticks
  ASSERT_EQ(replay.header.fullHashEvery, 30U);
  ASSERT_TRUE(verifyReplay(replay).passed());
  const VerifyReport digest = verifyWithFlippedChecksum(replay, 31);
  ASSERT_TRUE(digest.divergence.has_value());
  EXPECT_EQ(digest.divergence->tick, 31U);
  EXPECT_NE(digest.divergence->reason.find("tick digest"), std::string::npos) << digest.divergence->reason;
  const VerifyReport whole = verifyWithFlippedChecksum(replay, 60);
  ASSERT_TRUE(whole.divergence.has_value());
  EXPECT_EQ(whole.divergence->tick, 60U);
  EXPECT_NE(whole.divergence->reason.find("whole-state checksum differs"), std::string::npos) << whole.divergence->reason;
  EXPECT_NE(whole.divergence->reason.find("after tick 30"), std::string::npos) << whole.divergence->reason;
}

TEST(Verify, ACadenceOfOneChecksumsTheWholeStateEveryTick) {
  const LoadedReplay replay = loadOrFail(recordInMemory("dodge", 90, 1, "default", 30, 60, false, "bot", 1));
  const VerifyReport report = verifyWithFlippedChecksum(replay, 31);
  ASSERT_TRUE(report.divergence.has_value());
  EXPECT_EQ(report.divergence->reason, "the state checksum differs while the events agree");
}

TEST(Verify, AFormat10ReplayIsMigratedOnLoadAndVerifiesUnchanged) {
  // tank-format1.0.rtr: the bot's seed-5 tank game as format 1.0 wrote it (no fullHashEvery in
  // its header; every tick's checksum covered the whole state).
  const auto loaded = loadReplayFile(std::string(RETRACE_TEST_DATA) + "/tank-format1.0.rtr");
  ASSERT_TRUE(std::holds_alternative<LoadedReplay>(loaded)) << std::get<std::string>(loaded);
  const LoadedReplay& replay = std::get<LoadedReplay>(loaded);
  EXPECT_EQ(replay.formatMinor, 0U);
  EXPECT_EQ(replay.header.fullHashEvery, 1U);
  EXPECT_TRUE(verifyReplay(replay).passed());
  // Every tick is checked against the whole state, as when it was recorded.
  const VerifyReport tampered = verifyWithFlippedChecksum(replay, 1001);
  ASSERT_TRUE(tampered.divergence.has_value());
  EXPECT_EQ(tampered.divergence->tick, 1001U);
}

/// True when two reports say the same thing.
void expectSameReport(const VerifyReport& a, const VerifyReport& b) {
  EXPECT_EQ(a.ticksChecked, b.ticksChecked);
  EXPECT_EQ(a.tunnelCount, b.tunnelCount);
  EXPECT_EQ(a.tunnels, b.tunnels);
  EXPECT_EQ(a.problems, b.problems);
  EXPECT_EQ(a.truncation, b.truncation);
  ASSERT_EQ(a.divergence.has_value(), b.divergence.has_value());
  if (a.divergence) {
    EXPECT_EQ(a.divergence->tick, b.divergence->tick);
    EXPECT_EQ(a.divergence->reason, b.divergence->reason);
    EXPECT_EQ(a.divergence->eventDiff, b.divergence->eventDiff);
    EXPECT_EQ(a.divergence->fieldDiffTick, b.divergence->fieldDiffTick);
    EXPECT_EQ(a.divergence->fieldDiff, b.divergence->fieldDiff);
  }
}

TEST(Verify, DecodingOnASecondThreadGivesTheSameAnswersAsLoadingFirst) {
  const std::vector<std::byte> passing = recordInMemory("tank", 400);
  LoadedReplay tampered = loadOrFail(recordInMemory("fallingman", 400));
  tampered.chunks[5].checksums[7] ^= 1U;  // a divergence near the start of the 6th chunk
  LoadedReplay lastTick = loadOrFail(recordInMemory("dodge", 300));
  lastTick.chunks.back().checksums.back() ^= 1U;  // at the footer's tick
  const std::vector<std::byte> discrete = recordInMemory("dodge", 30000, 1, "discrete", 600, 1800, true, "random");
  std::vector<std::byte> truncated = recordInMemory("tank", 200);
  truncated.resize(truncated.size() * 2 / 3);
  std::vector<std::byte> corrupt = passing;
  corrupt[corrupt.size() / 2] ^= std::byte{0x10};
  const std::vector<std::vector<std::byte>> files{passing, encodeReplay(tampered), encodeReplay(lastTick), discrete, truncated,
                                                  corrupt};
  for (std::size_t f = 0; f < files.size(); ++f) {
    SCOPED_TRACE("file " + std::to_string(f));
    auto loaded = loadReplay(files[f]);
    auto streamed = verifyReplayBytes(files[f]);
    ASSERT_EQ(loaded.index(), streamed.index());
    if (auto* problem = std::get_if<std::string>(&loaded)) {
      EXPECT_EQ(std::get<std::string>(streamed), *problem);
      continue;
    }
    const LoadedReplay& replay = std::get<LoadedReplay>(loaded);
    const VerifiedReplay& verified = std::get<VerifiedReplay>(streamed);
    EXPECT_EQ(verified.replay, replay);
    expectSameReport(verified.report, verifyReplay(replay));
    // Without keeping the chunks (as the command verifies): the same report, and the replay
    // comes back with everything but its chunks.
    VerifyOptions lean;
    lean.keepChunks = false;
    const VerifiedReplay withoutChunks = std::get<VerifiedReplay>(verifyReplayBytes(files[f], lean));
    expectSameReport(withoutChunks.report, verified.report);
    EXPECT_TRUE(withoutChunks.replay.chunks.empty());
    LoadedReplay chunkless = replay;
    chunkless.chunks.clear();
    EXPECT_EQ(withoutChunks.replay, chunkless);
  }
  // The cases above are what they claim to be.
  EXPECT_TRUE(std::get<VerifiedReplay>(verifyReplayBytes(files[0])).report.passed());
  EXPECT_EQ(std::get<VerifiedReplay>(verifyReplayBytes(files[1])).report.divergence->tick, 30U * 5 + 8);
  EXPECT_EQ(std::get<VerifiedReplay>(verifyReplayBytes(files[2])).report.divergence->tick, 300U);
  EXPECT_GT(std::get<VerifiedReplay>(verifyReplayBytes(files[3])).report.tunnelCount, 0U);
  EXPECT_TRUE(std::get<VerifiedReplay>(verifyReplayBytes(files[4])).report.truncation.has_value());
  EXPECT_TRUE(std::holds_alternative<std::string>(verifyReplayBytes(files[5])));
}

TEST(Verify, TheEventDiffShowsRecordedEventsFromEarlierChunks) {
  // The verifier forgets recorded events no diff can show; a divergence at a chunk's first tick
  // with a context longer than a chunk must still show every recorded event before it.
  const LoadedReplay replay = loadOrFail(recordInMemory("fallingman", 900, 3));
  VerifyOptions options;
  options.contextTicks = 45;  // a chunk and a half of 30 ticks
  for (std::size_t c = 2; c < replay.chunks.size(); ++c) {
    const std::uint64_t tick = replay.chunks[c].firstTick;
    std::vector<std::string> expected;  // the lines for the recorded events before the divergence
    bool twoChunksBack = false;
    for (const Chunk& chunk : replay.chunks) {
      std::map<std::uint64_t, std::vector<sim::Event>> byTick;
      for (const RecordedEvent& e : chunk.events) byTick[e.tick].push_back(e.event);
      for (const auto& [t, events] : byTick) {
        if (t + options.contextTicks < tick || t >= tick) continue;
        expected.push_back("  tick " + std::to_string(t) + ": " + describeEvents(*gameOf(replay.header), events));
        twoChunksBack = twoChunksBack || t < replay.chunks[c - 1].firstTick;
      }
    }
    if (!twoChunksBack) continue;  // nothing two chunks back that forgetting could lose
    LoadedReplay tampered = replay;
    tampered.chunks[c].checksums[0] ^= 1U;
    const VerifyReport report = verifyReplay(tampered, options);
    ASSERT_TRUE(report.divergence.has_value());
    ASSERT_EQ(report.divergence->tick, tick);
    const std::vector<std::string>& lines = report.divergence->eventDiff;
    std::vector<std::string> before;
    std::copy_if(lines.begin(), lines.end(), std::back_inserter(before),
                 [tick](const std::string& line) { return std::stoull(line.substr(line.find("tick ") + 5)) < tick; });
    EXPECT_EQ(before, expected) << "divergence at tick " << tick;
    return;
  }
  FAIL() << "no chunk boundary with recorded events in the two chunks before it";
}

TEST(Verify, AForgedConfigurationThatWouldOverflowTheSimulationIsRefusedOnLoad) {
  // Found by the payload fuzzer (tests/fuzz/replay_payload_fuzz.cpp): headers whose checksums
  // were valid carried configurations the sanity checks let through, and verify then stopped
  // on a failed overflow check (fallingman's spike band of 32,780 px moved past 16.16 in the
  // first tick) or overflowed int inside the check itself (dodge's playerTop + playerHeight).
  // Sanity applies with the limit-break opt-in as well: it is what keeps the arithmetic exact.
  struct Forgery {
    const char* game;
    const char* field;
    std::int64_t value;
  };
  const std::int64_t hugeSpeed = sim::px(30000).raw();
  for (const Forgery& f : {Forgery{"fallingman", "ceilingSpikes", 32780}, Forgery{"fallingman", "thickness", INT32_MAX},
                           Forgery{"fallingman", "walkSpeed", hugeSpeed}, Forgery{"fallingman", "scrollMax", hugeSpeed},
                           Forgery{"dodge", "playerTop", INT32_MAX}, Forgery{"dodge", "playerSpeed", hugeSpeed},
                           Forgery{"dodge", "rampStep", hugeSpeed}, Forgery{"tank", "tankSpeed", hugeSpeed},
                           Forgery{"tank", "bulletSpeed", hugeSpeed}}) {
    SCOPED_TRACE(std::string(f.game) + "." + f.field);
    LoadedReplay replay = loadOrFail(recordInMemory(f.game, 60));
    replay.header.limitBreaksAllowed = true;
    replay.header.configValues[indexOfConfigField(*sim::findGame(f.game), replay.header, f.field)] = f.value;
    const std::string problem = testing::loadError(encodeReplay(replay));
    EXPECT_EQ(problem.rfind("has a configuration this build refuses: " + std::string(f.game) + ": ", 0), 0U) << problem;
  }
}

TEST(Verify, FieldDiffNamesFieldsWithExpectedAndGot) {
  const std::vector<sim::Field> expected{
      {"a", 1, sim::FieldKind::kInt}, {"b.x", sim::px(3).raw(), sim::FieldKind::kFixed}, {"c", 0, sim::FieldKind::kBool}};
  const std::vector<sim::Field> got{{"a", 1, sim::FieldKind::kInt},
                                    {"b.x", sim::Fixed::fromRatio(7, 2).raw(), sim::FieldKind::kFixed},
                                    {"d", 4, sim::FieldKind::kInt}};
  const auto lines = diffFields(expected, got, 10);
  ASSERT_EQ(lines.size(), 3U);
  EXPECT_EQ(lines[0], "b.x: expected 3, got 3.5");
  EXPECT_EQ(lines[1], "c: expected false, missing");
  EXPECT_EQ(lines[2], "d: not expected, got 4");
}

TEST(FieldDiff, ListsChangedFieldsInTheNewOrderThenTheGoneOnes) {
  const std::vector<sim::Field> was{{"a", 1}, {"b", 2}, {"c", 3}, {"d", 4}};
  const std::vector<sim::Field> now{{"e", 5}, {"d", 4}, {"b", 9}, {"a", 1}};
  const std::vector<sim::FieldChange> changes = sim::listChangedFields(was, now);
  ASSERT_EQ(changes.size(), 3U);
  EXPECT_EQ(changes[0].was, nullptr);  // e is new
  EXPECT_EQ(changes[0].now, &now[0]);
  EXPECT_EQ(changes[1].was, &was[1]);  // b: 2 to 9
  EXPECT_EQ(changes[1].now, &now[2]);
  EXPECT_EQ(changes[2].was, &was[2]);  // c is gone
  EXPECT_EQ(changes[2].now, nullptr);
  EXPECT_TRUE(sim::listChangedFields(now, now).empty());
}

}  // namespace
}  // namespace retrace::recorder
