#include "recorder/replay_index.h"

#include <algorithm>

#include "sim/state_hash.h"

namespace retrace::recorder {
namespace {

/// A digest of what a chunk recorded: a file written over with another recording of the same
/// layout (its frames checked and well-formed) still differs here, in its checksums at least.
std::uint64_t digestChunk(const Chunk& chunk) {
  sim::StateHasher hasher;
  hasher.mix(chunk.firstTick).mix(std::uint64_t{chunk.inputs.size()});
  for (const InputRun& run : chunk.inputs) hasher.mix(std::uint64_t{run.input}).mix(run.length);
  for (const std::uint16_t checksum : chunk.checksums) hasher.mix(std::uint64_t{checksum});
  hasher.mix(std::uint64_t{chunk.events.size()});
  for (const RecordedEvent& e : chunk.events) {
    hasher.mix(e.tick).mix(std::uint64_t{e.event.kind});
    for (const std::int32_t arg : e.event.args) hasher.mix(arg);
  }
  return hasher.value();
}

}  // namespace

std::variant<ReplayIndex, std::string> ReplayIndex::open(const std::string& path) {
  auto source = FrameSource::openFile(path, kMaxFileBytes);
  if (auto* problem = std::get_if<std::string>(&source)) return path + " " + *problem;
  auto opened = ReplayReader::open(std::get<FrameSource>(source));
  if (auto* problem = std::get_if<std::string>(&opened)) return path + " " + *problem;
  ReplayIndex index(path, std::move(std::get<ReplayReader>(opened)));
  ReplayReader& reader = index.reader_;
  while (true) {
    const std::size_t offset = reader.offset();
    Chunk chunk;
    switch (reader.next(chunk)) {
      case ReplayReader::Found::kChunk:
        index.entries_.push_back({offset, chunk.firstTick, chunk.checksums.size(), chunk.events.size(),
                                  chunk.hasSnapshot ? std::optional(chunk.snapshot.tick) : std::nullopt, digestChunk(chunk)});
        index.lastTick_ = chunk.firstTick + chunk.checksums.size() - 1;
        break;
      case ReplayReader::Found::kProblem: return path + " " + reader.problem();
      case ReplayReader::Found::kEnd: index.summary_ = reader.replay(); return index;
    }
  }
}

std::size_t ReplayIndex::findChunk(std::uint64_t tick) const noexcept {
  // The last chunk starting at or before the tick.
  const auto after =
      std::upper_bound(entries_.begin(), entries_.end(), tick, [](std::uint64_t t, const Entry& e) { return t < e.firstTick; });
  return after == entries_.begin() ? 0 : static_cast<std::size_t>(after - entries_.begin() - 1);
}

std::optional<std::string> ReplayIndex::visitChunks(std::size_t first, std::size_t last,
                                                    const std::function<bool(Chunk&)>& visit) const {
  if (entries_.empty()) return std::nullopt;
  last = std::min(last, entries_.size() - 1);
  ReplayReader reader = reader_;  // a copy: reading does not change the index
  for (std::size_t i = first; i <= last; ++i) {
    reader.seek(entries_[i].offset, entries_[i].firstTick - 1);
    Chunk chunk;
    if (reader.next(chunk) != ReplayReader::Found::kChunk || chunk.firstTick != entries_[i].firstTick) {
      const std::string why = reader.problem().empty() ? "its chunks moved" : reader.problem();
      return path_ + " changed since it was opened: " + why;
    }
    if (digestChunk(chunk) != entries_[i].digest) {
      return path_ + " changed since it was opened: the chunk starting at tick " + std::to_string(chunk.firstTick) +
             " records other ticks";
    }
    if (!visit(chunk)) break;
  }
  return std::nullopt;
}

namespace {

/// Whether a stored state loads into the replay's game (false for a game this build lacks).
bool fitsState(const ReplayHeader& header, const std::vector<std::int64_t>& values) {
  const sim::GameDefinition* game = gameOf(header);
  return game != nullptr && game->start(configOf(header), header.seed)->loadState(values);
}

}  // namespace

std::variant<LoadedReplay, std::string> ReplayIndex::loadTicks(std::uint64_t from, std::uint64_t to, bool fromStart) const {
  if (entries_.empty()) return summary_;
  // The latest chunk whose snapshot is at or before `from` (a snapshot is its chunk's last tick).
  std::size_t below = fromStart ? 0 : std::min(findChunk(from), entries_.size() - 1) + 1;
  const auto startBelow = [&]() -> std::size_t {
    while (below-- > 0) {
      if (entries_[below].snapshotTick && *entries_[below].snapshotTick <= from) return below;
    }
    below = 0;
    return 0;
  };
  const std::size_t last = findChunk(std::max(from, to));
  for (std::size_t first = startBelow();; first = startBelow()) {
    LoadedReplay window = summary_;
    if (auto problem = visitChunks(first, last, [&](Chunk& chunk) {
          window.chunks.push_back(std::move(chunk));
          return true;
        }))
      return *problem;
    // A snapshot that does not fit the game's state (a forged file, or a state laid out anew
    // without a new rules version) is no place to start: the one before it is, or tick 0.
    if (first == 0 || fitsState(window.header, window.chunks.front().snapshot.values)) return window;
  }
}

}  // namespace retrace::recorder
