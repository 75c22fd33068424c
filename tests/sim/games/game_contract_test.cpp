// What every registered game must do, checked generically through the registry: each check of
// the contract (sim/contract.h) on each game, and what retrace's own games do beyond it. The
// tests here never name a game, so a new game is covered the moment it is registered.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "sim/contract.h"
#include "sim/game.h"

namespace retrace::sim {
namespace {

std::unique_ptr<GameSession> startDefault(const GameDefinition& game, std::uint64_t seed) {
  const auto config = game.findConfig(game.configNames().front());
  EXPECT_TRUE(config.has_value());
  EXPECT_FALSE(game.validateConfig(*config, false).has_value());
  return game.start(*config, seed);
}

/// A default game after the bot (seeded botSeed) has played it for n ticks.
std::unique_ptr<GameSession> playDefault(const GameDefinition& game, std::uint64_t seed, std::uint64_t botSeed, int ticks) {
  auto session = startDefault(game, seed);
  Rng bot = seedRng(botSeed);
  for (int i = 0; i < ticks; ++i) (void)session->step(session->chooseBotInput(bot));
  return session;
}

/// Runs the bot for n ticks and returns the hash after every tick.
std::vector<std::uint64_t> runBot(GameSession& session, std::uint64_t botSeed, int ticks) {
  Rng bot = seedRng(botSeed, 0xB07);
  std::vector<std::uint64_t> hashes;
  for (int i = 0; i < ticks; ++i) {
    (void)session.step(session.chooseBotInput(bot));
    hashes.push_back(session.hash());
  }
  return hashes;
}

/// Each game with each check of the contract (sim/contract.h), as a test of its own.
using GameAndCheck = std::pair<const GameDefinition*, const ContractCheck*>;
class GameMeetsContract : public testing::TestWithParam<GameAndCheck> {};

TEST_P(GameMeetsContract, KeepsThePromise) {
  const auto [game, check] = GetParam();
  const auto problem = check->run(*game, nullptr);
  EXPECT_FALSE(problem.has_value()) << check->promise << ": " << problem.value_or("");
}

std::vector<GameAndCheck> everyGameAndCheck() {
  std::vector<GameAndCheck> pairs;
  for (const GameDefinition* game : listGames()) {
    for (const ContractCheck& check : contractChecks()) pairs.emplace_back(game, &check);
  }
  return pairs;
}

INSTANTIATE_TEST_SUITE_P(Registry, GameMeetsContract, testing::ValuesIn(everyGameAndCheck()),
                         [](const testing::TestParamInfo<GameAndCheck>& paramInfo) {
                           return std::string(paramInfo.param.first->name()) + "_" + paramInfo.param.second->name;
                         });

// What retrace's own games do beyond the contract, which the tools and the corpus rely on.
class GameContract : public testing::TestWithParam<const GameDefinition*> {};

TEST_P(GameContract, AnotherSeedPlaysAnotherGame) {
  const GameDefinition& game = *GetParam();
  auto a = startDefault(game, 7);
  auto c = startDefault(game, 8);
  EXPECT_NE(runBot(*a, 1, 10000), runBot(*c, 1, 10000));
}

TEST_P(GameContract, DigestCoversScalarsListLengthsAndFirstElementsOnly) {
  auto session = playDefault(*GetParam(), 4, 1, 300);
  const auto fields = session->describeState();
  const auto values = session->saveState();
  std::size_t covered = 0;
  std::size_t laterElements = 0;
  std::map<std::string, std::uint32_t> firstWords;  // packed bytes' first word, by their name
  for (const auto& field : fields) {
    const std::string& name = field.name;
    if (name.ends_with(".size")) continue;                // a changed length makes the values not fit
    const auto altered = nudgeSavedValue(values, field);  // one raw unit, a flipped bool, a byte's low bit
    auto copy = session->clone();
    // Skip what the game refuses as implausible or normalises on load (an RNG increment is odd).
    if (!copy->loadState(altered) || copy->saveState() != altered) continue;
    EXPECT_NE(copy->hash(), session->hash()) << name;
    // Packed bytes are a list of words to the digest; other elements are named by their index.
    const bool laterElement = field.packedByte >= 0
                                  ? firstWords.emplace(name.substr(0, name.find('[')), field.place).first->second != field.place
                                  : name.find('[') != std::string::npos && name.find("[0]") == std::string::npos;
    if (laterElement) {
      ++laterElements;
      EXPECT_EQ(copy->digest(), session->digest()) << name << " is left to the whole-state hash";
    } else {
      ++covered;
      EXPECT_NE(copy->digest(), session->digest()) << name << " must be in the tick digest";
    }
  }
  EXPECT_GE(covered, 8U);
  EXPECT_GT(laterElements, 0U);
  EXPECT_NE(session->digest(), session->hash());
}

TEST_P(GameContract, EventsFormatWithTheirSchema) {
  const GameDefinition& game = *GetParam();
  auto session = startDefault(game, 6);
  Rng bot = seedRng(6);
  int formatted = 0;
  for (int i = 0; i < 5000; ++i) {
    for (const Event& e : session->step(session->chooseBotInput(bot)).events) {
      ASSERT_LT(e.kind, game.eventSchemas().size());
      const std::string text = formatEvent(game, e);
      EXPECT_EQ(text.rfind(game.eventSchemas()[e.kind].name, 0), 0U) << text;
      ++formatted;
    }
  }
  EXPECT_GT(formatted, 10);
}

TEST_P(GameContract, RoundsRestartWithinLongRuns) {
  // A recording of any length is live play: rounds end and the next one starts by itself.
  const GameDefinition& game = *GetParam();
  auto session = startDefault(game, 2);
  Rng inputs = seedRng(2);
  int roundStarts = 0;
  for (int i = 0; i < 20000; ++i) {
    for (const Event& e : session->step(static_cast<Input>(nextU32(inputs))).events) {
      if (std::string(game.eventSchemas()[e.kind].name) == "roundStart") ++roundStarts;
    }
  }
  EXPECT_GT(roundStarts, 0);
}

INSTANTIATE_TEST_SUITE_P(Registry, GameContract, testing::ValuesIn(listGames().begin(), listGames().end()),
                         [](const testing::TestParamInfo<const GameDefinition*>& paramInfo) {
                           return std::string(paramInfo.param->name());
                         });

TEST(Registry, FindsGamesByNameOnly) {
  for (const GameDefinition* game : listGames()) EXPECT_EQ(findGame(game->name()), game);
  EXPECT_EQ(findGame("pong"), nullptr);
}

}  // namespace
}  // namespace retrace::sim
