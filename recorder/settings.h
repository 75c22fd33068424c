#pragma once
// Configuration values by name: `--set NAME=VALUE` on record, hunt, live play and what-if
// verify. A setting names a top-level field of the game's configuration and gives it a value in
// that field's kind (a count, a decimal for fixed point, true/false, an enumeration's name); the
// result is checked by the game's own validation like any configuration. The value `edge` is
// the largest one the game's declared speed limits on that field allow in the configuration as
// set so far (the tightest, when several bound it): `--set fallCap=edge` sits exactly at the
// limit, where a golden replay pins it.

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "recorder/replay.h"
#include "sim/game.h"

namespace retrace::recorder {

/// The configuration a name records ("default+tankSpeed=2+bulletSpeed=5,fireCooldown=1") made
/// again, the inverse of applySettings' naming: the named configuration as this build has it,
/// each round of settings applied in turn (an edge is this build's edge); or one sentence.
[[nodiscard]] std::variant<sim::ConfigValues, std::string> remakeConfig(const sim::GameDefinition& game, std::string_view name);

/// The configuration a replay's inputs are played again under (approve, record --like): its own
/// values when this build takes them (a replay pins its configuration, not whatever the named
/// one is today; a speed limit is checked later, with the caller's allowance). Recorded by other
/// rules, the configuration its name records, made again (remakeConfig: an edge is today's); a
/// name that records no way to make it (a hunt's drawn values, "default~outside") keeps its
/// values if this build takes them. One sentence when neither can be had.
[[nodiscard]] std::variant<sim::ConfigValues, std::string> chooseReplayConfig(const sim::GameDefinition& game,
                                                                              const ReplayHeader& header);

/// `config` with each "NAME=VALUE" applied in order, named "BASE+NAME=VALUE,..." (an edge keeps
/// the word: a fixed-point edge one raw unit under 6 would print as 6); the
/// configuration is not validated here. One sentence naming the setting when one is not a field
/// of the game's configuration or its value does not parse or fit the field.
[[nodiscard]] std::variant<sim::ConfigValues, std::string> applySettings(const sim::GameDefinition& game,
                                                                         const sim::ConfigValues& config,
                                                                         const std::vector<std::string>& settings);

/// How a command line allows a configuration past a speed limit (every program of retrace's that
/// runs a configuration has the flag).
inline constexpr const char* kAllowLimitBreaksFlag = "pass --allow-limit-breaks";

/// The game's refusal of `config`, with ": " and `allowWith` (how the caller allows it) after it
/// when only a speed limit refuses it; nothing when it runs.
[[nodiscard]] std::optional<std::string> refuseConfig(const sim::GameDefinition& game, const sim::ConfigValues& config,
                                                      bool allowLimitBreaks,
                                                      const std::string& allowWith = kAllowLimitBreaksFlag);

}  // namespace retrace::recorder
