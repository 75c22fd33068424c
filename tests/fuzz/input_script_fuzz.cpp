// Fuzz target for input scripts (`retrace record --input FILE`): any text, parsed for every
// game, gives either one short sentence naming the line, or runs that say exactly what the
// text said: written back out as `dump --script` writes them, they parse to the same runs.
//
// With clang: cmake --preset fuzz && cmake --build --preset fuzz --target input_script_fuzz
//   build/fuzz/tests/fuzz/input_script_fuzz NEW replays/scripts -max_total_time=60   (finds go to NEW)
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "recorder/input_source.h"

namespace {

using namespace retrace::recorder;

/// The longest refusal a script may get: a line number, a quoted word cut at 40 characters and
/// the game's button names.
constexpr std::size_t kLongestSentence = 200;

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "input script: %s: %s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const retrace::sim::GameDefinition* game : retrace::sim::listGames()) {
    auto parsed = parseInputScript(text, *game);
    if (auto* problem = std::get_if<std::string>(&parsed)) {
      if (problem->size() > kLongestSentence || problem->find('\n') != std::string::npos)
        fail("a refusal is not one short line", *problem);
      continue;
    }
    const auto& runs = std::get<std::vector<ScriptRun>>(parsed);
    std::string written;
    for (const ScriptRun& run : runs) {
      if (run.ticks == 0 || run.ticks > kMaxScriptRunTicks || (run.input >> game->inputNames().size()) != 0)
        fail("a run out of range", std::string(text));
      const auto line = formatScriptRun(*game, run);  // what dump --script prints
      if (!line) fail("a run of named buttons cannot be written out", std::string(text));
      written += *line;
    }
    auto again = parseInputScript(written, *game);
    if (!std::holds_alternative<std::vector<ScriptRun>>(again)) fail("its own runs written out do not parse", written);
    const auto& reparsed = std::get<std::vector<ScriptRun>>(again);
    if (reparsed.size() != runs.size()) fail("written out, it parses to another number of runs", written);
    for (std::size_t i = 0; i < runs.size(); ++i) {
      if (reparsed[i].ticks != runs[i].ticks || reparsed[i].input != runs[i].input)
        fail("written out, it parses to other runs", written);
    }
  }
  return 0;
}

/// Scripts are the target's input as they are.
std::vector<std::uint8_t> corpusInputFrom(const std::vector<std::uint8_t>& file) { return file; }
