#include "viewer/playback.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "recorder/parse.h"
#include "recorder/verifier.h"

namespace retrace::viewer {

Playback::Playback(recorder::LoadedReplay replay, bool verify)
    : replay_(std::make_shared<const recorder::LoadedReplay>(std::move(replay))),
      game_(recorder::gameOf(replay_->header)),
      last_(recorder::findLastTick(*replay_)),
      ticks_(replay_, *game_, startKeyframes(verify)) {
  std::optional<recorder::VerifyReport> report;
  if (verify) {
    // The replay engine's verdict: the same divergence and tunnels `retrace verify` reports.
    recorder::VerifyOptions options;
    options.allowTruncated = true;  // a recovered prefix is still worth looking at
    report = recorder::verifyReplay(*replay_, options);
  }
  finishOpening(report);
}

Playback::Playback(recorder::ReplayIndex index, bool verify) : Playback(std::move(index), verify, std::nullopt) {}

Playback::Playback(recorder::ReplayIndex index, bool verify, std::optional<recorder::VerifyReport> verified)
    : replay_(std::make_shared<const recorder::LoadedReplay>(index.summary())),
      game_(recorder::gameOf(replay_->header)),
      last_(index.lastTick()),
      ticks_(std::move(index), *game_, startKeyframes(verify)) {
  std::optional<recorder::VerifyReport> report = std::move(verified);
  if (verify && !report) {
    recorder::VerifyOptions options;
    options.allowTruncated = true;
    options.keepChunks = false;  // the verdict only: the file is read again a frame at a time
    auto read = recorder::verifyReplayFile(ticks_.index()->path(), options);
    if (auto* problem = std::get_if<std::string>(&read)) throw std::runtime_error(*problem);
    report = std::move(std::get<recorder::VerifiedReplay>(read).report);
  }
  finishOpening(report);
}

TickStore::ChunkVisitor Playback::startKeyframes(bool verify) {
  compareChecksums_ = !verify;
  keyframeEvery_ = std::max(kKeyframeEvery, (last_ + kMaxKeyframes - 1) / kMaxKeyframes);
  keyframes_.reserve(static_cast<std::size_t>(last_ / keyframeEvery_ + 1));
  building_ = game_->start(recorder::configOf(replay_->header), replay_->header.seed);
  keyframes_.push_back(building_->clone());
  return [this](const recorder::Chunk& chunk, std::span<const sim::Input> inputs) { takeChunk(chunk, inputs); };
}

void Playback::takeChunk(const recorder::Chunk& chunk, std::span<const sim::Input> inputs) {
  const std::uint32_t fullHashEvery = replay_->header.fullHashEvery;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    (void)building_->step(inputs[i]);
    ++built_;
    // Every tick is stepped here anyway; comparing its checksum too marks a replay this build
    // no longer reproduces even without --verify, instead of playing it as the recording.
    if (compareChecksums_ && !parted_ && !recorder::matchesTickChecksum(*building_, built_, fullHashEvery, chunk.checksums[i]))
      parted_ = built_;
    if (built_ % keyframeEvery_ == 0) keyframes_.push_back(building_->clone());
  }
}

void Playback::finishOpening(const std::optional<recorder::VerifyReport>& report) {
  building_.reset();
  if (report) {
    report_ = report;
    report_->tunnelTicks.clear();  // kept sorted in tunnelTicks_
    verdict_ = judgeReplay(*report_, nullptr);
    tunnelTicks_ = report->tunnelTicks;
    std::sort(tunnelTicks_.begin(), tunnelTicks_.end());
    if (report->divergence) {
      divergence_ = report->divergence->tick;
      divergenceLines_.push_back(report->divergence->reason);
      for (const std::string& line : report->divergence->eventDiff) divergenceLines_.push_back(line);
      if (!report->divergence->fieldDiff.empty())
        divergenceLines_.push_back("fields at tick " + std::to_string(report->divergence->fieldDiffTick) + ":");
      for (const std::string& line : report->divergence->fieldDiff) divergenceLines_.push_back("  " + line);
    }
  } else if (parted_) {
    divergence_ = parted_;
    divergenceLines_.push_back(
        "the state differs from its recorded checksum: this build no longer re-simulates the replay as recorded "
        "(open it with --verify for the events and fields that differ)");
  }
  seek(0);
}

void Playback::setExpectedVerdict(ExpectedVerdict verdict) {
  expected_ = std::move(verdict);
  if (report_) verdict_ = judgeReplay(*report_, &*expected_);
}

ReplayVerdict judgeReplay(const recorder::VerifyReport& report, const ExpectedVerdict* expected) {
  std::vector<std::string> reasons{std::string("not verified (retrace verify fails it):")};
  if (report.truncation) reasons.push_back(*report.truncation + (report.divergence ? "" : ", and the prefix is identical"));
  for (const std::string& problem : report.problems) reasons.push_back(problem);
  if (report.divergence)
    reasons.push_back("diverged at tick " + std::to_string(report.divergence->tick) + ": " + report.divergence->reason);
  const std::string tunnels = recorder::formatCount(report.tunnelCount, "tunnel");
  if (expected == nullptr && report.tunnelCount > 0) reasons.push_back("the oracle found " + tunnels);
  if (expected != nullptr && expected->word != "met")
    reasons.push_back(expected->word == "unreadable" ? "its .expect could not be judged (below)"
                                                     : "what its .expect expects is not shown (below)");
  if (reasons.size() > 1) return {false, std::move(reasons)};
  std::string line =
      "verified: " + std::to_string(report.ticksChecked) + " ticks identical (events, checksums, snapshots, final hash), ";
  line += report.tunnelCount == 0 ? std::string("no tunnel") : tunnels + ", judged by its .expect";
  return {true, {std::move(line)}};
}

std::variant<std::vector<std::uint64_t>, recorder::Unanswered> Playback::findTicks(const recorder::Condition& condition,
                                                                                   std::uint64_t first, bool all) const {
  return ticks_.index() ? recorder::findTicks(*ticks_.index(), condition, first, all)
                        : recorder::findTicks(*replay_, condition, first, all);
}

void Playback::findTunnelsNow() {
  tunnelsNow_.clear();
  // Every tick shown, with --verify or without: a tunnel is drawn wherever the person stands on
  // one, and the tick shown is the one tick the oracle needs to check.
  if (tick_ == 0) return;
  auto session = previous_->clone();
  session->setOracle(true);
  tunnelsNow_ = session->step(ticks_.inputAt(tick_)).tunnels;
}

std::unique_ptr<sim::GameSession> Playback::reach(std::uint64_t tick) const {
  tick = std::min(tick, last_);
  const std::uint64_t base = tick / keyframeEvery_;
  auto session = keyframes_[base]->clone();
  for (std::uint64_t t = base * keyframeEvery_ + 1; t <= tick; ++t) (void)session->step(ticks_.inputAt(t));
  return session;
}

void Playback::seek(std::uint64_t tick) {
  tick = std::min(tick, last_);
  if (current_ && tick == tick_ + 1) {
    // Stepping forward by one: the current game becomes the previous one.
    previous_ = current_->clone();
    (void)current_->step(ticks_.inputAt(tick));
    tick_ = tick;
    findTunnelsNow();
    return;
  }
  auto session = reach(tick == 0 ? 0 : tick - 1);  // rebuild the previous tick first
  previous_ = session->clone();
  if (tick > 0) (void)session->step(ticks_.inputAt(tick));
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

std::optional<std::uint64_t> findFirstStateDifference(const Playback& a, const Playback& b) {
  const recorder::ReplayHeader& headerA = a.replay().header;
  const recorder::ReplayHeader& headerB = b.replay().header;
  auto gameA = recorder::gameOf(headerA)->start(recorder::configOf(headerA), headerA.seed);
  auto gameB = recorder::gameOf(headerB)->start(recorder::configOf(headerB), headerB.seed);
  const std::uint64_t common = std::min(a.lastTick(), b.lastTick());
  for (std::uint64_t t = 0;; ++t) {
    if (gameA->saveState() != gameB->saveState()) return t;
    if (t == common) break;
    (void)gameA->step(a.ticks().inputAt(t + 1));
    (void)gameB->step(b.ticks().inputAt(t + 1));
  }
  if (a.lastTick() != b.lastTick()) return common + 1;
  return std::nullopt;
}

std::optional<std::uint64_t> findFirstDifference(const Playback& a, const Playback& b) {
  const std::uint64_t common = std::min(a.lastTick(), b.lastTick());
  for (std::uint64_t t = 1; t <= common; ++t) {
    if (a.ticks().inputAt(t) != b.ticks().inputAt(t) || a.ticks().checksumAt(t) != b.ticks().checksumAt(t)) return t;
  }
  if (a.lastTick() != b.lastTick()) return common + 1;
  return std::nullopt;
}

}  // namespace retrace::viewer
