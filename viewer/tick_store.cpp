#include "viewer/tick_store.h"

#include <algorithm>
#include <stdexcept>

#include "sim/event_subjects.h"

namespace retrace::viewer {
namespace {

/// A chunk's inputs, one a tick.
std::vector<sim::Input> expandRuns(const recorder::Chunk& chunk) {
  std::vector<sim::Input> inputs;
  inputs.reserve(chunk.checksums.size());
  for (const recorder::InputRun& run : chunk.inputs) inputs.insert(inputs.end(), run.length, run.input);
  return inputs;
}

DecodedChunk decode(recorder::Chunk chunk) {
  std::vector<sim::Input> inputs = expandRuns(chunk);
  return {std::move(chunk), std::move(inputs)};
}

}  // namespace

TickStore::TickStore(std::shared_ptr<const recorder::LoadedReplay> replay, const sim::GameDefinition& game,
                     const ChunkVisitor& visit)
    : game_(&game), replay_(std::move(replay)) {
  cache_.reserve(kCachedChunks);
  firstTicks_.reserve(replay_->chunks.size());
  eventsBefore_.assign(game.eventSchemas().size() + 1, std::vector<std::uint64_t>(1, 0));
  for (const recorder::Chunk& c : replay_->chunks) summarise(c, visit);
}

TickStore::TickStore(recorder::ReplayIndex index, const sim::GameDefinition& game, const ChunkVisitor& visit)
    : game_(&game), index_(std::move(index)) {
  cache_.reserve(kCachedChunks);
  const auto entries = index_->entries();
  firstTicks_.reserve(entries.size());
  eventsBefore_.assign(game.eventSchemas().size() + 1, std::vector<std::uint64_t>(1, 0));
  for (auto& table : eventsBefore_) table.reserve(entries.size() + 1);
  blocks_.reserve(static_cast<std::size_t>(index_->lastTick() / kActivityBlock + 1));
  if (auto problem = index_->visitChunks(0, entries.size(), [&](recorder::Chunk& c) {
        summarise(c, visit);
        return true;
      })) {
    throw std::runtime_error(*problem);
  }
}

void TickStore::summarise(const recorder::Chunk& c, const ChunkVisitor& visit) {
  firstTicks_.push_back(c.firstTick);
  for (auto& table : eventsBefore_) table.push_back(table.back());
  const auto schemas = game_->eventSchemas();
  lastTick_ = c.firstTick + c.checksums.size() - 1;
  blocks_.resize(static_cast<std::size_t>((lastTick_ + kActivityBlock - 1) / kActivityBlock));
  for (const recorder::RecordedEvent& e : c.events) {
    ++eventsBefore_[e.event.kind].back();  // the loader checked the kind
    ++eventsBefore_.back().back();
    blocks_[static_cast<std::size_t>((e.tick - 1) / kActivityBlock)].categories |= categoryBit(schemas[e.event.kind].category);
  }
  const std::vector<sim::Input> inputs = expandRuns(c);
  for (std::size_t i = 0; i < inputs.size(); ++i)
    blocks_[static_cast<std::size_t>((c.firstTick + i - 1) / kActivityBlock)].held |= inputs[i];
  if (visit) visit(c, inputs);
}

std::size_t TickStore::findChunk(std::uint64_t tick) const noexcept {
  const auto after = std::upper_bound(firstTicks_.begin(), firstTicks_.end(), tick);
  return after == firstTicks_.begin() ? 0 : static_cast<std::size_t>(after - firstTicks_.begin()) - 1;
}

const DecodedChunk& TickStore::chunk(std::size_t i) const {
  ++reads_;
  // Reads come in runs within a chunk (a seek, a playback step), so the last slot is tried first.
  if (lastSlot_ < cache_.size() && cache_[lastSlot_].chunk == i) {
    cache_[lastSlot_].used = reads_;
    return cache_[lastSlot_].decoded;
  }
  for (std::size_t s = 0; s < cache_.size(); ++s) {
    if (cache_[s].chunk == i) {
      cache_[s].used = reads_;
      lastSlot_ = s;
      return cache_[s].decoded;
    }
  }
  recorder::Chunk read;
  if (replay_) {
    read = replay_->chunks[i];
  } else if (auto problem = index_->visitChunks(i, i, [&](recorder::Chunk& c) {
               read = std::move(c);
               return false;
             })) {
    throw std::runtime_error(*problem);
  }
  if (cache_.size() < kCachedChunks) {
    cache_.push_back({i, reads_, decode(std::move(read))});
    lastSlot_ = cache_.size() - 1;
  } else {
    const auto oldest =
        std::min_element(cache_.begin(), cache_.end(), [](const Slot& a, const Slot& b) { return a.used < b.used; });
    *oldest = {i, reads_, decode(std::move(read))};
    lastSlot_ = static_cast<std::size_t>(oldest - cache_.begin());
  }
  return cache_[lastSlot_].decoded;
}

sim::Input TickStore::inputAt(std::uint64_t tick) const {
  const DecodedChunk& c = chunk(findChunk(tick));
  return c.inputs[static_cast<std::size_t>(tick - c.chunk.firstTick)];
}

std::uint16_t TickStore::checksumAt(std::uint64_t tick) const {
  const DecodedChunk& c = chunk(findChunk(tick));
  return c.chunk.checksums[static_cast<std::size_t>(tick - c.chunk.firstTick)];
}

std::vector<sim::Input> TickStore::loadInputs() const {
  std::vector<sim::Input> inputs;
  inputs.reserve(static_cast<std::size_t>(lastTick_));
  for (std::size_t i = 0; i < firstTicks_.size(); ++i) {
    const DecodedChunk& c = chunk(i);
    inputs.insert(inputs.end(), c.inputs.begin(), c.inputs.end());
  }
  return inputs;
}

std::size_t TickStore::tableOf(std::optional<std::uint16_t> kind) const noexcept {
  return kind && *kind < eventsBefore_.size() - 1 ? *kind : eventsBefore_.size() - 1;
}

std::uint64_t TickStore::countEvents(std::optional<std::uint16_t> kind) const {
  if (kind && *kind >= eventsBefore_.size() - 1) return 0;  // a kind the game does not have
  return eventsBefore_[tableOf(kind)].back();
}

EventRow TickStore::eventAt(std::optional<std::uint16_t> kind, std::uint64_t row) const {
  const std::vector<std::uint64_t>& before = eventsBefore_[tableOf(kind)];
  // The chunk whose events of the kind include the row: the last one with fewer before it.
  const std::size_t i = static_cast<std::size_t>(std::upper_bound(before.begin(), before.end(), row) - before.begin()) - 1;
  std::uint64_t nth = row - before[i];
  for (const recorder::RecordedEvent& e : chunk(i).chunk.events) {
    if (kind && e.event.kind != *kind) continue;
    if (nth-- == 0) return {e.tick, e.event};
  }
  throw std::out_of_range("no event row " + std::to_string(row));
}

std::uint64_t TickStore::findEventRow(std::optional<std::uint16_t> kind, std::uint64_t tick) const {
  if (kind && *kind >= eventsBefore_.size() - 1) return 0;
  if (firstTicks_.empty() || tick > lastTick_) return countEvents(kind);
  // Events lie within their chunk's ticks, so those before the chunk holding the tick come first.
  const std::size_t i = findChunk(tick);
  std::uint64_t row = eventsBefore_[tableOf(kind)][i];
  for (const recorder::RecordedEvent& e : chunk(i).chunk.events) {
    if (e.tick >= tick) break;
    if (!kind || e.event.kind == *kind) ++row;
  }
  return row;
}

std::optional<std::uint64_t> TickStore::findEventTick(std::uint64_t tick, Direction direction,
                                                      std::optional<std::uint16_t> kind) const {
  if (direction == Direction::kForward) {
    const std::uint64_t row = findEventRow(kind, tick + 1);
    if (row >= countEvents(kind)) return std::nullopt;
    return eventAt(kind, row).tick;
  }
  const std::uint64_t row = findEventRow(kind, tick);
  if (row == 0) return std::nullopt;
  return eventAt(kind, row - 1).tick;
}

std::vector<sim::Event> TickStore::eventsAt(std::uint64_t tick) const {
  std::vector<sim::Event> now;
  if (tick == 0 || tick > lastTick_) return now;
  for (const recorder::RecordedEvent& e : chunk(findChunk(tick)).chunk.events) {
    if (e.tick == tick) now.push_back(e.event);
  }
  return now;
}

std::vector<TickActivity> TickStore::binActivity(std::uint64_t from, std::uint64_t to, unsigned columns) const {
  std::vector<TickActivity> bins(std::max(columns, 1U));
  if (to < from) return bins;
  const std::uint64_t span = to - from + 1;
  const auto columnOf = [&](std::uint64_t t) { return static_cast<std::size_t>((t - from) * bins.size() / span); };
  const std::uint64_t lo = std::max<std::uint64_t>(from, 1);  // tick 0 has no input and no event
  const std::uint64_t hi = std::min(to, lastTick_);
  if (firstTicks_.empty() || lo > hi) return bins;
  const auto schemas = game_->eventSchemas();
  if (span <= bins.size() * kActivityBlock) {
    for (std::size_t i = findChunk(lo); i < firstTicks_.size() && firstTicks_[i] <= hi; ++i) {
      const DecodedChunk& c = chunk(i);
      const std::uint64_t first = std::max(lo, c.chunk.firstTick);
      const std::uint64_t last = std::min(hi, c.chunk.firstTick + c.inputs.size() - 1);
      for (std::uint64_t t = first; t <= last; ++t)
        bins[columnOf(t)].held |= c.inputs[static_cast<std::size_t>(t - c.chunk.firstTick)];
      for (const recorder::RecordedEvent& e : c.chunk.events) {
        if (e.tick >= first && e.tick <= last) bins[columnOf(e.tick)].categories |= categoryBit(schemas[e.event.kind].category);
      }
    }
    return bins;
  }
  for (std::uint64_t b = (lo - 1) / kActivityBlock; b <= (hi - 1) / kActivityBlock; ++b) {
    const TickActivity block = blocks_[static_cast<std::size_t>(b)];
    if (block.held == 0 && block.categories == 0) continue;
    const std::size_t first = columnOf(std::max(lo, b * kActivityBlock + 1));
    const std::size_t last = columnOf(std::min(hi, (b + 1) * kActivityBlock));
    for (std::size_t column = first; column <= last; ++column) {
      bins[column].held |= block.held;
      bins[column].categories |= block.categories;
    }
  }
  return bins;
}

std::variant<std::vector<std::uint64_t>, std::string> findEventRowsWhere(const TickStore& store, const sim::GameDefinition& game,
                                                                         std::optional<std::uint16_t> kind,
                                                                         const recorder::Condition* condition,
                                                                         std::string_view about) {
  std::vector<std::uint64_t> rows;
  const std::uint64_t count = store.countEvents(kind);
  for (std::uint64_t row = 0; row < count; ++row) {
    const sim::Event& event = store.eventAt(kind, row).event;
    if (!sim::isEventAbout(game, event, about)) continue;
    if (condition != nullptr) {
      const auto holds = condition->check(sim::describeEvent(game, event));
      if (const auto* sentence = std::get_if<std::string>(&holds)) return *sentence;
      if (!std::get<bool>(holds)) continue;
    }
    rows.push_back(row);
  }
  return rows;
}

}  // namespace retrace::viewer
