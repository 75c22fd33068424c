#include "recorder/replay.h"

#include <algorithm>
#include <map>

#include <gtest/gtest.h>

#include "recorder/frame.h"
#include "recorder/parse.h"
#include "recorder/payload.h"
#include "recorder/verifier.h"
#include "replay_test_support.h"

namespace retrace::recorder {
namespace {

using testing::loadError;
using testing::loadOrFail;
using testing::recordInMemory;

class ReplayRoundTrip : public ::testing::TestWithParam<const sim::GameDefinition*> {};

TEST_P(ReplayRoundTrip, RecordsLoadsAndVerifiesIdentically) {
  const std::string game(GetParam()->name());
  const auto bytes = recordInMemory(game, 1000, 5);
  const LoadedReplay replay = loadOrFail(bytes);
  EXPECT_EQ(replay.header.game, game);
  EXPECT_EQ(replay.header.seed, 5U);
  EXPECT_EQ(countTicks(replay), 1000U);
  ASSERT_TRUE(replay.footer.has_value());
  EXPECT_EQ(replay.footer->totalTicks, 1000U);
  EXPECT_FALSE(replay.truncated);
  EXPECT_EQ(replay.chunks.size(), 34U);  // 33 full chunks of 30 and one of 10
  const VerifyReport report = verifyReplay(replay);
  EXPECT_TRUE(report.passed()) << formatReport("memory", replay, report);
  EXPECT_EQ(report.ticksChecked, 1000U);
}

TEST_P(ReplayRoundTrip, InputsComeBackAsTheBotChoseThem) {
  const std::string game(GetParam()->name());
  const LoadedReplay replay = loadOrFail(recordInMemory(game, 500, 9));
  auto session = GetParam()->start(*GetParam()->findConfig("default"), 9);
  auto bot = std::get<std::unique_ptr<InputSource>>(makeInputSource("bot", *GetParam(), 9));
  const auto inputs = expandInputs(replay);
  ASSERT_EQ(inputs.size(), 500U);
  for (const sim::Input recorded : inputs) {
    const sim::Input chosen = bot->next(*session);
    ASSERT_EQ(recorded, chosen);
    (void)session->step(chosen);
  }
}

TEST_P(ReplayRoundTrip, EncodeIsTheInverseOfLoad) {
  const auto bytes = recordInMemory(std::string(GetParam()->name()), 700, 2);
  const LoadedReplay replay = loadOrFail(bytes);
  EXPECT_EQ(encodeReplay(replay), bytes);
}

TEST_P(ReplayRoundTrip, ACutReplayIsTheRecordingsPrefix) {
  const LoadedReplay replay = loadOrFail(recordInMemory(std::string(GetParam()->name()), 700, 2));
  for (const std::uint64_t last : {1U, 29U, 30U, 31U, 455U, 699U}) {
    const LoadedReplay cut = loadOrFail(encodeReplay(cutReplay(replay, last)));
    EXPECT_TRUE(cut.truncated);
    EXPECT_FALSE(cut.footer.has_value());
    EXPECT_EQ(countTicks(cut), last);
    const std::vector<sim::Input> all = expandInputs(replay);
    EXPECT_EQ(expandInputs(cut), std::vector<sim::Input>(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(last)));
    VerifyOptions prefix;
    prefix.allowTruncated = true;
    EXPECT_TRUE(verifyReplay(cut, prefix).passed()) << last;
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, ReplayRoundTrip, ::testing::ValuesIn(sim::listGames().begin(), sim::listGames().end()),
                         [](const ::testing::TestParamInfo<const sim::GameDefinition*>& paramInfo) {
                           return std::string(paramInfo.param->name());
                         });

TEST(ChecksumCadence, AWalkFromAnyTickAgreesWithTheRecordersCountdown) {
  // The recorder and verify count from tick 1; show, trace and find start at a snapshot.
  for (const std::uint32_t every : {1U, 2U, 7U, 30U, kMaxFullHashEvery}) {
    ChecksumCadence cadence(every);
    for (std::uint64_t tick = 1; tick <= 3U * kMaxFullHashEvery + 5; ++tick) {
      ASSERT_EQ(coversWholeState(tick, every), cadence.nextCoversWholeState()) << "every " << every << ", tick " << tick;
    }
  }
}

TEST(ReplayEvents, RecordedEventsAtGivesEachTicksEventsWhicheverChunkHoldsThem) {
  // Shared by diff's event window and the viewer's frame: every tick, chunk edges included,
  // and nothing for tick 0 or past the end.
  const LoadedReplay replay = loadOrFail(recordInMemory("tank", 600, 2));
  std::map<std::uint64_t, std::vector<sim::Event>> byTick;
  for (const Chunk& c : replay.chunks) {
    for (const RecordedEvent& e : c.events) byTick[e.tick].push_back(e.event);
  }
  ASSERT_GT(byTick.size(), 10U);
  for (std::uint64_t t = 0; t <= countTicks(replay) + 1; ++t) {
    const auto found = byTick.find(t);
    EXPECT_EQ(recordedEventsAt(replay, t), found == byTick.end() ? std::vector<sim::Event>{} : found->second) << "tick " << t;
  }
}

TEST(ReplayLoad, EmptyAndForeignBytesAreRefused) {
  EXPECT_EQ(loadError({}), "is empty");
  std::vector<std::byte> text(64, std::byte{'a'});
  EXPECT_NE(loadError(text).find("not a retrace replay"), std::string::npos);
}

TEST(ReplayLoad, NewerMajorVersionIsRefusedNamingBothVersions) {
  auto bytes = recordInMemory("dodge", 60);
  const auto preamble = encodePreamble(2, 0);
  std::copy(preamble.begin(), preamble.end(), bytes.begin());
  const std::string error = loadError(bytes);
  EXPECT_NE(error.find("replay format 2.0, newer than this build's 1.1"), std::string::npos) << error;
}

TEST(ReplayLoad, NewerMinorVersionIsRefusedToo) {
  auto bytes = recordInMemory("dodge", 60);
  const auto preamble = encodePreamble(1, 3);
  std::copy(preamble.begin(), preamble.end(), bytes.begin());
  EXPECT_NE(loadError(bytes).find("1.3"), std::string::npos);
}

/// A replay whose header frame is replaced by this one (frames re-encoded, checksums valid).
std::vector<std::byte> withHeader(const ReplayHeader& header, const std::vector<std::byte>& original) {
  const FrameRead first = readFrame(original, kPreambleBytes);
  std::vector<std::byte> out = encodePreamble();
  const auto frame = encodeFrame(FrameKind::kHeader, encodePayload(header));
  out.insert(out.end(), frame.begin(), frame.end());
  out.insert(out.end(), original.begin() + static_cast<std::ptrdiff_t>(first.next), original.end());
  return out;
}

TEST(ReplayLoad, UnknownGameIsNamed) {
  const auto bytes = recordInMemory("tank", 60);
  ReplayHeader header = loadOrFail(bytes).header;
  header.game = "pong";
  const std::string error = loadError(withHeader(header, bytes));
  EXPECT_NE(error.find("names the game 'pong', which this build does not have (it has "), std::string::npos) << error;
  // Where to go: the game's own tools (Bring your own game), not a corrupt file.
  EXPECT_TRUE(error.ends_with("); only a retrace built with that game reads its replays")) << error;
}

TEST(ReplayLoad, AConfigurationThatBreaksALimitNeedsTheHeadersOptIn) {
  const auto bytes = recordInMemory("fallingman", 60, 1, "scroll-5.1", 30, 60, true);
  ReplayHeader header = loadOrFail(bytes).header;
  EXPECT_TRUE(header.limitBreaksAllowed);
  header.limitBreaksAllowed = false;
  EXPECT_NE(loadError(withHeader(header, bytes)).find("scrollMax 5.1"), std::string::npos);
}

TEST(ReplayLoad, AbsurdLengthsAreRefusedBeforeAnyAllocation) {
  // A frame header that claims a 4 GiB payload, with its own checksum made valid.
  auto bytes = recordInMemory("dodge", 60);
  auto frame = encodeFrame(FrameKind::kChunk, std::vector<std::byte>(10, std::byte{1}));
  for (int i = 4; i < 12; ++i) frame[static_cast<std::size_t>(i)] = std::byte{0xFF};
  std::vector<std::byte> forged = encodePreamble();
  const FrameRead header = readFrame(bytes, kPreambleBytes);
  forged.insert(forged.end(), bytes.begin() + kPreambleBytes, bytes.begin() + static_cast<std::ptrdiff_t>(header.next));
  forged.insert(forged.end(), frame.begin(), frame.end());
  // The header checksum now fails: lengths cannot be changed without detection.
  EXPECT_NE(loadError(forged).find("corrupt header"), std::string::npos) << loadError(forged);
}

TEST(ReplayLoad, CheckedArchiveRefusesHugeCountsBadBoolsAndTrailingBytes) {
  // A vector claiming 2^40 elements in a 30-byte payload.
  std::vector<std::byte> huge = encodePayload(std::vector<std::int64_t>{1, 2, 3});
  for (std::size_t i = 1; i < 9; ++i) huge[i] = std::byte{0};
  huge[6] = std::byte{1};  // size field little-endian: 1 << 40
  const auto decoded = decodePayload<std::vector<std::int64_t>>(huge);
  ASSERT_TRUE(std::holds_alternative<std::string>(decoded));
  EXPECT_NE(std::get<std::string>(decoded).find("claims"), std::string::npos);
  std::vector<std::byte> flag = encodePayload(true);
  flag.back() = std::byte{2};
  EXPECT_TRUE(std::holds_alternative<std::string>(decodePayload<bool>(flag)));
  std::vector<std::byte> trailing = encodePayload(std::uint32_t{7});
  trailing.push_back(std::byte{0});
  EXPECT_TRUE(std::holds_alternative<std::string>(decodePayload<std::uint32_t>(trailing)));
}

TEST(ReplayLoad, CheckedArchiveReadsEmptyVectorsOfNumbers) {
  // An empty vector's data() may be null: the archive must not hand it to memcpy (UBSan
  // caught that under the payload fuzzer). Empty lists are valid payloads.
  const StateSnapshot empty{7, 9, {}};
  const auto decoded = decodePayload<StateSnapshot>(encodePayload(empty));
  ASSERT_TRUE(std::holds_alternative<StateSnapshot>(decoded));
  EXPECT_EQ(std::get<StateSnapshot>(decoded), empty);
}

TEST(ReplayLoad, AFileOverTheSizeCapIsRefusedBeforeItsPreamble) {
  const auto bytes = recordInMemory("tank", 60);
  const auto opened = ReplayReader::open(bytes, {.fileBytes = 100});
  ASSERT_TRUE(std::holds_alternative<std::string>(opened));
  EXPECT_EQ(std::get<std::string>(opened), "is " + std::to_string(bytes.size()) + " bytes, over the 100 bytes a replay may hold");
  EXPECT_TRUE(std::holds_alternative<ReplayReader>(ReplayReader::open(bytes, {.fileBytes = bytes.size()})));
}

TEST(ReplayLoad, PayloadsThatDecompressPastTheCapAreRefused) {
  // zstd packs a 16 MiB run of equal bytes into a few hundred, so a 1 GiB file could decode to
  // terabytes: the reader counts what it decompressed. The real cap is 1 GiB; 4 KB here.
  const auto bytes = recordInMemory("tank", 600);  // 20 chunks of 30 ticks, about 10 KB decoded
  auto opened = ReplayReader::open(bytes, {.decodedBytes = 4096});
  ASSERT_TRUE(std::holds_alternative<ReplayReader>(opened));
  ReplayReader& reader = std::get<ReplayReader>(opened);
  Chunk chunk;
  ReplayReader::Found found = ReplayReader::Found::kChunk;
  int chunks = 0;
  while ((found = reader.next(chunk)) == ReplayReader::Found::kChunk) ++chunks;
  EXPECT_EQ(found, ReplayReader::Found::kProblem);
  EXPECT_GT(chunks, 0);
  EXPECT_LT(chunks, 20);
  EXPECT_NE(reader.problem().find("decompresses to more than 4096 bytes by the frame at byte "), std::string::npos)
      << reader.problem();
  EXPECT_EQ(loadError(bytes), "");  // under the real cap it loads
}

TEST(ReplayLoad, BytesAfterTheFooterAreRefused) {
  auto bytes = recordInMemory("dodge", 60);
  bytes.push_back(std::byte{0});
  EXPECT_NE(loadError(bytes).find("after its footer"), std::string::npos);
}

TEST(ReplayLoad, EverySingleBitFlipIsDetected) {
  const auto bytes = recordInMemory("dodge", 90);
  std::size_t loadedAnyway = 0;
  for (std::size_t bit = 0; bit < bytes.size() * 8; ++bit) {
    auto flipped = bytes;
    flipped[bit / 8] ^= static_cast<std::byte>(1U << (bit % 8));
    if (loadError(flipped).empty()) ++loadedAnyway;
  }
  EXPECT_EQ(loadedAnyway, 0U) << "of " << bytes.size() * 8 << " flips";
}

TEST(ReplayLoad, HeaderStringsThatCannotBePrintedAsTheyAreAreRefused) {
  // Every printer (info, dump --json, the verify report, diff) shows these strings as they are:
  // a newline would break "one line", an escape would write to the user's terminal, and bytes
  // that are not UTF-8 made dump --json abort.
  const LoadedReplay replay = loadOrFail(recordInMemory("dodge", 60));
  const std::vector<std::pair<std::string, std::string>> bad{
      {"a\nb", "holds a control character at byte 1"},
      {"\x1b[2J", "holds a control character at byte 0"},
      {"x\x7f", "holds a control character at byte 1"},
      {"\xc2\x9b"
       "31m",
       "holds a control character at byte 0"},  // C1 CSI, which terminals obey too
      {"\xff", "is not UTF-8 (byte 0xff at byte 0)"},
      {"ab\xc3", "is not UTF-8 (a character cut short at byte 2)"},
      {"\xc0\x80", "is not UTF-8 (byte 0xc0 at byte 0)"},                 // overlong
      {"\xe0\x80\x80", "is not UTF-8 (an invalid character at byte 0)"},  // overlong
      {"\xed\xa0\x80", "is not UTF-8 (an invalid character at byte 0)"},  // a surrogate
      {"\xe2\x28\xa1", "is not UTF-8 (a broken character at byte 0)"},
      {std::string(1025, 'a'), "is 1025 bytes long, over 1024"},
  };
  const std::vector<std::pair<std::string, std::string ReplayHeader::*>> fields{{"tool version", &ReplayHeader::toolVersion},
                                                                                {"configuration name", &ReplayHeader::configName},
                                                                                {"input source", &ReplayHeader::inputSource}};
  for (const auto& [what, member] : fields) {
    for (const auto& [text, problem] : bad) {
      LoadedReplay forged = replay;
      forged.header.*member = text;
      EXPECT_EQ(loadError(encodeReplay(forged)), "has a header whose " + what + " " + problem)
          << what << " " << quoteForMessage(text);
    }
    LoadedReplay fine = replay;
    fine.header.*member = "script caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x8e\xae.txt";  // accents, a tick, an emoji
    EXPECT_EQ(loadError(encodeReplay(fine)), "") << what;
  }
}

TEST(ReplayLoad, AFooterWhoseFinalStateIsOfAnotherTickIsRefused) {
  LoadedReplay replay = loadOrFail(recordInMemory("tank", 90));
  replay.footer->finalState.tick = 60;
  EXPECT_EQ(loadError(encodeReplay(replay)), "has a footer whose final state is of tick 60 instead of tick 90");
}

TEST(ReplayLoad, EveryTruncationGivesAnErrorOrAVerifiedPrefix) {
  const auto bytes = recordInMemory("tank", 90);
  std::size_t recovered = 0;
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    const std::vector<std::byte> prefix(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size));
    auto loaded = loadReplay(prefix);
    if (std::holds_alternative<std::string>(loaded)) continue;
    const LoadedReplay& replay = std::get<LoadedReplay>(loaded);
    ASSERT_TRUE(replay.truncated) << size;
    EXPECT_LE(countTicks(replay), 90U);
    const VerifyReport report = verifyReplay(replay, {.allowTruncated = true});
    ASSERT_TRUE(report.truncation.has_value());
    EXPECT_FALSE(verifyReplay(replay).passed()) << size << ": a prefix passed without --allow-truncated";
    if (countTicks(replay) > 0) {
      EXPECT_TRUE(report.passed()) << size << ": " << formatReport("prefix", replay, report);
      ++recovered;
    } else {
      EXPECT_FALSE(report.passed());  // nothing to verify is never a pass
    }
  }
  EXPECT_GT(recovered, 0U);
}

TEST(ReplayLoad, TruncationNoticeNamesRecoveredAndPlannedTicks) {
  const auto bytes = recordInMemory("dodge", 90);
  const FrameRead header = readFrame(bytes, kPreambleBytes);
  const FrameRead firstChunk = readFrame(bytes, header.next);
  const std::vector<std::byte> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(firstChunk.next + 5));
  const LoadedReplay replay = loadOrFail(cut);
  const VerifyReport report = verifyReplay(replay);
  ASSERT_TRUE(report.truncation.has_value());
  EXPECT_EQ(report.truncation->rfind("truncated: 30 of 90 ticks recovered", 0), 0U) << *report.truncation;
}

}  // namespace
}  // namespace retrace::recorder
