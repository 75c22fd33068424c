#pragma once
// Shrinking a failure's input while it still fails: delta debugging over the input's runs
// (idling whole groups of held buttons, finer and finer), then dropping single buttons from
// each held input, then removing stretches of ticks (halving down to a sixty-fourth of what is
// left, or single ticks in a short input), so that the failure comes sooner; the three again
// until a round takes nothing. Every candidate is judged by re-simulating it (findWitness), and
// each kept one is cut at the tick its failure shows, so the result still fails.

#include <cstdint>
#include <functional>
#include <vector>

#include "recorder/search.h"

namespace retrace::recorder {

/// A run of one non-idle input: [start, start + length).
struct InputSpan {
  std::size_t start = 0;
  std::size_t length = 0;
  bool operator==(const InputSpan&) const = default;
};

/// The runs of held (non-zero) input, in order.
[[nodiscard]] std::vector<InputSpan> findActiveRuns(const std::vector<sim::Input>& inputs);

/// The smallest input found and what finding it cost.
struct ShrinkResult {
  std::vector<sim::Input> inputs;
  std::uint64_t evaluations = 0;  ///< re-simulations made
  bool stopped = false;           ///< `stop` ended it before its budget or its last round
};

/// The re-simulations a shrink makes at most unless told otherwise (retrace shrink, hunt --shrink).
inline constexpr std::uint64_t kDefaultShrinkBudget = 5000;

/// Shrinks inputs that show the predicate (judged without recorded checksums, so not for
/// kDiverges), re-simulating at most `budget` candidates, and none once `stop` (when given, asked
/// before each candidate and between passes) says so: what it has then is the smallest found so
/// far, and still shows it.
[[nodiscard]] ShrinkResult shrinkInputs(const RunSetup& setup, const Predicate& predicate, std::vector<sim::Input> inputs,
                                        std::uint64_t budget, const std::function<bool()>& stop = {});

}  // namespace retrace::recorder
