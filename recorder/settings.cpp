#include "recorder/settings.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdint>
#include <optional>

#include "recorder/format.h"
#include "recorder/parse.h"

namespace retrace::recorder {
namespace {

/// A field's value from text in its kind, or the sentence saying why not.
std::variant<std::int64_t, std::string> parseFieldValue(const sim::Field& field, std::string_view text) {
  const std::string quoted = quoteForMessage(text);
  switch (field.kind) {
    case sim::FieldKind::kFixed: {
      const auto fixed = parseFixed(text);
      if (const auto* problem = std::get_if<std::string>(&fixed)) return *problem;
      return std::int64_t{std::get<sim::Fixed>(fixed).raw()};
    }
    case sim::FieldKind::kBool:
      if (text == "true") return std::int64_t{1};
      if (text == "false") return std::int64_t{0};
      return quoted + " is not true or false";
    case sim::FieldKind::kEnum: {
      std::vector<const char*> names;
      for (const sim::EnumName& name : field.names) {
        if (text == name.name) return name.value;
        names.push_back(name.name);
      }
      return quoted + " is none of " + joinNames(names);
    }
    case sim::FieldKind::kInt:
    case sim::FieldKind::kBits: {
      std::int64_t value = 0;
      const char* end = text.data() + text.size();
      const auto [at, error] = std::from_chars(text.data(), end, value);
      if (text.empty() || error != std::errc() || at != end) return quoted + " is not a whole number";
      if (value < INT32_MIN || value > INT32_MAX) return quoted + " does not fit the field (32 bits)";
      return value;
    }
  }
  return quoted + " cannot be set";
}

/// The largest value the declared limits on a field allow in `config`; the sentence saying that
/// none bounds it there.
std::variant<std::int64_t, std::string> findEdge(const sim::GameDefinition& game, const sim::ConfigValues& config,
                                                 const std::string& name) {
  std::optional<std::int64_t> edge;
  std::vector<std::string> rules;
  const auto limits = game.speedLimits();
  for (std::size_t l = 0; l < limits.size(); ++l) {
    rules.push_back(limits[l].rule);
    if (limits[l].field != name) continue;
    if (const auto bound = game.limitBound(config, l)) edge = edge ? std::min(*edge, *bound) : *bound;
  }
  if (edge) return *edge;
  return "no speed limit of " + std::string(game.name()) + " bounds " + name + " in this configuration (" +
         (rules.empty() ? std::string("it declares none") : "its limits: " + joinNames(rules)) + ")";
}

}  // namespace

std::variant<sim::ConfigValues, std::string> applySettings(const sim::GameDefinition& game, const sim::ConfigValues& config,
                                                           const std::vector<std::string>& settings) {
  sim::ConfigValues result = config;
  const std::vector<sim::Field> fields = game.describeConfig(config);
  if (fields.size() != config.values.size()) return "the configuration is not one of " + std::string(game.name()) + "'s";
  std::string applied;
  for (const std::string& setting : settings) {
    const std::size_t equals = setting.find('=');
    if (equals == std::string::npos || equals == 0) return quoteForMessage(setting) + " is not NAME=VALUE";
    const std::string name = setting.substr(0, equals);
    const std::string_view text = std::string_view(setting).substr(equals + 1);
    const auto field = std::find_if(fields.begin(), fields.end(), [&](const sim::Field& f) { return f.name == name; });
    if (field == fields.end()) {
      std::vector<std::string> names;
      for (const sim::Field& f : fields) names.push_back(f.name);
      return quoteForMessage(name) + " is not a field of " + std::string(game.name()) +
             "'s configuration (fields: " + joinNames(names) + ")";
    }
    const auto value = text == "edge" ? findEdge(game, result, name) : parseFieldValue(*field, text);
    if (const auto* problem = std::get_if<std::string>(&value)) {
      return "--set " + name + ": " + *problem;
    }
    const std::int64_t set = std::get<std::int64_t>(value);
    result.values[static_cast<std::size_t>(field - fields.begin())] = set;
    applied += (applied.empty() ? "" : ",") + name + "=" + std::string(text);
  }
  if (!applied.empty()) result.name = config.name + "+" + applied;
  // The name goes into the header, which the loader refuses past this length.
  if (result.name.size() > kMaxHeaderStringBytes) {
    return "the settings would name the configuration in " + std::to_string(result.name.size()) + " bytes, past the " +
           std::to_string(kMaxHeaderStringBytes) + " a replay's header holds";
  }
  return result;
}

std::variant<sim::ConfigValues, std::string> remakeConfig(const sim::GameDefinition& game, std::string_view name) {
  // Rounds are '+'-separated, a round's settings ','-separated: neither is in a field's name or
  // a value the settings take.
  const std::size_t plus = name.find('+');
  const std::string base(name.substr(0, plus));
  std::optional<sim::ConfigValues> config = game.findConfig(base);
  if (!config) {
    return std::string(game.name()) + " has no configuration " + quoteForMessage(base) +
           " (configurations: " + joinNames(game.configNames()) + ")";
  }
  std::string_view rest = plus == std::string_view::npos ? std::string_view() : name.substr(plus + 1);
  while (!rest.empty()) {
    const std::size_t end = rest.find('+');
    std::vector<std::string> round;
    for (std::string_view settings = rest.substr(0, end); !settings.empty();) {
      const std::size_t comma = settings.find(',');
      round.emplace_back(settings.substr(0, comma));
      settings = comma == std::string_view::npos ? std::string_view() : settings.substr(comma + 1);
    }
    auto applied = applySettings(game, *config, round);
    if (auto* problem = std::get_if<std::string>(&applied)) return *problem;
    config = std::move(std::get<sim::ConfigValues>(applied));
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  }
  return *config;
}

std::variant<sim::ConfigValues, std::string> chooseReplayConfig(const sim::GameDefinition& game, const ReplayHeader& header) {
  const bool accepted = !game.validateConfig(configOf(header), true);
  if (accepted && simulatesRulesOf(header)) return configOf(header);
  auto remade = remakeConfig(game, header.configName);
  if (std::holds_alternative<std::string>(remade) && accepted) return configOf(header);
  return remade;
}

std::optional<std::string> refuseConfig(const sim::GameDefinition& game, const sim::ConfigValues& config, bool allowLimitBreaks,
                                        const std::string& allowWith) {
  auto problem = game.validateConfig(config, allowLimitBreaks);
  if (problem && !allowLimitBreaks && !game.validateConfig(config, true)) *problem += ": " + allowWith;
  return problem;
}

}  // namespace retrace::recorder
