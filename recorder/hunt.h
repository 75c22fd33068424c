#pragma once
// What a hunt is made of: configurations drawn within or just past the declared speed limits,
// and runs played until the first tick that shows what the hunt looks for (a tunnel the oracle
// finds, unless told otherwise: an event, a round ended early, a condition over the state).
// Every draw comes from seeded RNGs, so a hunt with the same seed plays the same runs and finds
// the same things.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "recorder/parallel.h"
#include "recorder/search.h"
#include "sim/rng.h"

namespace retrace::recorder {

/// How a hunt picks each run's configuration.
enum class ConfigMode : std::uint8_t {
  kNamed,    ///< the named configuration as it is
  kWithin,   ///< each number scaled by 1/2 to 2 at random, within every limit
  kOutside,  ///< one applicable limit's field just past the bound it states
};

/// The mode a word names ("named", "within", "outside"), or nothing.
[[nodiscard]] std::optional<ConfigMode> parseConfigMode(std::string_view word);
/// The word of a mode.
[[nodiscard]] const char* nameConfigMode(ConfigMode mode);

/// A run's configuration and, when drawn past a limit, which limit and how far.
struct DrawnConfig {
  sim::ConfigValues config;
  std::string broken;  ///< "fallCap <= landingWindow - 1 px (fallCap 6.25, where it allows at most 6)"
};

/// The limits that apply to a configuration (a limit may hold for some configurations only).
[[nodiscard]] std::vector<std::size_t> findApplicableLimits(const sim::GameDefinition& game, const sim::ConfigValues& config);

/// The rules of the speed limits `config` breaks (its field past the bound the limit states), in
/// the order the game declares them: none for a configuration within every limit.
[[nodiscard]] std::vector<std::string> listBrokenLimits(const sim::GameDefinition& game, const sim::ConfigValues& config);

/// A configuration drawn from `base` in `mode`, sane and within every limit (kWithin) or past
/// one (kOutside: one raw unit to a quarter of the bound beyond it); nothing when 200 draws
/// found none (or no limit applies to `base` for kOutside).
[[nodiscard]] std::optional<DrawnConfig> drawConfig(const sim::GameDefinition& game, const sim::ConfigValues& base,
                                                    ConfigMode mode, sim::Rng& ioRng);

/// A played run: its inputs, up to and including the first tick that showed the predicate.
struct PlayedRun {
  std::vector<sim::Input> inputs;
  std::optional<Witness> witness;  ///< what showed it, when the run did
  /// Why the run could not judge the predicate (WitnessWatch::problem): a value its condition
  /// cannot compare with a field it names.
  std::optional<std::string> problem;
  std::vector<std::string> unseenFields;  ///< the condition's names no tick of the run had
  /// With unseenFields, the fields of the run's tick that had the most (WitnessWatch::listFullestFields).
  std::vector<sim::Field> fullestFields;
};

/// Plays run `run` for at most `ticks`, stopping at the first tick that shows the predicate
/// (a tunnel by default, with the oracle on): even runs mash buttons at random, odd runs follow
/// the bot with random buttons flipped now and then, both seeded from the setup's seed and the
/// run number.
[[nodiscard]] PlayedRun playRun(const RunSetup& setup, std::uint64_t run, std::uint64_t ticks, const Predicate& predicate = {});

/// The seed of hunt run `run` of a hunt seeded `huntSeed`.
[[nodiscard]] std::uint64_t seedRun(std::uint64_t huntSeed, std::uint64_t run) noexcept;

/// What a hunt plays: runs [0, runs) of one game, or one shard's share of them (the runs whose
/// number leaves `shard` when divided by `shards`), so that shards together play the whole.
struct HuntPlan {
  const sim::GameDefinition* game = nullptr;
  sim::ConfigValues base;
  ConfigMode mode = ConfigMode::kNamed;
  std::uint64_t seed = 1;
  std::uint64_t ticks = 3600;  ///< the most each run plays
  std::uint64_t runs = 100;    ///< UINT64_MAX: until the caller stops it
  std::uint64_t shard = 0;
  std::uint64_t shards = 1;
  std::uint64_t shrinkBudget = 0;  ///< re-simulations to shrink each finding with (shrink.h); 0 keeps it as played
  Predicate until{};               ///< what a run looks for (not kDiverges, a recording's property)
};

/// One run of a hunt as played.
struct HuntedRun {
  std::uint64_t run = 0;
  std::optional<DrawnConfig> config;  ///< nothing when none could be drawn: the run was not played
  RunSetup setup;
  std::uint64_t ticks = 0;                ///< ticks played: with a finding, the tick it showed at before any shrinking
  std::optional<PlayedRun> finding;       ///< the inputs up to the first tick that showed the predicate, when one did
  std::optional<std::string> problem;     ///< PlayedRun::problem: the run could not judge the predicate
  std::vector<std::string> unseenFields;  ///< PlayedRun::unseenFields
  std::vector<sim::Field> fullestFields;  ///< PlayedRun::fullestFields
};

/// How many of the plan's runs its shard plays.
[[nodiscard]] std::uint64_t countShardRuns(const HuntPlan& plan) noexcept;

/// Plays hunt run `run`: its configuration drawn and its game played from the hunt's seed and
/// the run number alone, so that any thread or machine plays it the same; a finding is shrunk
/// when the plan says so (on the worker's thread, as deterministically as it was played).
[[nodiscard]] HuntedRun huntRun(const HuntPlan& plan, std::uint64_t run);

/// What every worker of a hunt has played so far, counted as each run ends (runs may end ahead
/// of the one being handed over, so this is the figure a progress line shows).
struct HuntProgress {
  std::atomic<std::uint64_t> runs{0};
  std::atomic<std::uint64_t> ticks{0};
};

/// Plays the shard's runs on `jobs` threads and hands each to `onRun` in run order on the calling
/// thread (false stops the hunt); returns how many were handed over. `progress`, when given,
/// counts every worker's runs as they end.
std::uint64_t huntRuns(const HuntPlan& plan, unsigned jobs, const std::function<bool(HuntedRun&&)>& onRun,
                       const InOrderHooks& hooks = {}, HuntProgress* progress = nullptr);

}  // namespace retrace::recorder
