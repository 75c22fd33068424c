#pragma once
// The game interface the rest of retrace uses without naming a game.
//
// A game is a pure fixed-tick function next = step(state, input) plus the pieces the tools
// need: configurations with declared speed limits, a hash, named fields, a bot and an oracle.
// Recorder, viewer and tests reach games only through findGame(name) and these two classes. A
// game of your own meets GameRules (game_rules.h) and is added with registerGame<G>()
// (registry.h), touching none of retrace's files.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/fields.h"
#include "sim/rng.h"
#include "sim/scene.h"

namespace retrace::sim {

/// A tick's input: a few button bits whose meaning each game names.
using Input = std::uint8_t;

/// Ticks per second of every game.
inline constexpr int kTickRate = 60;

/// A collision or game event: a game-specific kind and up to four integer arguments.
struct Event {
  std::uint16_t kind = 0;
  std::array<std::int32_t, 4> args{};
  bool operator==(const Event&) const = default;
};

/// An event of a kind with up to four arguments.
[[nodiscard]] constexpr Event makeEvent(std::uint16_t kind, std::int32_t a = 0, std::int32_t b = 0, std::int32_t c = 0,
                                        std::int32_t d = 0) noexcept {
  return {kind, {a, b, c, d}};
}

/// What kind of moment an event marks, for the tools that show events without knowing the
/// game (the viewer's timeline colours them by category).
enum class EventCategory : std::uint8_t { kOther, kContact, kLanding, kDeath, kSpawn, kRound };

/// How to print one kind of event: its name and the names and kinds of its arguments.
struct EventSchema {
  const char* name;
  std::array<const char*, 4> argNames;  ///< nullptr for unused arguments
  std::array<FieldKind, 4> argKinds;
  std::array<EnumNames, 4> argEnums{};  ///< the names of kEnum arguments
  EventCategory category = EventCategory::kOther;
  /// What the event is about, as field paths over its arguments ("tiles[{row}][{column}]",
  /// "bullets[id={bullet}]"), chief first (what a click on the event selects); nullptr for none
  /// (event_subjects.h).
  std::array<const char*, 3> subjects{};
};

/// One contact the rules missed, as the tunnel oracle found it: a sentence for people, and what
/// it checked in the scene's coordinates (the path, categorised kTunnelPath, and what the path
/// passed through, kTunnelHit), which the viewer draws over that tick's scene.
struct Tunnel {
  std::string sentence;
  Scene drawing;  ///< its size is unused: the shapes lie in the tick's scene
};

/// What one tick produced.
struct StepResult {
  std::vector<Event> events;
  std::vector<Tunnel> tunnels;  ///< oracle findings, when the oracle is on
};

/// A running game: owns its state; copyable through clone() for keyframes and twin runs.
class GameSession {
 public:
  virtual ~GameSession() = default;
  /// Advances one tick; with the oracle on, also checks the tick for tunnels.
  virtual StepResult step(Input input) = 0;
  /// Ticks simulated since init.
  [[nodiscard]] virtual std::int64_t tick() const = 0;
  /// The state hash (fields, not bytes).
  [[nodiscard]] virtual std::uint64_t hash() const = 0;
  /// The tick digest: every field outside lists, each list's length and first element (fields.h).
  [[nodiscard]] virtual std::uint64_t digest() const = 0;
  /// The whole state as a flat list of field values (with the tick).
  [[nodiscard]] virtual std::vector<std::int64_t> saveState() const = 0;
  /// Restores a saved state; false (state unchanged) when the values do not fit.
  virtual bool loadState(std::span<const std::int64_t> values) = 0;
  /// Every field with its dotted name, for diffs.
  [[nodiscard]] virtual std::vector<Field> describeState() const = 0;
  /// True while a finished round is still on screen (contact, death or lost base).
  [[nodiscard]] virtual bool roundOver() const = 0;
  /// The bot's choice for this tick; the bot's RNG is its own, never the game's.
  [[nodiscard]] virtual Input chooseBotInput(Rng& ioBotRng) const = 0;
  /// Turns the tunnel oracle on or off (it costs a state copy per tick).
  virtual void setOracle(bool enabled) = 0;
  /// An independent copy of this session.
  [[nodiscard]] virtual std::unique_ptr<GameSession> clone() const = 0;
  /// True when `other` is a session of the same game whose state equals this one's (the game's
  /// own ==): what a saved and loaded state must be, whatever visitState leaves out.
  [[nodiscard]] virtual bool sameState(const GameSession& other) const = 0;
  /// What this state looks like (scene.h); `previous` is the session one tick earlier, for
  /// what moved this tick (a session of another game counts as no earlier tick).
  [[nodiscard]] virtual Scene describeScene(const GameSession& previous) const = 0;
};

/// A speed limit as the tools see it, without the game's types.
struct LimitDescription {
  std::string rule;
  std::string field;
};

/// A configuration as named values, plus the name it was loaded under.
struct ConfigValues {
  std::string name;
  std::vector<std::int64_t> values;
  bool operator==(const ConfigValues&) const = default;
};

/// A game: its names, configurations and how to start a session.
class GameDefinition {
 public:
  virtual ~GameDefinition() = default;
  [[nodiscard]] virtual std::string_view name() const = 0;
  /// Bumped whenever a rule changes what a tick computes (old replays then diverge).
  [[nodiscard]] virtual std::uint32_t rulesVersion() const = 0;
  /// The named configurations, the first being the default.
  [[nodiscard]] virtual std::vector<std::string> configNames() const = 0;
  /// The values of a named configuration, or nothing for an unknown name.
  [[nodiscard]] virtual std::optional<ConfigValues> findConfig(std::string_view configName) const = 0;
  /// Every configuration field with its name.
  [[nodiscard]] virtual std::vector<Field> describeConfig(const ConfigValues& config) const = 0;
  /// One sentence naming the broken rule, or nothing when the configuration is sound.
  /// Speed limits are checked unless allowLimitBreaks (for negative controls and bug replays).
  [[nodiscard]] virtual std::optional<std::string> validateConfig(const ConfigValues& config, bool allowLimitBreaks) const = 0;
  /// The declared speed limits, in the order validateConfig checks them.
  [[nodiscard]] virtual std::vector<LimitDescription> speedLimits() const = 0;
  /// The largest raw value limit `index` allows its field in this configuration; nothing when
  /// the limit does not apply to it (or the values are not this game's configuration).
  [[nodiscard]] virtual std::optional<std::int64_t> limitBound(const ConfigValues& config, std::size_t index) const = 0;
  /// Starts a session; the configuration must have passed validateConfig.
  [[nodiscard]] virtual std::unique_ptr<GameSession> start(const ConfigValues& config, std::uint64_t seed) const = 0;
  [[nodiscard]] virtual std::span<const EventSchema> eventSchemas() const = 0;
  /// Names of the input bits, bit 0 first.
  [[nodiscard]] virtual std::span<const char* const> inputNames() const = 0;
  /// The keys a person presses for each input bit in live play, as names ("Space", "Left/A",
  /// "X"); empty, or an empty name for a bit, leaves it to the default rule from the input names.
  [[nodiscard]] virtual std::span<const char* const> inputKeys() const = 0;
  /// The overlay layers this game's scenes use besides kBodies (a key for another does nothing).
  [[nodiscard]] virtual std::span<const SceneLayer> sceneLayers() const = 0;
};

/// Every registered game, in the order registered (valid until the next registration).
[[nodiscard]] std::span<const GameDefinition* const> listGames();
/// A game the registry refused (registry.h), by the name it gave, and why: one sentence.
struct RefusedGame {
  std::string name;
  std::string reason;
};
/// Every game refused at registration, in the order tried.
[[nodiscard]] std::span<const RefusedGame> listRefusedGames();
/// Why the game of this name was refused at registration, or nothing (none was).
[[nodiscard]] std::optional<std::string> findRefusal(std::string_view name);
/// The game with this name, or nullptr.
[[nodiscard]] const GameDefinition* findGame(std::string_view name);
/// "landed{platform 3, offset 6}" for an event of this game.
[[nodiscard]] std::string formatEvent(const GameDefinition& game, const Event& event);
/// An event's named arguments as fields (the argument's name, value, kind and enumeration
/// names), in its schema's order; none for a kind the game does not have.
[[nodiscard]] std::vector<Field> describeEvent(const GameDefinition& game, const Event& event);
/// A field value as text: decimals for fixed point, true/false for flags, enumerations by name.
[[nodiscard]] std::string formatFieldValue(std::int64_t value, FieldKind kind, EnumNames names = {});
/// A field's value as text (formatFieldValue with the field's kind and names).
[[nodiscard]] std::string formatField(const Field& field);
/// A field that differs by name between two lists of fields: as it was (none when it is new) and
/// as it is now (none when it is gone).
struct FieldChange {
  const Field* was = nullptr;
  const Field* now = nullptr;
};
/// The fields of `now` that are new or hold another value than in `was`, in `now`'s order, then
/// those of `was` that are gone, in its order; each points into the lists.
[[nodiscard]] std::vector<FieldChange> listChangedFields(const std::vector<Field>& was, const std::vector<Field>& now);
/// "name: expected X, got Y" for every field that differs (by name), at most maxLines.
[[nodiscard]] std::vector<std::string> diffFields(const std::vector<Field>& expected, const std::vector<Field>& got,
                                                  std::size_t maxLines);

}  // namespace retrace::sim
