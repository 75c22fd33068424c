#pragma once
// Where a recording's inputs come from: the game's bot, seeded random play, or a plain-text
// input script.
//
// Input script format (one run per line, '#' starts a comment, blank lines are ignored):
//
//   # drive up for two seconds while firing, wait, then turn left
//   120 up+fire
//   30  -
//   45  left
//
// Each line is a tick count and the buttons held for those ticks, joined by '+', or '-' for
// none. Button names are the game's (retrace info shows them). After the script's last
// line the game runs on with no buttons held.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "recorder/format.h"
#include "sim/game.h"

namespace retrace::recorder {

/// Chooses each tick's input.
class InputSource {
 public:
  virtual ~InputSource() = default;
  [[nodiscard]] virtual sim::Input next(const sim::GameSession& session) = 0;
};

/// A run of one input held for some ticks.
struct ScriptRun {
  sim::Input input = 0;
  std::uint64_t ticks = 0;
};

/// The most ticks one line of an input script holds.
inline constexpr std::uint64_t kMaxScriptRunTicks = 100'000'000;

/// Parses an input script; on failure "line N: what is wrong".
[[nodiscard]] std::variant<std::vector<ScriptRun>, std::string> parseInputScript(std::string_view text,
                                                                                 const sim::GameDefinition& game);
/// Names the buttons of an input, "left+fire", or "-" for none.
[[nodiscard]] std::string describeInput(const sim::GameDefinition& game, sim::Input input);
/// The lines of an input script that parseInputScript reads back as `run` ("120 up+fire\n", more
/// than one past kMaxScriptRunTicks); nothing when the input holds a bit the game names no button for.
[[nodiscard]] std::optional<std::string> formatScriptRun(const sim::GameDefinition& game, const ScriptRun& run);
/// Appends `run`, joined to the last run when it holds the same input (a replay's chunks split
/// runs that a script or a player need not).
void appendScriptRun(std::vector<ScriptRun>& runs, ScriptRun run);
/// Plays `runs` in order (a replay's own inputs, or a script's), then no buttons.
[[nodiscard]] std::unique_ptr<InputSource> makeReplayedInput(std::vector<ScriptRun> runs);
/// A replay's header and inputs, to play it again (record --like, the viewer's --take-over).
struct ReplayInputs {
  ReplayHeader header;
  std::vector<ScriptRun> runs;
  std::uint64_t ticks = 0;
  std::string cutShort;  ///< how a recording cut short ends ("the file ends without a footer"); empty when whole
};
/// Reads them from a replay file, whatever rules recorded it; one sentence starting with its
/// path when it cannot be read or holds no tick.
[[nodiscard]] std::variant<ReplayInputs, std::string> readReplayInputs(const std::string& path);
/// A header's input source for a file of inputs, "KIND PATH AFTER" ("script moves.txt"), with the
/// path's file name alone when the whole is longer than a header holds.
[[nodiscard]] std::string nameInputFile(std::string_view kind, const std::string& path, std::string_view after);
/// The runs of the input script at `path`; one sentence when it cannot be read or parsed.
[[nodiscard]] std::variant<std::vector<ScriptRun>, std::string> readInputScript(const std::string& path,
                                                                                const sim::GameDefinition& game);
/// The ticks `runs` hold in all (a script's own length).
[[nodiscard]] std::uint64_t countScriptTicks(const std::vector<ScriptRun>& runs) noexcept;
/// "bot", "random" or the path of a script; one sentence when it cannot be used.
[[nodiscard]] std::variant<std::unique_ptr<InputSource>, std::string> makeInputSource(const std::string& spec,
                                                                                      const sim::GameDefinition& game,
                                                                                      std::uint64_t seed);

}  // namespace retrace::recorder
