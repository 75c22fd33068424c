// Every gate refuses every bad replay: verify (with --expect too), approve --check, the corpus
// test's checker, the EXPECT_REPLAY_MATCHES assertion and diff against the original. One set of
// bad files (cut, footer missing, forged snapshot state, forged footer state, forged seed,
// another rules version, zero ticks, an empty folder) goes through all of them; the test names
// any gate that lets one through.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/gtest/expect_replay.h"
#include "recorder/verifier.h"
#include "replay_test_support.h"
#include "support/run_command.h"
#include "support/temp_dir.h"

namespace retrace::recorder {
namespace {

namespace fs = std::filesystem;
using testing::loadOrFail;
using testing::recordInMemory;

void writeFile(const fs::path& path, const std::vector<std::byte>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

/// Adds one raw unit to the first fixed-point field of a stored state (the values and the named
/// fields come in the same order).
void forgeState(const LoadedReplay& replay, StateSnapshot& snapshot) {
  auto session = gameOf(replay.header)->start(configOf(replay.header), replay.header.seed);
  ASSERT_TRUE(session->loadState(snapshot.values));
  const auto fields = session->describeState();
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].kind != sim::FieldKind::kFixed) continue;
    snapshot.values[fields[i].place] += 1;
    return;
  }
  FAIL() << "no fixed-point field to forge";
}

/// A gate: true when it refuses the replay (a file or a folder).
struct Gate {
  const char* name;
  bool (*refuses)(const fs::path& bad, const fs::path& original);
};

int run(const std::string& command) { return retrace::testing::runCommand(command).exitCode; }

const Gate kGates[] = {
    {"retrace verify",
     [](const fs::path& bad, const fs::path&) { return run(std::string(RETRACE_CLI) + " verify " + bad.string()) != 0; }},
    {"retrace verify --expect, beside an .expect that allows any tunnel",
     [](const fs::path& bad, const fs::path&) {
       // An expected outcome excuses tunnels, never a divergence, a cut or a forged file.
       if (!fs::is_directory(bad)) std::ofstream(fs::path(bad).replace_extension(".expect")) << "tunnels <= 1000000\n";
       const bool refused = run(std::string(RETRACE_CLI) + " verify --expect " + bad.string()) != 0;
       if (!fs::is_directory(bad)) fs::remove(fs::path(bad).replace_extension(".expect"));
       return refused;
     }},
    {"retrace approve --check",
     [](const fs::path& bad, const fs::path&) {
       return run("env -u CI " + std::string(RETRACE_CLI) + " approve --check " + bad.string()) != 0;
     }},
    {"the corpus test",
     [](const fs::path& bad, const fs::path&) {
       // The corpus test reads a folder: this one holds the bad replay alone.
       const fs::path dir = fs::is_directory(bad) ? bad : bad.parent_path() / (bad.stem().string() + "-corpus");
       if (!fs::is_directory(bad)) {
         fs::create_directories(dir);
         fs::copy_file(bad, dir / bad.filename(), fs::copy_options::overwrite_existing);
       }
       return run("env RETRACE_REPLAYS_DIR=" + dir.string() + " RETRACE_ARTIFACTS_DIR=" + (dir / "artifacts").string() + " " +
                  std::string(RETRACE_CORPUS_TEST)) != 0;
     }},
    {"EXPECT_REPLAY_MATCHES",
     [](const fs::path& bad, const fs::path&) { return !static_cast<bool>(retrace::testing::replayMatches(bad.string())); }},
    {"retrace diff against the original",
     [](const fs::path& bad, const fs::path& original) {
       return run(std::string(RETRACE_CLI) + " diff " + original.string() + " " + bad.string()) != 0;
     }},
};

TEST(GateAgreement, EveryGateRefusesEveryBadReplay) {
  retrace::testing::TempDir temp{"retrace_gates"};
  ::setenv("RETRACE_ARTIFACTS_DIR", temp.file("artifacts").c_str(), 1);
  const std::vector<std::byte> bytes = recordInMemory("tank", 600, 4, "default", 60, 120, false, "bot", 1);
  const LoadedReplay original = loadOrFail(bytes);
  const fs::path originalPath = temp.file("original.rtr");
  writeFile(originalPath, bytes);

  std::vector<std::pair<std::string, LoadedReplay>> bad;
  LoadedReplay cut = original;
  cut.chunks.resize(3);
  cut.footer.reset();
  bad.emplace_back("cut", cut);
  LoadedReplay noFooter = original;
  noFooter.footer.reset();
  bad.emplace_back("footer-missing", noFooter);
  LoadedReplay snapshot = original;
  ASSERT_TRUE(snapshot.chunks[3].hasSnapshot);
  forgeState(snapshot, snapshot.chunks[3].snapshot);
  bad.emplace_back("forged-snapshot", snapshot);
  LoadedReplay footer = original;
  forgeState(footer, footer.footer->finalState);
  bad.emplace_back("forged-footer", footer);
  LoadedReplay seed = original;
  seed.header.seed += 1;
  bad.emplace_back("forged-seed", seed);
  LoadedReplay rules = original;
  rules.header.rulesVersion += 1;
  bad.emplace_back("other-rules-version", rules);
  bad.emplace_back("zero-ticks", loadOrFail(recordInMemory("tank", 0, 4)));

  std::vector<fs::path> files;
  for (const auto& [name, replay] : bad) {
    files.push_back(temp.path() / (name + ".rtr"));
    writeFile(files.back(), encodeReplay(replay));
  }
  files.push_back(temp.path() / "empty-folder");
  fs::create_directories(files.back());

  // The original passes every gate, so a refusal below is the bad file's doing.
  for (const Gate& gate : kGates) {
    if (gate.refuses(originalPath, originalPath)) ADD_FAILURE() << gate.name << " refuses the original";
  }
  for (const fs::path& file : files) {
    for (const Gate& gate : kGates) {
      if (!gate.refuses(file, originalPath)) ADD_FAILURE() << gate.name << " lets " << file.filename() << " through";
    }
  }
  // What CI keeps of a replay the corpus test failed: its report, and where the viewer is built
  // a contact sheet and a clip of its divergence.
  const fs::path artifacts = temp.path() / "forged-snapshot-corpus" / "artifacts";
  EXPECT_TRUE(fs::is_regular_file(artifacts / "forged-snapshot.txt"));
#ifdef RETRACE_VIEW_BUILT
  EXPECT_TRUE(fs::is_regular_file(artifacts / "forged-snapshot.png"));
  std::ifstream clip(artifacts / "forged-snapshot.gif", std::ios::binary);
  std::string magic(6, '\0');
  clip.read(magic.data(), 6);
  EXPECT_EQ(magic, "GIF89a");
#endif
}

}  // namespace
}  // namespace retrace::recorder
