#include "recorder/hunt.h"

#include <algorithm>
#include <climits>

#include "recorder/shrink.h"
#include "sim/state_hash.h"

namespace retrace::recorder {

std::optional<ConfigMode> parseConfigMode(std::string_view word) {
  for (const ConfigMode mode : {ConfigMode::kNamed, ConfigMode::kWithin, ConfigMode::kOutside}) {
    if (word == nameConfigMode(mode)) return mode;
  }
  return std::nullopt;
}

const char* nameConfigMode(ConfigMode mode) {
  switch (mode) {
    case ConfigMode::kNamed: return "named";
    case ConfigMode::kWithin: return "within";
    case ConfigMode::kOutside: return "outside";
  }
  return "named";
}

std::vector<std::size_t> findApplicableLimits(const sim::GameDefinition& game, const sim::ConfigValues& config) {
  std::vector<std::size_t> applicable;
  const std::size_t limits = game.speedLimits().size();  // a vector built per call: asked once
  for (std::size_t l = 0; l < limits; ++l) {
    if (game.limitBound(config, l)) applicable.push_back(l);
  }
  return applicable;
}

std::vector<std::string> listBrokenLimits(const sim::GameDefinition& game, const sim::ConfigValues& config) {
  std::vector<std::string> broken;
  const auto fields = game.describeConfig(config);
  const auto limits = game.speedLimits();
  for (std::size_t l = 0; l < limits.size(); ++l) {
    const auto bound = game.limitBound(config, l);
    const auto field = std::find_if(fields.begin(), fields.end(), [&](const sim::Field& f) { return f.name == limits[l].field; });
    if (bound && field != fields.end() && field->value > *bound) broken.push_back(limits[l].rule);
  }
  return broken;
}

// Scaling never reached a bound far from the defaults (a 4 px shot against a 20 px wall), so
// "outside" steps from the bound itself.
std::optional<DrawnConfig> drawConfig(const sim::GameDefinition& game, const sim::ConfigValues& base, ConfigMode mode,
                                      sim::Rng& ioRng) {
  if (mode == ConfigMode::kNamed) return DrawnConfig{base, {}};
  const auto fields = game.describeConfig(base);
  const auto limits = game.speedLimits();
  const std::vector<std::size_t> applicable = findApplicableLimits(game, base);
  for (int attempt = 0; attempt < 200; ++attempt) {
    DrawnConfig drawn{{base.name + "~" + nameConfigMode(mode), base.values}, {}};
    if (mode == ConfigMode::kWithin) {
      for (std::size_t i = 0; i < fields.size(); ++i) {
        if (fields[i].kind == sim::FieldKind::kBool || sim::drawChance(ioRng, 1, 2)) continue;
        const std::int64_t scaled = drawn.config.values[i] * sim::drawBetween(ioRng, 32, 128) / 64;
        drawn.config.values[i] = scaled == 0 && drawn.config.values[i] != 0 ? drawn.config.values[i] : scaled;
      }
    } else {
      if (applicable.empty()) return std::nullopt;
      const std::size_t l = applicable[sim::drawBelow(ioRng, static_cast<std::uint32_t>(applicable.size()))];
      const sim::LimitDescription& limit = limits[l];
      const std::int64_t bound = *game.limitBound(base, l);
      const std::int64_t quarter = std::clamp<std::int64_t>((bound < 0 ? -bound : bound) / 4, 1, INT32_MAX);
      const auto field = std::find_if(fields.begin(), fields.end(), [&](const sim::Field& f) { return f.name == limit.field; });
      const auto index = static_cast<std::size_t>(field - fields.begin());
      drawn.config.values[index] = bound + sim::drawBetween(ioRng, 1, static_cast<std::int32_t>(quarter));
      // The largest value allowed, not a difference: for a strict bound ("< wall") the two
      // differ by a raw unit, and "23.96664, past it by 3.96666" read as a wrong sum.
      drawn.broken = limit.rule + " (" + limit.field + " " + sim::formatFieldValue(drawn.config.values[index], field->kind) +
                     ", where it allows at most " + sim::formatFieldValue(bound, field->kind) + ")";
    }
    const bool sane = !game.validateConfig(drawn.config, true);
    const bool within = sane && !game.validateConfig(drawn.config, false);
    if ((mode == ConfigMode::kWithin && within) || (mode == ConfigMode::kOutside && sane && !within)) return drawn;
  }
  return std::nullopt;
}

namespace {

/// A finding's inputs shrunk while they still show the predicate, with the witness they show.
void shrinkFinding(const RunSetup& setup, const Predicate& predicate, PlayedRun& ioPlayed, std::uint64_t budget) {
  ShrinkResult shrunk = shrinkInputs(setup, predicate, ioPlayed.inputs, budget);
  // shrinkInputs keeps only inputs that still show it, cut at the tick they do.
  if (auto witness = findWitness(setup, shrunk.inputs, predicate)) {
    ioPlayed.inputs = std::move(shrunk.inputs);
    ioPlayed.witness = std::move(witness);
  }
}

}  // namespace

PlayedRun playRun(const RunSetup& setup, std::uint64_t run, std::uint64_t ticks, const Predicate& predicate) {
  sim::Rng rng = sim::seedRng(setup.seed, run);
  sim::Rng bot = sim::seedRng(setup.seed, run + 0xB07);
  auto session = setup.game->start(setup.config, setup.seed);
  WitnessWatch watch(*setup.game, predicate, *session);
  session->setOracle(watch.needsOracle());
  PlayedRun played;
  const auto mask = static_cast<sim::Input>((1U << setup.game->inputNames().size()) - 1U);
  sim::Input held = 0;
  std::int32_t left = 0;
  for (std::uint64_t t = 0; t < ticks && !watch.isPast(t + 1); ++t) {
    if (left-- <= 0) {
      held = run % 2 == 0 || sim::drawChance(rng, 1, 8) ? static_cast<sim::Input>(sim::nextU32(rng) & mask) : sim::Input{0};
      left = sim::drawBetween(rng, 1, 30);
    }
    const sim::Input input = run % 2 == 0 ? held : static_cast<sim::Input>(session->chooseBotInput(bot) ^ held);
    played.inputs.push_back(input);
    const sim::StepResult result = session->step(input);
    played.witness = watch.see(*session, t + 1, result);
    if (played.witness) break;
  }
  played.problem = watch.problem();
  played.unseenFields = watch.listUnseenFields();
  if (!played.unseenFields.empty()) played.fullestFields = watch.listFullestFields();
  return played;
}

std::uint64_t seedRun(std::uint64_t huntSeed, std::uint64_t run) noexcept {
  return sim::StateHasher().mix(huntSeed).mix(run).value();
}

std::uint64_t countShardRuns(const HuntPlan& plan) noexcept {
  if (plan.shards == 0 || plan.runs <= plan.shard) return 0;
  return (plan.runs - plan.shard - 1) / plan.shards + 1;
}

HuntedRun huntRun(const HuntPlan& plan, std::uint64_t run) {
  HuntedRun hunted;
  hunted.run = run;
  // Each run draws its configuration from its own stream: a run's configuration must not depend
  // on the runs played before it, which another thread or machine may be playing.
  sim::Rng configRng = sim::seedRng(seedRun(plan.seed, run), 0xC0F16);
  hunted.config = drawConfig(*plan.game, plan.base, plan.mode, configRng);
  if (!hunted.config) return hunted;
  hunted.setup = RunSetup{plan.game, hunted.config->config, seedRun(plan.seed, run)};
  PlayedRun played = playRun(hunted.setup, run, plan.ticks, plan.until);
  hunted.ticks = played.inputs.size();
  hunted.problem = played.problem;
  hunted.unseenFields = played.unseenFields;
  hunted.fullestFields = std::move(played.fullestFields);
  if (!played.witness) return hunted;
  if (plan.shrinkBudget > 0) shrinkFinding(hunted.setup, plan.until, played, plan.shrinkBudget);
  hunted.finding = std::move(played);
  return hunted;
}

std::uint64_t huntRuns(const HuntPlan& plan, unsigned jobs, const std::function<bool(HuntedRun&&)>& onRun,
                       const InOrderHooks& hooks, HuntProgress* progress) {
  return runInOrder(
      countShardRuns(plan), jobs,
      [&](std::uint64_t index) {
        HuntedRun hunted = huntRun(plan, plan.shard + index * plan.shards);
        if (progress != nullptr) {
          progress->ticks += hunted.ticks;
          ++progress->runs;
        }
        return hunted;
      },
      [&](std::uint64_t, HuntedRun&& hunted) { return onRun(std::move(hunted)); }, hooks);
}

}  // namespace retrace::recorder
