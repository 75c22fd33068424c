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

namespace retrace::viewer {

/// Ticks between in-memory keyframes, for replays of up to kMaxKeyframes of them (4.6 hours).
inline constexpr std::uint64_t kKeyframeEvery = 256;
/// The most keyframes kept; longer replays space them further apart.
inline constexpr std::uint64_t kMaxKeyframes = 4096;
/// Playback speeds, slowest to fastest.
inline constexpr double kSpeeds[] = {0.25, 0.5, 1.0, 2.0, 4.0, 8.0};

/// What happened at a tick, for the timeline.
enum class MarkerKind : std::uint8_t { kEvent, kContact, kLanding, kTunnel, kDivergence };

/// A mark on the timeline.
struct Marker {
  std::uint64_t tick = 0;
  MarkerKind kind = MarkerKind::kEvent;
};

/// Plays one replay: current tick, play state, speed, keyframes, markers.
class Playback {
 public:
  /// Re-simulates the replay to build keyframes; with verify, also compares every tick with
  /// the recording and runs the oracle, marking the first divergence and every tunnel.
  Playback(recorder::LoadedReplay replay, bool verify);
  /// The same for a replay file opened through its index: the chunks are read once, a chunk at
  /// a time, and not kept (the inputs, events and keyframes are), so that a day-long replay
  /// holds about a byte a tick. Throws std::runtime_error with one sentence if the file changed
  /// since the index was made.
  Playback(recorder::ReplayIndex index, bool verify);

  [[nodiscard]] std::uint64_t tick() const noexcept { return tick_; }
  [[nodiscard]] std::uint64_t lastTick() const noexcept { return last_; }
  [[nodiscard]] bool playing() const noexcept { return playing_; }
  [[nodiscard]] double speed() const noexcept { return kSpeeds[speedIndex_]; }
  [[nodiscard]] const sim::GameDefinition& game() const noexcept { return *game_; }
  /// The replay: header, footer and truncation, and its chunks unless it was opened through
  /// an index (ask findTicks and loadChecksums for what needs them).
  [[nodiscard]] const recorder::LoadedReplay& replay() const noexcept { return replay_; }
  /// recorder::findTicks over this replay, however it was opened.
  [[nodiscard]] std::variant<std::vector<std::uint64_t>, std::string> findTicks(const recorder::Condition& condition, std::uint64_t first, bool all) const;
  /// The recorded checksum of every tick (tick 1 first), read again from the file if need be.
  [[nodiscard]] std::vector<std::uint16_t> loadChecksums() const;
  /// The game after the current tick (tick 0: as initialised).
  [[nodiscard]] const sim::GameSession& current() const noexcept { return *current_; }
  /// The game one tick earlier (the same as current at tick 0).
  [[nodiscard]] const sim::GameSession& previous() const noexcept { return *previous_; }
  /// The events recorded at the current tick.
  [[nodiscard]] std::vector<sim::Event> eventsNow() const;
  [[nodiscard]] const std::vector<Marker>& markers() const noexcept { return markers_; }
  /// Every recorded event with its tick, in order.
  [[nodiscard]] const std::vector<EventRow>& events() const noexcept { return events_; }
  /// The inputs of every tick (tick 1 first).
  [[nodiscard]] std::span<const sim::Input> inputs() const noexcept { return inputs_; }
  /// The ticks the oracle found a tunnel on (with verify), in order.
  [[nodiscard]] const std::vector<std::uint64_t>& tunnelTicks() const noexcept { return tunnelTicks_; }
  /// With verify: what the oracle found on the current tick (its sentences and drawings), the
  /// tick re-simulated from the previous one with the oracle on; empty on the other ticks.
  [[nodiscard]] const std::vector<sim::Tunnel>& tunnelsNow() const noexcept { return tunnelsNow_; }
  [[nodiscard]] std::optional<std::uint64_t> divergenceTick() const noexcept { return divergence_; }
  /// With verify: the engine's sentence for the divergence and its field diff.
  [[nodiscard]] const std::vector<std::string>& divergenceLines() const noexcept { return divergenceLines_; }
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
  /// Takes a chunk's inputs and events, in tick order.
  void takeChunk(const recorder::Chunk& chunk);
  /// Builds the keyframes and marks once every chunk was taken.
  void finishOpening(const std::optional<recorder::VerifyReport>& report);
  void findTunnelsNow();

  recorder::LoadedReplay replay_;
  const sim::GameDefinition* game_;
  std::optional<recorder::ReplayIndex> index_;  ///< set when opened from a file: its chunks are not kept
  std::vector<sim::Input> inputs_;
  std::uint64_t keyframeEvery_ = kKeyframeEvery;
  std::vector<std::unique_ptr<sim::GameSession>> keyframes_;  ///< state after tick i * keyframeEvery_
  std::unique_ptr<sim::GameSession> current_;
  std::unique_ptr<sim::GameSession> previous_;
  std::vector<Marker> markers_;
  std::vector<EventRow> events_;
  std::vector<std::uint64_t> tunnelTicks_;
  std::vector<sim::Tunnel> tunnelsNow_;
  std::optional<std::uint64_t> divergence_;
  std::vector<std::string> divergenceLines_;
  std::uint64_t tick_ = 0;
  std::uint64_t last_ = 0;
  bool playing_ = false;
  std::size_t speedIndex_ = 2;
  double pending_ = 0.0;  ///< fractional ticks owed to playback
};

/// The first tick after which the two replays' games differ in any field value, re-simulating
/// both in step (tick 0: they start apart); when one ends first and they agree until then, the
/// tick after its last.
[[nodiscard]] std::optional<std::uint64_t> findFirstStateDifference(const recorder::LoadedReplay& a, const recorder::LoadedReplay& b);
/// The first tick where two replays' inputs or per-tick checksums differ, if any.
[[nodiscard]] std::optional<std::uint64_t> findFirstDifference(const recorder::LoadedReplay& a, const recorder::LoadedReplay& b);
/// findFirstStateDifference of two open replays, however they were opened.
[[nodiscard]] std::optional<std::uint64_t> findFirstStateDifference(const Playback& a, const Playback& b);
/// findFirstDifference of two open replays, however they were opened.
[[nodiscard]] std::optional<std::uint64_t> findFirstDifference(const Playback& a, const Playback& b);

}  // namespace retrace::viewer
