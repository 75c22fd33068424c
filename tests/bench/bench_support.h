#pragma once
// What several benchmarks start from.

#include <memory>
#include <string>

#include "recorder/byte_sink.h"
#include "recorder/input_source.h"
#include "recorder/recorder.h"
#include "recorder/replay.h"

namespace retrace::recorder {

/// One hour (216,000 ticks) of a game under random input, recorded with the defaults (a
/// snapshot every 1800 ticks) and loaded.
inline LoadedReplay recordHour(const sim::GameDefinition& game) {
  RecordingOptions options;
  options.game = std::string(game.name());
  options.seed = 1;
  auto sink = std::make_unique<MemorySink>();
  auto* memory = sink.get();
  auto rec = std::move(std::get<std::unique_ptr<Recorder>>(openRecording(options, std::move(sink))));
  auto source = std::get<std::unique_ptr<InputSource>>(makeInputSource("random", game, 1));
  for (int t = 0; t < 216000; ++t) (void)rec->record(source->next(rec->session()));
  (void)rec->close();
  return std::get<LoadedReplay>(loadReplay(memory->bytes()));
}

}  // namespace retrace::recorder
