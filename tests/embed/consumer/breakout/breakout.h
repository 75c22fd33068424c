#pragma once
// breakout: a game of the consuming project's own, outside retrace's tree. A paddle, a ball that
// bounces off walls, bricks and the paddle with exact swept contact (it moves x, then y, each
// leg to the time of impact of its box against the first solid), bricks that break. The
// `discrete` configuration moves each leg whole and then tests for overlap, which skips a brick
// (or the paddle) once a leg is as long as its thinnest side plus the ball's size: the declared
// speed limit.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/registry.h"

namespace breakout {

using namespace retrace::sim;

struct Config {
  std::int32_t arenaWidth = 200;
  std::int32_t arenaHeight = 240;
  std::int32_t paddleWidth = 36;
  std::int32_t paddleHeight = 6;
  std::int32_t paddleTop = 222;
  Fixed paddleSpeed = px(4);
  std::int32_t ballSize = 4;
  Fixed ballSpeed = px(3);  ///< per axis, per tick
  std::int32_t brickWidth = 20;
  std::int32_t brickHeight = 8;
  std::int32_t brickRows = 5;
  std::int32_t bricksTop = 40;
  bool discrete = false;
};

struct Brick {
  std::int32_t id = 0;
  Box box;
  bool operator==(const Brick&) const = default;
};

struct State {
  std::int64_t tick = 0;
  RoundClock clock;
  Rng rng;
  Box paddle;
  Box ball;
  Vec2 velocity;
  std::vector<Brick> bricks;
  std::int32_t broken = 0;
  bool operator==(const State&) const = default;
};

/// Event kinds.
enum EventKind : std::uint16_t { kBrickBroken, kBounce, kBallLost, kCleared, kRoundStart };
/// What the ball bounced off.
enum class Surface : std::uint8_t { kWall, kPaddle, kBrick };

inline constexpr std::size_t kMaxBricks = 256;

struct Game {
  using Config = breakout::Config;
  using State = breakout::State;
  static constexpr std::string_view kName = "breakout";
  static constexpr std::uint32_t kRulesVersion = 1;

  static std::vector<std::pair<std::string, Config>> namedConfigs();
  static std::optional<std::string> checkSanity(const Config& config);
  static std::span<const SpeedLimit<Config>> speedLimits();
  static State init(const Config& config, std::uint64_t seed);
  static void step(const Config& config, State& ioState, Input input, std::vector<Event>& outEvents);
  static Input chooseInput(const Config& config, const State& state, Rng& ioBotRng);
  static void checkOracle(const Config& config, const State& before, const State& after, const std::vector<Event>& events,
                          std::vector<Tunnel>& outTunnels);
  static bool isPlausible(const Config& config, const State& state);
  static std::span<const EventSchema> eventSchemas();
  static std::span<const char* const> inputNames();
  /// Live play's keys (optional: without it the viewer derives them from the input names).
  static std::span<const char* const> inputKeys();
  static Scene describeScene(const Config& config, const State& previous, const State& state);
  static std::span<const SceneLayer> sceneLayers();

  template <typename V>
  static void visitConfig(V& v, Config& c) {
    visitField(v, "arenaWidth", c.arenaWidth);
    visitField(v, "arenaHeight", c.arenaHeight);
    visitField(v, "paddleWidth", c.paddleWidth);
    visitField(v, "paddleHeight", c.paddleHeight);
    visitField(v, "paddleTop", c.paddleTop);
    visitField(v, "paddleSpeed", c.paddleSpeed);
    visitField(v, "ballSize", c.ballSize);
    visitField(v, "ballSpeed", c.ballSpeed);
    visitField(v, "brickWidth", c.brickWidth);
    visitField(v, "brickHeight", c.brickHeight);
    visitField(v, "brickRows", c.brickRows);
    visitField(v, "bricksTop", c.bricksTop);
    visitField(v, "discrete", c.discrete);
  }
  template <typename V>
  static void visitState(V& v, State& s) {
    visitField(v, "tick", s.tick);
    visitField(v, "clock", s.clock);
    visitField(v, "rng", s.rng);
    visitField(v, "paddle", s.paddle);
    visitField(v, "ball", s.ball);
    visitField(v, "velocity", s.velocity);
    visitList(v, "bricks", s.bricks, kMaxBricks, [&](Brick& b) {
      visitField(v, "id", b.id);
      visitField(v, "box", b.box);
    });
    visitField(v, "broken", s.broken);
  }
};

}  // namespace breakout
