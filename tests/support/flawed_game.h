#pragma once
// A small game with one flaw at a time, for the tests of the game contract's checks
// (sim/contract.h) and of the tools that run them: a dot walking a track (the README's game, a
// little larger). Walker<Flaw::kNone> keeps every promise; each other flaw breaks one.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "sim/game_model.h"

namespace retrace::sim::flawed {

enum class Flaw {
  kNone,
  kSpaceInName,
  kNineButtons,
  kTickSkips,
  kReadsAGlobal,
  kMemberNotVisited,
  kBumpsNotVisited,  // a member only random presses change: the bot keeps off the ends
  kLoadNarrows,
  kCloneShares,
  kFieldNamedTwice,
  kFieldNameUnprintable,
  kFieldDescribedOtherwise,  // the tools would be shown a value the saved state does not hold
  kFieldNamedByValue,        // x's name follows its value, while the saved values' layout stays
  kEventArgumentNotPlain,
  kSubjectNamesNoArgument,  // an event's subject pattern over an argument it does not have
  kEventAboutNothing,       // an event about an entity the state does not hold
  kEnumValueNamedTwice,     // an event argument's enumeration
  kStateEnumNotPlain,       // a state field's enumeration
  kConfigNarrows,
  kLimitNamesNoField,
  kUnknownEvent,
  kRoundNeverRestarts,
  kBoxOutsideScene,
  kBoxOutsideOnLongTracks,  // only in the "long" configuration
  kCellNamesAnEntity,       // a map cell named as a whole struct, not one field
  kOracleCries,
};

/// Which way the walker faces: a state enumeration whose names include one that is not a plain
/// word (only the kStateEnumNotPlain walker visits it).
enum class Heading : std::uint8_t { kLeft, kRight };
inline constexpr EnumName kHeadingNames[] = {{0, "left"}, {1, "to the right"}};
constexpr EnumNames describeEnum(Heading) noexcept { return kHeadingNames; }

/// The walker with flaw F.
template <Flaw F>
struct Walker {
  struct Config {
    std::int32_t trackPx = 100;
    Fixed speed = px(3);
    std::int64_t margin = 0;
  };
  /// A counter copies share: a state that == compares by address, as a careless cache would.
  struct SharedCounter {
    std::shared_ptr<std::int32_t> count = std::make_shared<std::int32_t>(0);
    bool operator==(const SharedCounter&) const = default;
  };
  struct NoCounter {
    bool operator==(const NoCounter&) const = default;
  };
  struct State {
    std::int64_t tick = 0;
    RoundClock clock;
    Fixed x = px(50);
    std::int32_t bumps = 0;
    std::int64_t score = 0;
    std::int32_t hidden = 0;           // visited unless kMemberNotVisited
    Heading heading = Heading::kLeft;  // visited by kStateEnumNotPlain only
    std::conditional_t<F == Flaw::kCloneShares, SharedCounter, NoCounter> shared;
    bool operator==(const State&) const = default;
  };
  enum EventKind : std::uint16_t { kBump, kRoundStart };

  // A space and a terminal escape; the nine-button walker has a name of its own, so that a
  // program may register it beside another walker (and have it refused).
  static constexpr std::string_view kName = F == Flaw::kSpaceInName   ? "the \x1b[31mwalker"
                                            : F == Flaw::kNineButtons ? "nine-button-walker"
                                                                      : "walker";
  static constexpr std::uint32_t kRulesVersion = 1;

  static std::vector<std::pair<std::string, Config>> namedConfigs() { return {{"default", {}}, {"long", {200, px(3), 0}}}; }
  static std::optional<std::string> checkSanity(const Config& c) {
    if (c.trackPx < 10 || c.trackPx > 10000 || c.speed < Fixed() || c.margin < 0)
      return "walker: a track of 10 to 10000 px, nothing negative";
    return std::nullopt;
  }
  static std::span<const SpeedLimit<Config>> speedLimits() {
    // With the flaw the limit bounds a field that does not exist, in the "long" configuration only.
    static constexpr SpeedLimit<Config> kLimits[] = {
        {"speed < trackPx", F == Flaw::kLimitNamesNoField ? "sped" : "speed",
         [](const Config& c) -> std::optional<std::int64_t> {
           if (F == Flaw::kLimitNamesNoField && c.trackPx == 100) return std::nullopt;
           return px(c.trackPx).raw() - 1;
         },
         [](const Config&) { return std::string("walker: the speed must stay below the track's length"); }}};
    return kLimits;
  }
  static State init(const Config&, std::uint64_t seed) {
    State s;
    s.score = static_cast<std::int64_t>(seed % 5);
    return s;
  }
  static void step(const Config& c, State& s, Input input, std::vector<Event>& events) {
    if constexpr (F == Flaw::kRoundNeverRestarts) {
      ++s.tick;  // no beginTick: an ended round is never counted down
      if (isRoundOver(s.clock)) return;
    } else {
      if (!beginTick(s, kRoundStart, events, [&] { s.x = px(c.trackPx / 2); })) return;
    }
    if constexpr (F == Flaw::kTickSkips) {
      if (s.tick % 1000 == 0) ++s.tick;
    }
    if constexpr (F == Flaw::kReadsAGlobal) {
      static std::int32_t calls = 0;
      s.score += ++calls % 2;
    }
    if constexpr (F == Flaw::kCloneShares) s.score += ++*s.shared.count;
    ++s.hidden;
    if (s.hidden % 7 == 0) s.score += s.hidden;
    s.x = s.x + ((input & 2U) != 0 ? c.speed : Fixed()) - ((input & 1U) != 0 ? c.speed : Fixed());
    if (s.x < Fixed() || s.x > px(c.trackPx)) {
      s.x = s.x < Fixed() ? Fixed() : px(c.trackPx);
      events.push_back(makeEvent(kBump, ++s.bumps));
      if constexpr (F == Flaw::kRoundNeverRestarts) s.clock.overCountdown = kRoundOverTicks;
    }
    if constexpr (F == Flaw::kUnknownEvent) {
      if (s.tick % 100 == 0) events.push_back(makeEvent(7));
    }
  }
  static Input chooseInput(const Config& c, const State& s, Rng& rng) {
    if (s.x < px(c.trackPx / 4)) return 2;
    if (s.x > px(c.trackPx * 3 / 4)) return 1;
    return static_cast<Input>(drawBelow(rng, 3));
  }
  static void checkOracle(const Config&, const State&, const State& after, const std::vector<Event>&,
                          std::vector<Tunnel>& tunnels) {
    if (F == Flaw::kOracleCries && after.tick % 100 == 0) tunnels.push_back({"the dot passed through the wall", {}});
  }
  static bool isPlausible(const Config& c, const State& s) { return s.x >= Fixed() && s.x <= px(c.trackPx); }
  static std::span<const EventSchema> eventSchemas() {
    static constexpr EventSchema kSchemas[] = {
        {"bump",
         {F == Flaw::kEventArgumentNotPlain ? "bump count" : "count", nullptr, nullptr, nullptr},
         {},
         {},
         EventCategory::kContact,
         {F == Flaw::kSubjectNamesNoArgument ? "walls[{side}]"
          : F == Flaw::kEventAboutNothing    ? "bumper"
                                             : "x"}},
        kRoundStartSchema};
    // The bump's wall as an enumeration that calls both walls "end".
    static constexpr EnumName kEnds[] = {{0, "end"}, {1, "end"}};
    static constexpr EventSchema kEnumSchemas[] = {{"bump",
                                                    {"count", "wall", nullptr, nullptr},
                                                    {FieldKind::kInt, FieldKind::kEnum, FieldKind::kInt, FieldKind::kInt},
                                                    {{{}, kEnds, {}, {}}},
                                                    EventCategory::kContact},
                                                   kRoundStartSchema};
    if (F == Flaw::kEnumValueNamedTwice) return kEnumSchemas;
    return kSchemas;
  }
  static std::span<const char* const> inputNames() {
    static constexpr const char* kTwo[] = {"left", "right"};
    static constexpr const char* kNine[] = {"left", "right", "b2", "b3", "b4", "b5", "b6", "b7", "b8"};
    if (F == Flaw::kNineButtons) return kNine;
    return kTwo;
  }
  static Scene describeScene(const Config& c, const State&, const State& s) {
    Scene scene{pxVec(c.trackPx + 4, 10), {}};
    const bool outside = F == Flaw::kBoxOutsideScene || (F == Flaw::kBoxOutsideOnLongTracks && c.trackPx > 150);
    const Fixed left = outside ? s.x + px(c.trackPx) : s.x;
    addBox(scene, Box{left, px(3), px(4), px(4)}, {SceneCategory::kPlayer, SceneLayer::kBodies, "x"});
    if constexpr (F == Flaw::kCellNamesAnEntity)
      addBox(scene, Box{px(0), px(0), px(4), px(4)}, {SceneCategory::kPlatform, SceneLayer::kBodies, "clock", true, true});
    return scene;
  }
  static std::span<const SceneLayer> sceneLayers() { return {}; }
  template <typename V>
  static void visitConfig(V& v, Config& c) {
    visitField(v, "trackPx", c.trackPx);
    visitField(v, "speed", c.speed);
    visitField(v, "margin", c.margin);
    if constexpr (F == Flaw::kConfigNarrows && !V::kReadOnly) c.margin = static_cast<std::int32_t>(c.margin);
  }
  template <typename V>
  static void visitState(V& v, State& s) {
    visitField(v, "tick", s.tick);
    visitField(v, "clock", s.clock);
    visitField(v, F == Flaw::kFieldNamedByValue && s.x > px(50) ? "xRight" : "x", s.x);
    if constexpr (F != Flaw::kBumpsNotVisited) {
      visitField(v, F == Flaw::kFieldNamedTwice ? "x" : F == Flaw::kFieldNameUnprintable ? "bumps\x1b[2J" : "bumps", s.bumps);
    }
    if constexpr (F == Flaw::kFieldDescribedOtherwise && requires { v.places(); }) {  // the namer alone
      std::int64_t shown = s.score + 1;
      v.integer("score", shown, FieldKind::kInt);
    } else {
      visitField(v, "score", s.score);
    }
    if constexpr (F == Flaw::kLoadNarrows && !V::kReadOnly) s.score = static_cast<std::int32_t>(s.score);
    if constexpr (F != Flaw::kMemberNotVisited) visitField(v, "hidden", s.hidden);
    if constexpr (F == Flaw::kStateEnumNotPlain) visitField(v, "heading", s.heading);
  }
};

}  // namespace retrace::sim::flawed
