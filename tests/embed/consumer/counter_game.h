#pragma once
// A game of the consuming project's own, outside retrace's tree: a dot on a 100-px track that
// the buttons push left and right, bumping into the ends. Small, but a whole game by retrace's
// contract (sim/game_rules.h): configurations with a declared speed limit, fields, events, a
// bot and an oracle.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/registry.h"

namespace counter {

using namespace retrace::sim;

struct Config {
  std::int32_t trackPx = 100;
  Fixed speed = px(3);
};

struct State {
  std::int64_t tick = 0;
  RoundClock clock;
  Fixed x = px(50);
  std::int32_t bumps = 0;
  bool operator==(const State&) const = default;
};

enum EventKind : std::uint16_t { kBump, kRoundStart };

struct Game {
  using Config = counter::Config;
  using State = counter::State;
  static constexpr std::string_view kName = "counter";
  static constexpr std::uint32_t kRulesVersion = 1;

  static std::vector<std::pair<std::string, Config>> namedConfigs() { return {{"default", {}}}; }
  static std::optional<std::string> checkSanity(const Config& c) {
    if (c.trackPx < 10 || c.trackPx > 10000 || c.speed < Fixed()) return "counter: the track is 10 to 10000 px and the speed not negative";
    return std::nullopt;
  }
  static std::span<const SpeedLimit<Config>> speedLimits() {
    static constexpr SpeedLimit<Config> kLimits[] = {
        {"speed < trackPx", "speed", [](const Config& c) -> std::optional<std::int64_t> { return std::int64_t{px(c.trackPx).raw()} - 1; },
         [](const Config&) { return std::string("counter: the speed must stay below the track's length"); }},
    };
    return kLimits;
  }
  static State init(const Config&, std::uint64_t) { return {}; }
  static void step(const Config& c, State& s, Input input, std::vector<Event>& events) {
    if (!beginTick(s, kRoundStart, events, [&] { s.x = px(c.trackPx / 2); })) return;
    const Fixed move = (input & 1U) != 0 ? Fixed() - c.speed : (input & 2U) != 0 ? c.speed : Fixed();
    s.x = s.x + move;
    if (s.x < Fixed() || s.x > px(c.trackPx)) {
      s.x = s.x < Fixed() ? Fixed() : px(c.trackPx);
      events.push_back(makeEvent(kBump, ++s.bumps));
    }
  }
  static Input chooseInput(const Config& c, const State& s, Rng& rng) {
    if (s.x < px(c.trackPx / 4)) return 2;
    if (s.x > px(c.trackPx * 3 / 4)) return 1;
    return static_cast<Input>(drawBelow(rng, 3));
  }
  static void checkOracle(const Config&, const State&, const State&, const std::vector<Event>&, std::vector<std::string>&) {}
  static bool isPlausible(const Config& c, const State& s) { return s.x >= Fixed() && s.x <= px(c.trackPx); }
  static std::span<const EventSchema> eventSchemas() {
    static constexpr EventSchema kSchemas[] = {
        {"bump", {"count", nullptr, nullptr, nullptr}, {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt}, {}, EventCategory::kContact},
        {"roundStart", {"round", nullptr, nullptr, nullptr}, {FieldKind::kInt, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt}, {}, EventCategory::kRound},
    };
    return kSchemas;
  }
  static std::span<const char* const> inputNames() {
    static constexpr const char* kNames[] = {"left", "right"};
    return kNames;
  }
  template <typename V>
  static void visitConfig(V& v, Config& c) {
    visitField(v, "trackPx", c.trackPx);
    visitField(v, "speed", c.speed);
  }
  template <typename V>
  static void visitState(V& v, State& s) {
    visitField(v, "tick", s.tick);
    visitField(v, "clock", s.clock);
    visitField(v, "x", s.x);
    visitField(v, "bumps", s.bumps);
  }
};

}  // namespace counter
