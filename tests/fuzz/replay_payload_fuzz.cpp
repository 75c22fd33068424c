// Fuzz target for what the frame checksums guard: the payloads. XXH3 is no signature, so a
// forged replay can carry any payload under valid checksums; here the fuzzer writes payloads
// and the target frames them properly, so Cereal, the loader's checks and the verifier meet
// hostile values instead of stopping at a checksum.
//
// An input is a format minor version (one byte, taken modulo the versions there are), then
// frames: kind (u8, taken modulo the three kinds) | payload length (u16, little-endian) |
// payload; the last frame takes what is left when it is short.
//
// It is also a differential test: load-then-verify and the streaming verify (a second thread
// decodes while the first simulates) must give the same refusal sentence, or the same replay
// and report. A difference aborts.
//
// With clang: cmake --preset fuzz && cmake --build --preset fuzz --target replay_payload_fuzz
//   build/fuzz/tests/fuzz/replay_payload_corpus tests/fuzz/corpus SEEDS   (writes seed inputs)
//   build/fuzz/tests/fuzz/replay_payload_fuzz NEW SEEDS -max_total_time=60   (finds go to NEW)
//
// And what the loader accepts must print safely: every header string printable UTF-8, every
// refusal and report free of control bytes (a forged string once made dump --json abort), and
// verify --junit's report XML that reads back as written.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include <pugixml.hpp>

#include "recorder/cli/junit_report.h"
#include "recorder/frame.h"
#include "recorder/input_source.h"
#include "recorder/parse.h"
#include "recorder/replay.h"
#include "recorder/verifier.h"

namespace {

using namespace retrace::recorder;

/// Longer replays are loaded but not re-simulated, so that the fuzzer keeps exploring.
constexpr std::uint64_t kMostTicksVerified = 20'000;

/// The replay file an input describes, every frame with valid checksums.
std::vector<std::byte> frameInput(std::span<const std::uint8_t> input) {
  if (input.empty()) return {};
  std::vector<std::byte> file = encodePreamble(kFormatMajor, static_cast<std::uint16_t>(input[0] % (kFormatMinor + 1U)));
  std::size_t at = 1;
  while (at < input.size()) {
    const auto kind = static_cast<FrameKind>(1 + (input[at] + 2) % 3);  // 1, 2, 3 as themselves
    std::size_t length = at + 2 < input.size() ? input[at + 1] | (std::size_t{input[at + 2]} << 8U) : 0;
    at = std::min(at + 3, input.size());
    length = std::min(length, input.size() - at);
    const std::vector<std::byte> frame = encodeFrame(kind, std::as_bytes(input.subspan(at, length)));
    file.insert(file.end(), frame.begin(), frame.end());
    at += length;
  }
  return file;
}

/// Stops the fuzzer: a printer would show a control byte (anything below 0x20 but the newline
/// between a report's lines, or DEL) that a forged file put there.
void requirePrintable(const std::string& text, const char* what) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && byte != '\n') || byte == 0x7F) {
      std::fprintf(stderr, "%s holds the control byte 0x%02x\n", what, byte);
      std::abort();
    }
  }
}

/// Stops the fuzzer: the JUnit report of the replay does not read back as XML holding its case
/// as written (a string of the file's that the XML writer left unescaped).
void requireJunitReadsBack(const std::string& name, const LoadedReplay& replay, const VerifyReport& report) {
  const retrace::recorder::cli::JunitCase written =
      retrace::recorder::cli::describeVerifiedCase(name, replay, report, nullptr, formatReport(name, replay, report));
  pugi::xml_document xml;
  const std::string text = retrace::recorder::cli::formatJunitReport("fuzz", {written});
  const pugi::xml_node testcase =
      xml.load_string(text.c_str()) ? xml.child("testsuites").child("testsuite").child("testcase") : pugi::xml_node();
  const pugi::xml_node finding = testcase.child(report.passed() ? "system-out" : "failure");
  if (!testcase || testcase.attribute("classname").value() != written.classname ||
      finding.attribute("message").value() != written.message || finding.child_value() != written.text) {
    std::fprintf(stderr, "the JUnit report does not read back as written:\n%s\n", text.c_str());
    std::abort();
  }
}

/// Stops the fuzzer: the two verify paths disagree.
[[noreturn]] void disagree(const char* what) {
  std::fprintf(stderr, "load-then-verify and the streaming verify disagree: %s\n", what);
  std::abort();
}

}  // namespace

namespace {

/// dump --script's lines for a replay's inputs, parsed back, give every tick's input again; or
/// the replay holds a bit no button names, which no script could give.
void requireScriptPlaysTheInputs(const LoadedReplay& replay) {
  const retrace::sim::GameDefinition& game = *gameOf(replay.header);
  std::string script;
  for (const Chunk& chunk : replay.chunks) {
    for (const InputRun& run : chunk.inputs) {
      const auto lines = formatScriptRun(game, {run.input, run.length});
      if (!lines) return;
      script += *lines;
    }
  }
  if (script.empty()) return;  // no tick: a script holds at least one line
  auto parsed = parseInputScript(script, game);
  if (!std::holds_alternative<std::vector<ScriptRun>>(parsed)) {
    std::fprintf(stderr, "a replay's inputs written as a script do not parse: %s\n", std::get<std::string>(parsed).c_str());
    std::abort();
  }
  std::vector<retrace::sim::Input> played;
  for (const ScriptRun& run : std::get<std::vector<ScriptRun>>(parsed)) played.insert(played.end(), run.ticks, run.input);
  if (played != expandInputs(replay)) {
    std::fprintf(stderr, "a replay's inputs written as a script parse to other inputs\n");
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::byte> file = frameInput({data, size});
  auto loaded = loadReplay(file);
  if (auto* problem = std::get_if<std::string>(&loaded)) {
    requirePrintable(*problem, "a refusal");
    auto streamed = verifyReplayBytes(file);
    if (!std::holds_alternative<std::string>(streamed)) disagree("only the loader refused the file");
    if (std::get<std::string>(streamed) != *problem) disagree("they refused the file with different sentences");
    return 0;
  }
  const LoadedReplay& replay = std::get<LoadedReplay>(loaded);
  // What the loader accepts, every printer shows as it is (info, dump, diff, the verify report):
  // no header string may carry a newline, an escape or bytes that are not UTF-8.
  for (const std::string* text :
       {&replay.header.toolVersion, &replay.header.game, &replay.header.configName, &replay.header.inputSource}) {
    if (findUnprintable(*text, SIZE_MAX)) {
      std::fprintf(stderr, "the loader accepted a header string no printer may show\n");
      std::abort();
    }
  }
  if (countTicks(replay) > kMostTicksVerified) return 0;
  requireScriptPlaysTheInputs(replay);
  const VerifyReport report = verifyReplay(replay);
  auto streamed = verifyReplayBytes(file);
  if (!std::holds_alternative<VerifiedReplay>(streamed)) disagree("only the streaming verify refused the file");
  const VerifiedReplay& verified = std::get<VerifiedReplay>(streamed);
  if (!(verified.replay == replay)) disagree("they read different replays");
  if (formatReport("fuzz", replay, report) != formatReport("fuzz", verified.replay, verified.report))
    disagree("their reports differ");
  requirePrintable(formatReport("fuzz", replay, report), "the verify report");
  requireJunitReadsBack("fuzz", replay, report);
  // The command's way, letting each chunk go once verified.
  VerifyOptions lean;
  lean.keepChunks = false;
  auto leanStreamed = verifyReplayBytes(file, lean);
  if (!std::holds_alternative<VerifiedReplay>(leanStreamed)) disagree("only the chunkless verify refused the file");
  const VerifiedReplay& leanVerified = std::get<VerifiedReplay>(leanStreamed);
  if (formatReport("fuzz", replay, report) != formatReport("fuzz", leanVerified.replay, leanVerified.report))
    disagree("the chunkless report differs");
  return 0;
}

/// The seed input for a replay file: its format minor version and its frames' payloads,
/// decompressed (so the fuzzer mutates what Cereal reads).
std::vector<std::uint8_t> corpusInputFrom(const std::vector<std::uint8_t>& replayFile) {
  const std::span<const std::byte> file = std::as_bytes(std::span(replayFile));
  if (checkPreamble(file)) return {};
  std::vector<std::uint8_t> input{static_cast<std::uint8_t>(readFormatMinor(file))};
  std::size_t offset = kPreambleBytes;
  while (true) {
    const FrameRead read = readFrame(file, offset);
    if (read.status != FrameRead::Status::kFrame || read.frame.payload.size() > 0xFFFFU) return input;
    const std::size_t length = read.frame.payload.size();
    input.push_back(static_cast<std::uint8_t>(read.frame.kind));
    input.push_back(static_cast<std::uint8_t>(length & 0xFFU));
    input.push_back(static_cast<std::uint8_t>(length >> 8U));
    for (const std::byte b : read.frame.payload) input.push_back(std::to_integer<std::uint8_t>(b));
    offset = read.next;
  }
}
