#pragma once
// A replay loaded into memory: never trusted, always checked (see format.h).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "recorder/format.h"
#include "sim/game.h"

namespace retrace::recorder {

/// Everything a replay file held that passed every check.
struct LoadedReplay {
  ReplayHeader header;
  std::vector<Chunk> chunks;
  std::optional<Footer> footer;  ///< missing when the recording was cut short
  bool truncated = false;
  std::string truncation;   ///< what was cut short, when truncated
  std::uint64_t fileBytes = 0;
  std::uint16_t formatMinor = kFormatMinor;  ///< the file's format minor version (older ones are migrated)
  bool operator==(const LoadedReplay&) const = default;
};

/// The ticks the chunks hold.
[[nodiscard]] std::uint64_t countTicks(const LoadedReplay& replay) noexcept;
/// The inputs of every tick, in order (tick 1 first).
[[nodiscard]] std::vector<sim::Input> expandInputs(const LoadedReplay& replay);
/// The recorded checksum of every tick, in order (tick 1 first).
[[nodiscard]] std::vector<std::uint16_t> flattenChecksums(const LoadedReplay& replay);
/// The header's configuration as the game's values.
[[nodiscard]] sim::ConfigValues configOf(const ReplayHeader& header);
/// The game a header names, or nullptr.
[[nodiscard]] const sim::GameDefinition* gameOf(const ReplayHeader& header);

/// Reads and checks a replay file; on failure one sentence starting with the path.
[[nodiscard]] std::variant<LoadedReplay, std::string> loadReplayFile(const std::string& path);

/// Reads and checks a whole replay from bytes; on failure, one sentence (without the file's
/// name, which the caller puts in front).
[[nodiscard]] std::variant<LoadedReplay, std::string> loadReplay(std::span<const std::byte> file);

}  // namespace retrace::recorder
