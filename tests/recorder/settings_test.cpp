#include "recorder/settings.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/recorder.h"
#include "sim/game.h"

namespace retrace::recorder {
namespace {

/// The value of a configuration field by name.
std::int64_t valueOf(const sim::GameDefinition& game, const sim::ConfigValues& config, const std::string& name) {
  for (const sim::Field& field : game.describeConfig(config)) {
    if (field.name == name) return field.value;
  }
  ADD_FAILURE() << "no field " << name;
  return 0;
}

class SettingsOverGames : public ::testing::TestWithParam<const sim::GameDefinition*> {};

TEST_P(SettingsOverGames, EveryFieldTakesItsOwnValueBackByName) {
  // Setting each field to the text of its own value changes nothing but the name.
  const sim::GameDefinition& game = *GetParam();
  const sim::ConfigValues base = *game.findConfig(game.configNames().front());
  for (const sim::Field& field : game.describeConfig(base)) {
    const auto applied = applySettings(game, base, {field.name + "=" + sim::formatField(field)});
    ASSERT_TRUE(std::holds_alternative<sim::ConfigValues>(applied)) << std::get<std::string>(applied);
    EXPECT_EQ(std::get<sim::ConfigValues>(applied).values, base.values) << field.name;
    EXPECT_EQ(std::get<sim::ConfigValues>(applied).name, base.name + "+" + field.name + "=" + sim::formatField(field));
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, SettingsOverGames, ::testing::ValuesIn(sim::listGames().begin(), sim::listGames().end()),
                         [](const auto& param) { return std::string(param.param->name()); });

TEST(Settings, ValuesParseInTheirFieldsKinds) {
  const sim::GameDefinition& tank = *sim::findGame("tank");
  const auto applied = applySettings(tank, *tank.findConfig("default"), {"bulletSpeed=2.5", "fireCooldown=12", "discrete=true"});
  ASSERT_TRUE(std::holds_alternative<sim::ConfigValues>(applied)) << std::get<std::string>(applied);
  const auto& config = std::get<sim::ConfigValues>(applied);
  EXPECT_EQ(valueOf(tank, config, "bulletSpeed"), sim::Fixed::fromRatio(5, 2).raw());
  EXPECT_EQ(valueOf(tank, config, "fireCooldown"), 12);
  EXPECT_EQ(valueOf(tank, config, "discrete"), 1);
  EXPECT_EQ(config.name, "default+bulletSpeed=2.5,fireCooldown=12,discrete=true");
  // The last setting of a field wins.
  const auto twice = applySettings(tank, *tank.findConfig("default"), {"fireCooldown=12", "fireCooldown=7"});
  EXPECT_EQ(valueOf(tank, std::get<sim::ConfigValues>(twice), "fireCooldown"), 7);
}

TEST(Settings, BadSettingsAreOneSentenceNamingThem) {
  const sim::GameDefinition& tank = *sim::findGame("tank");
  const sim::ConfigValues base = *tank.findConfig("default");
  const auto problem = [&](const std::string& setting) {
    const auto applied = applySettings(tank, base, {setting});
    return std::holds_alternative<std::string>(applied) ? std::get<std::string>(applied) : std::string("accepted");
  };
  EXPECT_EQ(problem("bulletSpeed"), "'bulletSpeed' is not NAME=VALUE");
  EXPECT_EQ(problem("=3"), "'=3' is not NAME=VALUE");
  EXPECT_EQ(problem("speed=3").rfind("'speed' is not a field of tank's configuration (fields: tankSize, ", 0), 0U);
  EXPECT_EQ(problem("bulletSpeed=fast"), "--set bulletSpeed: 'fast' is not a decimal number (like 98, -3.25 or 0.38)");
  EXPECT_EQ(problem("fireCooldown=1.5"), "--set fireCooldown: '1.5' is not a whole number");
  EXPECT_EQ(problem("fireCooldown=99999999999"), "--set fireCooldown: '99999999999' does not fit the field (32 bits)");
  EXPECT_EQ(problem("fireCooldown="), "--set fireCooldown: '' is not a whole number");
  EXPECT_EQ(problem("discrete=yes"), "--set discrete: 'yes' is not true or false");
  EXPECT_EQ(problem("fireCooldown=\x1b[31m"), "--set fireCooldown: '\\x1b[31m' is not a whole number");
  // So many settings that the header could not hold the configuration's name.
  const std::vector<std::string> many(100, "fireCooldown=12");
  const auto tooLong = applySettings(tank, base, many);
  ASSERT_TRUE(std::holds_alternative<std::string>(tooLong));
  EXPECT_EQ(std::get<std::string>(tooLong),
            "the settings would name the configuration in 1607 bytes, past the 1024 a replay's header holds");
}

TEST(Settings, ARefusalPastASpeedLimitSaysHowItsCallerAllowsIt) {
  // A game's own code recording through the library has no flag to pass: it sets a field.
  RecordingOptions options;
  options.game = "fallingman";
  options.settings = {"landingWindow=4"};  // under the fall cap of 4.4
  const auto refusal = [&] {
    const auto header = makeHeader(options);
    return std::holds_alternative<std::string>(header) ? std::get<std::string>(header) : std::string("accepted");
  };
  EXPECT_TRUE(refusal().ends_with(" allowed explicitly): set RecordingOptions::allowLimitBreaks")) << refusal();
  options.allowLimitBreaksWith = kAllowLimitBreaksFlag;  // as retrace's programs say it
  EXPECT_TRUE(refusal().ends_with(" allowed explicitly): pass --allow-limit-breaks")) << refusal();
  options.allowLimitBreaks = true;
  EXPECT_EQ(refusal(), "accepted");
  // Not a speed limit: nothing to allow, so nothing said of it.
  options.allowLimitBreaks = false;
  options.settings = {"landingWindow=0"};
  EXPECT_NE(refusal(), "accepted");
  EXPECT_EQ(refusal().find("allowLimitBreaks"), std::string::npos) << refusal();
  EXPECT_EQ(refusal().find("--allow-limit-breaks"), std::string::npos) << refusal();
}

}  // namespace
}  // namespace retrace::recorder

namespace retrace::recorder {
namespace {

TEST(Settings, EdgeIsTheLargestValueEveryLimitOnTheFieldAllows) {
  for (const sim::GameDefinition* game : sim::listGames()) {
    SCOPED_TRACE(std::string(game->name()));
    const auto limits = game->speedLimits();
    for (const std::string& configName : game->configNames()) {
      const sim::ConfigValues base = *game->findConfig(configName);
      for (std::size_t l = 0; l < limits.size(); ++l) {
        if (!game->limitBound(base, l)) continue;
        const auto applied = applySettings(*game, base, {limits[l].field + "=edge"});
        ASSERT_TRUE(std::holds_alternative<sim::ConfigValues>(applied)) << std::get<std::string>(applied);
        const sim::ConfigValues& edge = std::get<sim::ConfigValues>(applied);
        // At the edge every limit holds; one raw unit past it, one breaks.
        EXPECT_FALSE(game->validateConfig(edge, false).has_value()) << limits[l].rule << " in " << configName;
        sim::ConfigValues past = edge;
        const std::vector<sim::Field> fields = game->describeConfig(edge);
        const auto field =
            std::find_if(fields.begin(), fields.end(), [&](const sim::Field& f) { return f.name == limits[l].field; });
        ASSERT_NE(field, fields.end());
        ++past.values[static_cast<std::size_t>(field - fields.begin())];
        EXPECT_TRUE(game->validateConfig(past, false).has_value()) << limits[l].rule << " in " << configName;
      }
    }
  }
}

TEST(Settings, EdgesFollowTheSettingsBeforeThem) {
  const sim::GameDefinition& man = *sim::findGame("fallingman");
  const sim::ConfigValues base = *man.findConfig("default");
  const auto applied = applySettings(man, base, {"fallCap=edge", "scrollMax=edge"});
  ASSERT_TRUE(std::holds_alternative<sim::ConfigValues>(applied)) << std::get<std::string>(applied);
  const sim::ConfigValues& config = std::get<sim::ConfigValues>(applied);
  // fallCap <= landingWindow - 1 px, then scrollMax < fallCap: one raw unit under the new cap.
  const std::int64_t window = valueOf(man, config, "landingWindow");
  EXPECT_EQ(valueOf(man, config, "fallCap"), (window - 1) * sim::Fixed::kOne);
  EXPECT_EQ(valueOf(man, config, "scrollMax"), valueOf(man, config, "fallCap") - 1);
  EXPECT_EQ(config.name, "default+fallCap=edge,scrollMax=edge");
  // Two limits on one field: the tighter decides (2 x tankSpeed < tankSize, under a tile).
  const sim::GameDefinition& tank = *sim::findGame("tank");
  const auto speed = applySettings(tank, *tank.findConfig("default"), {"tankSpeed=edge"});
  ASSERT_TRUE(std::holds_alternative<sim::ConfigValues>(speed));
  EXPECT_EQ(valueOf(tank, std::get<sim::ConfigValues>(speed), "tankSpeed"), 8 * sim::Fixed::kOne - 1);
}

TEST(Settings, AConfigurationIsMadeAgainFromItsName) {
  // Settings applied in two rounds (record --like A --set ... of a replay set already).
  const sim::GameDefinition& tank = *sim::findGame("tank");
  const auto once = applySettings(tank, *tank.findConfig("discrete"), {"tankSpeed=edge", "fireCooldown=1"});
  ASSERT_TRUE(std::holds_alternative<sim::ConfigValues>(once));
  const auto twice = applySettings(tank, std::get<sim::ConfigValues>(once), {"bulletSpeed=5"});
  ASSERT_TRUE(std::holds_alternative<sim::ConfigValues>(twice));
  const sim::ConfigValues& made = std::get<sim::ConfigValues>(twice);
  ASSERT_EQ(made.name, "discrete+tankSpeed=edge,fireCooldown=1+bulletSpeed=5");
  for (const sim::ConfigValues& config : {made, *tank.findConfig("default"), std::get<sim::ConfigValues>(once)}) {
    const auto again = remakeConfig(tank, config.name);
    ASSERT_TRUE(std::holds_alternative<sim::ConfigValues>(again)) << std::get<std::string>(again);
    EXPECT_EQ(std::get<sim::ConfigValues>(again).name, config.name);
    EXPECT_EQ(std::get<sim::ConfigValues>(again).values, config.values) << config.name;
  }
  // A name this build cannot make again is a sentence.
  EXPECT_EQ(std::get<std::string>(remakeConfig(tank, "hard+tankSpeed=2")),
            "tank has no configuration 'hard' (configurations: default, discrete)");
  EXPECT_EQ(std::get<std::string>(remakeConfig(tank, "default+wings=2")).substr(0, 42),
            "'wings' is not a field of tank's configura");
  EXPECT_TRUE(std::holds_alternative<std::string>(remakeConfig(tank, "default+tankSpeed=")));
}

TEST(Settings, AnEdgeNoLimitDrawsIsOneSentence) {
  const sim::GameDefinition& dodge = *sim::findGame("dodge");
  // dodge's limit holds only for the discrete rules.
  const auto swept = applySettings(dodge, *dodge.findConfig("default"), {"maxSpeed=edge"});
  ASSERT_TRUE(std::holds_alternative<std::string>(swept));
  EXPECT_EQ(std::get<std::string>(swept),
            "--set maxSpeed: no speed limit of dodge bounds maxSpeed in this configuration (its limits: "
            "discrete: maxSpeed < smallest obstacle height + playerHeight)");
  const auto discrete = applySettings(dodge, *dodge.findConfig("discrete"), {"maxSpeed=edge"});
  EXPECT_TRUE(std::holds_alternative<sim::ConfigValues>(discrete));
  const auto unbounded = applySettings(dodge, *dodge.findConfig("discrete"), {"spawnEvery=edge"});
  ASSERT_TRUE(std::holds_alternative<std::string>(unbounded));
  EXPECT_NE(std::get<std::string>(unbounded).find("bounds spawnEvery"), std::string::npos);
}

}  // namespace
}  // namespace retrace::recorder
