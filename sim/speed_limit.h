#pragma once
// Speed limits as data: each game states its limits once (the configuration field bounded and
// the largest value the rest of the configuration allows it), and validation, the hunt's
// configurations just past a limit, the contract test and the docs all read that statement.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/assert.h"
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

/// The sentence of the first of game G's limits that a configuration breaks, or nothing.
template <typename G>
[[nodiscard]] std::optional<std::string> findBrokenLimit(const typename G::Config& config) {
  FieldNamer namer;
  auto copy = config;
  G::visitConfig(namer, copy);
  const std::vector<Field> fields = namer.take();
  for (const SpeedLimit<typename G::Config>& limit : G::speedLimits()) {
    const auto largest = limit.largest(config);
    if (!largest) continue;
    const auto field = std::find_if(fields.begin(), fields.end(), [&](const Field& f) { return f.name == limit.field; });
    RETRACE_CHECK(field != fields.end());  // a limit naming no field: the contract test catches it
    if (field->value > *largest) return limit.explain(config);
  }
  return std::nullopt;
}

}  // namespace retrace::sim
