// Runs the fuzz target over its committed corpus, and over every single-byte corruption and
// every truncation of each corpus file, as an ordinary test: no fuzzer needed to catch a
// regression in the loader's handling of hostile bytes.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  std::size_t files = 0;
  std::size_t runs = 0;
  for (const auto& entry : std::filesystem::directory_iterator(argv[1])) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ++files;
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
  std::printf("%zu corpus files, %zu corrupted or truncated inputs, no crash\n", files, runs);
  // An empty corpus would make this test pass while checking nothing.
  return files == 0 ? 1 : 0;
}
