#pragma once
// fallingman (seed 002, an NS-SHAFT-style game): a portrait screen whose camera scrolls down
// through a static world of platforms. The man (16x16, kept at his centre) walks left and
// right and falls under gravity capped at 4.4 px per tick. He lands only when a platform is
// under him, he is falling or still, and his feet (centre y + 8) are within the 7-pixel
// window at its top (feet <= top + 6); landing snaps the feet to the top. The spikes at the
// top of the screen hurt and knock him off his platform; leaving the bottom kills.
//
// The limits, from the seed's post-mortem: the fall cap must stay below the landing window
// (or one tick jumps from above the window to below it: the man falls through the floor),
// and the scroll speed below the fall cap (or the camera outruns the fastest fall and the
// ceiling catches him: the historic "last floors are certain death" deadlock at scroll 5.1,
// fixed at 4.3). `scroll-5.1` keeps that bug as a named configuration.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/fields.h"
#include "sim/game.h"
#include "sim/round.h"
#include "sim/scene.h"
#include "sim/speed_limit.h"

namespace retrace::sim::fallingman {

/// Input bits.
inline constexpr Input kInputLeft = 1U << 0U;
inline constexpr Input kInputRight = 1U << 1U;

/// Event kinds.
enum EventKind : std::uint16_t { kLanded, kSpikeHit, kFloorPassed, kDied, kRoundStart };

/// Where spikes came from, and why the man died.
enum Cause : std::int32_t { kCeiling = -1, kFellOff = -2, kHurt = -3 };
/// Causes by name; a spike's source is otherwise the platform's id.
inline constexpr EnumName kCauseNames[] = {{kCeiling, "ceiling"}, {kFellOff, "fellOff"}, {kHurt, "hurt"}};

/// Every tunable number of a fallingman game.
struct Config {
  std::int32_t screenWidth = 240;
  std::int32_t screenHeight = 320;
  std::int32_t manSize = 16;
  Fixed walkSpeed = px(3);
  Fixed gravity = Fixed::fromRatio(1, 2);
  Fixed fallCap = Fixed::fromRatio(22, 5);  ///< 4.4 px per tick
  std::int32_t landingWindow = 7;           ///< feet <= top + landingWindow - 1
  Fixed scrollStart = px(1);
  Fixed scrollStep = Fixed::fromRatio(1, 10);  ///< per floor passed
  Fixed scrollMax = Fixed::fromRatio(43, 10);  ///< 4.3, the fix
  std::int32_t gapMin = 70;
  std::int32_t gapMax = 100;
  std::int32_t widthMin = 40;
  std::int32_t widthMax = 72;
  std::int32_t thickness = 8;
  std::int32_t spikedChance = 48;   ///< out of 256
  std::int32_t ceilingSpikes = 12;  ///< height of the spike band at the top of the screen
  std::int32_t maxHp = 12;
  std::int32_t spikeDamage = 4;
  std::int32_t invulnerableTicks = 45;
};

/// A platform in world coordinates; ids grow with depth.
struct Platform {
  std::int32_t id = 0;
  Box box;
  bool spiked = false;
  bool operator==(const Platform&) const = default;
};

/// The man.
struct Man {
  Vec2 centre;
  Fixed vy;
  std::int32_t standingOn = -1;   ///< platform id, or -1 in the air
  std::int32_t dropThrough = -1;  ///< a platform he was knocked off and falls through
  std::int32_t hp = 0;
  std::int32_t invulnerable = 0;
  bool operator==(const Man&) const = default;
};

/// Everything simulated, the RNG included.
struct State {
  std::int64_t tick = 0;
  RoundClock clock;
  Rng rng;
  Fixed cameraY;
  Fixed scroll;
  Man man;
  std::vector<Platform> platforms;
  std::int32_t nextPlatformId = 0;
  Fixed nextPlatformTop;
  std::int32_t floorsPassed = 0;
  std::int32_t nextFloorId = 0;  ///< the next platform id the man has not yet dropped below
  std::int32_t rebases = 0;      ///< times the world was shifted up by kRebasePx
  bool operator==(const State&) const = default;
};

/// 16.16 holds +-32768 px, and the camera passes that in minutes, so whenever it is this far
/// down the whole world (camera, man, platforms) moves up by this much. Being a whole number
/// of pixels, the shift changes no comparison: it is invisible to the rules.
inline constexpr int kRebasePx = 1024;

/// The man's feet: his centre plus half his size.
[[nodiscard]] Fixed feetOf(const Config& config, const Man& man) noexcept;
/// The platform with this id, or nullptr (pruned, or -1).
[[nodiscard]] const Platform* findPlatform(const State& state, std::int32_t id) noexcept;
/// The man's box.
[[nodiscard]] Box manBox(const Config& config, const Man& man) noexcept;
/// Moves a drawing in world coordinates to the scene's, what the camera sees: world y minus
/// the camera's (fallingman_scene.cpp).
void moveToScreen(Scene& ioDrawing, Fixed cameraY) noexcept;

struct Game {
  using Config = fallingman::Config;
  using State = fallingman::State;
  static constexpr std::string_view kName = "fallingman";
  static constexpr std::uint32_t kRulesVersion = 2;  // 2: a top the ceiling pushes him to is landed on
  static constexpr std::size_t kMaxPlatformsEver = 512;

  static std::vector<std::pair<std::string, Config>> namedConfigs();
  static std::optional<std::string> checkSanity(const Config& config);
  /// The declared speed limits (see SpeedLimit), checked in this order.
  static std::span<const SpeedLimit<Config>> speedLimits();
  static State init(const Config& config, std::uint64_t seed);
  static void step(const Config& config, State& ioState, Input input, std::vector<Event>& outEvents);
  static Input chooseInput(const Config& config, const State& state, Rng& ioBotRng);
  static void checkOracle(const Config& config, const State& before, const State& after, const std::vector<Event>& events,
                          std::vector<Tunnel>& outTunnels);
  static bool isPlausible(const Config& config, const State& state);
  static std::span<const EventSchema> eventSchemas();
  static std::span<const char* const> inputNames();
  /// What a state looks like (scene.h); `previous` is the state a tick earlier.
  static Scene describeScene(const Config& config, const State& previous, const State& state);
  static std::span<const SceneLayer> sceneLayers();

  template <typename V>
  static void visitConfig(V& v, Config& c) {
    visitField(v, "screenWidth", c.screenWidth);
    visitField(v, "screenHeight", c.screenHeight);
    visitField(v, "manSize", c.manSize);
    visitField(v, "walkSpeed", c.walkSpeed);
    visitField(v, "gravity", c.gravity);
    visitField(v, "fallCap", c.fallCap);
    visitField(v, "landingWindow", c.landingWindow);
    visitField(v, "scrollStart", c.scrollStart);
    visitField(v, "scrollStep", c.scrollStep);
    visitField(v, "scrollMax", c.scrollMax);
    visitField(v, "gapMin", c.gapMin);
    visitField(v, "gapMax", c.gapMax);
    visitField(v, "widthMin", c.widthMin);
    visitField(v, "widthMax", c.widthMax);
    visitField(v, "thickness", c.thickness);
    visitField(v, "spikedChance", c.spikedChance);
    visitField(v, "ceilingSpikes", c.ceilingSpikes);
    visitField(v, "maxHp", c.maxHp);
    visitField(v, "spikeDamage", c.spikeDamage);
    visitField(v, "invulnerableTicks", c.invulnerableTicks);
  }

  template <typename V>
  static void visitState(V& v, State& s) {
    visitField(v, "tick", s.tick);
    visitField(v, "clock", s.clock);
    visitField(v, "rng", s.rng);
    visitField(v, "cameraY", s.cameraY);
    visitField(v, "scroll", s.scroll);
    v.enter("man");
    visitField(v, "centre", s.man.centre);
    visitField(v, "vy", s.man.vy);
    visitField(v, "standingOn", s.man.standingOn);
    visitField(v, "dropThrough", s.man.dropThrough);
    visitField(v, "hp", s.man.hp);
    visitField(v, "invulnerable", s.man.invulnerable);
    v.leave();
    visitList(v, "platforms", s.platforms, kMaxPlatformsEver, [&](Platform& p) {
      visitField(v, "id", p.id);
      visitField(v, "box", p.box);
      visitField(v, "spiked", p.spiked);
    });
    visitField(v, "nextPlatformId", s.nextPlatformId);
    visitField(v, "nextPlatformTop", s.nextPlatformTop);
    visitField(v, "floorsPassed", s.floorsPassed);
    visitField(v, "nextFloorId", s.nextFloorId);
    visitField(v, "rebases", s.rebases);
  }
};

}  // namespace retrace::sim::fallingman
