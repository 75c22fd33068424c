#include "recorder/shrink.h"

#include <algorithm>
#include <functional>

namespace retrace::recorder {
namespace {

/// Tries candidates, keeping each that still shows the failure (cut at its witness).
class Shrinker {
 public:
  Shrinker(const RunSetup& setup, const Predicate& predicate, std::uint64_t budget, const std::function<bool()>& stop)
      : setup_(setup), predicate_(predicate), budget_(budget), stop_(stop) {}

  /// Whether another candidate may be tried: budget left, and no stop asked for.
  [[nodiscard]] bool canGoOn() {
    if (evaluations_ >= budget_) return false;
    stopped_ = stopped_ || (stop_ && stop_());
    return !stopped_;
  }
  [[nodiscard]] bool stopped() const noexcept { return stopped_; }

  bool accept(std::vector<sim::Input>& ioInputs, std::vector<sim::Input> candidate) {
    if (!canGoOn()) return false;
    ++evaluations_;
    const auto witness = findWitness(setup_, candidate, predicate_);
    if (!witness) return false;
    candidate.resize(static_cast<std::size_t>(witness->tick));  // a tick of candidate, so within its size
    ioInputs = std::move(candidate);
    return true;
  }

  /// ddmin over the active runs: idle groups of runs, finer and finer.
  void idleRuns(std::vector<sim::Input>& ioInputs) {
    std::size_t parts = 2;
    while (true) {
      const std::vector<InputSpan> runs = findActiveRuns(ioInputs);
      if (runs.empty() || !canGoOn()) return;
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

  /// ddmin over the ticks themselves: removes stretches of input, halving their length, so that
  /// what happens later happens sooner (idle waits and play that does not matter go).
  void dropTicks(std::vector<sim::Input>& ioInputs) {
    std::size_t chunk = ioInputs.size() / 2;
    while (chunk > 0 && canGoOn()) {
      bool improved = false;
      for (std::size_t first = 0; first < ioInputs.size() && canGoOn();) {
        std::vector<sim::Input> candidate = ioInputs;
        const auto from = candidate.begin() + static_cast<std::ptrdiff_t>(first);
        candidate.erase(from, from + static_cast<std::ptrdiff_t>(std::min(chunk, candidate.size() - first)));
        if (accept(ioInputs, std::move(candidate))) {
          improved = true;  // the same place again: it now holds what followed
        } else {
          first += chunk;
        }
      }
      if (!improved) chunk /= 2;
      chunk = std::min(chunk, ioInputs.size() / 2);
      // Down to a sixty-fourth of what is left: finer, each pass costs more re-simulations
      // than the few ticks it could still take.
      if (chunk < ioInputs.size() / 64) break;
    }
  }

  /// Drops single buttons from each held input.
  void simplifyButtons(std::vector<sim::Input>& ioInputs) {
    for (std::size_t r = 0; r < findActiveRuns(ioInputs).size(); ++r) {
      for (unsigned bit = 0; bit < 8; ++bit) {
        const std::vector<InputSpan> runs = findActiveRuns(ioInputs);
        if (r >= runs.size()) return;
        const InputSpan run = runs[r];
        if ((ioInputs[run.start] & (1U << bit)) == 0) continue;
        std::vector<sim::Input> candidate = ioInputs;
        for (std::size_t t = run.start; t < run.start + run.length; ++t)
          candidate[t] = static_cast<sim::Input>(candidate[t] & ~(1U << bit));
        (void)accept(ioInputs, std::move(candidate));
      }
    }
  }

  [[nodiscard]] std::uint64_t evaluations() const noexcept { return evaluations_; }

 private:
  const RunSetup& setup_;
  const Predicate& predicate_;
  std::uint64_t budget_;
  const std::function<bool()>& stop_;
  std::uint64_t evaluations_ = 0;
  bool stopped_ = false;
};

}  // namespace

std::vector<InputSpan> findActiveRuns(const std::vector<sim::Input>& inputs) {
  std::vector<InputSpan> runs;
  for (std::size_t i = 0; i < inputs.size();) {
    std::size_t j = i;
    while (j < inputs.size() && inputs[j] == inputs[i]) ++j;
    if (inputs[i] != 0) runs.push_back({i, j - i});
    i = j;
  }
  return runs;
}

ShrinkResult shrinkInputs(const RunSetup& setup, const Predicate& predicate, std::vector<sim::Input> inputs, std::uint64_t budget,
                          const std::function<bool()>& stop) {
  Shrinker shrinker(setup, predicate, budget, stop);
  // The failure's own tick first: nothing after it matters.
  if (const auto witness = findWitness(setup, inputs, predicate)) inputs.resize(static_cast<std::size_t>(witness->tick));
  // Until a round of the three passes takes nothing more: a stretch of ticks gone may let a run
  // go idle, and a run gone idle may let a stretch go.
  for (std::vector<sim::Input> before; inputs != before && shrinker.canGoOn();) {
    before = inputs;
    shrinker.idleRuns(inputs);
    shrinker.simplifyButtons(inputs);
    // Last, with what the budget leaves: a long replay's finest stretches cost the most.
    shrinker.dropTicks(inputs);
  }
  return {std::move(inputs), shrinker.evaluations(), shrinker.stopped()};
}

}  // namespace retrace::recorder
