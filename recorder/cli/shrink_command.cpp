// `retrace shrink`: keeps a failure while making its input as small as possible: truncate at
// the first tick the failure shows, then delta debugging over the input runs (idling whole
// groups of runs, then single runs), then dropping single buttons from held inputs. Every
// candidate is judged by re-simulating it, so the result is a replay that still fails.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>

#include "recorder/byte_sink.h"
#include "recorder/cli/command.h"
#include "recorder/frame.h"
#include "recorder/payload.h"
#include "recorder/search.h"

namespace retrace::recorder::cli {
namespace {

struct ShrinkOptions {
  std::string file;
  std::string until;
  std::string output;
  bool force = false;
  std::uint64_t maxEvaluations = 5000;
};

/// A run of one non-idle input: [start, start + length).
struct Run {
  std::size_t start = 0;
  std::size_t length = 0;
};

std::vector<Run> findActiveRuns(const std::vector<sim::Input>& inputs) {
  std::vector<Run> runs;
  for (std::size_t i = 0; i < inputs.size();) {
    std::size_t j = i;
    while (j < inputs.size() && inputs[j] == inputs[i]) ++j;
    if (inputs[i] != 0) runs.push_back({i, j - i});
    i = j;
  }
  return runs;
}

/// Tries candidates, keeping each that still shows the failure (truncated to its witness).
class Shrinker {
 public:
  Shrinker(const RunSetup& setup, const Predicate& predicate, std::uint64_t budget) : setup_(setup), predicate_(predicate), budget_(budget) {}

  bool accept(std::vector<sim::Input>& ioInputs, std::vector<sim::Input> candidate) {
    if (evaluations_ >= budget_) return false;
    ++evaluations_;
    const auto witness = findWitness(setup_, candidate, predicate_);
    if (!witness) return false;
    candidate.resize(witness->tick);
    ioInputs = std::move(candidate);
    return true;
  }

  /// ddmin over the active runs: idle groups of runs, finer and finer.
  void idleRuns(std::vector<sim::Input>& ioInputs) {
    std::size_t parts = 2;
    while (true) {
      const std::vector<Run> runs = findActiveRuns(ioInputs);
      if (runs.empty() || evaluations_ >= budget_) return;
      parts = std::min(parts, runs.size());
      const std::size_t size = (runs.size() + parts - 1) / parts;
      bool improved = false;
      for (std::size_t first = 0; first < runs.size() && !improved; first += size) {
        std::vector<sim::Input> candidate = ioInputs;
        for (std::size_t r = first; r < std::min(first + size, runs.size()); ++r) {
          std::fill_n(candidate.begin() + static_cast<std::ptrdiff_t>(runs[r].start), runs[r].length, sim::Input{0});
        }
        improved = accept(ioInputs, std::move(candidate));
      }
      if (improved) {
        parts = std::max<std::size_t>(parts - 1, 2);
      } else if (parts >= runs.size()) {
        return;
      } else {
        parts = std::min(parts * 2, runs.size());
      }
    }
  }

  /// Drops single buttons from each held input.
  void simplifyButtons(std::vector<sim::Input>& ioInputs) {
    for (std::size_t r = 0; r < findActiveRuns(ioInputs).size(); ++r) {
      for (unsigned bit = 0; bit < 8; ++bit) {
        const std::vector<Run> runs = findActiveRuns(ioInputs);
        if (r >= runs.size()) return;
        const Run run = runs[r];
        if ((ioInputs[run.start] & (1U << bit)) == 0) continue;
        std::vector<sim::Input> candidate = ioInputs;
        for (std::size_t t = run.start; t < run.start + run.length; ++t) candidate[t] = static_cast<sim::Input>(candidate[t] & ~(1U << bit));
        (void)accept(ioInputs, std::move(candidate));
      }
    }
  }

  [[nodiscard]] std::uint64_t evaluations() const noexcept { return evaluations_; }

 private:
  const RunSetup& setup_;
  const Predicate& predicate_;
  std::uint64_t budget_;
  std::uint64_t evaluations_ = 0;
};

/// For `diverges` the recorded checksums are the failure, so only the replay can be cut.
ExitCode shrinkDivergence(const ShrinkOptions& options, const LoadedReplay& replay, std::uint64_t tick);

ExitCode runShrink(const ShrinkOptions& options) {
  auto loaded = loadReplayFile(options.file);
  if (auto* problem = std::get_if<std::string>(&loaded)) {
    spdlog::error("retrace shrink: {}", *problem);
    return ExitCode::kBadInput;
  }
  const LoadedReplay& replay = std::get<LoadedReplay>(loaded);
  const RunSetup setup{gameOf(replay.header), configOf(replay.header), replay.header.seed};
  if (auto mismatch = findRulesMismatch(replay.header)) {
    spdlog::error("retrace shrink: {} {}", options.file, *mismatch);
    return ExitCode::kBadInput;
  }
  auto parsed = parsePredicate(options.until, *setup.game);
  if (auto* problem = std::get_if<std::string>(&parsed)) {
    spdlog::error("retrace shrink: {}", *problem);
    return ExitCode::kBadInput;
  }
  const Predicate& predicate = std::get<Predicate>(parsed);
  std::vector<sim::Input> inputs = expandInputs(replay);
  const std::vector<std::uint16_t> checksums = flattenChecksums(replay);
  const auto witness = findWitness(setup, inputs, predicate, {checksums, replay.header.fullHashEvery});
  if (!witness) {
    spdlog::error("retrace shrink: {} does not show '{}': nothing to keep while shrinking", options.file, predicate.text);
    return ExitCode::kFailed;
  }
  if (predicate.kind == Predicate::Kind::kDiverges) return shrinkDivergence(options, replay, witness->tick);
  const std::uint64_t originalTicks = inputs.size();
  const std::uint64_t originalChanges = countInputChanges(inputs);
  inputs.resize(witness->tick);
  Shrinker shrinker(setup, predicate, options.maxEvaluations);
  shrinker.idleRuns(inputs);
  shrinker.simplifyButtons(inputs);
  const auto minimal = findWitness(setup, inputs, predicate);
  if (auto problem = writeReplay(options.output, options.force, setup, replay.header.limitBreaksAllowed, "shrunk from " + options.file, inputs)) {
    spdlog::error("retrace shrink: {}", *problem);
    return ExitCode::kBadInput;
  }
  std::printf("shrunk %s from %llu ticks and %llu input changes to %llu ticks and %llu input changes (%llu re-simulations)\n",
              options.file.c_str(), static_cast<unsigned long long>(originalTicks), static_cast<unsigned long long>(originalChanges),
              static_cast<unsigned long long>(inputs.size()), static_cast<unsigned long long>(countInputChanges(inputs)),
              static_cast<unsigned long long>(shrinker.evaluations()));
  std::printf("%s still shows '%s' at tick %llu: %s\n", options.output.c_str(), predicate.text.c_str(),
              static_cast<unsigned long long>(minimal->tick), minimal->description.c_str());
  return ExitCode::kOk;
}

ExitCode shrinkDivergence(const ShrinkOptions& options, const LoadedReplay& replay, std::uint64_t tick) {
  // Re-recording would make the checksums agree: the divergence lives in the recorded ones.
  // So the recording itself is cut just after the divergent tick, without a footer; verify
  // then reports the (truncated) prefix and its divergence.
  auto sink = FileSink::create(options.output, options.force);
  if (auto* problem = std::get_if<std::string>(&sink)) {
    spdlog::error("retrace shrink: {}", *problem);
    return ExitCode::kBadInput;
  }
  ByteSink& out = *std::get<std::unique_ptr<FileSink>>(sink);
  std::optional<std::string> problem = out.write(encodePreamble());
  const auto writeFrame = [&](FrameKind kind, const std::vector<std::byte>& payload) {
    if (!problem) problem = out.write(encodeFrame(kind, payload));
  };
  writeFrame(FrameKind::kHeader, encodePayload(replay.header));
  for (Chunk chunk : replay.chunks) {
    if (chunk.firstTick > tick) break;
    const std::uint64_t keep = std::min<std::uint64_t>(chunk.checksums.size(), tick - chunk.firstTick + 1);
    if (keep < chunk.checksums.size()) {
      chunk.checksums.resize(keep);
      std::erase_if(chunk.events, [&](const RecordedEvent& e) { return e.tick > tick; });
      std::vector<InputRun> runs;
      std::uint64_t left = keep;
      for (const InputRun& run : chunk.inputs) {
        if (left == 0) break;
        runs.push_back({run.input, static_cast<std::uint32_t>(std::min<std::uint64_t>(run.length, left))});
        left -= runs.back().length;
      }
      chunk.inputs = runs;
      chunk.hasSnapshot = false;
    }
    writeFrame(FrameKind::kChunk, encodePayload(chunk));
  }
  if (!problem) problem = out.commit();
  if (problem) {
    spdlog::error("retrace shrink: {}", *problem);
    return ExitCode::kBadInput;
  }
  std::printf("shrunk %s from %llu ticks to %llu: it diverges at tick %llu (no footer: verify reports the truncated prefix)\n",
              options.file.c_str(), static_cast<unsigned long long>(countTicks(replay)), static_cast<unsigned long long>(tick),
              static_cast<unsigned long long>(tick));
  return ExitCode::kOk;
}

}  // namespace

void attachShrinkCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<ShrinkOptions>();
  command.add_option("file", options->file, "a replay that shows a failure")->required();
  command.add_option("--until", options->until, "the failure to keep: tunnel, ends-before:T, event:KIND, diverges")->required();
  command.add_option("-o,--output", options->output, "the minimal replay to write")->required();
  command.add_flag("--force", options->force, "replace OUT if it exists");
  command.add_option("--max-evaluations", options->maxEvaluations, "re-simulations at most")->capture_default_str();
  command.callback([options, &outExit] { outExit = runShrink(*options); });
}

}  // namespace retrace::recorder::cli
