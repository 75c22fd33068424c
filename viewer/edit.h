#pragma once
// Editing a replay's inputs and re-simulating (BizHawk's TAStudio, dsda-doom's build mode): a
// button toggled at a tick, or held or released over a run of ticks, gives new inputs; the
// recorder records them under the original's configuration and seed with this build's rules,
// and the result opens as B against the original A. Saving writes the same recording to a file,
// so what is saved verifies.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "recorder/replay.h"
#include "recorder/search.h"
#include "sim/game.h"

namespace retrace::viewer {

/// The inputs with a button flipped at one tick (tick 1 is inputs[0]); unchanged outside 1..size.
[[nodiscard]] std::vector<sim::Input> toggleButton(std::span<const sim::Input> inputs, std::uint64_t tick, unsigned bit);
/// The inputs with a button held (or released) on `count` ticks from `from` (clipped to the replay).
[[nodiscard]] std::vector<sim::Input> setButton(std::span<const sim::Input> inputs, std::uint64_t from, std::uint64_t count,
                                                unsigned bit, bool held);

/// How the original was recorded: its game, configuration and seed, for recording edits.
[[nodiscard]] recorder::RunSetup setupOf(const recorder::LoadedReplay& original);
/// The edited inputs recorded in memory under the original's configuration and seed.
[[nodiscard]] std::variant<recorder::LoadedReplay, std::string> recordEdit(const recorder::LoadedReplay& original,
                                                                           std::span<const sim::Input> inputs,
                                                                           const std::string& originalName);
/// Writes the edit to a new file (never over one that is there): the bytes recordEdit holds.
[[nodiscard]] std::optional<std::string> saveEdit(const recorder::LoadedReplay& original, std::span<const sim::Input> inputs,
                                                  const std::string& originalName, const std::string& path);

}  // namespace retrace::viewer
