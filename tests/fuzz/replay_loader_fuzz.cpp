// Fuzz target for the replay loader: any bytes must give a clear error or a replay that
// verifies without crashing, hanging or allocating past the caps.
//
// With clang: cmake -DRETRACE_BUILD_FUZZERS=ON -DCMAKE_CXX_COMPILER=clang++ ...
//   build/fuzz/tests/fuzz/replay_loader_fuzz NEW tests/fuzz/corpus -max_total_time=60   (finds go to NEW)
// Without it, replay_loader_corpus (this file plus corpus_main.cpp) runs every corpus file
// and every single-byte corruption of it in the normal suite.
#include <cstddef>
#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "recorder/replay.h"
#include "recorder/verifier.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  auto loaded = retrace::recorder::loadReplay(bytes);
  if (auto* replay = std::get_if<retrace::recorder::LoadedReplay>(&loaded)) {
    // Valid checksums are all but impossible to forge, but a corpus file gets here: keep the
    // re-simulation short so the fuzzer explores the loader.
    if (retrace::recorder::countTicks(*replay) <= 100'000) (void)retrace::recorder::verifyReplay(*replay);
  }
  return 0;
}

/// The loader's input is the replay file itself.
std::vector<std::uint8_t> corpusInputFrom(const std::vector<std::uint8_t>& replayFile) { return replayFile; }
