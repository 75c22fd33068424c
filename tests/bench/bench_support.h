#pragma once
// What several benchmarks start from.

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include <unistd.h>

#include "recorder/byte_sink.h"
#include "recorder/input_source.h"
#include "recorder/recorder.h"
#include "recorder/replay.h"
#include "recorder/replay_index.h"

namespace retrace::recorder {

/// One hour (216,000 ticks) of a game under random input, recorded with the defaults (a
/// snapshot every 1800 ticks) and loaded.
inline std::vector<std::byte> recordTicks(const sim::GameDefinition& game, std::uint64_t ticks);

inline LoadedReplay recordHour(const sim::GameDefinition& game) {
  return std::get<LoadedReplay>(loadReplay(recordTicks(game, 216000)));
}

/// A replay file's bytes: `ticks` of a game under random input, recorded with the defaults.
inline std::vector<std::byte> recordTicks(const sim::GameDefinition& game, std::uint64_t ticks) {
  RecordingOptions options;
  options.game = std::string(game.name());
  options.seed = 1;
  auto sink = std::make_unique<MemorySink>();
  auto* memory = sink.get();
  auto rec = std::move(std::get<std::unique_ptr<Recorder>>(openRecording(options, std::move(sink))));
  auto source = std::get<std::unique_ptr<InputSource>>(makeInputSource("random", game, 1));
  for (std::uint64_t t = 0; t < ticks; ++t) (void)rec->record(source->next(rec->session()));
  (void)rec->close();
  return memory->bytes();
}

/// recordTicks written to a file, removed with this; index() opens it as retrace-view opens files.
class TicksFile {
 public:
  TicksFile(const sim::GameDefinition& game, std::uint64_t ticks)
      : path_((std::filesystem::temp_directory_path() / ("retrace-bench-" + std::to_string(::getpid()) + ".rtr")).string()) {
    const std::vector<std::byte> bytes = recordTicks(game, ticks);
    std::ofstream(path_, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  ~TicksFile() { std::filesystem::remove(path_); }
  TicksFile(const TicksFile&) = delete;
  TicksFile& operator=(const TicksFile&) = delete;

  [[nodiscard]] ReplayIndex index() const { return std::get<ReplayIndex>(ReplayIndex::open(path_)); }

 private:
  std::string path_;
};

}  // namespace retrace::recorder
