#pragma once
// Asking a replay what happened: the game at any tick, reached from the nearest snapshot the
// recording holds (so any tick of an hour answers within a frame), and field patterns that
// select fields by their dotted names ("players[*].position", "shots", "ball.vy").

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "recorder/query.h"
#include "recorder/replay.h"
#include "recorder/replay_index.h"
#include "recorder/state_fields.h"
#include "sim/game.h"

namespace retrace::recorder {

/// For a replay cut short: " (the recording was cut short: 600 of 3600 ticks recovered)", so that
/// a question about a killed recording says why its end came early; "" for a whole one.
[[nodiscard]] std::string describeCutShort(std::uint64_t lastTick, const LoadedReplay& replay);
/// "tick 700 is past the replay's last tick, 600", and describeCutShort.
[[nodiscard]] std::string describePastLastTick(std::uint64_t tick, std::uint64_t lastTick, const LoadedReplay& replay);
/// The last tick of the range `from` to `to` in the replay file `file` (`to` defaults to its last
/// tick), or one sentence when the range is none: `to` past the last tick, or `from` before
/// `firstTick` or after `to`.
[[nodiscard]] std::variant<std::uint64_t, std::string> settleTickRange(const ReplayIndex& index, const std::string& file,
                                                                       std::uint64_t from, std::optional<std::uint64_t> to,
                                                                       std::uint64_t firstTick);
/// Why a question about a replay has no answer: one sentence, and whether the reason is that
/// this build no longer re-simulates the recording as it was recorded (a divergence, exit 1)
/// rather than the question or the file (exit 2).
struct Unanswered {
  std::string sentence;
  bool diverged = false;
  /// The question names a field no tick searched had: the caller says where the names are
  /// listed (`retrace show`, the viewer's inspector), which this library does not know.
  bool unknownField = false;
};

/// Where reachTick starts from.
enum class ReachFrom : std::uint8_t {
  kSnapshot,  ///< the latest snapshot at or before the tick: the recording's own state there
  kStart,     ///< tick 0: every tick re-simulated by this build
};

/// The game at tick `tick` (0: before the first) of a replay. Every tick re-simulated on the
/// way is checked against its recorded checksum, and the snapshot started from against its
/// recorded hash, so what is reached is the recording's state, never this build's guess at it:
/// a divergence when they part, one sentence when the tick is past the replay's last or this
/// build's rules differ from the replay's.
[[nodiscard]] std::variant<std::unique_ptr<sim::GameSession>, Unanswered> reachTick(const LoadedReplay& replay,
                                                                                    std::uint64_t tick,
                                                                                    ReachFrom from = ReachFrom::kSnapshot);

/// The contacts the game's oracle finds the rules missed on tick `tick` (none on tick 0): the
/// tick before is reached as reachTick reaches it, then stepped with the oracle on and checked
/// against its recorded checksum. What reachTick says when the tick cannot be reached.
[[nodiscard]] std::variant<std::vector<sim::Tunnel>, Unanswered> findTunnelsAt(const LoadedReplay& replay, std::uint64_t tick,
                                                                               ReachFrom from = ReachFrom::kSnapshot);

/// A tunnel the oracle found, and the tick it found it on.
struct FoundTunnel {
  std::uint64_t tick = 0;
  sim::Tunnel tunnel;
};

/// The oracle walked over an indexed replay file's ticks a chunk at a time, beside a reader of
/// its chunks (events --tunnels): each tick re-simulated with the oracle on and checked against
/// its recorded checksum, so a tunnel is found on the recording's own ticks.
class TunnelWalk {
 public:
  /// A walk whose next tick is `from`, the tick before reached as reachTick reaches it; what
  /// reachTick says when it cannot be.
  [[nodiscard]] static std::variant<TunnelWalk, Unanswered> start(const ReplayIndex& index, std::uint64_t from);
  /// Steps through the chunk's ticks after the last one walked, up to `to`: the tunnels found
  /// there in tick order, or the divergence where the re-simulation parts from the recording.
  [[nodiscard]] std::variant<std::vector<FoundTunnel>, Unanswered> walk(const Chunk& chunk, std::uint64_t to);

 private:
  TunnelWalk() = default;
  std::unique_ptr<sim::GameSession> session_;
  std::uint64_t at_ = 0;  ///< the last tick walked
  std::uint32_t fullHashEvery_ = 1;
};

/// Calls `visit(game, tick)` for each tick from `from` to `to` in order (the game as it is after
/// that tick), from the nearest snapshot, until it returns false; what reachTick gives when
/// `from` cannot be reached, a divergence at the first tick that parts from its recorded
/// checksum (not visited), or a sentence when `to` is past the end.
[[nodiscard]] std::optional<Unanswered> visitTicks(const LoadedReplay& replay, std::uint64_t from, std::uint64_t to,
                                                   const std::function<bool(const sim::GameSession&, std::uint64_t)>& visit);

/// visitTicks over an indexed replay file: the chunks are read as the ticks reach them.
[[nodiscard]] std::optional<Unanswered> visitTicks(const ReplayIndex& index, std::uint64_t from, std::uint64_t to,
                                                   const std::function<bool(const sim::GameSession&, std::uint64_t)>& visit);

/// A search for the ticks where a condition holds, walked a range at a time in any order, that
/// remembers which of the condition's fields the ticks checked have had: findTicks walks one
/// range, findLastMatch windows back from its end, and the viewer checks a slice a frame.
class TickSearch {
 public:
  explicit TickSearch(Condition condition);
  /// Whether the condition holds on the game after `tick`, or the sentence of a value it cannot
  /// take. A `changed` compares with the tick checked or remembered just before, when that was
  /// tick - 1 (otherwise with nothing, as at tick 0).
  [[nodiscard]] std::variant<bool, std::string> check(const sim::GameSession& game, std::uint64_t tick);
  /// Keeps the game after `tick` for a `changed` at the tick after, without checking it.
  void remember(const sim::GameSession& game, std::uint64_t tick);
  /// The ticks from `from` to `to` where the condition holds, in order (the first only unless
  /// `all`); what visitTicks gives when the replay parts from its recording, and one sentence
  /// when a value cannot be one of its field's.
  [[nodiscard]] std::variant<std::vector<std::uint64_t>, Unanswered> searchRange(const LoadedReplay& replay, std::uint64_t from,
                                                                                 std::uint64_t to, bool all);
  /// searchRange over an indexed replay file, a chunk read at a time.
  [[nodiscard]] std::variant<std::vector<std::uint64_t>, Unanswered> searchRange(const ReplayIndex& index, std::uint64_t from,
                                                                                 std::uint64_t to, bool all);
  /// For a search that found nothing: the sentence for a field the condition names that no tick
  /// walked has had (a typo, not a condition that never held), if there is one.
  [[nodiscard]] std::optional<Unanswered> explainNothingFound(const std::string& game) const;
  /// explainNothingFound with the names closest to the field's taken from `fields` (any tick's).
  [[nodiscard]] std::optional<Unanswered> explainNothingFound(const std::string& game,
                                                              const std::vector<sim::Field>& fields) const;
  /// The fields of the last tick checked (none before the first).
  [[nodiscard]] const std::vector<sim::Field>& listLastFields() const noexcept;
  /// For a `changed`, once `tick` was checked: the fields of the tick before it, which it was
  /// compared with; nothing when that tick was not checked or remembered, or none is kept.
  [[nodiscard]] const std::vector<sim::Field>* listFieldsBefore(std::uint64_t tick) const noexcept;
  /// The condition's names no tick checked has had yet, indices as [*].
  [[nodiscard]] const std::vector<std::string>& listUnseen() const noexcept { return unseen_; }
  /// The condition searched for.
  [[nodiscard]] const Condition& condition() const noexcept { return condition_; }

 private:
  /// Walks a range of ticks in order, visiting each until the visit says stop.
  using Walk = std::function<std::optional<Unanswered>(std::uint64_t, std::uint64_t,
                                                       const std::function<bool(const sim::GameSession&, std::uint64_t)>&)>;
  [[nodiscard]] std::variant<std::vector<std::uint64_t>, Unanswered> searchBy(const Walk& walk, std::uint64_t from,
                                                                              std::uint64_t to, bool all);
  /// Keeps the fields just read as those of `tick`, for a `changed` at the tick after.
  void remember(std::uint64_t tick);

  Condition condition_;
  /// The condition's names no field has had yet, indices as [*]: looked for only while there are
  /// any, so that a search of a long replay does not keep every field name it meets.
  std::vector<std::string> unseen_;
  /// For `changed`, two that take turns: one names this tick's fields while the other keeps the
  /// tick before's, so that no tick's fields are copied.
  std::array<StateFields, 2> named_;
  std::size_t now_ = 0;                      ///< which of named_ reads the next tick
  std::optional<std::uint64_t> beforeTick_;  ///< the tick the other holds, for `changed`
  std::optional<std::uint64_t> priorTick_;   ///< the tick the next reader holds until it reads
};

/// The ticks from `first` to the replay's last where the condition holds: the first only, or
/// all; what TickSearch::searchRange gives, and when nothing holds, the sentence for a field no
/// tick searched had.
[[nodiscard]] std::variant<std::vector<std::uint64_t>, Unanswered> findTicks(const LoadedReplay& replay,
                                                                             const Condition& condition, std::uint64_t first,
                                                                             bool all);
/// findTicks over an indexed replay file, a chunk read at a time.
[[nodiscard]] std::variant<std::vector<std::uint64_t>, Unanswered> findTicks(const ReplayIndex& index, const Condition& condition,
                                                                             std::uint64_t first, bool all);
/// The last tick from `first` to `last` where the condition holds (none, or one), with
/// findTicks' refusals. It searches back from `last` in windows that double, so that a match
/// near `last` costs about what the distance to it does, not a walk from `first`.
[[nodiscard]] std::variant<std::vector<std::uint64_t>, Unanswered> findLastMatch(const LoadedReplay& replay,
                                                                                 const Condition& condition, std::uint64_t first,
                                                                                 std::uint64_t last);
/// findLastMatch over an indexed replay file, a chunk read at a time.
[[nodiscard]] std::variant<std::vector<std::uint64_t>, Unanswered> findLastMatch(const ReplayIndex& index,
                                                                                 const Condition& condition, std::uint64_t first,
                                                                                 std::uint64_t last);

/// The longest field pattern FieldPattern::parse takes.
inline constexpr std::size_t kMaxFieldPatternLength = 512;

/// A selection of fields by dotted name: a pattern names a field or everything inside it
/// ("players[1]" selects "players[1].position.x"); `[*]` stands for any index, `*` for any one name,
/// and `[id=N]` for the element whose `id` field is N (sim/field_ids.h).
class FieldPattern {
 public:
  /// The pattern, or one sentence when it is not one (empty, or with characters a name never has).
  [[nodiscard]] static std::variant<FieldPattern, std::string> parse(std::string_view text);
  /// True when the field is the one named or lies inside it, the name written as the pattern
  /// writes it (an element picked by its id by its id).
  [[nodiscard]] bool matches(std::string_view fieldName) const;
  /// Whether the pattern picks an element by its id: what it selects depends on the state.
  [[nodiscard]] bool picksById() const noexcept { return byId_; }
  /// The pattern as it reads in a state with these fields: each element picked by its id at
  /// its index there; nothing when no element has the id.
  [[nodiscard]] std::optional<FieldPattern> resolveIds(const std::vector<sim::Field>& fields) const;
  [[nodiscard]] const std::string& text() const noexcept { return text_; }

 private:
  FieldPattern(std::string text, std::string wildcards) : text_(std::move(text)), wildcards_(std::move(wildcards)) {}
  std::string text_;
  std::string wildcards_;  ///< the text with each run of '*' (not "[*]") made one
  bool branches_ = false;  ///< more than one '*': matching remembers what failed
  bool byId_ = false;
};

/// The patterns of the texts, or the sentence of the first that is none.
[[nodiscard]] std::variant<std::vector<FieldPattern>, std::string> parseFieldPatterns(const std::vector<std::string>& texts);
/// The fields any pattern selects (all of them when there is no pattern), in their order; one
/// selected by a pattern that picks an element by its id is named as that pattern names it
/// ("enemies[id=7].position.x"), so that it keeps its name while its index changes.
[[nodiscard]] std::vector<sim::Field> selectFields(const std::vector<sim::Field>& fields,
                                                   const std::vector<FieldPattern>& patterns);

/// A tick as the time it is played at: "1:10.266" (minutes, seconds, milliseconds).
[[nodiscard]] std::string formatTickTime(std::uint64_t tick);

}  // namespace retrace::recorder
