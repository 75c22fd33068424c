#pragma once
// Fields, events and inputs as JSON, the same in every command that prints them.

#include <vector>

#include <nlohmann/json.hpp>

#include "recorder/format.h"
#include "sim/game.h"

namespace retrace::recorder::cli {

/// Field values by name: fixed point as decimal text, flags as true/false, enumerations by name,
/// 64-bit hashes and RNG words as hex text (JSON numbers are doubles to many readers and would
/// lose bits), other integers as numbers.
[[nodiscard]] nlohmann::ordered_json fieldsToJson(const std::vector<sim::Field>& fields);
/// One event: its kind's name, its arguments by name, each in its kind, and what it is about.
[[nodiscard]] nlohmann::ordered_json eventToJson(const sim::GameDefinition& game, const sim::Event& event);
/// A replay's header as every command prints it (dump's "header", info's), its keys named as
/// the format names them.
[[nodiscard]] nlohmann::ordered_json headerToJson(const ReplayHeader& header);
/// The buttons an input holds, by name.
[[nodiscard]] nlohmann::ordered_json inputToJson(const sim::GameDefinition& game, sim::Input input);

}  // namespace retrace::recorder::cli
