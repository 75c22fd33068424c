#pragma once
// Speed limits as data: each game states its limits once (the configuration field bounded and
// the largest value the rest of the configuration allows it), and validation, the hunt's
// configurations just past a limit, the contract test and the docs all read that statement.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/fields.h"

namespace retrace::sim {

/// A declared speed limit of a game's typed configuration.
template <typename Config>
struct SpeedLimit {
  const char* rule;   ///< as a person states it: "fallCap <= landingWindow - 1 px"
  const char* field;  ///< the configuration field it bounds (a top-level field's name)
  /// The largest raw value the field may take, or nothing when the limit does not apply.
  std::optional<std::int64_t> (*largest)(const Config& config);
  /// The sentence that says why a configuration breaking it is refused.
  std::string (*explain)(const Config& config);
};

/// The index of the field a limit bounds among a configuration's fields, or nothing when the
/// limit names none (a game's mistake, which validation and the contract check `limits` name).
template <typename Config>
[[nodiscard]] std::optional<std::size_t> findLimitField(const SpeedLimit<Config>& limit, const std::vector<Field>& fields) {
  const auto field = std::find_if(fields.begin(), fields.end(), [&](const Field& f) { return f.name == limit.field; });
  if (field == fields.end()) return std::nullopt;
  return static_cast<std::size_t>(field - fields.begin());
}

/// The fields of game G's typed configuration.
template <typename G>
[[nodiscard]] std::vector<Field> nameConfigFields(const typename G::Config& config) {
  FieldNamer namer;
  auto copy = config;
  G::visitConfig(namer, copy);
  return namer.take();
}

/// The sentence that says a limit of game G applying to this configuration bounds no field of it.
template <typename G>
[[nodiscard]] std::optional<std::string> findMisnamedLimit(const typename G::Config& config) {
  const std::vector<Field> fields = nameConfigFields<G>(config);
  for (const SpeedLimit<typename G::Config>& limit : G::speedLimits()) {
    if (limit.largest(config) && !findLimitField(limit, fields)) {
      // Appended, not a chain of +: GCC 12 warns falsely (-Warray-bounds) on that chain once it
      // inlines the temporaries' moves, which it does in some suites' sources.
      std::string sentence(G::kName);
      sentence.append("'s speed limit \"").append(limit.rule).append("\" bounds \"").append(limit.field);
      sentence.append("\", which is no configuration field");
      return sentence;
    }
  }
  return std::nullopt;
}

/// The sentence of the first of game G's limits that a configuration breaks, or nothing (a limit
/// that names no field is findMisnamedLimit's to report).
template <typename G>
[[nodiscard]] std::optional<std::string> findBrokenLimit(const typename G::Config& config) {
  const std::vector<Field> fields = nameConfigFields<G>(config);
  for (const SpeedLimit<typename G::Config>& limit : G::speedLimits()) {
    const auto largest = limit.largest(config);
    const auto field = findLimitField(limit, fields);
    if (largest && field && fields[*field].value > *largest) return limit.explain(config);
  }
  return std::nullopt;
}

}  // namespace retrace::sim
