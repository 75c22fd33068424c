#pragma once
// A verify report as JSON, for scripts and CI dashboards that read what `retrace verify` found.

#include <string>

#include <nlohmann/json.hpp>

#include "recorder/replay.h"
#include "recorder/verifier.h"

namespace retrace::recorder::cli {

/// The facts formatReport says in lines, as one object: the replay (file, game, configuration,
/// seed), whether it passed, the ticks checked, whether it is complete and why not, the first
/// divergence with its event and field diffs, the oracle's tunnels (every tick, the first
/// sentences), and the expected outcome it was judged by (null when none).
[[nodiscard]] nlohmann::ordered_json reportToJson(const std::string& file, const LoadedReplay& replay, const VerifyReport& report,
                                                  const ExpectedOutcome* expected = nullptr);

}  // namespace retrace::recorder::cli
