#include "recorder/verifier.h"

#include <algorithm>
#include <deque>
#include <map>
#include <span>

namespace retrace::recorder {
namespace {

/// The recorded events of every tick, in tick order, looked up without allocating.
class RecordedEvents {
 public:
  explicit RecordedEvents(const LoadedReplay& replay) {
    for (const Chunk& c : replay.chunks) {
      for (const RecordedEvent& e : c.events) {
        ticks_.push_back(e.tick);
        events_.push_back(e.event);
      }
    }
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

std::string describeTruncation(const LoadedReplay& replay) {
  const std::uint64_t got = countTicks(replay);
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

std::vector<std::string> diffFields(const std::vector<sim::Field>& expected, const std::vector<sim::Field>& got, std::size_t maxLines) {
  std::map<std::string, const sim::Field*> gotByName;
  for (const sim::Field& f : got) gotByName[f.name] = &f;
  std::vector<std::string> lines;
  std::size_t differing = 0;
  for (const sim::Field& want : expected) {
    const auto found = gotByName.find(want.name);
    std::string line;
    if (found == gotByName.end()) {
      line = want.name + ": expected " + sim::formatFieldValue(want.value, want.kind) + ", missing";
    } else {
      if (found->second->value != want.value) {
        line = want.name + ": expected " + sim::formatFieldValue(want.value, want.kind) + ", got " +
               sim::formatFieldValue(found->second->value, found->second->kind);
      }
      gotByName.erase(found);
    }
    if (line.empty()) continue;
    if (++differing <= maxLines) lines.push_back(line);
  }
  for (const auto& [name, field] : gotByName) {
    if (++differing <= maxLines) lines.push_back(name + ": not expected, got " + sim::formatFieldValue(field->value, field->kind));
  }
  if (differing > maxLines) lines.push_back("... and " + std::to_string(differing - maxLines) + " more fields");
  return lines;
}

VerifyReport verifyReplay(const LoadedReplay& replay, const VerifyOptions& options) {
  VerifyReport report;
  if (replay.truncated) report.truncation = describeTruncation(replay);
  const sim::GameDefinition& game = *gameOf(replay.header);
  if (replay.header.rulesVersion != game.rulesVersion()) {
    report.problems.push_back("recorded with " + replay.header.game + " rules version " + std::to_string(replay.header.rulesVersion) +
                              "; this build simulates version " + std::to_string(game.rulesVersion()) + " (re-approve it)");
    return report;
  }
  if (countTicks(replay) == 0) {
    report.problems.push_back("holds no ticks: nothing was verified");
    return report;
  }
  RecordedEvents recorded(replay);
  const std::uint32_t fullHashEvery = replay.header.fullHashEvery;
  ChecksumCadence cadence(fullHashEvery);
  auto session = game.start(configOf(replay.header), replay.header.seed);
  session->setOracle(options.oracle);
  RecentEvents recent(options.contextTicks);
  std::map<std::uint64_t, std::vector<sim::Event>> window;  // re-simulated events near the divergence
  std::uint64_t tick = 0;
  // Walks the chunks as they were loaded (inputs run by run): no per-tick copy of the replay.
  for (std::size_t c = 0; c < replay.chunks.size(); ++c) {
    const Chunk& chunk = replay.chunks[c];
    const bool lastChunk = c + 1 == replay.chunks.size();
    std::size_t run = 0;
    std::uint32_t leftInRun = chunk.inputs.front().length;  // the loader checked the runs cover the chunk
    for (std::size_t i = 0; i < chunk.checksums.size(); ++i) {
      while (leftInRun == 0) leftInRun = chunk.inputs[++run].length;
      --leftInRun;
      ++tick;
      const bool lastOfChunk = i + 1 == chunk.checksums.size();
      const StateSnapshot* snapshot = !lastOfChunk                      ? nullptr
                                      : lastChunk && replay.footer      ? &replay.footer->finalState
                                      : chunk.hasSnapshot               ? &chunk.snapshot
                                                                        : nullptr;
      sim::StepResult result = session->step(chunk.inputs[run].input);
      report.ticksChecked = tick;
      report.tunnelCount += result.tunnels.size();
      for (auto& tunnel : result.tunnels) {
        if (report.tunnels.size() < options.maxTunnelsShown) report.tunnels.push_back(std::move(tunnel));
      }
      Divergence* divergence = report.divergence ? &*report.divergence : nullptr;
      if (divergence == nullptr) {
        // The whole state is hashed only where the recording did (and at snapshots): hashing it
        // every tick would cost verify what the digest saved the recorder.
        const bool whole = cadence.nextCoversWholeState();
        const std::uint64_t hash = whole || snapshot != nullptr ? session->hash() : 0;
        std::string reason;
        if (!recorded.match(tick, result.events)) {
          reason = "the events differ";
        } else if (!whole && toTickChecksum(session->digest()) != chunk.checksums[i]) {
          reason = "the tick digest (fields outside lists, list lengths and first elements) differs while the events agree";
        } else if (whole && toTickChecksum(hash) != chunk.checksums[i]) {
          reason = fullHashEvery == 1 ? "the state checksum differs while the events agree"
                                      : "the whole-state checksum differs while the events and digests agree: later list elements parted after tick " +
                                            std::to_string(tick > fullHashEvery ? tick - fullHashEvery : 0);
        } else if (snapshot != nullptr && snapshot->hash != hash) {
          reason = "the state hash differs from the snapshot";
        }
        if (reason.empty()) {
          recent.keep(tick, result.events);
          continue;
        }
        report.divergence = Divergence{tick, reason, {}, 0, {}};
        divergence = &*report.divergence;
        recent.moveInto(window);
        window[tick] = std::move(result.events);
      } else if (tick <= divergence->tick + options.contextTicks) {
        window.emplace(tick, std::move(result.events));
      }
      if (divergence->fieldDiffTick == 0 && snapshot != nullptr) {
        auto expected = session->clone();
        divergence->fieldDiffTick = tick;
        if (expected->loadState(snapshot->values)) {
          divergence->fieldDiff = diffFields(expected->describeState(), session->describeState(), options.maxFieldDiffs);
        } else {
          divergence->fieldDiff.push_back("the snapshot does not fit this build's " + replay.header.game + " state");
        }
      }
      if (divergence->fieldDiffTick != 0 && tick >= divergence->tick + options.contextTicks) break;
    }
    if (report.divergence && report.divergence->fieldDiffTick != 0 && tick >= report.divergence->tick + options.contextTicks) break;
  }
  if (report.divergence) {
    Divergence& d = *report.divergence;
    const std::uint64_t first = d.tick > options.contextTicks ? d.tick - options.contextTicks : 1;
    d.eventDiff = diffEventWindow(game, recorded, window, first, std::min(d.tick + options.contextTicks, report.ticksChecked));
  } else if (replay.footer && replay.footer->finalHash != session->hash()) {
    report.divergence = Divergence{report.ticksChecked, "the final state hash differs from the footer's", {}, 0, {}};
  }
  return report;
}

std::string formatReport(const std::string& name, const LoadedReplay& replay, const VerifyReport& report) {
  const ReplayHeader& h = replay.header;
  std::string text = name + ": " + h.game + " (" + h.configName + ", seed " + std::to_string(h.seed) + "), ";
  if (report.passed()) {
    text += "OK: " + std::to_string(report.ticksChecked) + " ticks identical (events, checksums, ";
    text += replay.footer ? "final hash)" : "no footer)";
  } else {
    text += "FAILED";
  }
  if (report.truncation) text += "\n  " + *report.truncation;
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
    text += "\n  oracle: " + std::to_string(report.tunnelCount) + " tunnel" + (report.tunnelCount == 1 ? "" : "s");
    for (const std::string& t : report.tunnels) text += "\n    " + t;
  }
  return text;
}

}  // namespace retrace::recorder
