#pragma once
// Cereal serialisation of the replay format's types (and of sim::Event, kept here so that
// sim builds without Cereal). The field order is the format: change it only with the version.

#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include "recorder/format.h"

namespace retrace::sim {

template <class Archive>
void serialize(Archive& ar, Event& e) {
  ar(e.kind, e.args[0], e.args[1], e.args[2], e.args[3]);
}

}  // namespace retrace::sim

namespace retrace::recorder {

/// The header fields format 1.0 had.
template <class Archive>
void serializeHeaderV1_0(Archive& ar, ReplayHeader& h) {
  ar(h.toolVersion, h.game, h.rulesVersion, h.configName, h.configValues, h.limitBreaksAllowed, h.seed, h.tickRate, h.chunkTicks,
     h.snapshotEvery, h.inputSource, h.plannedTicks);
}

template <class Archive>
void serialize(Archive& ar, ReplayHeader& h) {
  serializeHeaderV1_0(ar, h);
  ar(h.fullHashEvery);
}

/// A header as format 1.0 wrote it, read into today's header (migration on load).
struct HeaderV1_0 {
  ReplayHeader header;
};

template <class Archive>
void serialize(Archive& ar, HeaderV1_0& h) {
  serializeHeaderV1_0(ar, h.header);
  h.header.fullHashEvery = 1;  // 1.0 checksummed the whole state after every tick
}

template <class Archive>
void serialize(Archive& ar, InputRun& r) {
  ar(r.input, r.length);
}

/// An event inside its chunk: its tick as a 16-bit offset from the chunk's first tick (chunks
/// hold at most kMaxChunkTicks ticks), which keeps the high zero bytes of a 64-bit tick out of
/// every event.
struct ChunkEvent {
  std::uint16_t offset = 0;
  sim::Event event;
};

template <class Archive>
void serialize(Archive& ar, ChunkEvent& e) {
  ar(e.offset, e.event);
}

template <class Archive>
void serialize(Archive& ar, StateSnapshot& s) {
  ar(s.tick, s.hash, s.values);
}

template <class Archive>
void save(Archive& ar, const Chunk& c) {
  std::vector<ChunkEvent> events;
  events.reserve(c.events.size());
  for (const RecordedEvent& e : c.events) events.push_back({static_cast<std::uint16_t>(e.tick - c.firstTick), e.event});
  ar(c.firstTick, c.inputs, events, c.checksums, c.hasSnapshot);
  if (c.hasSnapshot) ar(c.snapshot);
}

template <class Archive>
void load(Archive& ar, Chunk& c) {
  std::vector<ChunkEvent> events;
  ar(c.firstTick, c.inputs, events, c.checksums, c.hasSnapshot);
  if (c.hasSnapshot) ar(c.snapshot);
  c.events.clear();
  c.events.reserve(events.size());
  for (const ChunkEvent& e : events) c.events.push_back({c.firstTick + e.offset, e.event});
}

template <class Archive>
void serialize(Archive& ar, Footer& f) {
  ar(f.totalTicks, f.finalHash, f.finalState);
}

}  // namespace retrace::recorder
