#include "recorder/verifier.h"

#include "recorder/byte_sink.h"
#include "recorder/parse.h"
#include "recorder/program_name.h"
#include "recorder/tick_cursor.h"

#include <algorithm>
#include <array>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <thread>
#include <tuple>
#include <utility>

namespace retrace::recorder {
namespace {

/// The recorded events of every tick handed over so far, in tick order, looked up without
/// allocating.
class RecordedEvents {
 public:
  /// Adds a chunk's events (chunks come in tick order).
  void append(const Chunk& chunk) {
    for (const RecordedEvent& e : chunk.events) {
      ticks_.push_back(e.tick);
      events_.push_back(e.event);
    }
  }
  /// Drops the ticks before `tick`: no event diff can show them any more, and keeping every
  /// event of a long replay would grow without bound.
  void forgetBefore(std::uint64_t tick) {
    const auto kept = std::lower_bound(ticks_.begin(), ticks_.end(), tick);
    const auto dropped = static_cast<std::size_t>(kept - ticks_.begin());
    if (dropped == 0) return;
    ticks_.erase(ticks_.begin(), kept);
    events_.erase(events_.begin(), events_.begin() + static_cast<std::ptrdiff_t>(dropped));
    cursor_ = cursor_ > dropped ? cursor_ - dropped : 0;
  }
  /// The events recorded on a tick.
  [[nodiscard]] std::span<const sim::Event> at(std::uint64_t tick) const {
    const auto first = std::lower_bound(ticks_.begin(), ticks_.end(), tick);
    const auto last = std::upper_bound(first, ticks_.end(), tick);
    return {events_.data() + (first - ticks_.begin()), static_cast<std::size_t>(last - first)};
  }
  /// True when the tick's recorded events are exactly these. Ticks are asked in increasing
  /// order, so a cursor finds them without searching.
  [[nodiscard]] bool match(std::uint64_t tick, const std::vector<sim::Event>& events) {
    while (cursor_ < ticks_.size() && ticks_[cursor_] < tick) ++cursor_;
    std::size_t end = cursor_;
    while (end < ticks_.size() && ticks_[end] == tick) ++end;
    return std::equal(events_.begin() + static_cast<std::ptrdiff_t>(cursor_), events_.begin() + static_cast<std::ptrdiff_t>(end),
                      events.begin(), events.end());
  }

 private:
  std::size_t cursor_ = 0;
  std::vector<std::uint64_t> ticks_;
  std::vector<sim::Event> events_;
};

/// Events of the last few ticks, kept while nothing has diverged, so that the event diff can
/// show the ticks before a divergence. A ring of reused vectors: the clean path (every tick
/// of a passing replay) allocates nothing.
class RecentEvents {
 public:
  explicit RecentEvents(std::uint64_t contextTicks) : slots_(static_cast<std::size_t>(contextTicks) + 1) {}
  /// Keeps a tick's events (taking them; the caller's vector gets an old buffer back).
  void keep(std::uint64_t tick, std::vector<sim::Event>& events) {
    Slot& slot = slots_[next_];
    slot.tick = tick;
    slot.events.swap(events);
    if (++next_ == slots_.size()) next_ = 0;
  }
  /// Moves every kept tick that has events into a map.
  void moveInto(std::map<std::uint64_t, std::vector<sim::Event>>& window) {
    for (Slot& slot : slots_) {
      if (slot.tick != 0 && !slot.events.empty()) window[slot.tick] = std::move(slot.events);
    }
  }

 private:
  struct Slot {
    std::uint64_t tick = 0;
    std::vector<sim::Event> events;
  };
  std::vector<Slot> slots_;
  std::size_t next_ = 0;
};

/// The truncation line, for a replay whose chunks held `got` ticks.
std::string describeTruncation(const LoadedReplay& replay, std::uint64_t got) {
  const std::uint64_t planned = replay.header.plannedTicks;
  std::string text = "truncated: " + std::to_string(got);
  text += planned > 0 ? " of " + std::to_string(planned) + " ticks recovered" : " ticks recovered";
  return text + " (" + replay.truncation + ")";
}

/// Builds the -/+ event lines for ticks first..last, all of which were re-simulated.
std::vector<std::string> diffEventWindow(const sim::GameDefinition& game, const RecordedEvents& recorded,
                                         const std::map<std::uint64_t, std::vector<sim::Event>>& simulated, std::uint64_t first,
                                         std::uint64_t last) {
  std::vector<std::string> lines;
  for (std::uint64_t t = first; t <= last; ++t) {
    const auto found = simulated.find(t);  // a tick it does not hold had no events
    const std::vector<sim::Event> got = found == simulated.end() ? std::vector<sim::Event>{} : found->second;
    const auto recordedEvents = recorded.at(t);
    const std::vector<sim::Event> expected(recordedEvents.begin(), recordedEvents.end());
    const std::string tick = "tick " + std::to_string(t) + ": ";
    if (expected == got) {
      if (!expected.empty()) lines.push_back("  " + tick + describeEvents(game, expected));
      continue;
    }
    lines.push_back("- " + tick + describeEvents(game, expected));
    lines.push_back("+ " + tick + describeEvents(game, got));
  }
  return lines;
}

}  // namespace

std::string describeEvents(const sim::GameDefinition& game, const std::vector<sim::Event>& events) {
  if (events.empty()) return "no events";
  std::string text;
  for (const sim::Event& e : events) text += (text.empty() ? "" : ", ") + sim::formatEvent(game, e);
  return text;
}

namespace {

/// Verifies a replay chunk by chunk, in tick order: the same loop serves a replay in memory
/// and one still being decoded on another thread.
class ChunkVerifier {
 public:
  ChunkVerifier(const ReplayHeader& header, const VerifyOptions& options)
      : header_(header),
        options_(options),
        game_(*gameOf(header)),
        cadence_(header.fullHashEvery),
        recent_(options.contextTicks) {
    if (auto mismatch = findRulesMismatch(header)) {
      rulesProblem_ = std::move(*mismatch);
      return;
    }
    session_ = game_.start(configOf(header), header.seed);
    session_->setOracle(options.oracle);
  }

  /// True while more chunks can change the report (not after the rules differ, or once a
  /// divergence has its context and field diff).
  [[nodiscard]] bool wantsMore() const noexcept { return session_ != nullptr && !done_; }

  /// Verifies a chunk's ticks; `finalState` is the footer's state when this is the last chunk.
  void verify(const Chunk& chunk, const StateSnapshot* finalState) {
    if (!wantsMore()) return;
    // The event diff shows at most contextTicks before the first divergent tick, which is no
    // earlier than the next tick while nothing has diverged.
    const std::uint64_t firstShown = report_.divergence ? report_.divergence->tick : tick_ + 1;
    recorded_.forgetBefore(firstShown > options_.contextTicks ? firstShown - options_.contextTicks : 0);
    recorded_.append(chunk);
    // Only a chunk's last tick has states to compare: the chunk's snapshot and the footer's
    // (the last chunk may carry both, and a forged file may have changed either).
    const Snapshots last{chunk.hasSnapshot ? &chunk.snapshot : nullptr, finalState};
    std::size_t run = 0;
    std::uint32_t leftInRun = chunk.inputs.front().length;  // the loader checked the runs cover the chunk
    for (std::size_t i = 0; i < chunk.checksums.size() && !done_; ++i) {
      while (leftInRun == 0) leftInRun = chunk.inputs[++run].length;
      --leftInRun;
      verifyTick(chunk.inputs[run].input, chunk.checksums[i], i + 1 == chunk.checksums.size() ? last : Snapshots{});
    }
  }

  /// The report, once every chunk was handed over: `replay` says how the file ended (its
  /// chunks, which it may no longer hold, had `ticksRead` ticks).
  [[nodiscard]] VerifyReport finish(const LoadedReplay& replay, std::uint64_t ticksRead) {
    if (replay.truncated) {
      report_.truncation = describeTruncation(replay, ticksRead);
      if (!options_.allowTruncated)
        report_.problems.push_back(
            "a replay cut short is a recovered prefix, never a pass (--allow-truncated accepts the prefix)");
    }
    if (!rulesProblem_.empty()) {
      report_.problems.push_back(rulesProblem_);
      return std::move(report_);
    }
    if (tick_ == 0) {
      report_.problems.push_back("holds no ticks: nothing was verified");
      return std::move(report_);
    }
    if (report_.divergence) {
      Divergence& d = *report_.divergence;
      const std::uint64_t first = d.tick > options_.contextTicks ? d.tick - options_.contextTicks : 1;
      d.eventDiff =
          diffEventWindow(game_, recorded_, window_, first, std::min(d.tick + options_.contextTicks, report_.ticksChecked));
    } else if (replay.footer && replay.footer->finalHash != session_->hash()) {
      report_.divergence = Divergence{report_.ticksChecked, "the final state hash differs from the footer's", {}, 0, {}};
    }
    return std::move(report_);
  }

 private:
  /// What a tick's comparison found first (a sentence is built only for a divergence).
  enum class Mismatch : std::uint8_t { kNone, kEvents, kDigest, kWholeState, kSnapshot, kSnapshotValues };

  [[nodiscard]] std::string describeMismatch(Mismatch mismatch, std::uint64_t tick) const {
    if (mismatch == Mismatch::kEvents) return "the events differ";
    if (mismatch == Mismatch::kDigest)
      return "the tick digest (fields outside lists, list lengths and first elements) differs while the events agree";
    if (mismatch == Mismatch::kSnapshot) return "the state hash differs from the snapshot";
    if (mismatch == Mismatch::kSnapshotValues) return "the state stored in the snapshot differs from the re-simulated state";
    if (header_.fullHashEvery == 1) return "the state checksum differs while the events agree";
    return "the whole-state checksum differs while the events and digests agree: later list elements parted after tick " +
           std::to_string(tick > header_.fullHashEvery ? tick - header_.fullHashEvery : 0);
  }

  /// The recorded states of a tick: its chunk's snapshot and the footer's, either missing.
  using Snapshots = std::array<const StateSnapshot*, 2>;

  /// The first recorded state of a tick that the re-simulated one does not match, or nothing.
  [[nodiscard]] std::optional<std::pair<Mismatch, const StateSnapshot*>> compareSnapshots(const Snapshots& snapshots,
                                                                                          std::uint64_t hash) const {
    for (const StateSnapshot* snapshot : snapshots) {
      if (snapshot == nullptr) continue;
      if (snapshot->hash != hash) return std::pair{Mismatch::kSnapshot, snapshot};
      // The hash alone would pass a forged file that kept it while changing the values that
      // field diffs, the viewer and approve read.
      if (snapshot->values != session_->saveState()) return std::pair{Mismatch::kSnapshotValues, snapshot};
    }
    return std::nullopt;
  }

  void verifyTick(sim::Input input, std::uint16_t checksum, const Snapshots& snapshots) {
    const std::uint64_t tick = ++tick_;
    sim::StepResult result = session_->step(input);
    report_.ticksChecked = tick;
    report_.tunnelCount += result.tunnels.size();
    if (!result.tunnels.empty()) report_.tunnelTicks.push_back(tick);
    for (auto& tunnel : result.tunnels) {
      if (report_.tunnels.size() < options_.maxTunnelsShown) report_.tunnels.push_back(std::move(tunnel.sentence));
    }
    const bool hasSnapshot = snapshots[0] != nullptr || snapshots[1] != nullptr;
    // The snapshot a field diff compares with: the first that differs, else the first there is.
    const StateSnapshot* shown = snapshots[0] != nullptr ? snapshots[0] : snapshots[1];
    Divergence* divergence = report_.divergence ? &*report_.divergence : nullptr;
    if (divergence == nullptr) {
      // The whole state is hashed only where the recording did (and at snapshots): hashing it
      // every tick would cost verify what the digest saved the recorder.
      const bool whole = cadence_.nextCoversWholeState();
      const std::uint64_t hash = whole || hasSnapshot ? session_->hash() : 0;
      Mismatch mismatch = Mismatch::kNone;
      if (!recorded_.match(tick, result.events)) {
        mismatch = Mismatch::kEvents;
      } else if (!whole && toTickChecksum(session_->digest()) != checksum) {
        mismatch = Mismatch::kDigest;
      } else if (whole && toTickChecksum(hash) != checksum) {
        mismatch = Mismatch::kWholeState;
      } else if (hasSnapshot) {
        if (const auto differing = compareSnapshots(snapshots, hash)) std::tie(mismatch, shown) = *differing;
      }
      if (mismatch == Mismatch::kNone) {
        recent_.keep(tick, result.events);
        return;
      }
      const std::string reason = describeMismatch(mismatch, tick);
      report_.divergence = Divergence{tick, reason, {}, 0, {}};
      divergence = &*report_.divergence;
      recent_.moveInto(window_);
      window_[tick] = std::move(result.events);
    } else if (tick <= divergence->tick + options_.contextTicks) {
      window_.emplace(tick, std::move(result.events));
    }
    if (divergence->fieldDiffTick == 0 && shown != nullptr) {
      auto expected = session_->clone();
      divergence->fieldDiffTick = tick;
      if (expected->loadState(shown->values)) {
        divergence->fieldDiff = diffFields(expected->describeState(), session_->describeState(), options_.maxFieldDiffs);
      } else {
        divergence->fieldDiff.push_back("the snapshot does not fit this build's " + header_.game + " state");
      }
    }
    if (divergence->fieldDiffTick != 0 && tick >= divergence->tick + options_.contextTicks) done_ = true;
  }

  const ReplayHeader header_;  // a copy, so it never depends on who owns the replay
  const VerifyOptions& options_;
  const sim::GameDefinition& game_;
  std::string rulesProblem_;
  std::unique_ptr<sim::GameSession> session_;
  ChecksumCadence cadence_;
  RecordedEvents recorded_;
  RecentEvents recent_;
  std::map<std::uint64_t, std::vector<sim::Event>> window_;  // re-simulated events near the divergence
  VerifyReport report_;
  std::uint64_t tick_ = 0;
  bool done_ = false;
};

/// Decoded chunks handed from the reading thread to the verifying one, at most kCapacity
/// waiting: decoding outruns simulation, and a replay verified without keeping its chunks
/// must not pile them up here instead (BENCHMARKS.md, "Memory on long replays").
class ChunkQueue {
 public:
  static constexpr std::size_t kCapacity = 32;

  /// Waits while the queue is full.
  void push(Chunk chunk) {
    {
      std::unique_lock lock(mutex_);
      room_.wait(lock, [this] { return chunks_.size() < kCapacity; });
      chunks_.push_back(std::move(chunk));
    }
    ready_.notify_one();
  }
  /// No more chunks will come.
  void close() {
    {
      const std::lock_guard lock(mutex_);
      closed_ = true;
    }
    ready_.notify_one();
  }
  /// The next chunk, or nothing once the queue is closed and empty.
  std::optional<Chunk> pop() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [this] { return !chunks_.empty() || closed_; });
    if (chunks_.empty()) return std::nullopt;
    Chunk chunk = std::move(chunks_.front());
    chunks_.pop_front();
    // The decoder is woken once the queue is half empty, not at every chunk: it then decodes
    // in bursts instead of sleeping and waking once per chunk.
    const bool wake = chunks_.size() == kCapacity / 2;
    lock.unlock();
    if (wake) room_.notify_one();
    return chunk;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::condition_variable room_;
  std::deque<Chunk> chunks_;
  bool closed_ = false;
};

}  // namespace

VerifyReport verifyReplay(const LoadedReplay& replay, const VerifyOptions& options) {
  ChunkVerifier verifier(replay.header, options);
  for (std::size_t c = 0; c < replay.chunks.size() && verifier.wantsMore(); ++c) {
    const bool last = c + 1 == replay.chunks.size();
    verifier.verify(replay.chunks[c], last && replay.footer ? &replay.footer->finalState : nullptr);
  }
  return verifier.finish(replay, countTicks(replay));
}

namespace {

/// verifyReplayBytes over any source of frames.
std::variant<VerifiedReplay, std::string> verifyFrames(FrameSource source, const VerifyOptions& options) {
  auto opened = ReplayReader::open(std::move(source));
  if (auto* problem = std::get_if<std::string>(&opened)) return *problem;
  ReplayReader& reader = std::get<ReplayReader>(opened);
  ChunkVerifier verifier(reader.replay().header, options);
  ChunkQueue queue;
  ReplayReader::Found end = ReplayReader::Found::kEnd;
  // Decoding (checksums, zstd, Cereal) runs on its own thread, a few chunks ahead of the
  // simulation.
  std::thread decoder([&reader, &queue, &end] {
    while (true) {
      Chunk chunk;
      const ReplayReader::Found found = reader.next(chunk);
      if (found != ReplayReader::Found::kChunk) {
        end = found;
        break;
      }
      queue.push(std::move(chunk));
    }
    queue.close();
  });
  std::vector<Chunk> chunks;
  std::uint64_t ticksRead = 0;
  // Verified, and then kept or let go.
  const auto done = [&](Chunk& chunk, const StateSnapshot* finalState) {
    verifier.verify(chunk, finalState);
    ticksRead += chunk.checksums.size();
    if (options.onChunk) options.onChunk(chunk);
    if (options.keepChunks) chunks.push_back(std::move(chunk));
  };
  // A chunk is verified once the next one (or the end) is known: the last one's final tick is
  // checked against the footer's state.
  std::optional<Chunk> held;
  while (std::optional<Chunk> next = queue.pop()) {
    if (held) done(*held, nullptr);
    held = std::move(next);
  }
  decoder.join();
  if (end == ReplayReader::Found::kProblem) return reader.problem();
  if (held) {
    const auto& footer = reader.replay().footer;
    done(*held, footer ? &footer->finalState : nullptr);
  }
  VerifiedReplay verified{reader.takeReplay(), {}};
  verified.replay.chunks = std::move(chunks);
  verified.report = verifier.finish(verified.replay, ticksRead);
  return verified;
}

}  // namespace

std::variant<VerifiedReplay, std::string> verifyReplayBytes(std::span<const std::byte> file, const VerifyOptions& options) {
  return verifyFrames(FrameSource(file), options);
}

std::variant<VerifiedReplay, std::string> verifyReplayFile(const std::string& path, const VerifyOptions& options) {
  // Read a frame at a time: without keepChunks, memory holds a few chunks, not the file.
  auto source = FrameSource::openFile(path, kMaxFileBytes);
  if (auto* problem = std::get_if<std::string>(&source)) return path + " " + *problem;
  auto verified = verifyFrames(std::move(std::get<FrameSource>(source)), options);
  if (auto* problem = std::get_if<std::string>(&verified)) return path + " " + *problem;
  return verified;
}

std::optional<std::string> sayWhereThisBuildParts(const std::string& path, std::uint64_t through) {
  // Tunnels and a cut-short file are the replay's own; only a re-simulation that parts matters.
  auto verified = verifyReplayFile(path, {.oracle = false, .keepChunks = false, .allowTruncated = true});
  const auto* done = std::get_if<VerifiedReplay>(&verified);
  if (done == nullptr || !done->report.divergence || done->report.divergence->tick > through) return std::nullopt;
  const Divergence& d = *done->report.divergence;
  return "this build plays " + path + " otherwise from tick " + std::to_string(d.tick) + ": " + d.reason + " (" + programName() +
         " verify " + path + " shows how)";
}

bool passesVerification(const VerifyReport& report, const ExpectedOutcome* expected) noexcept {
  if (expected == nullptr) return report.passed();
  return !report.divergence && report.problems.empty() && expected->unmet.empty();
}

std::string formatReport(const std::string& name, const LoadedReplay& replay, const VerifyReport& report,
                         const ExpectedOutcome* expected) {
  const ReplayHeader& h = replay.header;
  std::string text = name + ": " + h.game + " (" + h.configName + ", seed " + std::to_string(h.seed) + "), ";
  if (passesVerification(report, expected)) {
    text += "OK: " + std::to_string(report.ticksChecked) + " ticks identical (events, checksums, ";
    text += replay.footer ? "final hash)" : "no footer)";
    if (expected != nullptr) text += ", as " + expected->file + " expects";
  } else {
    text += "FAILED";
  }
  if (report.truncation) text += "\n  " + *report.truncation + (report.divergence ? "" : ", and the prefix is identical");
  for (const std::string& problem : report.problems) text += "\n  " + problem;
  if (report.divergence) {
    const Divergence& d = *report.divergence;
    text += "\n  diverged at tick " + std::to_string(d.tick) + ": " + d.reason;
    if (!d.eventDiff.empty()) {
      text += "\n  events (- recorded, + re-simulated):";
      for (const std::string& line : d.eventDiff) text += "\n    " + line;
    }
    if (d.fieldDiffTick != 0) {
      text += "\n  state at tick " + std::to_string(d.fieldDiffTick) + " (expected = recorded snapshot, got = re-simulated):";
      for (const std::string& line : d.fieldDiff) text += "\n    " + line;
    }
  }
  if (report.tunnelCount > 0) {
    text += "\n  oracle: " + formatCount(report.tunnelCount, "tunnel");
    for (const std::string& t : report.tunnels) text += "\n    " + t;
    if (report.tunnelCount > report.tunnels.size()) {
      text += "\n    and " + std::to_string(report.tunnelCount - report.tunnels.size()) + " more (" + programName() +
              " events --tunnels lists every one)";
    }
  }
  if (expected != nullptr) {
    for (const std::string& line : expected->unmet) text += "\n  outcome: " + line;
  }
  return text;
}

namespace {

std::unique_ptr<sim::GameSession> resimulateWith(const ReplayHeader& header, TickCursor& cursor, std::uint64_t tick) {
  if (!simulatesRulesOf(header)) return nullptr;
  auto session = gameOf(header)->start(configOf(header), header.seed);
  for (; cursor.valid() && cursor.tick() <= tick; cursor.advance()) (void)session->step(cursor.input());
  return session;
}

}  // namespace

std::unique_ptr<sim::GameSession> resimulateTo(const LoadedReplay& replay, std::uint64_t tick) {
  TickCursor cursor(replay);
  return resimulateWith(replay.header, cursor, tick);
}

std::unique_ptr<sim::GameSession> resimulateTo(const ReplayIndex& index, std::uint64_t tick) {
  TickCursor cursor(index);
  return resimulateWith(index.summary().header, cursor, tick);
}

}  // namespace retrace::recorder
