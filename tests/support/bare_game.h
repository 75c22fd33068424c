#pragma once
// A game with nothing to spare: no buttons, no events, no speed limits, no configuration fields
// and no rounds, only a stopwatch counting seconds. Every tool must still work on it and say
// "none" where a list is empty, as a game a user brings may be as bare.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/game_model.h"

namespace retrace::sim::bare {

struct Stopwatch {
  struct Config {};
  struct State {
    std::int64_t tick = 0;
    std::int32_t seconds = 0;
    bool operator==(const State&) const = default;
  };

  static constexpr std::string_view kName = "stopwatch";
  static constexpr std::uint32_t kRulesVersion = 1;

  static std::vector<std::pair<std::string, Config>> namedConfigs() { return {{"default", {}}}; }
  static std::optional<std::string> checkSanity(const Config&) { return std::nullopt; }
  static std::span<const SpeedLimit<Config>> speedLimits() { return {}; }
  static State init(const Config&, std::uint64_t /*seed*/) { return {}; }
  static void step(const Config&, State& s, Input /*input*/, std::vector<Event>& /*events*/) {
    ++s.tick;
    if (s.tick % kTickRate == 0) ++s.seconds;
  }
  static Input chooseInput(const Config&, const State&, Rng&) { return 0; }
  static void checkOracle(const Config&, const State&, const State&, const std::vector<Event>&, std::vector<Tunnel>&) {}
  static bool isPlausible(const Config&, const State& s) { return s.seconds >= 0; }
  static std::span<const EventSchema> eventSchemas() { return {}; }
  static std::span<const char* const> inputNames() { return {}; }
  static Scene describeScene(const Config&, const State& /*previous*/, const State& s) {
    Scene scene{pxVec(100, 20), {}};
    addBox(scene, Box{px(s.seconds % 96), px(3), px(4), px(4)}, {SceneCategory::kPlayer, SceneLayer::kBodies, "seconds"});
    return scene;
  }
  static std::span<const SceneLayer> sceneLayers() { return {}; }
  template <typename V>
  static void visitConfig(V& /*v*/, Config& /*c*/) {}
  template <typename V>
  static void visitState(V& v, State& s) {
    visitField(v, "tick", s.tick);
    visitField(v, "seconds", s.seconds);
  }
};

}  // namespace retrace::sim::bare
