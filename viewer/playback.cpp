#include "viewer/playback.h"

#include <algorithm>
#include <cstring>

#include "recorder/verifier.h"

namespace retrace::viewer {
namespace {

/// The timeline marker of an event, from the category its game's schema gives it.
MarkerKind classify(const sim::GameDefinition& game, const sim::Event& e) {
  switch (game.eventSchemas()[e.kind].category) {  // the loader checked the kind
    case sim::EventCategory::kLanding: return MarkerKind::kLanding;
    case sim::EventCategory::kContact:
    case sim::EventCategory::kDeath: return MarkerKind::kContact;
    case sim::EventCategory::kOther:
    case sim::EventCategory::kSpawn:
    case sim::EventCategory::kRound: break;
  }
  return MarkerKind::kEvent;
}

}  // namespace

Playback::Playback(recorder::LoadedReplay replay, bool verify)
    : replay_(std::move(replay)), game_(recorder::gameOf(replay_.header)), inputs_(recorder::expandInputs(replay_)) {
  last_ = inputs_.size();
  keyframeEvery_ = std::max(kKeyframeEvery, (last_ + kMaxKeyframes - 1) / kMaxKeyframes);
  if (verify) {
    // The replay engine's verdict: the same divergence and tunnels `retrace verify` reports.
    recorder::VerifyOptions options;
    options.allowTruncated = true;  // a recovered prefix is still worth looking at
    const recorder::VerifyReport report = recorder::verifyReplay(replay_, options);
    for (const std::uint64_t t : report.tunnelTicks) markers_.push_back({t, MarkerKind::kTunnel});
    tunnelTicks_ = report.tunnelTicks;
    std::sort(tunnelTicks_.begin(), tunnelTicks_.end());
    if (report.divergence) {
      divergence_ = report.divergence->tick;
      markers_.push_back({*divergence_, MarkerKind::kDivergence});
      divergenceLines_.push_back(report.divergence->reason);
      for (const std::string& line : report.divergence->eventDiff) divergenceLines_.push_back(line);
      if (!report.divergence->fieldDiff.empty()) divergenceLines_.push_back("fields at tick " + std::to_string(report.divergence->fieldDiffTick) + ":");
      for (const std::string& line : report.divergence->fieldDiff) divergenceLines_.push_back("  " + line);
    }
  }
  auto session = game_->start(recorder::configOf(replay_.header), replay_.header.seed);
  keyframes_.push_back(session->clone());
  for (std::uint64_t t = 1; t <= last_; ++t) {
    (void)session->step(inputs_[t - 1]);
    if (t % keyframeEvery_ == 0) keyframes_.push_back(session->clone());
  }
  events_ = listEvents(replay_);
  for (const EventRow& e : events_) markers_.push_back({e.tick, classify(*game_, e.event)});
  std::stable_sort(markers_.begin(), markers_.end(), [](const Marker& a, const Marker& b) { return a.tick < b.tick; });
  seek(0);
}

std::vector<sim::Event> Playback::eventsNow() const { return recorder::recordedEventsAt(replay_, tick_); }

void Playback::findTunnelsNow() {
  tunnelsNow_.clear();
  if (tick_ == 0 || !std::binary_search(tunnelTicks_.begin(), tunnelTicks_.end(), tick_)) return;
  auto session = previous_->clone();
  session->setOracle(true);
  tunnelsNow_ = session->step(inputs_[tick_ - 1]).tunnels;
}

void Playback::seek(std::uint64_t tick) {
  tick = std::min(tick, last_);
  if (current_ && tick == tick_ + 1) {
    // Stepping forward by one: the current game becomes the previous one.
    previous_ = current_->clone();
    (void)current_->step(inputs_[tick - 1]);
    tick_ = tick;
    findTunnelsNow();
    return;
  }
  const std::uint64_t target = tick == 0 ? 0 : tick - 1;  // rebuild the previous tick first
  const std::uint64_t base = target / keyframeEvery_;
  auto session = keyframes_[base]->clone();
  for (std::uint64_t t = base * keyframeEvery_ + 1; t <= target; ++t) (void)session->step(inputs_[t - 1]);
  previous_ = session->clone();
  if (tick > 0) (void)session->step(inputs_[tick - 1]);
  current_ = std::move(session);
  tick_ = tick;
  findTunnelsNow();
}

void Playback::faster() noexcept { speedIndex_ = std::min(speedIndex_ + 1, std::size(kSpeeds) - 1); }
void Playback::slower() noexcept { speedIndex_ = speedIndex_ == 0 ? 0 : speedIndex_ - 1; }

std::uint64_t Playback::advance(double seconds) {
  if (!playing_) return 0;
  pending_ += seconds * sim::kTickRate * speed();
  const auto ticks = static_cast<std::uint64_t>(pending_);
  pending_ -= static_cast<double>(ticks);
  const std::uint64_t from = tick_;
  if (ticks == 1) {
    stepForward();
  } else if (ticks > 1) {
    seek(tick_ + ticks);
  }
  if (tick_ == last_) playing_ = false;
  return tick_ - from;
}

std::optional<std::uint64_t> findFirstStateDifference(const recorder::LoadedReplay& a, const recorder::LoadedReplay& b) {
  const auto inputsA = recorder::expandInputs(a);
  const auto inputsB = recorder::expandInputs(b);
  auto gameA = recorder::gameOf(a.header)->start(recorder::configOf(a.header), a.header.seed);
  auto gameB = recorder::gameOf(b.header)->start(recorder::configOf(b.header), b.header.seed);
  const std::size_t common = std::min(inputsA.size(), inputsB.size());
  for (std::size_t t = 0;; ++t) {
    if (gameA->saveState() != gameB->saveState()) return t;
    if (t == common) break;
    (void)gameA->step(inputsA[t]);
    (void)gameB->step(inputsB[t]);
  }
  if (inputsA.size() != inputsB.size()) return common + 1;
  return std::nullopt;
}

std::optional<std::uint64_t> findFirstDifference(const recorder::LoadedReplay& a, const recorder::LoadedReplay& b) {
  const auto inputsA = recorder::expandInputs(a);
  const auto inputsB = recorder::expandInputs(b);
  const auto checksA = recorder::flattenChecksums(a);
  const auto checksB = recorder::flattenChecksums(b);
  const std::size_t common = std::min(inputsA.size(), inputsB.size());
  for (std::size_t t = 0; t < common; ++t) {
    if (inputsA[t] != inputsB[t] || checksA[t] != checksB[t]) return t + 1;
  }
  if (inputsA.size() != inputsB.size()) return common + 1;
  return std::nullopt;
}

}  // namespace retrace::viewer
