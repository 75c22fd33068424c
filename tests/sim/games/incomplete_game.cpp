// A game that misses one piece of the contract (its tunnel oracle, unless RETRACE_COMPLETE_GAME
// is defined): compiled, not run, by ctest, which requires the compiler to name the missing
// piece (GameRules.AGameMissingAPieceIsToldWhich) and the complete game to compile.
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sim/game_model.h"

namespace {

using namespace retrace::sim;

struct Game {
  struct Config {
    std::int32_t speed = 1;
  };
  struct State {
    std::int64_t tick = 0;
    RoundClock clock;
    std::int32_t x = 0;
    bool operator==(const State&) const = default;
  };
  static constexpr std::string_view kName = "incomplete";
  static constexpr std::uint32_t kRulesVersion = 1;
  static std::vector<std::pair<std::string, Config>> namedConfigs() { return {{"default", {}}}; }
  static std::optional<std::string> checkSanity(const Config&) { return std::nullopt; }
  static std::span<const SpeedLimit<Config>> speedLimits() { return {}; }
  static State init(const Config&, std::uint64_t) { return {}; }
  static void step(const Config& config, State& state, Input, std::vector<Event>&) { state.x += config.speed; }
  static Input chooseInput(const Config&, const State&, Rng&) { return 0; }
#ifdef RETRACE_COMPLETE_GAME
  static void checkOracle(const Config&, const State&, const State&, const std::vector<Event>&, std::vector<Tunnel>&) {}
#endif
  static bool isPlausible(const Config&, const State&) { return true; }
  static std::span<const EventSchema> eventSchemas() { return {}; }
  static std::span<const char* const> inputNames() { return {}; }
  static Scene describeScene(const Config&, const State&, const State&) { return {}; }
  static std::span<const SceneLayer> sceneLayers() { return {}; }
  template <typename V>
  static void visitConfig(V& v, Config& c) {
    visitField(v, "speed", c.speed);
  }
  template <typename V>
  static void visitState(V& v, State& s) {
    visitField(v, "tick", s.tick);
    visitField(v, "clock", s.clock);
    visitField(v, "x", s.x);
  }
};

const GameModel<Game> kModel;

}  // namespace

const GameDefinition& incompleteGame() { return kModel; }
