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

template <class Archive>
void serialize(Archive& ar, ReplayHeader& h) {
  ar(h.toolVersion, h.game, h.rulesVersion, h.configName, h.configValues, h.limitBreaksAllowed, h.seed, h.tickRate,
     h.chunkTicks, h.snapshotEvery, h.inputSource, h.plannedTicks);
}

template <class Archive>
void serialize(Archive& ar, InputRun& r) {
  ar(r.input, r.length);
}

template <class Archive>
void serialize(Archive& ar, RecordedEvent& e) {
  ar(e.tick, e.event);
}

template <class Archive>
void serialize(Archive& ar, StateSnapshot& s) {
  ar(s.tick, s.hash, s.values);
}

template <class Archive>
void serialize(Archive& ar, Chunk& c) {
  ar(c.firstTick, c.inputs, c.events, c.checksums, c.hasSnapshot);
  if (c.hasSnapshot) ar(c.snapshot);
}

template <class Archive>
void serialize(Archive& ar, Footer& f) {
  ar(f.totalTicks, f.finalHash, f.finalState);
}

}  // namespace retrace::recorder
