#include "sim/games/fallingman.h"

#include <algorithm>

namespace retrace::sim::fallingman {
namespace {

constexpr EventSchema kSchemas[] = {
    {"landed",
     {"platform", "offset", "spiked", nullptr},
     {FieldKind::kInt, FieldKind::kFixed, FieldKind::kBool, FieldKind::kInt},
     {},
     EventCategory::kLanding,
     {"platforms[id={platform}]", "man"}},
    {"spikeHit",
     {"source", "hpLeft", nullptr, nullptr},
     {FieldKind::kEnum, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt},
     {{kCauseNames, {}, {}, {}}},
     EventCategory::kContact,
     {"man"}},
    {"floorPassed",
     {"floor", "platform", "scroll", nullptr},
     {FieldKind::kInt, FieldKind::kInt, FieldKind::kFixed, FieldKind::kInt},
     {},
     EventCategory::kOther,
     {"platforms[id={platform}]"}},
    {"died",
     {"cause", "floor", "round", nullptr},
     {FieldKind::kEnum, FieldKind::kInt, FieldKind::kInt, FieldKind::kInt},
     {{kCauseNames, {}, {}, {}}},
     EventCategory::kDeath,
     {"man"}},
    kRoundStartSchema,
};
constexpr const char* kInputNames[] = {"left", "right"};

// Platforms this far above the camera can no longer matter and are dropped.
constexpr int kPruneMarginPx = 32;
// The first platform of a round sits this far below the top of the screen, under the man.
constexpr int kFirstPlatformPx = 120;

Fixed half(const Config& config) { return px(config.manSize / 2); }

bool isOverPlatform(const Config& config, const Man& man, const Platform& p) {
  return spansOverlap(man.centre.x - half(config), man.centre.x + half(config), p.box.left(), p.box.right());
}

void addPlatform(const Config& config, State& ioState) {
  const std::int32_t width = drawBetween(ioState.rng, config.widthMin, config.widthMax);
  const std::int32_t x = drawBetween(ioState.rng, 0, config.screenWidth - width);
  const bool spiked = drawChance(ioState.rng, static_cast<std::uint32_t>(config.spikedChance), 256);
  ioState.platforms.push_back(
      {ioState.nextPlatformId++, {px(x), ioState.nextPlatformTop, px(width), px(config.thickness)}, spiked});
  ioState.nextPlatformTop += px(drawBetween(ioState.rng, config.gapMin, config.gapMax));
}

/// Keeps platforms from just above the camera to a gap below the screen.
void refreshPlatforms(const Config& config, State& ioState) {
  while (ioState.nextPlatformTop < ioState.cameraY + px(config.screenHeight + config.gapMax)) addPlatform(config, ioState);
  std::erase_if(ioState.platforms, [&](const Platform& p) { return p.box.bottom() < ioState.cameraY - px(kPruneMarginPx); });
}

/// Moves the world up by kRebasePx once the camera is that far down (see kRebasePx).
void rebaseWorld(State& ioState) {
  if (ioState.cameraY < px(kRebasePx)) return;
  const Fixed shift = px(kRebasePx);
  ioState.cameraY -= shift;
  ioState.nextPlatformTop -= shift;
  ioState.man.centre.y -= shift;
  for (Platform& p : ioState.platforms) p.box.y -= shift;
  ++ioState.rebases;
}

void startRound(const Config& config, State& ioState) {
  ioState.cameraY = Fixed();
  ioState.scroll = config.scrollStart;
  ioState.platforms.clear();
  ioState.floorsPassed = 0;
  // The man starts standing on a plain platform in the middle of the screen's width.
  const std::int32_t width = config.widthMax;
  const Platform first{ioState.nextPlatformId++,
                       makeBox((config.screenWidth - width) / 2, kFirstPlatformPx, width, config.thickness), false};
  ioState.platforms.push_back(first);
  ioState.nextFloorId = first.id;
  ioState.nextPlatformTop = first.box.top() + px(drawBetween(ioState.rng, config.gapMin, config.gapMax));
  ioState.man = Man{{px(config.screenWidth / 2), first.box.top() - half(config)}, Fixed(), first.id, -1, config.maxHp, 0};
  refreshPlatforms(config, ioState);
  ioState.clock.roundTick = 0;
  ioState.clock.overCountdown = 0;
}

void hurt(const Config& config, State& ioState, std::int32_t source, std::vector<Event>& outEvents) {
  if (ioState.man.invulnerable > 0) return;
  ioState.man.hp -= config.spikeDamage;
  ioState.man.invulnerable = config.invulnerableTicks;
  outEvents.push_back(makeEvent(kSpikeHit, source, ioState.man.hp));
}

void walk(const Config& config, State& ioState, Input input) {
  Fixed dx;
  if ((input & kInputLeft) != 0) dx -= config.walkSpeed;
  if ((input & kInputRight) != 0) dx += config.walkSpeed;
  ioState.man.centre.x = std::clamp(ioState.man.centre.x + dx, half(config), px(config.screenWidth) - half(config));
}

/// The platform the falling man would meet: over it, its top at or below his feet, nearest.
const Platform* findPlatformUnder(const Config& config, const State& state, Fixed feet) {
  const Platform* under = nullptr;
  for (const Platform& p : state.platforms) {
    if (p.id == state.man.dropThrough || !isOverPlatform(config, state.man, p) || p.box.top() < feet) continue;
    if (under == nullptr || p.box.top() < under->box.top()) under = &p;
  }
  return under;
}

/// The y half-step: gravity, the fall, the ceiling's push, and the landing window (seed 002).
void fall(const Config& config, State& ioState, std::vector<Event>& outEvents) {
  Man& man = ioState.man;
  const Fixed feetBefore = feetOf(config, man);
  man.vy = smaller(man.vy + config.gravity, config.fallCap);
  // The ceiling pushes a man falling slower than it down in the same half-step, so a top the
  // push carries his feet to is landed on like one the fall reaches (then the ceiling knocks him
  // off it); pushed after the check, he passed through it unseen.
  man.centre.y = larger(man.centre.y + man.vy, ioState.cameraY + half(config));
  const Platform* under = findPlatformUnder(config, ioState, feetBefore);
  const Fixed feet = feetOf(config, man);
  // if (under && man.vy >= 0 && man.y + 8 <= under.y + 6): lands only inside the window.
  if (under == nullptr || man.vy < Fixed() || feet < under->box.top() || feet > under->box.top() + px(config.landingWindow - 1)) {
    return;
  }
  outEvents.push_back(makeEvent(kLanded, under->id, (feet - under->box.top()).raw(), under->spiked ? 1 : 0));
  man.centre.y = under->box.top() - half(config);
  man.vy = Fixed();
  man.standingOn = under->id;
  man.dropThrough = -1;
  if (under->spiked) {
    hurt(config, ioState, under->id, outEvents);
  } else {
    man.hp = std::min(man.hp + 1, config.maxHp);
  }
}

/// The ceiling's spikes hurt, knock the man off his platform and push him down with the camera.
void touchCeiling(const Config& config, State& ioState, std::vector<Event>& outEvents) {
  Man& man = ioState.man;
  if (man.centre.y - half(config) >= ioState.cameraY + px(config.ceilingSpikes)) return;
  hurt(config, ioState, kCeiling, outEvents);
  if (man.standingOn >= 0) {
    man.dropThrough = man.standingOn;
    man.standingOn = -1;
    man.vy = Fixed();
  }
  man.centre.y = larger(man.centre.y, ioState.cameraY + half(config));
}

void countFloors(const Config& config, State& ioState, std::vector<Event>& outEvents) {
  const Fixed feet = feetOf(config, ioState.man);
  while (const Platform* p = findPlatform(ioState, ioState.nextFloorId)) {
    if (p->box.top() >= feet) return;
    ++ioState.floorsPassed;
    // In 64 bits: step x floors passes 2^31 raw after a day or so of play, long after the
    // ramp has reached scrollMax.
    const std::int64_t ramped =
        std::int64_t{config.scrollStart.raw()} + std::int64_t{config.scrollStep.raw()} * ioState.floorsPassed;
    ioState.scroll = Fixed::fromRaw(static_cast<std::int32_t>(std::min<std::int64_t>(ramped, config.scrollMax.raw())));
    outEvents.push_back(makeEvent(kFloorPassed, ioState.floorsPassed, p->id, ioState.scroll.raw()));
    ++ioState.nextFloorId;
  }
}

void checkDeath(const Config& config, State& ioState, std::vector<Event>& outEvents) {
  const bool hurtToDeath = ioState.man.hp <= 0;
  const bool fellOff = ioState.man.centre.y - half(config) > ioState.cameraY + px(config.screenHeight);
  if (!hurtToDeath && !fellOff) return;
  outEvents.push_back(makeEvent(kDied, hurtToDeath ? kHurt : kFellOff, ioState.floorsPassed, ioState.clock.round));
  ioState.clock.overCountdown = kRoundOverTicks;
}

}  // namespace

const Platform* findPlatform(const State& state, std::int32_t id) noexcept {
  for (const Platform& p : state.platforms) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

Fixed feetOf(const Config& config, const Man& man) noexcept { return man.centre.y + px(config.manSize / 2); }

Box manBox(const Config& config, const Man& man) noexcept {
  return makeCentredBox(man.centre, px(config.manSize), px(config.manSize));
}

std::vector<std::pair<std::string, Config>> Game::namedConfigs() {
  Config bug;
  bug.scrollMax = Fixed::fromRatio(51, 10);
  return {{"default", Config{}}, {"scroll-5.1", bug}};
}

std::optional<std::string> Game::checkSanity(const Config& c) {
  if (c.screenWidth < 64 || c.screenHeight < 64 || c.screenWidth > 2048 || c.screenHeight > 2048) {
    return "fallingman: the screen must be between 64 and 2048 px on each side";
  }
  if (c.manSize < 2 || c.manSize % 2 != 0 || c.manSize > c.widthMin)
    return "fallingman: manSize must be even, at least 2 and at most widthMin";
  if (c.widthMin < 1 || c.widthMax < c.widthMin || c.widthMax > c.screenWidth || c.thickness < 1 ||
      c.thickness > c.screenHeight) {
    return "fallingman: platforms need 1 <= widthMin <= widthMax <= screenWidth and 1 <= thickness <= screenHeight";
  }
  if (c.gapMin <= c.thickness + c.manSize || c.gapMax < c.gapMin || c.gapMax > c.screenHeight) {
    return "fallingman: gaps must leave room for the man between platforms (gapMin > thickness + manSize)";
  }
  // Every speed at most a screen side, so that no position plus a tick's move leaves 16.16.
  const Fixed height = px(c.screenHeight);
  if (c.gravity <= Fixed() || c.gravity > height || c.fallCap <= Fixed() || c.walkSpeed < Fixed() ||
      c.walkSpeed > px(c.screenWidth) || c.scrollStart < Fixed() || c.scrollStep < Fixed() || c.scrollStep > height ||
      c.scrollMax < c.scrollStart || c.scrollMax > height || c.fallCap > px(c.gapMin - c.thickness)) {
    return "fallingman: speeds must be positive and at most a screen side, scrollStart <= scrollMax, and the fall cap under a gap";
  }
  if (c.landingWindow < 1 || c.landingWindow > c.thickness + 1 || c.ceilingSpikes < 0 || c.ceilingSpikes > c.screenHeight ||
      c.maxHp < 1 || c.spikeDamage < 0 || c.invulnerableTicks < 0 || c.spikedChance < 0 || c.spikedChance > 256) {
    return "fallingman: landingWindow 1..thickness + 1, ceilingSpikes 0..screenHeight, counts non-negative, maxHp >= 1, spikedChance out of 256";
  }
  return std::nullopt;
}

namespace {

constexpr SpeedLimit<Config> kLimits[] = {
    // Positions are sub-pixel, so the window feet in [top, top + landingWindow - 1] is
    // landingWindow - 1 px long: a fall of more than that per tick can step over it.
    {"fallCap <= landingWindow - 1 px", "fallCap",
     [](const Config& c) -> std::optional<std::int64_t> { return std::int64_t{c.landingWindow - 1} * Fixed::kOne; },
     [](const Config& c) {
       return "fallingman: fallCap " + formatFieldValue(c.fallCap.raw(), FieldKind::kFixed) +
              " must not exceed the landing window's length (" + std::to_string(c.landingWindow) + " px window, feet <= top + " +
              std::to_string(c.landingWindow - 1) + "), or the man falls through floors";
     }},
    {"scrollMax < fallCap", "scrollMax",
     [](const Config& c) -> std::optional<std::int64_t> { return std::int64_t{c.fallCap.raw()} - 1; },
     [](const Config& c) {
       return "fallingman: scrollMax " + formatFieldValue(c.scrollMax.raw(), FieldKind::kFixed) + " must stay below fallCap " +
              formatFieldValue(c.fallCap.raw(), FieldKind::kFixed) + ", or the ceiling outruns the fastest fall (certain death)";
     }},
};

}  // namespace

std::span<const SpeedLimit<Config>> Game::speedLimits() { return kLimits; }

State Game::init(const Config& config, std::uint64_t seed) {
  State state;
  state.rng = seedRng(seed, 0xFA11);
  startRound(config, state);
  return state;
}

void Game::step(const Config& config, State& ioState, Input input, std::vector<Event>& outEvents) {
  if (!beginTick(ioState, kRoundStart, outEvents, [&] { startRound(config, ioState); })) return;
  Man& man = ioState.man;
  if (man.invulnerable > 0) --man.invulnerable;
  ioState.cameraY += ioState.scroll;
  rebaseWorld(ioState);
  refreshPlatforms(config, ioState);
  walk(config, ioState, input);  // x half-step first, then y (seed 001's axis separation)
  if (man.standingOn >= 0) {
    const Platform* p = findPlatform(ioState, man.standingOn);
    if (p == nullptr || !isOverPlatform(config, man, *p)) man.standingOn = -1;  // walked off the edge
  }
  if (man.standingOn < 0) fall(config, ioState, outEvents);
  if (const Platform* dropped = findPlatform(ioState, man.dropThrough);
      dropped == nullptr || feetOf(config, man) > dropped->box.top() + px(config.landingWindow)) {
    man.dropThrough = -1;  // clear of the platform he was knocked off
  }
  touchCeiling(config, ioState, outEvents);
  countFloors(config, ioState, outEvents);
  checkDeath(config, ioState, outEvents);
}

bool Game::isPlausible(const Config& config, const State& state) {
  return state.tick >= 0 && state.man.hp <= config.maxHp && state.clock.overCountdown >= 0 &&
         state.clock.overCountdown <= kRoundOverTicks;
}

std::span<const EventSchema> Game::eventSchemas() { return kSchemas; }
std::span<const char* const> Game::inputNames() { return kInputNames; }

}  // namespace retrace::sim::fallingman
