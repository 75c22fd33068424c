#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>

#include "recorder/command.h"
#include "recorder/input_source.h"
#include "recorder/replay.h"
#include "recorder/verifier.h"

namespace retrace::recorder {
namespace {

struct DiffOptions {
  std::string a;
  std::string b;
};

/// Every tick's recorded events, checksum and input, flattened.
struct TickView {
  std::vector<sim::Input> inputs;
  std::vector<std::uint16_t> checksums;
  std::vector<std::vector<sim::Event>> events;
};

TickView flatten(const LoadedReplay& replay) {
  TickView view;
  view.inputs = expandInputs(replay);
  view.checksums = flattenChecksums(replay);
  view.events.resize(view.inputs.size());
  for (const Chunk& c : replay.chunks) {
    for (const RecordedEvent& e : c.events) view.events[e.tick - 1].push_back(e.event);
  }
  return view;
}

/// The state after `ticks` ticks of a replay, re-simulated; nothing when its rules differ.
std::vector<sim::Field> simulateTo(const LoadedReplay& replay, const std::vector<sim::Input>& inputs, std::uint64_t ticks) {
  const sim::GameDefinition& game = *gameOf(replay.header);
  if (replay.header.rulesVersion != game.rulesVersion()) return {};
  auto session = game.start(configOf(replay.header), replay.header.seed);
  for (std::uint64_t t = 0; t < ticks; ++t) (void)session->step(inputs[t]);
  return session->describeState();
}

ExitCode runDiff(const DiffOptions& options) {
  auto loadedA = loadReplayFile(options.a);
  auto loadedB = loadReplayFile(options.b);
  for (const auto* loaded : {&loadedA, &loadedB}) {
    if (const auto* problem = std::get_if<std::string>(loaded)) {
      spdlog::error("retrace diff: {}", *problem);
      return ExitCode::kBadInput;
    }
  }
  const LoadedReplay& a = std::get<LoadedReplay>(loadedA);
  const LoadedReplay& b = std::get<LoadedReplay>(loadedB);
  if (a.header.game != b.header.game) {
    spdlog::error("retrace diff: {} is {} and {} is {}: there is nothing to compare", options.a, a.header.game, options.b, b.header.game);
    return ExitCode::kBadInput;
  }
  const sim::GameDefinition& game = *gameOf(a.header);
  if (a.header.seed != b.header.seed) std::printf("seeds differ: %llu (A) and %llu (B)\n", static_cast<unsigned long long>(a.header.seed), static_cast<unsigned long long>(b.header.seed));
  if (a.header.configValues != b.header.configValues && a.header.rulesVersion == b.header.rulesVersion) {
    const auto fields = diffFields(game.describeConfig(configOf(a.header)), game.describeConfig(configOf(b.header)), 24);
    std::printf("configurations differ (%s vs %s):\n", a.header.configName.c_str(), b.header.configName.c_str());
    for (const auto& line : fields) std::printf("  %s\n", line.c_str());
  }
  if (a.header.rulesVersion != b.header.rulesVersion) std::printf("rules versions differ: %u (A) and %u (B)\n", a.header.rulesVersion, b.header.rulesVersion);
  const TickView va = flatten(a);
  const TickView vb = flatten(b);
  const std::size_t common = std::min(va.inputs.size(), vb.inputs.size());
  std::size_t t = 0;
  while (t < common && va.inputs[t] == vb.inputs[t] && va.events[t] == vb.events[t] && va.checksums[t] == vb.checksums[t]) ++t;
  if (t == common) {
    if (va.inputs.size() == vb.inputs.size()) {
      std::printf("identical: %zu ticks (inputs, events and checksums)\n", common);
      return ExitCode::kOk;
    }
    std::printf("identical for %zu ticks; %s ends there and %s goes on to tick %zu\n", common,
                va.inputs.size() < vb.inputs.size() ? "A" : "B", va.inputs.size() < vb.inputs.size() ? "B" : "A",
                std::max(va.inputs.size(), vb.inputs.size()));
    return ExitCode::kFailed;
  }
  const std::uint64_t tick = t + 1;
  std::printf("first difference at tick %llu:", static_cast<unsigned long long>(tick));
  if (va.inputs[t] != vb.inputs[t]) std::printf(" input %s (A) vs %s (B)", describeInput(game, va.inputs[t]).c_str(), describeInput(game, vb.inputs[t]).c_str());
  if (va.events[t] != vb.events[t]) std::printf(" events differ");
  if (va.checksums[t] != vb.checksums[t]) std::printf(" state checksums differ");
  std::printf("\nevents (- A, + B):\n");
  for (std::size_t u = t >= 2 ? t - 2 : 0; u < std::min(common, t + 3); ++u) {
    const std::string at = "tick " + std::to_string(u + 1) + ": ";
    if (va.events[u] == vb.events[u]) {
      if (!va.events[u].empty()) std::printf("    %s%s\n", at.c_str(), describeEvents(game, va.events[u]).c_str());
      continue;
    }
    std::printf("  - %s%s\n  + %s%s\n", at.c_str(), describeEvents(game, va.events[u]).c_str(), at.c_str(), describeEvents(game, vb.events[u]).c_str());
  }
  const auto fields = diffFields(simulateTo(a, va.inputs, tick), simulateTo(b, vb.inputs, tick), 24);
  std::printf("state at tick %llu (expected = A, got = B, both re-simulated):\n", static_cast<unsigned long long>(tick));
  for (const auto& line : fields) std::printf("  %s\n", line.c_str());
  if (fields.empty()) std::printf("  no field differs (the checksums alone parted)\n");
  return ExitCode::kFailed;
}

}  // namespace

void attachDiffCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<DiffOptions>();
  command.add_option("a", options->a, "the first replay (expected)")->required();
  command.add_option("b", options->b, "the second replay (got)")->required();
  command.footer("Exit status: 0 identical, 1 they differ, 2 a bad file or two different games.");
  command.callback([options, &outExit] { outExit = runDiff(*options); });
}

}  // namespace retrace::recorder
