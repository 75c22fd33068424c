#pragma once
// The playback controller: everything the viewer does with time, without a window.
//
// Opening a replay re-simulates it once and keeps a copy of the game every kKeyframeEvery
// ticks, so any tick is reached by copying the nearest earlier keyframe and stepping at most
// kKeyframeEvery - 1 ticks. Past kMaxKeyframes copies the keyframes spread out instead, so
// that the longest replay the loader accepts (some 300 million ticks) keeps 4096 copies, not a
// million, and a seek steps at most 1/4096 of the replay. The controller only ever reads the
// replay and steps its own copies: nothing it does (speed, seeks, overlays) reaches a recorded
// state.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "recorder/inspect.h"
#include "recorder/replay.h"
#include "recorder/replay_index.h"
#include "recorder/verifier.h"
#include "sim/game.h"
#include "viewer/navigation.h"
#include "viewer/tick_store.h"

namespace retrace::viewer {

/// Ticks between in-memory keyframes, for replays of up to kMaxKeyframes of them (4.6 hours).
inline constexpr std::uint64_t kKeyframeEvery = 256;
/// The most keyframes kept; longer replays space them further apart.
inline constexpr std::uint64_t kMaxKeyframes = 4096;
/// Playback speeds, slowest to fastest.
inline constexpr double kSpeeds[] = {0.25, 0.5, 1.0, 2.0, 4.0, 8.0};

/// What a replay's NAME.expect says of it, as verify --expect judges it.
struct ExpectedVerdict {
  std::string word;  ///< met, unmet, unreadable (the .expect or the file could not be read), or unjudged (no --verify)
  std::vector<std::string> lines;  ///< what to show: that it is met, or each expectation unmet, or why unreadable
};

/// With verify, what `retrace verify` makes of the whole replay (with --expect when it has a
/// NAME.expect): whether it passes, and each reason it does not.
struct ReplayVerdict {
  bool passes = false;
  std::vector<std::string> lines;  ///< the verdict first, then each reason it fails
};

/// The verdict on a replay from the replay engine's report on it (verified with truncation
/// allowed, as the viewer opens a recovered prefix), judged by its .expect's verdict when it has
/// one: a truncated replay fails as verify fails it, and tunnels fail it unless it has a .expect.
[[nodiscard]] ReplayVerdict judgeReplay(const recorder::VerifyReport& report, const ExpectedVerdict* expected);

/// Plays one replay: current tick, play state, speed, keyframes, and what was recorded.
class Playback {
 public:
  /// Re-simulates the replay to build keyframes, comparing each tick with its recorded checksum
  /// (a divergence is marked whatever the flag); with verify, the replay engine compares every
  /// tick's events and snapshots too and runs the oracle, marking every tunnel.
  Playback(recorder::LoadedReplay replay, bool verify);
  /// The same for a replay file opened through its index: the chunks are read once to build the
  /// keyframes and the TickStore's summaries, then again a few at a time as they are needed.
  /// Throws std::runtime_error with one sentence if the file changed since the index was made
  /// (now or later, when a chunk is read again).
  Playback(recorder::ReplayIndex index, bool verify);
  /// The same, with verify given the replay engine's report on the file when there is one (as
  /// verifyExpectedOutcome makes it while it judges the file's .expect): not verified twice.
  Playback(recorder::ReplayIndex index, bool verify, std::optional<recorder::VerifyReport> verified);

  [[nodiscard]] std::uint64_t tick() const noexcept { return tick_; }
  [[nodiscard]] std::uint64_t lastTick() const noexcept { return last_; }
  [[nodiscard]] bool playing() const noexcept { return playing_; }
  [[nodiscard]] double speed() const noexcept { return kSpeeds[speedIndex_]; }
  [[nodiscard]] const sim::GameDefinition& game() const noexcept { return *game_; }
  /// The replay: header, footer and truncation, and its chunks unless it was opened through
  /// an index (ask ticks() and findTicks for what needs them).
  [[nodiscard]] const recorder::LoadedReplay& replay() const noexcept { return *replay_; }
  /// What was recorded at each tick: inputs, events, checksums.
  [[nodiscard]] const TickStore& ticks() const noexcept { return ticks_; }
  /// recorder::findTicks over this replay, however it was opened.
  [[nodiscard]] std::variant<std::vector<std::uint64_t>, recorder::Unanswered> findTicks(const recorder::Condition& condition,
                                                                                         std::uint64_t first, bool all) const;
  /// A copy of the game after a tick (0: as initialised; past the last: the last), stepped from
  /// the nearest keyframe, for a walk through ticks that leaves the cursor where it is.
  [[nodiscard]] std::unique_ptr<sim::GameSession> reach(std::uint64_t tick) const;
  /// The game after the current tick (tick 0: as initialised).
  [[nodiscard]] const sim::GameSession& current() const noexcept { return *current_; }
  /// The game one tick earlier (the same as current at tick 0).
  [[nodiscard]] const sim::GameSession& previous() const noexcept { return *previous_; }
  /// The events recorded at the current tick.
  [[nodiscard]] std::vector<sim::Event> eventsNow() const { return ticks_.eventsAt(tick_); }
  /// The ticks the oracle found a tunnel on (with verify), in order.
  [[nodiscard]] const std::vector<std::uint64_t>& tunnelTicks() const noexcept { return tunnelTicks_; }
  /// What the oracle finds on the current tick (its sentences and drawings), with verify or
  /// without: the tick re-simulated from the previous one with the oracle on.
  [[nodiscard]] const std::vector<sim::Tunnel>& tunnelsNow() const noexcept { return tunnelsNow_; }
  [[nodiscard]] std::optional<std::uint64_t> divergenceTick() const noexcept { return divergence_; }
  /// The sentence for the divergence; with verify, the engine's, with its event and field diff.
  [[nodiscard]] const std::vector<std::string>& divergenceLines() const noexcept { return divergenceLines_; }
  /// With verify, what the replay's NAME.expect says of it (set when it was opened), if it has one.
  [[nodiscard]] const std::optional<ExpectedVerdict>& expectedVerdict() const noexcept { return expected_; }
  void setExpectedVerdict(ExpectedVerdict verdict);
  /// With verify, the verdict on the whole replay, judged by its expected verdict once set.
  [[nodiscard]] const std::optional<ReplayVerdict>& verdict() const noexcept { return verdict_; }
  /// Ticks between keyframes: kKeyframeEvery, or more for a replay that long would need more
  /// than kMaxKeyframes.
  [[nodiscard]] std::uint64_t keyframeEvery() const noexcept { return keyframeEvery_; }
  [[nodiscard]] std::size_t keyframeCount() const noexcept { return keyframes_.size(); }

  /// Moves to any tick in [0, lastTick] (clamped).
  void seek(std::uint64_t tick);
  void stepForward() { seek(tick_ + 1); }
  void stepBack() { seek(tick_ == 0 ? 0 : tick_ - 1); }
  void togglePlay() noexcept { playing_ = !playing_; }
  void setPlaying(bool playing) noexcept { playing_ = playing; }
  void faster() noexcept;
  void slower() noexcept;
  /// Advances playback by wall time; returns the ticks moved.
  std::uint64_t advance(double seconds);

 private:
  /// Sets the keyframe spacing for last_ ticks and starts the game at tick 0; returns the visit
  /// that builds the keyframes from the chunks (and, unless the replay engine will verify them,
  /// compares each tick with its recorded checksum).
  [[nodiscard]] TickStore::ChunkVisitor startKeyframes(bool verify);
  /// Steps the game through a chunk's inputs, keeping a keyframe at every interval and noting
  /// the first tick whose state differs from its recorded checksum.
  void takeChunk(const recorder::Chunk& chunk, std::span<const sim::Input> inputs);
  /// Takes the verdict's marks and moves to tick 0 once every chunk was taken.
  void finishOpening(const std::optional<recorder::VerifyReport>& report);
  void findTunnelsNow();

  std::shared_ptr<const recorder::LoadedReplay> replay_;
  const sim::GameDefinition* game_;
  std::uint64_t keyframeEvery_ = kKeyframeEvery;
  std::vector<std::unique_ptr<sim::GameSession>> keyframes_;  ///< state after tick i * keyframeEvery_
  std::unique_ptr<sim::GameSession> building_;                ///< the game stepped while opening
  std::uint64_t built_ = 0;                                   ///< the tick building_ is after
  bool compareChecksums_ = true;                              ///< false when the replay engine compares them
  std::optional<std::uint64_t> parted_;                       ///< the first tick unlike its recorded checksum
  std::uint64_t last_ = 0;
  TickStore ticks_;  ///< made after the members above, which its visit fills
  std::unique_ptr<sim::GameSession> current_;
  std::unique_ptr<sim::GameSession> previous_;
  std::vector<std::uint64_t> tunnelTicks_;
  std::vector<sim::Tunnel> tunnelsNow_;
  std::optional<std::uint64_t> divergence_;
  std::vector<std::string> divergenceLines_;
  std::optional<ExpectedVerdict> expected_;
  std::optional<recorder::VerifyReport> report_;  ///< with verify, the engine's report
  std::optional<ReplayVerdict> verdict_;
  std::uint64_t tick_ = 0;
  bool playing_ = false;
  std::size_t speedIndex_ = 2;
  double pending_ = 0.0;  ///< fractional ticks owed to playback
};

/// The first tick after which the two replays' games differ in any field value, re-simulating
/// both in step (tick 0: they start apart); when one ends first and they agree until then, the
/// tick after its last.
[[nodiscard]] std::optional<std::uint64_t> findFirstStateDifference(const Playback& a, const Playback& b);
/// The first tick where two replays' inputs or per-tick checksums differ, if any.
[[nodiscard]] std::optional<std::uint64_t> findFirstDifference(const Playback& a, const Playback& b);

}  // namespace retrace::viewer
