#include "recorder/settings.h"

#include <gtest/gtest.h>

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
  EXPECT_EQ(std::get<std::string>(tooLong), "the settings would name the configuration in 1607 bytes, past the 1024 a replay's header holds");
}

}  // namespace
}  // namespace retrace::recorder
