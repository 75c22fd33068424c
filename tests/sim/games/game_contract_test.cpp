// What every registered game must do, checked generically through the registry: the tests
// here never name a game, so a new game is covered the moment it is registered.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

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

class GameContract : public testing::TestWithParam<const GameDefinition*> {};

TEST_P(GameContract, TwinRunsHashEqualEveryTickAndAnotherSeedDiffers) {
  const GameDefinition& game = *GetParam();
  auto a = startDefault(game, 7);
  auto b = startDefault(game, 7);
  auto c = startDefault(game, 8);
  const auto hashesA = runBot(*a, 1, 10000);
  EXPECT_EQ(hashesA, runBot(*b, 1, 10000));
  EXPECT_NE(hashesA, runBot(*c, 1, 10000));
}

TEST_P(GameContract, SaveAndRestoreReplaysIdentically) {
  const GameDefinition& game = *GetParam();
  auto session = startDefault(game, 3);
  Rng bot = seedRng(5);
  std::vector<Input> inputs;
  for (int i = 0; i < 3000; ++i) inputs.push_back(session->chooseBotInput(bot));
  for (int i = 0; i < 1000; ++i) (void)session->step(inputs[static_cast<std::size_t>(i)]);
  const auto saved = session->saveState();
  std::vector<std::uint64_t> first;
  for (int i = 1000; i < 3000; ++i) {
    (void)session->step(inputs[static_cast<std::size_t>(i)]);
    first.push_back(session->hash());
  }
  ASSERT_TRUE(session->loadState(saved));
  EXPECT_EQ(session->tick(), 1000);
  std::vector<std::uint64_t> second;
  for (int i = 1000; i < 3000; ++i) {
    (void)session->step(inputs[static_cast<std::size_t>(i)]);
    second.push_back(session->hash());
  }
  EXPECT_EQ(first, second);
}

TEST_P(GameContract, LoadRefusesTruncatedAndPaddedStates) {
  auto session = playDefault(*GetParam(), 3, 5, 500);
  const std::uint64_t hash = session->hash();
  auto saved = session->saveState();
  auto longer = saved;
  longer.push_back(0);
  EXPECT_FALSE(session->loadState(longer));
  saved.pop_back();
  EXPECT_FALSE(session->loadState(saved));
  EXPECT_FALSE(session->loadState({}));
  EXPECT_EQ(session->hash(), hash);  // a refused load leaves the state alone
}

TEST_P(GameContract, LoadKeepsEveryValueItAcceptsExactly) {
  // A loaded value that does not fit its field (2^32 + v for an int32, 2 for a bool, an even
  // RNG increment) is refused, never narrowed: whatever a load accepts saves back unchanged.
  auto session = playDefault(*GetParam(), 3, 5, 500);
  const auto saved = session->saveState();
  std::size_t refused = 0;
  for (std::size_t i = 0; i < saved.size(); ++i) {
    for (const std::int64_t hostile : {saved[i] + (std::int64_t{1} << 32), std::int64_t{2}, saved[i] ^ 1, INT64_MIN}) {
      auto values = saved;
      values[i] = hostile;
      auto copy = session->clone();
      if (!copy->loadState(values)) {
        ++refused;
        continue;
      }
      ASSERT_EQ(copy->saveState(), values) << "value " << i << " loaded as something else than " << hostile;
    }
  }
  EXPECT_GT(refused, saved.size());  // at least the 2^32 shifts of every 32-bit field
}

TEST_P(GameContract, ConfigurationsRefuseValuesThatDoNotFitTheirFields) {
  const GameDefinition& game = *GetParam();
  const auto config = game.findConfig(game.configNames().front());
  ASSERT_TRUE(config.has_value());
  const auto fields = game.describeConfig(*config);
  for (std::size_t i = 0; i < config->values.size(); ++i) {
    auto shifted = *config;
    shifted.values[i] += std::int64_t{1} << 32;  // the same low 32 bits: narrowing would hide it
    EXPECT_TRUE(game.validateConfig(shifted, true).has_value()) << fields[i].name;
  }
}

TEST_P(GameContract, CloneIsIndependent) {
  auto session = playDefault(*GetParam(), 11, 2, 200);
  auto copy = session->clone();
  EXPECT_EQ(copy->hash(), session->hash());
  Rng botA = seedRng(9);
  Rng botB = seedRng(9);
  for (int i = 0; i < 500; ++i) {
    (void)session->step(session->chooseBotInput(botA));
    (void)copy->step(copy->chooseBotInput(botB));
  }
  EXPECT_EQ(copy->hash(), session->hash());
}

TEST_P(GameContract, DescribedFieldsMatchSavedValues) {
  auto session = playDefault(*GetParam(), 4, 1, 300);
  const auto fields = session->describeState();
  const auto values = session->saveState();
  ASSERT_EQ(fields.size(), values.size());
  for (std::size_t i = 0; i < fields.size(); ++i) EXPECT_EQ(fields[i].value, values[i]) << fields[i].name;
  EXPECT_EQ(fields.front().name, "tick");
}

TEST_P(GameContract, DigestCoversScalarsListLengthsAndFirstElementsOnly) {
  auto session = playDefault(*GetParam(), 4, 1, 300);
  const auto fields = session->describeState();
  const auto values = session->saveState();
  std::size_t covered = 0;
  std::size_t laterElements = 0;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const std::string& name = fields[i].name;
    if (name.ends_with(".size")) continue;  // a changed length makes the values not fit
    auto altered = values;
    altered[i] ^= 1;  // one raw unit, or a flipped bool
    auto copy = session->clone();
    // Skip what the game refuses as implausible or normalises on load (an RNG increment is odd).
    if (!copy->loadState(altered) || copy->saveState() != altered) continue;
    EXPECT_NE(copy->hash(), session->hash()) << name;
    const bool laterElement = name.find('[') != std::string::npos && name.find("[0]") == std::string::npos;
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

TEST_P(GameContract, EachSpeedLimitHoldsAtItsBoundAndBreaksOneRawUnitPast) {
  // The bound a limit states is exact: validation accepts the field at it and refuses it one
  // raw unit past, in every named configuration the limit applies to (the hunt's "outside"
  // configurations rest on this).
  const GameDefinition& game = *GetParam();
  const auto limits = game.speedLimits();
  for (const std::string& name : game.configNames()) {
    const ConfigValues config = *game.findConfig(name);
    const auto fields = game.describeConfig(config);
    for (std::size_t l = 0; l < limits.size(); ++l) {
      const auto field = std::find_if(fields.begin(), fields.end(), [&](const Field& f) { return f.name == limits[l].field; });
      ASSERT_NE(field, fields.end()) << limits[l].rule << " names no configuration field";
      const auto bound = game.limitBound(config, l);
      if (!bound) continue;
      ConfigValues at = config;
      ConfigValues past = config;
      at.values[static_cast<std::size_t>(field - fields.begin())] = *bound;
      past.values[static_cast<std::size_t>(field - fields.begin())] = *bound + 1;
      if (game.validateConfig(at, true) || game.validateConfig(past, true)) continue;  // insane either way: nothing to say
      // Another limit may already refuse `at` (two limits on one field): this one must not.
      const auto atProblem = game.validateConfig(at, false);
      const auto pastProblem = game.validateConfig(past, false);
      ASSERT_TRUE(pastProblem.has_value()) << name << ": " << limits[l].rule << " lets its field one unit past its bound";
      if (atProblem) {
        EXPECT_NE(*atProblem, *pastProblem) << name << ": " << limits[l].rule << " refuses its own bound";
      }
    }
  }
}

/// True when some described field is `entity` or lies inside it ("tanks[1].centre.x").
bool namesAField(const std::vector<Field>& fields, const std::string& entity) {
  return std::any_of(fields.begin(), fields.end(), [&](const Field& field) {
    return field.name == entity || field.name.starts_with(entity + ".") || field.name.starts_with(entity + "[");
  });
}

TEST_P(GameContract, ScenesNameRealEntitiesStayInTheirAreaAndUseDeclaredLayers) {
  const GameDefinition& game = *GetParam();
  auto session = startDefault(game, 2);
  Rng bot = seedRng(9);
  const auto layers = game.sceneLayers();
  std::vector<SceneLayer> seen;
  for (int tick = 0; tick < 3000; ++tick) {
    const auto previous = session->clone();
    (void)session->step(session->chooseBotInput(bot));
    if (tick % 25 != 0) continue;
    const Scene scene = session->describeScene(*previous);
    ASSERT_GT(scene.size.x, Fixed());
    ASSERT_GT(scene.size.y, Fixed());
    ASSERT_FALSE(scene.primitives.empty());
    const auto fields = session->describeState();
    for (const ScenePrimitive& p : scene.primitives) {
      if (!p.entity.empty()) {
        EXPECT_TRUE(namesAField(fields, p.entity)) << p.entity << " at tick " << session->tick();
      }
      if (p.layer != SceneLayer::kBodies) {
        EXPECT_NE(std::find(layers.begin(), layers.end(), p.layer), layers.end()) << "an undeclared layer at tick " << session->tick();
        if (std::find(seen.begin(), seen.end(), p.layer) == seen.end()) seen.push_back(p.layer);
      }
      if (p.shape == SceneShape::kBox) {
        EXPECT_GE(p.a.x, Fixed()) << p.entity;
        EXPECT_GE(p.a.y, Fixed()) << p.entity;
        EXPECT_LE(p.a.x + p.b.x, scene.size.x) << p.entity;
        EXPECT_LE(p.a.y + p.b.y, scene.size.y) << p.entity;
      }
    }
  }
  // Every declared layer is drawn at some point, or its key would do nothing.
  EXPECT_EQ(seen.size(), layers.size());
}

TEST_P(GameContract, UnknownConfigNameIsNothing) {
  EXPECT_FALSE(GetParam()->findConfig("no-such-config").has_value());
  EXPECT_FALSE(GetParam()->validateConfig({"broken", {1, 2, 3}}, true) == std::nullopt);
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
