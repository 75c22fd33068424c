#include "viewer/playback.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

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

Playback::Playback(recorder::LoadedReplay replay, bool verify) : replay_(std::move(replay)), game_(recorder::gameOf(replay_.header)) {
  std::optional<recorder::VerifyReport> report;
  if (verify) {
    // The replay engine's verdict: the same divergence and tunnels `retrace verify` reports.
    recorder::VerifyOptions options;
    options.allowTruncated = true;  // a recovered prefix is still worth looking at
    report = recorder::verifyReplay(replay_, options);
  }
  std::size_t events = 0;
  for (const recorder::Chunk& chunk : replay_.chunks) events += chunk.events.size();
  inputs_.reserve(static_cast<std::size_t>(recorder::countTicks(replay_)));
  events_.reserve(events);
  for (const recorder::Chunk& chunk : replay_.chunks) takeChunk(chunk);
  finishOpening(report);
}

Playback::Playback(recorder::ReplayIndex index, bool verify)
    : replay_(index.summary()), game_(recorder::gameOf(replay_.header)), index_(std::move(index)) {
  std::optional<recorder::VerifyReport> report;
  if (verify) {
    recorder::VerifyOptions options;
    options.allowTruncated = true;
    options.keepChunks = false;  // the verdict only: the file is read again a frame at a time
    auto verified = recorder::verifyReplayFile(index_->path(), options);
    if (auto* problem = std::get_if<std::string>(&verified)) throw std::runtime_error(*problem);
    report = std::move(std::get<recorder::VerifiedReplay>(verified).report);
  }
  // Sized from the index once: grown by doubling, they would pass through twice their size.
  std::uint64_t events = 0;
  for (const recorder::ReplayIndex::Entry& entry : index_->entries()) events += entry.events;
  inputs_.reserve(static_cast<std::size_t>(index_->lastTick()));
  events_.reserve(static_cast<std::size_t>(events));
  if (auto problem = index_->visitChunks(0, index_->entries().size(), [&](recorder::Chunk& chunk) {
        takeChunk(chunk);
        return true;
      })) {
    throw std::runtime_error(*problem);
  }
  finishOpening(report);
}

void Playback::takeChunk(const recorder::Chunk& chunk) {
  for (const recorder::InputRun& run : chunk.inputs) inputs_.insert(inputs_.end(), run.length, run.input);
  for (const recorder::RecordedEvent& e : chunk.events) events_.push_back({e.tick, e.event});
}

void Playback::finishOpening(const std::optional<recorder::VerifyReport>& report) {
  // Chunks are in tick order and so are their events; a stable sort keeps a tick's own order.
  std::stable_sort(events_.begin(), events_.end(), [](const EventRow& a, const EventRow& b) { return a.tick < b.tick; });
  last_ = inputs_.size();
  keyframeEvery_ = std::max(kKeyframeEvery, (last_ + kMaxKeyframes - 1) / kMaxKeyframes);
  if (report) {
    for (const std::uint64_t t : report->tunnelTicks) markers_.push_back({t, MarkerKind::kTunnel});
    tunnelTicks_ = report->tunnelTicks;
    std::sort(tunnelTicks_.begin(), tunnelTicks_.end());
    if (report->divergence) {
      divergence_ = report->divergence->tick;
      markers_.push_back({*divergence_, MarkerKind::kDivergence});
      divergenceLines_.push_back(report->divergence->reason);
      for (const std::string& line : report->divergence->eventDiff) divergenceLines_.push_back(line);
      if (!report->divergence->fieldDiff.empty()) divergenceLines_.push_back("fields at tick " + std::to_string(report->divergence->fieldDiffTick) + ":");
      for (const std::string& line : report->divergence->fieldDiff) divergenceLines_.push_back("  " + line);
    }
  }
  auto session = game_->start(recorder::configOf(replay_.header), replay_.header.seed);
  keyframes_.push_back(session->clone());
  for (std::uint64_t t = 1; t <= last_; ++t) {
    (void)session->step(inputs_[t - 1]);
    if (t % keyframeEvery_ == 0) keyframes_.push_back(session->clone());
  }
  markers_.reserve(markers_.size() + events_.size());
  for (const EventRow& e : events_) markers_.push_back({e.tick, classify(*game_, e.event)});
  std::stable_sort(markers_.begin(), markers_.end(), [](const Marker& a, const Marker& b) { return a.tick < b.tick; });
  seek(0);
}

std::variant<std::vector<std::uint64_t>, std::string> Playback::findTicks(const recorder::Condition& condition, std::uint64_t first, bool all) const {
  return index_ ? recorder::findTicks(*index_, condition, first, all) : recorder::findTicks(replay_, condition, first, all);
}

std::vector<std::uint16_t> Playback::loadChecksums() const {
  if (!index_) return recorder::flattenChecksums(replay_);
  std::vector<std::uint16_t> checksums;
  checksums.reserve(inputs_.size());
  // A file changed since it was opened gives what it still holds: the comparison stops there.
  (void)index_->visitChunks(0, index_->entries().size(), [&](recorder::Chunk& chunk) {
    checksums.insert(checksums.end(), chunk.checksums.begin(), chunk.checksums.end());
    return true;
  });
  return checksums;
}

std::vector<sim::Event> Playback::eventsNow() const {
  const auto [first, last] = std::equal_range(events_.begin(), events_.end(), EventRow{tick_, {}},
                                              [](const EventRow& a, const EventRow& b) { return a.tick < b.tick; });
  std::vector<sim::Event> now;
  for (auto it = first; it != last; ++it) now.push_back(it->event);
  return now;
}

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

namespace {

std::optional<std::uint64_t> compareStates(const recorder::ReplayHeader& headerA, std::span<const sim::Input> inputsA, const recorder::ReplayHeader& headerB,
                                           std::span<const sim::Input> inputsB) {
  auto gameA = recorder::gameOf(headerA)->start(recorder::configOf(headerA), headerA.seed);
  auto gameB = recorder::gameOf(headerB)->start(recorder::configOf(headerB), headerB.seed);
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

std::optional<std::uint64_t> compareRecordings(std::span<const sim::Input> inputsA, std::span<const std::uint16_t> checksA, std::span<const sim::Input> inputsB,
                                               std::span<const std::uint16_t> checksB) {
  const std::size_t common = std::min({inputsA.size(), inputsB.size(), checksA.size(), checksB.size()});
  for (std::size_t t = 0; t < common; ++t) {
    if (inputsA[t] != inputsB[t] || checksA[t] != checksB[t]) return t + 1;
  }
  if (inputsA.size() != inputsB.size() || checksA.size() != checksB.size()) return common + 1;
  return std::nullopt;
}

}  // namespace

std::optional<std::uint64_t> findFirstStateDifference(const recorder::LoadedReplay& a, const recorder::LoadedReplay& b) {
  return compareStates(a.header, recorder::expandInputs(a), b.header, recorder::expandInputs(b));
}

std::optional<std::uint64_t> findFirstDifference(const recorder::LoadedReplay& a, const recorder::LoadedReplay& b) {
  return compareRecordings(recorder::expandInputs(a), recorder::flattenChecksums(a), recorder::expandInputs(b), recorder::flattenChecksums(b));
}

std::optional<std::uint64_t> findFirstStateDifference(const Playback& a, const Playback& b) {
  return compareStates(a.replay().header, a.inputs(), b.replay().header, b.inputs());
}

std::optional<std::uint64_t> findFirstDifference(const Playback& a, const Playback& b) {
  return compareRecordings(a.inputs(), a.loadChecksums(), b.inputs(), b.loadChecksums());
}

}  // namespace retrace::viewer
