// Runs a fuzz target over its committed corpus, and over every single-byte corruption and
// every truncation of each corpus input, as an ordinary test: no fuzzer needed to catch a
// regression in the handling of hostile bytes.
//
//   CORPUS_RUNNER CORPUS_DIR [SEEDS_OUT_DIR]
// A corpus file ending in .rtr is a replay, which the target turns into its own input
// (corpusInputFrom); any other file is an input as it is (a fuzzer's finding, kept as a
// regression test). With SEEDS_OUT_DIR, the inputs are also written there, as a seed corpus
// for libFuzzer.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv);
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
/// The fuzz target's input made from a replay file (defined beside each target).
std::vector<std::uint8_t> corpusInputFrom(const std::vector<std::uint8_t>& replayFile);

int main(int argc, char** argv) {
  if (argc != 2 && argc != 3) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR [SEEDS_OUT_DIR]\n", argv[0]);
    return 2;
  }
  (void)LLVMFuzzerInitialize(&argc, &argv);
  // Every input is made (and written) before any runs, so a crash still leaves all the seeds.
  std::vector<std::vector<std::uint8_t>> inputs;
  for (const auto& entry : std::filesystem::directory_iterator(argv[1])) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    // Replays become the target's input; anything else (a fuzzer's finding) is one already.
    if (entry.path().extension() == ".rtr") bytes = corpusInputFrom(bytes);
    if (argc == 3) {
      std::ofstream out(std::filesystem::path(argv[2]) / entry.path().filename(), std::ios::binary);
      out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
      if (!out) {
        std::fprintf(stderr, "cannot write the seed %s into %s\n", entry.path().filename().c_str(), argv[2]);
        return 2;
      }
    }
    inputs.push_back(std::move(bytes));
  }
  std::size_t runs = 0;
  for (std::vector<std::uint8_t>& bytes : inputs) {
    LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
    for (std::size_t size = 0; size < bytes.size(); ++size, ++runs) LLVMFuzzerTestOneInput(bytes.data(), size);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      for (const unsigned mask : {0x01U, 0x80U, 0xFFU}) {
        bytes[i] = static_cast<std::uint8_t>(bytes[i] ^ mask);
        LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
        bytes[i] = static_cast<std::uint8_t>(bytes[i] ^ mask);
        ++runs;
      }
    }
  }
  const std::size_t files = inputs.size();
  std::printf("%zu corpus files, %zu corrupted or truncated inputs, no crash\n", files, runs);
  // An empty corpus would make this test pass while checking nothing.
  return files == 0 ? 1 : 0;
}
