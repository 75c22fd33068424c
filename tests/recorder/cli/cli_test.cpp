// The `retrace` command as users run it: exit codes 0 fine, 1 diverged or broken, 2 bad input,
// with one clear line naming the file and the problem.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "recorder/cli/command.h"
#include "recorder/input_source.h"
#include "recorder/parse.h"
#include "recorder/processors.h"
#include "recorder/recorder.h"
#include "recorder/replay.h"
#include "recorder/replay_test_support.h"
#include "recorder/search.h"
#include "recorder/verifier.h"
#include "support/background_process.h"
#include "support/run_command.h"
#include "support/temp_dir.h"

namespace {

namespace fs = std::filesystem;

using CliRun = retrace::testing::CommandRun;

/// Runs retrace; `environment` is passed to env(1) first, e.g. "CI=true" or "-u CI".
CliRun runRetrace(const std::string& arguments, const std::string& environment = "") {
  return retrace::testing::runCommand("env " + environment + " " + std::string(RETRACE_CLI) + " " + arguments);
}

/// The JSON lines of `--json` output, each parsed; the sentences of stderr, merged in, left out.
std::vector<nlohmann::json> readJsonLines(const std::string& text) {
  std::vector<nlohmann::json> lines;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("{")) lines.push_back(nlohmann::json::parse(line));
  }
  return lines;
}

std::string readBytes(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class Cli : public ::testing::Test {
 protected:
  std::string path(const std::string& name) const { return temp_.file(name); }
  retrace::testing::TempDir temp_{"retrace_cli"};
  const fs::path& dir_ = temp_.path();
};

TEST_F(Cli, RecordVerifyInfoDumpAndDiff) {
  ASSERT_EQ(runRetrace("record --game tank --seed 3 --ticks 1200 --input bot -o " + path("a.rtr")).exitCode, 0);
  const CliRun verify = runRetrace("verify " + path("a.rtr"));
  EXPECT_EQ(verify.exitCode, 0) << verify.output;
  EXPECT_NE(verify.output.find("OK: 1200 ticks identical"), std::string::npos) << verify.output;
  const CliRun info = runRetrace("info " + path("a.rtr"));
  EXPECT_EQ(info.exitCode, 0);
  EXPECT_NE(info.output.find("ticks:     1200 (0:00:20.000 at 60 ticks/s)"), std::string::npos) << info.output;
  // Several at once, as verify takes them: each described, a bad one named, exit 2.
  const CliRun several = runRetrace("info " + path("a.rtr") + " " + path("none.rtr") + " " + path("a.rtr"));
  EXPECT_EQ(several.exitCode, 2) << several.output;
  EXPECT_EQ(several.output, info.output + "retrace info: " + path("none.rtr") + " does not exist\n\n" + info.output);
  const CliRun verifyMany = runRetrace("verify " + path("a.rtr") + " " + path("none.rtr") + " " + path("a.rtr"));
  EXPECT_EQ(verifyMany.exitCode, 2) << verifyMany.output;
  EXPECT_EQ(verifyMany.output, verify.output + "retrace verify: " + path("none.rtr") + " does not exist\n" + verify.output +
                                   "3 replays: 2 OK, 0 failed, 1 could not be read\n");
  const CliRun dump = runRetrace("dump --json " + path("a.rtr"));
  ASSERT_EQ(dump.exitCode, 0);
  const auto json = nlohmann::json::parse(dump.output);
  EXPECT_EQ(json["header"]["game"], "tank");
  EXPECT_EQ(json["footer"]["totalTicks"], 1200);
  EXPECT_FALSE(json["chunks"][0].contains("snapshot"));  // snapshots every 1800 ticks: only the footer's
  EXPECT_EQ(json["footer"]["finalState"]["state"]["tick"], 1200);
  // info tallies chunk by chunk without keeping them: its counts match the dump's.
  std::map<std::string, int> kinds;
  for (const auto& chunk : json["chunks"]) {
    for (const auto& event : chunk["events"]) {
      const std::string text = event["event"];
      ++kinds[text.substr(0, text.find('{'))];
    }
  }
  std::string eventsLine = "events:    ";
  for (const auto& [name, count] : kinds)
    eventsLine += (eventsLine.back() == ' ' ? "" : ", ") + name + " " + std::to_string(count);
  ASSERT_GT(kinds.size(), 2U);
  EXPECT_NE(info.output.find(eventsLine + "\n"), std::string::npos) << info.output << "\nwanted: " << eventsLine;
  EXPECT_NE(info.output.find("(" + std::to_string(json["chunks"].size()) + " chunks of up to 600 ticks"), std::string::npos)
      << info.output;
  ASSERT_EQ(runRetrace("record --game tank --seed 3 --ticks 1200 --input bot -o " + path("b.rtr")).exitCode, 0);
  const CliRun same = runRetrace("diff " + path("a.rtr") + " " + path("b.rtr"));
  EXPECT_EQ(same.exitCode, 0) << same.output;
  ASSERT_EQ(runRetrace("record --game tank --seed 4 --ticks 1200 --input bot -o " + path("c.rtr")).exitCode, 0);
  const CliRun differ = runRetrace("diff " + path("a.rtr") + " " + path("c.rtr"));
  EXPECT_EQ(differ.exitCode, 1) << differ.output;
  EXPECT_NE(differ.output.find("seeds differ: 3 (A) and 4 (B)"), std::string::npos) << differ.output;
  EXPECT_NE(differ.output.find("first difference at tick"), std::string::npos) << differ.output;
}

TEST_F(Cli, VerifyWritesAJunitReportACiServiceListsEachReplayFrom) {
  // One replay that passes, one whose tunnels fail it, one cut short, and a file that is no
  // replay at all, named with what XML must escape.
  const std::string passes = std::string(RETRACE_REPLAYS_DIR) + "/fallingman-bot-seed1.rtr";
  const std::string tunnels = std::string(RETRACE_REPLAYS_DIR) + "/tank-discrete-grazing.rtr";
  const std::string whole = readBytes(std::string(RETRACE_REPLAYS_DIR) + "/dodge-bot-seed3.rtr");
  std::ofstream(path("cut.rtr"), std::ios::binary) << whole.substr(0, whole.size() / 2);
  const std::string junk = path("a&b<c>.rtr");
  std::ofstream(junk) << "no replay";
  const std::string report = path("report.xml");
  const std::string files = passes + " " + tunnels + " " + path("cut.rtr") + " '" + junk + "'";
  const CliRun run = runRetrace("verify " + files + " --jobs 2 --junit " + report);
  EXPECT_EQ(run.exitCode, 2) << run.output;  // the file that is no replay
  EXPECT_EQ(run.output.find("<testsuite"), std::string::npos) << "the report is the file's, not stdout's";
  pugi::xml_document xml;
  const pugi::xml_parse_result parsed = xml.load_file(report.c_str());
  ASSERT_TRUE(parsed) << parsed.description();
  const pugi::xml_node suite = xml.child("testsuites").child("testsuite");
  EXPECT_EQ(std::string(suite.attribute("tests").value()), "4");
  EXPECT_EQ(std::string(suite.attribute("failures").value()), "2");
  EXPECT_EQ(std::string(suite.attribute("errors").value()), "1");
  EXPECT_EQ(std::string(xml.child("testsuites").attribute("failures").value()), "2");
  std::vector<pugi::xml_node> cases;
  for (const pugi::xml_node c : suite.children("testcase")) cases.push_back(c);
  ASSERT_EQ(cases.size(), 4U);  // in the order given, whatever order the jobs ended in
  EXPECT_EQ(std::string(cases[0].attribute("name").value()), passes);
  EXPECT_EQ(std::string(cases[0].attribute("classname").value()), "retrace.verify.fallingman");
  EXPECT_FALSE(cases[0].child("failure"));
  EXPECT_NE(std::string(cases[0].child_value("system-out")).find(", OK: 36000 ticks identical"), std::string::npos);
  const pugi::xml_node tunnel = cases[1].child("failure");
  EXPECT_EQ(std::string(tunnel.attribute("type").value()), "tunnel");
  EXPECT_TRUE(std::string(tunnel.attribute("message").value()).starts_with("oracle: ")) << tunnel.attribute("message").value();
  EXPECT_NE(std::string(tunnel.child_value()).find("within 10 px of tank"), std::string::npos) << tunnel.child_value();
  const pugi::xml_node cut = cases[2].child("failure");
  EXPECT_EQ(std::string(cut.attribute("type").value()), "truncated");
  EXPECT_TRUE(std::string(cut.attribute("message").value()).starts_with("truncated: ")) << cut.attribute("message").value();
  EXPECT_EQ(std::string(cases[3].attribute("name").value()), junk);
  EXPECT_EQ(std::string(cases[3].child("error").attribute("type").value()), "unreadable");
  EXPECT_EQ(std::string(cases[3].child("error").attribute("message").value()),
            junk + " is not a retrace replay (no RETRACE magic at its start)");
  // A report there already is kept unless --force, and said so before anything is verified.
  const CliRun again = runRetrace("verify " + passes + " --junit " + report);
  EXPECT_EQ(again.exitCode, 2);
  EXPECT_EQ(again.output, "retrace verify: --junit: " + report + " already exists (pass --force to replace it)\n");
  ASSERT_EQ(runRetrace("verify " + passes + " --junit " + report + " --force").exitCode, 0);
  ASSERT_TRUE(xml.load_file(report.c_str()));
  EXPECT_EQ(std::string(xml.child("testsuites").attribute("tests").value()), "1");
  EXPECT_EQ(runRetrace("verify " + passes + " --force").output,
            "retrace verify: --force requires --junit (see retrace verify --help)\n");
  // Nor is a replay verified for a report that cannot be written.
  EXPECT_EQ(runRetrace("verify " + passes + " --junit " + path("none/report.xml")).output,
            "retrace verify: --junit: cannot create " + path("none/report.xml") + ".partial: No such file or directory\n");
}

TEST_F(Cli, NoOutputReplacesAFileTheCommandReads) {
  // --force replaces a report or a replay from before, never what the command is reading: a
  // replay verified or its .expect (by any name), or the input script a recording plays.
  const std::string bytes = readBytes(std::string(RETRACE_REPLAYS_DIR) + "/dodge-bot-seed3.rtr");
  std::ofstream(path("a.rtr"), std::ios::binary) << bytes;
  std::ofstream(path("b.rtr"), std::ios::binary) << bytes;
  std::ofstream(path("a.expect")) << "tunnels == 0\n";
  std::filesystem::create_symlink(path("b.rtr"), path("link.rtr"));
  const std::string spelt = dir_.string() + "/./a.rtr";
  const std::pair<std::string, std::string> cases[] = {
      {"verify " + path("a.rtr") + " --junit " + path("a.rtr"), "--junit: " + path("a.rtr") + " is one of the replays to verify"},
      {"verify " + path("a.rtr") + " " + path("b.rtr") + " --junit " + spelt,
       "--junit: " + spelt + " is " + path("a.rtr") + ", one of the replays to verify"},
      {"verify " + path("a.rtr") + " " + path("b.rtr") + " --junit " + path("link.rtr"),
       "--junit: " + path("link.rtr") + " is " + path("b.rtr") + ", one of the replays to verify"},
      {"verify --expect " + path("a.rtr") + " --junit " + path("a.expect"),
       "--junit: " + path("a.expect") + " is the .expect of " + path("a.rtr")},
  };
  for (const auto& [arguments, said] : cases) {
    const CliRun run = runRetrace(arguments + " --force");
    EXPECT_EQ(run.exitCode, 2) << arguments << "\n" << run.output;
    EXPECT_EQ(run.output, "retrace verify: " + said + ": name another file to write\n") << arguments;
  }
  EXPECT_EQ(readBytes(path("a.rtr")), bytes);
  EXPECT_EQ(readBytes(path("b.rtr")), bytes);
  EXPECT_EQ(readBytes(path("a.expect")), "tunnels == 0\n");
  std::ofstream(path("inputs.txt")) << "60 left\n";
  const CliRun script =
      runRetrace("record --game dodge --ticks 60 --input " + path("inputs.txt") + " -o " + path("inputs.txt") + " --force");
  EXPECT_EQ(script.exitCode, 2) << script.output;
  EXPECT_EQ(script.output,
            "retrace record: -o: " + path("inputs.txt") + " is the input script played: name another file to write\n");
  EXPECT_EQ(readBytes(path("inputs.txt")), "60 left\n");
  // A replay played again may be re-recorded in its place: it is read whole first.
  const CliRun again = runRetrace("record --like " + path("a.rtr") + " -o " + path("a.rtr") + " --force");
  EXPECT_EQ(again.exitCode, 0) << again.output;
  EXPECT_EQ(runRetrace("verify " + path("a.rtr")).exitCode, 0);
}

TEST_F(Cli, VerifyExpectJudgesARegressionReplayByItsExpectFileAsTheCorpusTestDoes) {
  // Without --expect a regression replay's tunnels fail it (they are its point); with it, it
  // passes on what NAME.expect beside it expects, events counted too.
  const std::string bytes = readBytes(std::string(RETRACE_REPLAYS_DIR) + "/tank-bullets-through-walls.rtr");
  std::ofstream(path("walls.rtr"), std::ios::binary) << bytes;
  std::ofstream(path("walls.expect")) << "# the negative control\ntunnels >= 10\nevents fire >= 1\n";
  EXPECT_EQ(runRetrace("verify " + path("walls.rtr")).exitCode, 1);
  const CliRun expected = runRetrace("verify --expect " + path("walls.rtr"));
  EXPECT_EQ(expected.exitCode, 0) << expected.output;
  EXPECT_TRUE(expected.output.starts_with(path("walls.rtr") +
                                          ": tank (default+bulletSpeed=30, seed 2), OK: 7200 ticks identical " +
                                          "(events, checksums, final hash), as " + path("walls.expect") + " expects\n  oracle: "))
      << expected.output;
  const auto json = readJsonLines(runRetrace("verify --expect --json " + path("walls.rtr")).output);
  ASSERT_EQ(json.size(), 2U);
  EXPECT_TRUE(json[0]["passed"].get<bool>());
  EXPECT_EQ(json[0]["expected"]["file"], path("walls.expect"));
  EXPECT_EQ(json[0]["expected"]["unmet"], nlohmann::json::array());
  // An outcome it does not show fails it, said as the corpus test says it, and in the JUnit report.
  std::ofstream(path("walls.expect")) << "tunnels >= 10\nevents fire == 0\n";
  const CliRun unmet = runRetrace("verify --expect " + path("walls.rtr") + " --junit " + path("walls.xml"));
  EXPECT_EQ(unmet.exitCode, 1) << unmet.output;
  EXPECT_NE(unmet.output.find(", FAILED\n"), std::string::npos) << unmet.output;
  EXPECT_NE(unmet.output.find("\n  outcome: expected events fire == 0, found "), std::string::npos) << unmet.output;
  pugi::xml_document xml;
  ASSERT_TRUE(xml.load_file(path("walls.xml").c_str()));
  const pugi::xml_node failure = xml.child("testsuites").child("testsuite").child("testcase").child("failure");
  EXPECT_EQ(std::string(failure.attribute("type").value()), "outcome");
  EXPECT_TRUE(std::string(failure.attribute("message").value()).starts_with("outcome: expected events fire == 0, found "));
  // States: a tank's centre inside the map on every tick, and one hit taken; a typo checks nothing.
  std::ofstream(path("walls.expect")) << "tunnels >= 10\nnever tanks[*].centre.x > 260\nreaches tanks[0].hp < 3\n";
  EXPECT_EQ(runRetrace("verify --expect " + path("walls.rtr")).exitCode, 0);
  std::ofstream(path("walls.expect")) << "tunnels >= 10\nnever tanks[*].centre.x > 200\nnever tanks[*].centr.x > 260\n";
  const CliRun states = runRetrace("verify --expect " + path("walls.rtr"));
  EXPECT_EQ(states.exitCode, 1) << states.output;
  EXPECT_NE(states.output.find("\n  outcome: expected never 'tanks[*].centre.x > 200', but it holds at tick "), std::string::npos)
      << states.output;
  EXPECT_NE(states.output.find("\n  outcome: expected never 'tanks[*].centr.x > 260', but 'tanks[*].centr.x' names no field of "
                               "tank on any tick searched; did you mean tanks[*].centre.x?\n"),
            std::string::npos)
      << states.output;
  // A replay without one must show no tunnel; an expect file that does not parse is bad input.
  std::ofstream(path("plain.rtr"), std::ios::binary) << bytes;
  EXPECT_EQ(runRetrace("verify --expect " + path("plain.rtr")).exitCode, 1);
  std::ofstream(path("walls.expect")) << "tunnels about 10\n";
  const CliRun bad = runRetrace("verify --expect " + path("walls.rtr"));
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_TRUE(bad.output.starts_with("retrace verify: " + path("walls.expect") + ": line 1: ")) << bad.output;
  // A what-if replays other values than the recording's: no expected outcome is about it.
  EXPECT_EQ(runRetrace("verify --expect " + path("walls.rtr") + " --set bulletSpeed=5").output,
            "retrace verify: --set excludes --expect (see retrace verify --help)\n");
}

TEST_F(Cli, VerifyWithoutExpectSaysWhenARegressionReplaysExpectIsBesideIt) {
  // `retrace verify replays/` failed every regression replay on its tunnels and never said that
  // the NAME.expect beside each says they are its point, nor what judges by it.
  const std::string bytes = readBytes(std::string(RETRACE_REPLAYS_DIR) + "/tank-bullets-through-walls.rtr");
  std::filesystem::create_directory(path("corpus"));
  std::ofstream(path("corpus/walls.rtr"), std::ios::binary) << bytes;
  std::ofstream(path("corpus/walls.expect")) << "tunnels >= 10\n";
  std::ofstream(path("corpus/plain.rtr"), std::ios::binary) << bytes;
  const std::string hint =
      "\n  its tunnels may be its point: walls.expect beside it says what it must show (retrace verify "
      "--expect " +
      path("corpus/walls.rtr") + " judges it by that)\n";
  const CliRun one = runRetrace("verify " + path("corpus/walls.rtr"));
  EXPECT_EQ(one.exitCode, 1);
  EXPECT_TRUE(one.output.ends_with(hint)) << one.output;
  EXPECT_EQ(runRetrace("verify --expect " + path("corpus/walls.rtr")).exitCode, 0) << "the command it names passes it";
  const CliRun plain = runRetrace("verify " + path("corpus/plain.rtr"));
  EXPECT_EQ(plain.exitCode, 1);
  EXPECT_EQ(plain.output.find(".expect"), std::string::npos) << "no .expect beside it: " << plain.output;
  const CliRun folder = runRetrace("verify " + path("corpus"));
  EXPECT_NE(folder.output.find(hint), std::string::npos) << folder.output;
  EXPECT_TRUE(
      folder.output.ends_with("2 replays: 0 OK, 2 failed (1 on tunnels with a .expect beside it: --expect judges by it)\n"))
      << folder.output;
  const CliRun json = runRetrace("verify --json " + path("corpus"));
  EXPECT_EQ(json.output.find("its tunnels may be"), std::string::npos) << "JSON lines only: " << json.output;
  EXPECT_EQ(readJsonLines(json.output).size(), 3U) << json.output;
  // A replay that fails on more than its tunnels is not one its .expect could pass: no hint.
  std::ofstream(path("corpus/walls.rtr"), std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  const CliRun cut = runRetrace("verify " + path("corpus/walls.rtr"));
  EXPECT_EQ(cut.exitCode, 1);
  EXPECT_EQ(cut.output.find("its tunnels may be its point"), std::string::npos) << cut.output;
}

TEST_F(Cli, SetGivesConfigurationValuesByNameAndVerifyAsksWhatIf) {
  // Recorded with a value set: the header holds it, and it verifies as recorded.
  const CliRun record =
      runRetrace("record --game fallingman --seed 4 --ticks 1200 --input bot --set walkSpeed=2.5 -o " + path("slow.rtr"));
  ASSERT_EQ(record.exitCode, 0) << record.output;
  EXPECT_NE(record.output.find("(default+walkSpeed=2.5, seed 4, bot input)"), std::string::npos) << record.output;
  EXPECT_NE(runRetrace("info " + path("slow.rtr")).output.find("configuration default+walkSpeed=2.5"), std::string::npos);
  EXPECT_EQ(runRetrace("verify " + path("slow.rtr")).exitCode, 0);
  // What if the landing window were 4 px: the replay's own inputs diverge (a limit break, asked for).
  const CliRun refused = runRetrace("verify " + path("slow.rtr") + " --set landingWindow=4");
  EXPECT_EQ(refused.exitCode, 2);
  EXPECT_NE(refused.output.find("pass --allow-limit-breaks"), std::string::npos) << refused.output;
  const CliRun whatIf = runRetrace("verify " + path("slow.rtr") + " --set landingWindow=4 --allow-limit-breaks");
  EXPECT_EQ(whatIf.exitCode, 1) << whatIf.output;
  EXPECT_NE(whatIf.output.find("(what if default+walkSpeed=2.5+landingWindow=4)"), std::string::npos) << whatIf.output;
  EXPECT_NE(whatIf.output.find("diverged at tick"), std::string::npos) << whatIf.output;
  // The same value as recorded: identical.
  EXPECT_EQ(runRetrace("verify " + path("slow.rtr") + " --set walkSpeed=2.5").exitCode, 0);
  // Bad settings: one line, exit 2, no file.
  for (const std::string bad : {"--set nope=1", "--set walkSpeed=fast", "--set walkSpeed"}) {
    const CliRun run = runRetrace("record --game fallingman --ticks 10 -o " + path("bad.rtr") + " " + bad);
    EXPECT_EQ(run.exitCode, 2) << bad;
    EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << run.output;
    EXPECT_FALSE(fs::exists(path("bad.rtr")));
  }
  // Past a limit, record needs --allow-limit-breaks and says so.
  const CliRun limit = runRetrace("record --game fallingman --ticks 10 --set fallCap=9 -o " + path("bad.rtr"));
  EXPECT_EQ(limit.exitCode, 2);
  EXPECT_NE(limit.output.find("pass --allow-limit-breaks"), std::string::npos) << limit.output;
  // hunt takes the values too.
  const CliRun hunt = runRetrace("hunt --game tank --set bulletSpeed=3 --runs 2 --ticks 100 --no-progress -o " + path("hunt"));
  EXPECT_EQ(hunt.exitCode, 0) << hunt.output;
  EXPECT_NE(hunt.output.find("hunted tank (default+bulletSpeed=3, named configurations"), std::string::npos) << hunt.output;
}

/// The state of a replay's game after `tick` ticks, stepped here directly from its inputs.
std::vector<retrace::sim::Field> simulateDirectly(const std::string& file, std::uint64_t tick) {
  auto loaded = retrace::recorder::loadReplayFile(file);
  const auto& replay = std::get<retrace::recorder::LoadedReplay>(loaded);
  auto session =
      retrace::sim::findGame(replay.header.game)->start(retrace::recorder::configOf(replay.header), replay.header.seed);
  const auto inputs = retrace::recorder::expandInputs(replay);
  for (std::uint64_t t = 0; t < tick; ++t) (void)session->step(inputs[t]);
  return session->describeState();
}

TEST_F(Cli, ShowEventsAndTraceAgreeWithADirectSimulation) {
  for (const std::string game : {"dodge", "tank", "fallingman"}) {
    SCOPED_TRACE(game);
    const std::string file = path(game + ".rtr");
    // Chunks of 600 ticks, a snapshot every 1800: tick 2500 is reached from tick 1800's.
    ASSERT_EQ(runRetrace("record --game " + game + " --seed 8 --ticks 3000 --input bot -o " + file).exitCode, 0);
    for (const std::uint64_t tick : {0U, 1U, 1800U, 2500U, 3000U}) {
      const CliRun show = runRetrace("show " + file + " --tick " + std::to_string(tick) + " --json");
      ASSERT_EQ(show.exitCode, 0) << show.output;
      const auto json = nlohmann::json::parse(show.output);
      const auto expected = simulateDirectly(file, tick);
      ASSERT_EQ(json["state"].size(), expected.size()) << tick;
      for (const auto& field : expected) {
        const auto& value = json["state"][field.name];
        const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
        EXPECT_EQ(text, retrace::sim::formatField(field)) << field.name << " at tick " << tick;
      }
      EXPECT_EQ(json["tick"], tick);
    }
    // trace: the same values tick by tick.
    const auto fields = simulateDirectly(file, 2000);
    const std::string name = fields[fields.size() / 2].name;
    const CliRun trace = runRetrace("trace " + file + " --field '" + name + "' --from 1998 --to 2002 --csv");
    ASSERT_EQ(trace.exitCode, 0) << trace.output;
    std::vector<std::string> lines;
    std::stringstream text(trace.output);
    for (std::string line; std::getline(text, line);) lines.push_back(line);
    ASSERT_EQ(lines.size(), 6U) << trace.output;
    for (std::uint64_t tick = 1998; tick <= 2002; ++tick) {
      std::string want;
      for (const auto& f : simulateDirectly(file, tick)) {
        if (f.name == name) want = retrace::sim::formatField(f);
      }
      EXPECT_EQ(lines[tick - 1998 + 1], std::to_string(tick) + "," + want) << name;
    }
    const CliRun traceJson = runRetrace("trace " + file + " --field '" + name + "' --from 2000 --to 2000 --json");
    ASSERT_EQ(traceJson.exitCode, 0) << traceJson.output;
    const auto row = nlohmann::json::parse(traceJson.output);
    EXPECT_EQ(row["tick"], 2000U);
    const auto& value = row["values"][name];
    for (const auto& f : simulateDirectly(file, 2000)) {
      if (f.name == name) {
        EXPECT_EQ(value.is_string() ? value.get<std::string>() : value.dump(), retrace::sim::formatField(f));
      }
    }
    // events: every recorded event of the range, one JSON line each, then the counts.
    auto loaded = retrace::recorder::loadReplayFile(file);
    const auto& replay = std::get<retrace::recorder::LoadedReplay>(loaded);
    std::size_t recorded = 0;
    for (const auto& chunk : replay.chunks) {
      for (const auto& e : chunk.events) recorded += e.tick >= 1000 && e.tick <= 2000 ? 1 : 0;
    }
    const CliRun events = runRetrace("events " + file + " --from 1000 --to 2000 --json");
    ASSERT_EQ(events.exitCode, 0);
    EXPECT_EQ(static_cast<std::size_t>(std::count(events.output.begin(), events.output.end(), '\n')), recorded + 1)
        << events.output;
  }
}

TEST_F(Cli, ShowSaysWhatTheOracleFindsTheRulesMissedAtTheTick) {
  // A regression replay of each game: at each tick verify finds a tunnel on, show gives the same
  // sentences (text and JSON, from a snapshot or from the start); on the tick before, none.
  for (const std::string name : {"dodge-discrete-tunneling", "tank-discrete-grazing", "fallingman-scroll-over-window"}) {
    SCOPED_TRACE(name);
    const std::string file = std::string(RETRACE_REPLAYS_DIR) + "/" + name + ".rtr";
    const CliRun verify = runRetrace("verify --json " + file);
    const auto report = readJsonLines(verify.output).at(0)["tunnels"];
    ASSERT_GE(report["ticks"].size(), 1U) << verify.output;
    for (std::size_t i = 0; i < report["ticks"].size() && i < 3; ++i) {
      const std::uint64_t tick = report["ticks"][i];
      std::vector<std::string> sentences;
      for (const auto& sentence : report["first"]) {
        if (sentence.get<std::string>().starts_with("tick " + std::to_string(tick) + ": ")) sentences.push_back(sentence);
      }
      ASSERT_FALSE(sentences.empty()) << tick;
      std::string said = "\noracle: " + std::to_string(sentences.size()) + (sentences.size() == 1 ? " tunnel\n" : " tunnels\n");
      for (const std::string& sentence : sentences) said += "  " + sentence + "\n";
      for (const std::string way : {"", " --from-start", " --changed"}) {
        const CliRun show = runRetrace("show " + file + " --tick " + std::to_string(tick) + way);
        ASSERT_EQ(show.exitCode, 0) << show.output;
        EXPECT_NE(show.output.find("\nevents: "), std::string::npos) << show.output;
        EXPECT_NE(show.output.find(said), std::string::npos) << way << "\n" << show.output << "\nwanted:" << said;
      }
      const CliRun json = runRetrace("show " + file + " --tick " + std::to_string(tick) + " --json --fields tick");
      ASSERT_EQ(json.exitCode, 0) << json.output;
      EXPECT_EQ(nlohmann::json::parse(json.output)["tunnels"], nlohmann::json(sentences)) << json.output;
      const std::uint64_t before = tick - 1;
      if (std::find(report["ticks"].begin(), report["ticks"].end(), before) != report["ticks"].end()) continue;
      const CliRun quiet = runRetrace("show " + file + " --tick " + std::to_string(before) + " --fields tick");
      ASSERT_EQ(quiet.exitCode, 0) << quiet.output;
      EXPECT_NE(quiet.output.find("\noracle: no tunnel\nstate:\n"), std::string::npos) << quiet.output;
      const CliRun quietJson = runRetrace("show " + file + " --tick " + std::to_string(before) + " --json --fields tick");
      EXPECT_EQ(nlohmann::json::parse(quietJson.output)["tunnels"], nlohmann::json::array()) << quietJson.output;
    }
  }
  // Before the first tick nothing has moved.
  const CliRun start =
      runRetrace("show " + std::string(RETRACE_REPLAYS_DIR) + "/dodge-discrete-tunneling.rtr --tick 0 --fields tick");
  ASSERT_EQ(start.exitCode, 0) << start.output;
  EXPECT_NE(start.output.find("\noracle: no tunnel\n"), std::string::npos) << start.output;
}

TEST_F(Cli, EventsWithTunnelsListsTheOraclesFindingsAmongTheEventsInTickOrder) {
  // Every tunnel verify finds, at its tick, after that tick's events and before the next's; the
  // counts say how many; a range lists the tunnels inside it only, whatever chunks it spans.
  for (const std::string name : {"dodge-discrete-tunneling", "tank-discrete-grazing", "fallingman-scroll-over-window"}) {
    SCOPED_TRACE(name);
    const std::string file = std::string(RETRACE_REPLAYS_DIR) + "/" + name + ".rtr";
    const auto report = readJsonLines(runRetrace("verify --json " + file).output).at(0)["tunnels"];
    const std::uint64_t count = report["count"];
    ASSERT_GE(count, 1U);
    const CliRun all = runRetrace("events --json --tunnels " + file);
    ASSERT_EQ(all.exitCode, 0) << all.output;
    const std::vector<nlohmann::json> lines = readJsonLines(all.output);
    std::vector<std::uint64_t> ticks;
    std::vector<std::string> sentences;
    std::uint64_t lastTick = 0;
    bool eventAfterTunnelOnItsTick = false;
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
      const std::uint64_t tick = lines[i]["tick"];
      EXPECT_GE(tick, lastTick) << lines[i].dump();
      lastTick = tick;
      if (lines[i].contains("tunnel")) {
        ticks.push_back(tick);
        sentences.push_back(lines[i]["tunnel"]);
      } else if (!ticks.empty() && ticks.back() == tick) {
        eventAfterTunnelOnItsTick = true;
      }
    }
    EXPECT_FALSE(eventAfterTunnelOnItsTick);
    EXPECT_EQ(lines.back()["tunnels"], count) << lines.back().dump();
    ASSERT_EQ(ticks.size(), count);
    std::vector<std::uint64_t> tickSet(ticks);
    tickSet.erase(std::unique(tickSet.begin(), tickSet.end()), tickSet.end());
    EXPECT_EQ(nlohmann::json(tickSet), report["ticks"]);
    for (std::size_t i = 0; i < report["first"].size(); ++i) EXPECT_EQ(sentences.at(i), report["first"][i]);
    // verify gives the first few, and says how many more this lists.
    const std::size_t more = count - report["first"].size();
    const std::string andMore = "\n    and " + std::to_string(more) + " more (retrace events --tunnels lists every one)\n";
    EXPECT_EQ(runRetrace("verify " + file).output.find(andMore) != std::string::npos, more > 0) << more;
    // Text: the tick's column, and the sentence without the tick it already gives; the counts.
    const std::uint64_t first = ticks.front();
    const std::string range = " --from " + std::to_string(first > 700 ? first - 700 : 1) + " --to " + std::to_string(first);
    const CliRun text = runRetrace("events --tunnels " + file + range);
    ASSERT_EQ(text.exitCode, 0) << text.output;
    const std::string sentence = sentences.front();
    const std::string shown = sentence.substr(sentence.find(": ") + 2);
    EXPECT_NE(text.output.find(" TUNNEL " + shown + "\n"), std::string::npos) << text.output;
    EXPECT_NE(text.output.find("; the oracle: " + std::to_string(std::count(ticks.begin(), ticks.end(), first)) + " tunnel"),
              std::string::npos)
        << text.output;
    // A range that stops before the tunnel has none; without --tunnels, none are listed.
    const CliRun before = runRetrace("events --tunnels " + file + " --from 1 --to " + std::to_string(first - 1));
    EXPECT_EQ(before.output.find("TUNNEL"), std::string::npos) << before.output;
    EXPECT_NE(before.output.find("; the oracle: 0 tunnels\n"), std::string::npos) << before.output;
    const CliRun plain = runRetrace("events " + file + range);
    EXPECT_EQ(plain.output.find("TUNNEL"), std::string::npos) << plain.output;
    EXPECT_EQ(plain.output.find("the oracle"), std::string::npos) << plain.output;
  }
}

TEST_F(Cli, ShowPrintsATileMapAsAGrid) {
  // The built-in level at tick 0: row 12 is the base (9) between two bricks (1).
  const CliRun show = runRetrace("show " + std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr --tick 0 --fields tiles");
  ASSERT_EQ(show.exitCode, 0) << show.output;
  EXPECT_NE(show.output.find("  tiles[row][column], 13 x 13 (. empty, 1 brick, 2 steel, 9 base):\n    .............\n"
                             "    .1.1.1.1.1.1.\n"),
            std::string::npos)
      << show.output;
  EXPECT_NE(show.output.find("    .....191.....\n"), std::string::npos) << show.output;
  EXPECT_EQ(show.output.find(" = "), std::string::npos) << show.output;
  // Some of the cells are lines of their own, named by row and column: no part of a grid.
  const CliRun row = runRetrace("show " + std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr --tick 0 --fields 'tiles[12]'");
  ASSERT_EQ(row.exitCode, 0) << row.output;
  EXPECT_NE(row.output.find("  tiles[12][5] = brick\n  tiles[12][6] = base\n"), std::string::npos) << row.output;
  EXPECT_EQ(row.output.find("[row][column]"), std::string::npos) << row.output;
  const CliRun column =
      runRetrace("show " + std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr --tick 0 --fields 'tiles[*][6]'");
  EXPECT_NE(column.output.find("  tiles[11][6] = brick\n  tiles[12][6] = base\n"), std::string::npos) << column.output;
  EXPECT_EQ(column.output.find("[row][column]"), std::string::npos) << column.output;
}

/// A state as `show --json` gives it, each list element that has an `id` field named by it
/// (`bullets[0].position.x` as `bullets[id=7].position.x`), as show --changed compares them.
nlohmann::json nameStateByIds(const nlohmann::json& state) {
  nlohmann::json named = nlohmann::json::object();
  for (const auto& [name, value] : state.items()) {
    std::string byId;
    std::size_t at = 0;
    for (std::size_t close = name.find(']'); close != std::string::npos; close = name.find(']', close + 1)) {
      const std::size_t open = name.rfind('[', close);
      const std::string element = name.substr(0, close + 1) + ".id";
      byId += name.substr(at, open - at);
      byId += state.contains(element) ? "[id=" + state[element].dump() + "]" : name.substr(open, close - open + 1);
      at = close + 1;
    }
    named[byId + name.substr(at)] = value;
  }
  return named;
}

TEST_F(Cli, ShowChangedOrSinceGivesWhatChangedWithWhatEachFieldWas) {
  const std::string file = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  // At tick 169 bullet 7 takes the brick at row 5, column 5.
  const CliRun text = runRetrace("show " + file + " --tick 169 --changed");
  ASSERT_EQ(text.exitCode, 0) << text.output;
  EXPECT_NE(text.output.find("\nchanged since tick 168:\n"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("\n  tiles[5][5] = empty (was brick)\n"), std::string::npos) << text.output;
  EXPECT_EQ(text.output.find("state:"), std::string::npos) << text.output;
  // The JSON holds exactly the fields whose values differ between the two ticks' whole states:
  // as they are in "state", as they were in "was" (a round's start at 3249 brings the map back).
  // --since compares with any earlier tick the same way: what a stretch of play changed.
  const std::vector<std::pair<std::uint64_t, std::string>> asked{{169, "--changed"},  {1000, "--changed"},
                                                                 {3249, "--changed"}, {900, "--since 600"},
                                                                 {3600, "--since 0"}, {1001, "--since 1000"}};
  for (const auto& [tick, compare] : asked) {
    SCOPED_TRACE(std::to_string(tick) + " " + compare);
    const std::uint64_t since = compare == "--changed" ? tick - 1 : std::stoull(compare.substr(8));
    const std::string at = file + " --json --tick ";
    const nlohmann::json before =
        nameStateByIds(nlohmann::json::parse(runRetrace("show " + at + std::to_string(since)).output)["state"]);
    const nlohmann::json after =
        nameStateByIds(nlohmann::json::parse(runRetrace("show " + at + std::to_string(tick)).output)["state"]);
    const nlohmann::json changed = nlohmann::json::parse(runRetrace("show " + at + std::to_string(tick) + " " + compare).output);
    nlohmann::json state = nlohmann::json::object();
    nlohmann::json was = nlohmann::json::object();
    for (const auto& [name, value] : after.items()) {
      if (!before.contains(name) || before[name] != value) state[name] = value;
    }
    for (const auto& [name, value] : before.items()) {
      if (!after.contains(name) || after[name] != value) was[name] = value;
    }
    EXPECT_EQ(changed["changedSince"], since);
    EXPECT_EQ(changed["state"], state);
    EXPECT_EQ(changed["was"], was);
    EXPECT_GT(state.size(), 2U) << "more than the tick and the round's tick";
  }
  EXPECT_EQ(runRetrace("show " + file + " --tick 1001 --since 1000").output,
            runRetrace("show " + file + " --tick 1001 --changed").output);
  const CliRun late = runRetrace("show " + file + " --tick 900 --since 900");
  EXPECT_EQ(late.exitCode, 2);
  EXPECT_EQ(late.output, "retrace show: --since 900 is not before --tick 900: it names the earlier tick to compare with\n");
  EXPECT_EQ(runRetrace("show " + file + " --tick 900 --since 600 --changed").exitCode, 2);
  EXPECT_EQ(runRetrace("show " + file + " --tick 900 --since 0:10.000 --json").output,
            runRetrace("show " + file + " --tick 900 --since 600 --json").output);
  // Fields selected; one that did not change; tick 0, which has no tick before it.
  const CliRun tiles = runRetrace("show " + file + " --tick 169 --changed --fields tiles");
  EXPECT_NE(tiles.output.find("changed since tick 168:\n  tiles[5][5] = empty (was brick)\n"), std::string::npos) << tiles.output;
  // The header, input, events and oracle lines, then the two of the change.
  EXPECT_EQ(std::count(tiles.output.begin(), tiles.output.end(), '\n'), 6) << tiles.output;
  EXPECT_NE(
      runRetrace("show " + file + " --tick 170 --changed --fields tiles").output.find("changed since tick 169:\n  nothing\n"),
      std::string::npos);
  const CliRun zero = runRetrace("show " + file + " --tick 0 --changed");
  EXPECT_EQ(zero.exitCode, 2);
  EXPECT_EQ(zero.output, "retrace show: --changed shows what a tick changed since the tick before, and tick 0 has none\n");
}

TEST_F(Cli, FindGivesTheTicksADirectSimulationMeetsTheConditionOn) {
  const std::string file = path("fm.rtr");
  ASSERT_EQ(runRetrace("record --game fallingman --seed 4 --ticks 1500 --input bot -o " + file).exitCode, 0);
  // The ticks the man stands on a platform, by stepping the game here.
  std::vector<std::uint64_t> standing;
  for (std::uint64_t tick = 0; tick <= 1500; ++tick) {
    for (const auto& f : simulateDirectly(file, tick)) {
      if (f.name == "man.standingOn" && f.value != -1) standing.push_back(tick);
    }
  }
  ASSERT_FALSE(standing.empty());
  const CliRun all = runRetrace("find " + file + " --where 'man.standingOn != -1' --all --json");
  ASSERT_EQ(all.exitCode, 0) << all.output;
  EXPECT_EQ(nlohmann::json::parse(all.output)["ticks"].get<std::vector<std::uint64_t>>(), standing);
  const std::uint64_t after = standing.front();
  const auto next = std::find_if(standing.begin(), standing.end(), [&](std::uint64_t t) { return t > after; });
  const CliRun following =
      runRetrace("find " + file + " --where 'man.standingOn != -1' --next-after " + std::to_string(after) + " --json");
  EXPECT_EQ(nlohmann::json::parse(following.output)["ticks"][0], *next);
  // The last before a tick, searched back from it; nothing when it never holds; no tick before 0
  // or past the end (1500 is the last, so 1501 is the end).
  ASSERT_GT(standing.size(), 2U);
  const std::uint64_t middle = standing[standing.size() / 2];
  const auto previous = std::prev(std::lower_bound(standing.begin(), standing.end(), middle));
  const CliRun last = runRetrace("find " + file + " --where 'man.standingOn != -1' --last-before " + std::to_string(middle));
  EXPECT_EQ(last.exitCode, 0);
  EXPECT_EQ(last.output.rfind(file + ": man.standingOn != -1 last holds before tick " + std::to_string(middle) + " at tick " +
                                  std::to_string(*previous) + " (",
                              0),
            0U)
      << last.output;
  const CliRun lastJson =
      runRetrace("find " + file + " --where 'man.standingOn != -1 and man.standingOn == -1' --last-before 1000 --json");
  EXPECT_EQ(lastJson.exitCode, 1) << lastJson.output;
  EXPECT_TRUE(nlohmann::json::parse(lastJson.output)["ticks"].empty()) << lastJson.output;
  EXPECT_EQ(nlohmann::json::parse(
                runRetrace("find " + file + " --where 'man.standingOn != -1' --last-before 1501 --json").output)["ticks"][0],
            standing.back());
  for (const std::string tick : {"0", "1502"}) {
    const CliRun refused = runRetrace("find " + file + " --where 'man.standingOn != -1' --last-before " + tick);
    EXPECT_EQ(refused.exitCode, 2);
    EXPECT_EQ(refused.output, "retrace find: " + file + " has ticks 0 to 1500; there is no tick before " + tick + " in it\n");
  }
  EXPECT_EQ(runRetrace("find " + file + " --where 'man.standingOn != -1' --last-before 9 --next-after 2").exitCode, 2);
  // Every game, with the fields every game has.
  for (const std::string game : {"dodge", "tank", "fallingman"}) {
    const std::string other = path(game + ".rtr");
    ASSERT_EQ(runRetrace("record --game " + game + " --seed 2 --ticks 400 --input random -o " + other).exitCode, 0);
    std::vector<std::uint64_t> expected;
    for (std::uint64_t tick = 0; tick <= 400; ++tick) {
      std::int64_t roundTick = -1;
      std::int64_t round = -1;
      for (const auto& f : simulateDirectly(other, tick)) {
        if (f.name == "clock.roundTick") roundTick = f.value;
        if (f.name == "clock.round") round = f.value;
      }
      if ((roundTick > 30 && roundTick < 60) || round >= 2) expected.push_back(tick);
    }
    const CliRun found =
        runRetrace("find " + other + " --where 'clock.roundTick > 30 and clock.roundTick < 60 or clock.round >= 2' --all --json");
    ASSERT_EQ(found.exitCode, expected.empty() ? 1 : 0) << found.output;
    EXPECT_EQ(nlohmann::json::parse(found.output)["ticks"].get<std::vector<std::uint64_t>>(), expected) << game;
  }
  // Nothing found is exit 1; a typo in a field's name is exit 2 with one line.
  EXPECT_EQ(runRetrace("find " + file + " --where 'man.vy > 100'").exitCode, 1);
  const CliRun typo = runRetrace("find " + file + " --where 'man.vyy > 1'");
  EXPECT_EQ(typo.exitCode, 2);
  EXPECT_EQ(std::count(typo.output.begin(), typo.output.end(), '\n'), 1) << typo.output;
}

TEST_F(Cli, FindNamesTheFieldsThatMeetItAtTheTickItGives) {
  // Which bullet, which cell: the first element of a pattern that meets the condition at the tick
  // found, as a direct simulation has it, and for `changed` the first that differs from the tick
  // before. Every tick found by --all has its own, so --all names none.
  const std::string file = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  const auto firstMeeting = [&](std::uint64_t tick, const std::function<bool(const retrace::sim::Field&)>& meets) {
    const auto before = simulateDirectly(file, tick - 1);
    for (const auto& f : simulateDirectly(file, tick)) {
      const auto was = std::find_if(before.begin(), before.end(), [&](const auto& b) { return b.name == f.name; });
      if (meets(f) && (f.name.find(".position.x") != std::string::npos || was == before.end() || was->value != f.value)) return f;
    }
    return retrace::sim::Field{};
  };
  const auto isBulletPastX = [](const retrace::sim::Field& f) {
    return f.name.starts_with("bullets[") && f.name.ends_with("].position.x") && f.value > retrace::sim::px(240).raw();
  };
  const CliRun first = runRetrace("find " + file + " --where 'bullets[*].position.x > 240' --next-after 600 --json");
  ASSERT_EQ(first.exitCode, 0) << first.output;
  const auto json = nlohmann::json::parse(first.output);
  const std::uint64_t tick = json["ticks"][0];
  const retrace::sim::Field bullet = firstMeeting(tick, isBulletPastX);
  ASSERT_FALSE(bullet.name.empty());
  EXPECT_EQ(json["fields"], (nlohmann::json{{bullet.name, retrace::sim::formatField(bullet)}})) << first.output;
  const CliRun text = runRetrace("find " + file + " --where 'bullets[*].position.x > 240' --next-after 600");
  EXPECT_NE(text.output.find("first holds at tick " + std::to_string(tick) + " (0:"), std::string::npos) << text.output;
  EXPECT_TRUE(text.output.ends_with("): " + bullet.name + " " + retrace::sim::formatField(bullet) + "\n")) << text.output;
  const auto isTile = [](const retrace::sim::Field& f) { return f.name.starts_with("tiles["); };
  const CliRun cell = runRetrace("find " + file + " --where 'tiles[*][*] changed' --last-before 3000 --json");
  ASSERT_EQ(cell.exitCode, 0) << cell.output;
  const auto cellJson = nlohmann::json::parse(cell.output);
  const retrace::sim::Field broken = firstMeeting(cellJson["ticks"][0], isTile);
  ASSERT_FALSE(broken.name.empty());
  EXPECT_EQ(cellJson["fields"], (nlohmann::json{{broken.name, retrace::sim::formatField(broken)}})) << cell.output;
  const CliRun all = runRetrace("find " + file + " --where 'bullets[*].position.x > 240' --all --json");
  EXPECT_FALSE(nlohmann::json::parse(all.output).contains("fields")) << all.output;
  // The state's tick is the tick the line gives: not said again as a field.
  EXPECT_EQ(runRetrace("find " + file + " --where 'tick == 600'").output,
            file + ": tick == 600 first holds at tick 600 (0:10.000)\n");
  const CliRun later = runRetrace("find " + file + " --where 'tick > 600 and tanks[0].hp < 3'");
  EXPECT_NE(later.output.find(" (0:33.316): tanks[0].hp 2\n"), std::string::npos) << later.output;
}

TEST_F(Cli, ShowTraceAndFindFollowAnElementByItsIdWhereverItIsInItsList) {
  const std::string file = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  // A bullet whose place in the list changes while it flies, and the ticks it flies on.
  const CliRun ids = runRetrace("trace " + file + " --field 'bullets[*].id' --json");
  ASSERT_EQ(ids.exitCode, 0);
  std::map<std::int64_t, std::map<std::uint64_t, std::string>> flights;  // id: tick to its element's name
  std::stringstream rows(ids.output);
  for (std::string line; std::getline(rows, line);) {
    const auto row = nlohmann::json::parse(line);
    for (const auto& [name, id] : row["values"].items())
      flights[id.get<std::int64_t>()][row["tick"].get<std::uint64_t>()] = name.substr(0, name.size() - 3);
  }
  const auto moving = std::find_if(flights.begin(), flights.end(), [](const auto& flight) {
    return std::any_of(flight.second.begin(), flight.second.end(),
                       [&](const auto& at) { return at.second != flight.second.begin()->second; });
  });
  ASSERT_NE(moving, flights.end()) << "no bullet changes its place in the list";
  const std::string byId = "bullets[id=" + std::to_string(moving->first) + "]";
  const std::uint64_t first = moving->second.begin()->first;
  const std::uint64_t last = moving->second.rbegin()->first;
  // trace: one column all along, each tick the value of the element with that id.
  const std::string range = " --from " + std::to_string(first - 1) + " --to " + std::to_string(last + 1);
  const CliRun trace = runRetrace("trace " + file + " --field '" + byId + ".position.y' --csv" + range);
  ASSERT_EQ(trace.exitCode, 0) << trace.output;
  const CliRun all = runRetrace("trace " + file + " --field 'bullets[*].position.y' --json" + range);
  std::stringstream traced(trace.output);
  std::stringstream byIndex(all.output);
  std::string row;
  std::getline(traced, row);
  EXPECT_EQ(row, "tick," + byId + ".position.y");
  for (std::uint64_t tick = first - 1; tick <= last + 1; ++tick) {
    std::string indexed;
    std::getline(traced, row);
    std::getline(byIndex, indexed);
    const auto values = nlohmann::json::parse(indexed)["values"];
    const bool flying = moving->second.contains(tick);
    const auto value = flying ? values[moving->second.at(tick) + ".position.y"] : nlohmann::json();
    EXPECT_EQ(row, std::to_string(tick) + "," + (!flying ? "" : value.is_string() ? value.get<std::string>() : value.dump()));
  }
  // show names the element by its id; find finds it where it is.
  const CliRun show = runRetrace("show " + file + " --tick " + std::to_string(last) + " --fields '" + byId + ".id'");
  EXPECT_NE(show.output.find("  " + byId + ".id = " + std::to_string(moving->first) + "\n"), std::string::npos) << show.output;
  const CliRun found = runRetrace("find " + file + " --where '" + byId + ".id == " + std::to_string(moving->first) + "' --all");
  EXPECT_EQ(found.exitCode, 0) << found.output;
  EXPECT_NE(found.output.find(std::to_string(first) + ".." + std::to_string(last)), std::string::npos) << found.output;
  // An id no element ever has is never found (1); a malformed one is one line (2).
  EXPECT_EQ(runRetrace("find " + file + " --where 'bullets[id=99999999].id == 1'").exitCode, 1);
  const CliRun malformed = runRetrace("trace " + file + " --field 'bullets[id=x].id'");
  EXPECT_EQ(malformed.exitCode, 2);
  EXPECT_EQ(
      malformed.output,
      "retrace trace: 'bullets[id=x].id' is not a field pattern: an element picked by its id is [id=N], N a whole number\n");
}

TEST_F(Cli, EventsWhereListsTheEventsWhoseArgumentsMeetTheCondition) {
  const std::string file = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  const CliRun all = runRetrace("events " + file + " --json");
  ASSERT_EQ(all.exitCode, 0);
  const std::vector<nlohmann::json> every = readJsonLines(all.output);
  // An entity's id as the first event with a "tank" argument gives it, and every event naming it.
  const auto first = std::find_if(every.begin(), every.end(),
                                  [](const nlohmann::json& e) { return e.contains("args") && e["args"].contains("tank"); });
  ASSERT_NE(first, every.end());
  const std::int64_t tank = (*first)["args"]["tank"].get<std::int64_t>();
  const auto names = [&](const nlohmann::json& e, const char* arg) {
    return e.contains("args") && e["args"].contains(arg) && e["args"][arg] == tank;
  };
  std::vector<nlohmann::json> expected;
  for (const nlohmann::json& e : every) {
    if (names(e, "tank") || names(e, "by")) expected.push_back(e);
  }
  ASSERT_GT(expected.size(), 2U);
  const std::string id = std::to_string(tank);
  const CliRun where = runRetrace("events " + file + " --where 'tank == " + id + " or by == " + id + "' --json");
  ASSERT_EQ(where.exitCode, 0) << where.output;
  std::vector<nlohmann::json> got = readJsonLines(where.output);
  ASSERT_FALSE(got.empty());
  got.pop_back();  // the counts
  EXPECT_EQ(got, expected);
  // A name no argument of the kinds asked for has, and a value no argument takes: one line, exit 2.
  const CliRun typo = runRetrace("events " + file + " --where 'tonk == 1'");
  EXPECT_EQ(typo.exitCode, 2);
  EXPECT_EQ(typo.output.rfind("retrace events: 'tonk' is no argument of the events asked for (their arguments: tank, ", 0), 0U)
      << typo.output;
  EXPECT_EQ(std::count(typo.output.begin(), typo.output.end(), '\n'), 1);
  EXPECT_EQ(runRetrace("events " + file + " --kind fire --where 'by == 0'").output,
            "retrace events: 'by' is no argument of the events asked for (their arguments: tank, bullet, x, y)\n");
  EXPECT_EQ(runRetrace("events " + file + " --where 'tank == three'").output,
            "retrace events: tank is a whole number, not 'three'\n");
  const CliRun changed = runRetrace("events " + file + " --where 'tank changed'");
  EXPECT_EQ(changed.exitCode, 2);
  EXPECT_EQ(
      changed.output,
      "retrace events: changed compares a field with the tick before, and an event's arguments have none (find --where asks "
      "it of the state's fields)\n");
  // Even where no event with that argument happens (no round ends in five ticks).
  EXPECT_EQ(runRetrace("events " + file + " --kind gameOver --to 5").output.rfind("0 events", 0), 0U);
  EXPECT_EQ(runRetrace("events " + file + " --kind gameOver --to 5 --where 'round == three'").output,
            "retrace events: round is a whole number, not 'three'\n");
  EXPECT_EQ(runRetrace("events " + file + " --where 'tank =='").exitCode, 2);
}

TEST_F(Cli, EventsAboutAnEntityListsItsEventsWhateverTheirArgumentsAreCalled) {
  const std::string file = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  const auto readLines = [](const std::string& text) {
    std::vector<nlohmann::json> lines = readJsonLines(text);
    lines.pop_back();  // the counts
    return lines;
  };
  const CliRun all = runRetrace("events " + file + " --json");
  ASSERT_EQ(all.exitCode, 0);
  const std::vector<nlohmann::json> every = readLines(all.output);
  // Tank 1 as each kind names it: "tank" of fire, tankHit, blocked..., "by" of tankDestroyed.
  std::vector<nlohmann::json> expected;
  for (const nlohmann::json& e : every) {
    if ((e["args"].contains("tank") && e["args"]["tank"] == 1) || (e["args"].contains("by") && e["args"]["by"] == 1))
      expected.push_back(e);
  }
  ASSERT_GT(expected.size(), 10U);
  const CliRun tank = runRetrace("events " + file + " --about 'tanks[id=1]' --json");
  ASSERT_EQ(tank.exitCode, 0) << tank.output;
  EXPECT_EQ(readLines(tank.output), expected);
  // A cell, and a whole list: every shot is about its bullet.
  EXPECT_EQ(runRetrace("events " + file + " --about 'tiles[5][5]'").output,
            "tick 169     0:02.816   brickDestroyed{bullet 7, column 5, row 5}\n"
            "1 event in ticks 1 to 3600: brickDestroyed 1\n");
  const CliRun fired = runRetrace("events " + file + " --kind fire");
  EXPECT_EQ(runRetrace("events " + file + " --kind fire --about bullets").output, fired.output);
  EXPECT_EQ(runRetrace("events " + file + " --about 'bullets[id=7]' --json").output,
            "{\"tick\":164,\"time\":\"0:02.733\",\"kind\":\"fire\",\"args\":{\"tank\":1,\"bullet\":7,\"x\":\"79\",\"y\":\"112\"},"
            "\"about\":[\"tanks[id=1]\",\"bullets[id=7]\"]}\n"
            "{\"tick\":169,\"time\":\"0:02.816\",\"kind\":\"brickDestroyed\",\"args\":{\"bullet\":7,\"column\":5,\"row\":5},"
            "\"about\":[\"tiles[5][5]\",\"bullets[id=7]\"]}\n"
            "{\"counts\":{\"brickDestroyed\":1,\"fire\":1},\"from\":1,\"to\":3600}\n");
  // An index moves as a list changes, so no event is about one: one sentence naming the ways.
  const CliRun byIndex = runRetrace("events " + file + " --about 'tanks[1]'");
  EXPECT_EQ(byIndex.exitCode, 2);
  EXPECT_EQ(byIndex.output,
            "retrace events: no event of tank is about 'tanks[1]': its events are about tanks[id=N], bullets[id=N], "
            "tiles[N][N], or a whole list such as tanks\n");
  EXPECT_NE(runRetrace("games tank").output.find("\n  events are about: tanks[id=N], bullets[id=N], tiles[N][N]\n"),
            std::string::npos);
}

TEST_F(Cli, ShowEventsAndTraceRefuseBadArgumentsInOneLine) {
  const std::string file = path("t.rtr");
  ASSERT_EQ(runRetrace("record --game tank --seed 2 --ticks 300 --input bot -o " + file).exitCode, 0);
  for (const std::string& bad :
       {"show " + file + " --tick 301", "show " + file + " --tick 5 --fields nothing",
        "show " + file + " --tick 5 --fields 'a;b'", "events " + file + " --kind boom", "events " + file + " --from 200 --to 100",
        "events " + file + " --to 301", "trace " + file + " --field nothing",
        "trace " + file + " --field tick --from 10 --to 400", "show " + path("none.rtr") + " --tick 1"}) {
    const CliRun run = runRetrace(bad);
    EXPECT_EQ(run.exitCode, 2) << bad << "\n" << run.output;
    EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << bad << "\n" << run.output;
  }
}

TEST_F(Cli, VerifyAndInfoTakeAFolderAsItsReplaysInOrder) {
  // Two replays and a file that is none, in a folder of their own.
  const fs::path folder = dir_ / "goldens";
  fs::create_directories(folder);
  ASSERT_EQ(runRetrace("record --game dodge --ticks 120 -o " + (folder / "b.rtr").string()).exitCode, 0);
  ASSERT_EQ(runRetrace("record --game tank --ticks 120 -o " + (folder / "a.rtr").string()).exitCode, 0);
  std::ofstream(folder / "notes.txt") << "not a replay";
  const std::string listed = (folder / "a.rtr").string() + " " + (folder / "b.rtr").string();
  const CliRun byFolder = runRetrace("verify " + folder.string());
  EXPECT_EQ(byFolder.exitCode, 0) << byFolder.output;
  EXPECT_EQ(byFolder.output, runRetrace("verify " + listed).output);
  EXPECT_NE(byFolder.output.find("2 replays: 2 OK, 0 failed"), std::string::npos) << byFolder.output;
  EXPECT_EQ(runRetrace("info " + folder.string()).output, runRetrace("info " + listed).output);
  // A folder and a file together, in the order given.
  EXPECT_EQ(runRetrace("verify " + folder.string() + " " + (folder / "a.rtr").string()).output,
            runRetrace("verify " + listed + " " + (folder / "a.rtr").string()).output);
  // A folder that holds no replay checked nothing: never a pass.
  const fs::path empty = dir_ / "empty";
  fs::create_directories(empty);
  for (const std::string command : {"verify", "info"}) {
    const CliRun none = runRetrace(command + " " + empty.string());
    EXPECT_EQ(none.exitCode, 2) << none.output;
    EXPECT_EQ(none.output, "retrace " + command + ": " + empty.string() + ": no *.rtr replays in the folder\n");
  }
}

TEST_F(Cli, ATickMayBeGivenAsItsTimeAsTheCommandsPrintIt) {
  const std::string tank = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  // events prints tick 673 as 0:11.216 (its time rounded down to the millisecond): that reads back as 673.
  const CliRun listed = runRetrace("events " + tank + " --from 673 --to 673");
  ASSERT_NE(listed.output.find("tick 673     0:11.216"), std::string::npos) << listed.output;
  EXPECT_EQ(runRetrace("events " + tank + " --from 0:11.216 --to 0:11.216").output, listed.output);
  EXPECT_EQ(runRetrace("show " + tank + " --tick 0:11.216").output, runRetrace("show " + tank + " --tick 673").output);
  // info gives the length with its hours (0:01:00.000): the last tick.
  ASSERT_NE(runRetrace("info " + tank).output.find("ticks:     3600 (0:01:00.000 at 60 ticks/s)"), std::string::npos);
  EXPECT_EQ(runRetrace("show " + tank + " --tick 0:01:00.000").output, runRetrace("show " + tank + " --tick 3600").output);
  EXPECT_EQ(runRetrace("trace " + tank + " --field tick --from 0:10 --to 0:10.05").output,
            "tick     tick\n600      600\n601      601\n602      602\n603      603\n");
  const CliRun found = runRetrace("find " + tank + " --where 'tanks.size == 4' --next-after 0:11.2");
  EXPECT_EQ(found.output, runRetrace("find " + tank + " --where 'tanks.size == 4' --next-after 672").output);
  const CliRun bad = runRetrace("show " + tank + " --tick 0:11.2166");
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_EQ(bad.output,
            "retrace show: --tick: '0:11.2166' is no tick: a count of ticks (673) or a time, minutes:seconds (0:11.216) (see "
            "retrace show --help)\n");
}

TEST_F(Cli, AFieldNameThatNamesNoFieldIsRefusedWithWhatItMayHaveMeant) {
  const std::string tank = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  // Every pattern must select something: a second one misspelt is refused, not left out.
  const CliRun show = runRetrace("show " + tank + " --tick 673 --fields 'tanks[0].hp' --fields 'tanks[0].x'");
  EXPECT_EQ(show.exitCode, 2) << show.output;
  EXPECT_EQ(show.output,
            "retrace show: no field of tank matches 'tanks[0].x' at tick 673; did you mean tanks[0].centre.x? (retrace show " +
                tank + " --tick 673 lists them all)\n");
  const CliRun trace = runRetrace("trace " + tank + " --field man.vy --field 'bullet[*].position' --from 670 --to 674");
  EXPECT_EQ(trace.exitCode, 2) << trace.output;
  EXPECT_EQ(trace.output,
            "retrace trace: no field of tank matches 'man.vy' in ticks 670 to 674 (retrace show lists the fields)\n");
  const CliRun second = runRetrace("trace " + tank + " --field tick --field 'bullet[*].position' --from 670 --to 674");
  EXPECT_EQ(second.output,
            "retrace trace: no field of tank matches 'bullet[*].position' in ticks 670 to 674; did you mean bullets[*].position? "
            "(retrace show lists the fields)\n");
  const CliRun find = runRetrace("find " + tank + " --where 'tanks[*].hpp < 2'");
  EXPECT_EQ(find.exitCode, 2) << find.output;
  EXPECT_NE(find.output.find("'tanks[*].hpp' names no field of tank on any tick searched; did you mean tanks[*].hp? ("),
            std::string::npos)
      << find.output;
  // The right name of an element that is not there says how long its list is.
  const auto shown = nlohmann::json::parse(runRetrace("show " + tank + " --tick 673 --fields tanks.size --json").output);
  const int tanks = shown["state"]["tanks.size"].get<int>();
  EXPECT_EQ(runRetrace("show " + tank + " --tick 673 --fields 'tanks[9].hp'").output,
            "retrace show: no field of tank matches 'tanks[9].hp' at tick 673; tanks has " + std::to_string(tanks) +
                " elements (retrace show " + tank + " --tick 673 lists them all)\n");
  // Another case, a level left out: every name that ends alike.
  EXPECT_NE(runRetrace("show " + tank + " --tick 673 --fields 'Bullets[0].Position.Y'")
                .output.find("did you mean bullets[0].position.y?"),
            std::string::npos);
  EXPECT_NE(runRetrace("show " + tank + " --tick 673 --fields 'y'")
                .output.find("did you mean tanks[*].centre.y or bullets[*].position.y?"),
            std::string::npos);
}

/// a.rtr, dodge recorded holding left for 600 ticks, and b.rtr, the same file with tick 10's
/// input changed inside it and its checksums kept (as a rules change leaves a replay): from tick
/// 10 on, what this build simulates of b.rtr is not what was recorded.
void writeReplayAndAlteredCopy(const std::string& a, const std::string& b) {
  const auto* dodge = retrace::sim::findGame("dodge");
  const retrace::recorder::RunSetup setup{dodge, *dodge->findConfig("default"), 3};
  ASSERT_FALSE(
      retrace::recorder::writeReplay(a, false, setup, false, "test", std::vector<retrace::sim::Input>(600, 1)).has_value());
  auto loaded = retrace::recorder::loadReplayFile(a);
  auto& replay = std::get<retrace::recorder::LoadedReplay>(loaded);
  ASSERT_EQ(replay.chunks.front().inputs.size(), 1U);
  replay.chunks.front().inputs = {{1, 9}, {2, 1}, {1, 590}};
  const std::vector<std::byte> bytes = retrace::recorder::encodeReplay(replay);
  std::ofstream(b, std::ios::binary) << std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

TEST_F(Cli, ShowTraceAndFindNeverPassOffAStateTheRecordingDidNotHave) {
  writeReplayAndAlteredCopy(path("a.rtr"), path("b.rtr"));
  const std::string parted =
      path("b.rtr") + " no longer re-simulates as recorded: the state differs from its recorded checksum at tick 10";
  EXPECT_EQ(runRetrace("show " + path("b.rtr") + " --tick 9 --fields player").exitCode, 0);
  // The events as recorded are the file's, and stand; the oracle's re-simulation does not.
  EXPECT_EQ(runRetrace("events " + path("b.rtr") + " --from 5 --to 20").exitCode, 0);
  EXPECT_EQ(runRetrace("events " + path("b.rtr") + " --tunnels --to 9").exitCode, 0);
  for (const std::string& command :
       {"show " + path("b.rtr") + " --tick 300", "show " + path("b.rtr") + " --tick 10 --from-start",
        "trace " + path("b.rtr") + " --field player.x --from 1 --to 20", "find " + path("b.rtr") + " --where 'tick > 50'",
        "events " + path("b.rtr") + " --tunnels --from 5 --to 20", "show " + path("b.rtr") + " --tick 10 --fields tick"}) {
    const CliRun run = runRetrace(command);
    EXPECT_EQ(run.exitCode, 1) << command << "\n" << run.output;
    EXPECT_NE(run.output.find(parted), std::string::npos) << command << "\n" << run.output;
    EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << command << "\n" << run.output;
  }
  const CliRun verify = runRetrace("verify " + path("b.rtr"));
  EXPECT_EQ(verify.exitCode, 1);
  EXPECT_NE(verify.output.find("diverged at tick 10"), std::string::npos) << verify.output;
}

TEST_F(Cli, ASnapshotThatDoesNotFitTheStateIsPassedOverForTheOneBefore) {
  // A stored state one value short (forged, or a state laid out anew without a new rules
  // version): verify fails the file at that snapshot, and the questions about the ticks after it
  // start from the snapshot before, or tick 0, re-simulating each tick against its checksum,
  // rather than sending the user to an option trace and events do not have.
  const std::string whole = std::string(RETRACE_REPLAYS_DIR) + "/dodge-bot-seed1.rtr";
  auto loaded = retrace::recorder::loadReplayFile(whole);
  auto replay = std::get<retrace::recorder::LoadedReplay>(loaded);
  std::vector<std::uint64_t> snapshots;
  for (auto& chunk : replay.chunks) {
    if (!chunk.hasSnapshot) continue;
    snapshots.push_back(chunk.snapshot.tick);
    if (snapshots.size() == 2) chunk.snapshot.values.pop_back();
  }
  ASSERT_GE(snapshots.size(), 2U);
  const std::vector<std::byte> bytes = retrace::recorder::encodeReplay(replay);
  std::ofstream(path("bad.rtr"), std::ios::binary) << std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  EXPECT_EQ(runRetrace("verify " + path("bad.rtr")).exitCode, 1);
  const std::string after = std::to_string(snapshots[1] + 100);
  const std::string range = " --from " + std::to_string(snapshots[1] + 1) + " --to " + after;
  for (const std::string& question :
       {" --tick " + after + " --json", " --tick " + after + " --json --from-start", " --tick " + after + " --json --changed"}) {
    const CliRun bad = runRetrace("show " + path("bad.rtr") + question);
    ASSERT_EQ(bad.exitCode, 0) << question << "\n" << bad.output;
    auto shown = nlohmann::json::parse(bad.output);
    auto wanted = nlohmann::json::parse(runRetrace("show " + whole + question).output);
    shown.erase("file");
    wanted.erase("file");
    EXPECT_EQ(shown, wanted) << question;
  }
  for (const std::string& command : {"trace FILE --field player.x" + range, "events FILE --tunnels" + range,
                                     "find FILE --where 'player.x changed' --next-after " + after}) {
    const auto ask = [&](const std::string& file) {
      std::string asked = command;
      asked.replace(asked.find("FILE"), 4, file);
      return runRetrace(asked);
    };
    const CliRun bad = ask(path("bad.rtr"));
    EXPECT_EQ(bad.exitCode, 0) << command << "\n" << bad.output;
    EXPECT_EQ(bad.output.find("does not fit"), std::string::npos) << command << "\n" << bad.output;
    const CliRun good = ask(whole);
    EXPECT_EQ(bad.output.substr(bad.output.find(' ')), good.output.substr(good.output.find(' '))) << command;
  }
}

TEST_F(Cli, RecordLikeSaysWhereThisBuildPlaysTheReplayOtherwise) {
  writeReplayAndAlteredCopy(path("a.rtr"), path("b.rtr"));
  // b.rtr parts at tick 10: what is played again from its inputs is this build's, and it says so.
  const CliRun again = runRetrace("record --like " + path("b.rtr") + " -o " + path("again.rtr"));
  EXPECT_EQ(again.exitCode, 0) << again.output;
  EXPECT_NE(again.output.find("record: this build plays " + path("b.rtr") +
                              " otherwise from tick 10: " + "the state checksum differs while the events agree (retrace verify " +
                              path("b.rtr") + " shows how); what is recorded from there is this build's play of its inputs\n"),
            std::string::npos)
      << again.output;
  EXPECT_EQ(std::count(again.output.begin(), again.output.end(), '\n'), 2) << again.output;
  EXPECT_EQ(runRetrace("verify " + path("again.rtr")).exitCode, 0);
  const CliRun toTheTick = runRetrace("record --like " + path("b.rtr") + " --ticks 10 -o " + path("ten.rtr"));
  EXPECT_NE(toTheTick.output.find("otherwise from tick 10: "), std::string::npos) << toTheTick.output;
  // A recording cut short plays the ticks recovered, and says that its inputs end there.
  ASSERT_EQ(runRetrace("record --game tank --ticks 600 --chunk-ticks 60 -o " + path("whole.rtr")).exitCode, 0);
  const std::string whole = readBytes(path("whole.rtr"));
  std::ofstream(path("cut.rtr"), std::ios::binary) << whole.substr(0, whole.size() / 2);
  const CliRun cut = runRetrace("record --like " + path("cut.rtr") + " -o " + path("from-cut.rtr"));
  EXPECT_EQ(cut.exitCode, 0) << cut.output;
  EXPECT_NE(cut.output.find("record: " + path("cut.rtr") + " was cut short: its inputs end after the 240 ticks recovered ("),
            std::string::npos)
      << cut.output;
  EXPECT_EQ(runRetrace("record --like " + path("cut.rtr") + " --ticks 5 -o " + path("five.rtr")).output.find("cut short"),
            std::string::npos);
  // Nothing it plays parts: to tick 9, with other inputs or another seed (another game), or a
  // replay this build plays as recorded.
  for (const std::string& arguments :
       {path("b.rtr") + " --ticks 9", path("b.rtr") + " --input bot", path("b.rtr") + " --seed 4", path("a.rtr")}) {
    const CliRun quiet = runRetrace("record --like " + arguments + " --force -o " + path("quiet.rtr"));
    EXPECT_EQ(quiet.exitCode, 0) << arguments << "\n" << quiet.output;
    EXPECT_EQ(quiet.output.find("otherwise"), std::string::npos) << arguments << "\n" << quiet.output;
  }
}

TEST_F(Cli, ShrinkCutsADivergentReplayJustAfterItsDivergence) {
  writeReplayAndAlteredCopy(path("a.rtr"), path("b.rtr"));
  const CliRun shrink = runRetrace("shrink " + path("b.rtr") + " --until diverges -o " + path("cut.rtr"));
  ASSERT_EQ(shrink.exitCode, 0) << shrink.output;
  EXPECT_NE(shrink.output.find("from 600 ticks to 10: it diverges at tick 10"), std::string::npos) << shrink.output;
  // The cut replay keeps the failure: verify finds the same divergence in its ten ticks.
  const CliRun verify = runRetrace("verify --allow-truncated " + path("cut.rtr"));
  EXPECT_EQ(verify.exitCode, 1) << verify.output;
  EXPECT_NE(verify.output.find("diverged at tick 10"), std::string::npos) << verify.output;
  // The replay as recorded does not diverge: nothing to keep, and nothing written.
  const CliRun never = runRetrace("shrink " + path("a.rtr") + " --until diverges -o " + path("never.rtr"));
  EXPECT_EQ(never.exitCode, 1) << never.output;
  EXPECT_NE(never.output.find("does not show 'diverges': nothing to keep while shrinking"), std::string::npos) << never.output;
  EXPECT_FALSE(fs::exists(path("never.rtr")));
}

TEST_F(Cli, DiffNeverPassesOffAStateARecordingDidNotHave) {
  // The files part at tick 10 (the input), and from there this build's run of b.rtr is not its
  // recording: diff names the difference but shows no state of b.rtr it would only guess.
  writeReplayAndAlteredCopy(path("a.rtr"), path("b.rtr"));
  const CliRun run = runRetrace("diff " + path("a.rtr") + " " + path("b.rtr"));
  EXPECT_EQ(run.exitCode, 1) << run.output;
  EXPECT_NE(run.output.find("first difference at tick 10: input left (A) vs right (B)"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find(
                "  not shown: B no longer re-simulates as recorded: the state differs from its recorded checksum at tick 10"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("  states: not followed: B no longer re-simulates as recorded from tick 10"), std::string::npos)
      << run.output;
  EXPECT_EQ(run.output.find("player."), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("A and B differ: ticks"), std::string::npos) << run.output;
}

TEST_F(Cli, DiffFollowsBothRunsToTheEnd) {
  // dodge with left held, and the same with one tick of right: the player meets the wall a
  // tick later, and from then on the two runs are the same game again.
  const auto* dodge = retrace::sim::findGame("dodge");
  const retrace::recorder::RunSetup setup{dodge, *dodge->findConfig("default"), 3};
  std::vector<retrace::sim::Input> inputs(600, 1);
  ASSERT_FALSE(retrace::recorder::writeReplay(path("a.rtr"), false, setup, false, "test", inputs).has_value());
  inputs[9] = 2;
  ASSERT_FALSE(retrace::recorder::writeReplay(path("b.rtr"), false, setup, false, "test", inputs).has_value());
  const CliRun met = runRetrace("diff " + path("a.rtr") + " " + path("b.rtr"));
  EXPECT_EQ(met.exitCode, 1);
  EXPECT_NE(met.output.find("first difference at tick 10: input left (A) vs right (B)"), std::string::npos) << met.output;
  EXPECT_NE(met.output.find("after tick 12, to tick 600:"), std::string::npos) << met.output;
  EXPECT_NE(met.output.find("states: identical again from tick "), std::string::npos) << met.output;
  EXPECT_EQ(met.output.find("state at tick 600"), std::string::npos) << met.output;
  // Another seed's obstacles: events part, states never meet, and the last tick's fields differ.
  const retrace::recorder::RunSetup other{dodge, *dodge->findConfig("default"), 4};
  ASSERT_FALSE(retrace::recorder::writeReplay(path("c.rtr"), false, other, false, "test", inputs).has_value());
  const CliRun apart = runRetrace("diff " + path("b.rtr") + " " + path("c.rtr"));
  EXPECT_EQ(apart.exitCode, 1);
  EXPECT_NE(apart.output.find("events only in A (-) or only in B (+): "), std::string::npos) << apart.output;
  EXPECT_NE(apart.output.find("states: never identical again"), std::string::npos) << apart.output;
  EXPECT_NE(apart.output.find("state at tick 600 (expected = A, got = B):"), std::string::npos) << apart.output;
}

TEST_F(Cli, DiffWalksTwoReplaysWhateverTheirChunking) {
  // diff reads each tick where the chunks hold it; chunks of 7 and of 600 ticks part at
  // different ticks, and the scripts part only at tick 1234 (600 + 633 + 1).
  std::ofstream(path("s1.txt")) << "600 up+fire\n634 left\n1766 fire\n";
  std::ofstream(path("s2.txt")) << "600 up+fire\n633 left\n1 right\n1766 fire\n";
  const std::string record = "record --game tank --seed 6 --ticks 3000 --input ";
  ASSERT_EQ(runRetrace(record + path("s1.txt") + " -o " + path("a.rtr")).exitCode, 0);
  ASSERT_EQ(runRetrace(record + path("s1.txt") + " --chunk-ticks 7 --snapshot-every 21 -o " + path("a7.rtr")).exitCode, 0);
  ASSERT_EQ(runRetrace(record + path("s2.txt") + " --chunk-ticks 7 --snapshot-every 21 -o " + path("b7.rtr")).exitCode, 0);
  ASSERT_EQ(
      runRetrace("record --game tank --seed 6 --ticks 2000 --input " + path("s1.txt") + " -o " + path("short.rtr")).exitCode, 0);
  const CliRun same = runRetrace("diff " + path("a.rtr") + " " + path("a7.rtr"));
  EXPECT_EQ(same.exitCode, 0) << same.output;
  EXPECT_EQ(same.output, "identical: 3000 ticks (header, inputs, events, checksums, snapshots and ending)\n");
  const CliRun differ = runRetrace("diff " + path("a.rtr") + " " + path("b7.rtr"));
  EXPECT_EQ(differ.exitCode, 1) << differ.output;
  EXPECT_NE(differ.output.find("\nfirst difference at tick 1234: input left (A) vs right (B)\n"), std::string::npos)
      << differ.output;
  EXPECT_EQ(
      differ.output.rfind("input sources differ: script " + path("s1.txt") + " (A) and script " + path("s2.txt") + " (B)\n", 0),
      0U);
  EXPECT_TRUE(differ.output.ends_with("\nA and B differ: input sources, ticks\n")) << differ.output;
  EXPECT_NE(differ.output.find("state at tick 1234"), std::string::npos) << differ.output;
  const CliRun shorter = runRetrace("diff " + path("a7.rtr") + " " + path("short.rtr"));
  EXPECT_EQ(shorter.exitCode, 1) << shorter.output;
  EXPECT_EQ(shorter.output, "identical for 2000 ticks; B ends there and A goes on to tick 3000\nA and B differ: tick count\n");
  // --json: the same report as one object, its facts beside its lines, and the same exit status.
  const auto json = [&](const std::string& a, const std::string& b) {
    const CliRun run = runRetrace("diff --json " + path(a) + " " + path(b));
    const auto lines = readJsonLines(run.output);
    EXPECT_EQ(lines.size(), 1U) << run.output;
    return std::make_pair(run.exitCode, lines.empty() ? nlohmann::json() : lines.front());
  };
  const auto [differExit, differJson] = json("a.rtr", "b7.rtr");
  EXPECT_EQ(differExit, 1);
  EXPECT_EQ(differJson["identical"], false);
  EXPECT_EQ(differJson["differing"], nlohmann::json::array({"input sources", "ticks"}));
  EXPECT_EQ(differJson["firstDifference"]["tick"], 1234);
  EXPECT_EQ(differJson["firstDifference"]["what"], nlohmann::json::array({"input left (A) vs right (B)"}));
  EXPECT_EQ(differJson["ticks"]["a"], 3000);
  std::string text;
  for (const auto& line : differJson["lines"]) text += line.get<std::string>() + "\n";
  EXPECT_EQ(text, differ.output);
  const auto [sameExit, sameJson] = json("a.rtr", "a7.rtr");
  EXPECT_EQ(sameExit, 0);
  EXPECT_EQ(sameJson["identical"], true);
  EXPECT_TRUE(sameJson["firstDifference"].is_null());
  const auto [shorterExit, shorterJson] = json("a7.rtr", "short.rtr");
  EXPECT_EQ(shorterExit, 1);
  EXPECT_EQ(shorterJson["differing"], nlohmann::json::array({"tick count"}));
  EXPECT_EQ(shorterJson["ticks"]["b"], 2000);
  // A file it cannot read: the sentence on stderr, and an object that holds it.
  const auto [missingExit, missingJson] = json("a.rtr", "none.rtr");
  EXPECT_EQ(missingExit, 2);
  EXPECT_EQ(missingJson["error"], path("none.rtr") + " does not exist");
}

/// The runs of an input script `dump --script` printed, read by the parser `record --input` uses.
std::vector<retrace::recorder::ScriptRun> readScriptRuns(const std::string& text, const retrace::sim::GameDefinition& game) {
  auto parsed = retrace::recorder::parseInputScript(text, game);
  EXPECT_TRUE(std::holds_alternative<std::vector<retrace::recorder::ScriptRun>>(parsed)) << text;
  return std::holds_alternative<std::vector<retrace::recorder::ScriptRun>>(parsed)
             ? std::get<std::vector<retrace::recorder::ScriptRun>>(parsed)
             : std::vector<retrace::recorder::ScriptRun>{};
}

TEST_F(Cli, RecordLikePlaysAReplayOfOtherRulesUnderTheConfigurationItsNameRecords) {
  // Recorded by rules whose configuration had other fields (one fewer here): its values are no
  // configuration of this build, so the one its name records is made again, edge and all.
  ASSERT_EQ(runRetrace("record --game tank --set tankSpeed=edge --set bulletSpeed=5 --ticks 300 -o " + path("a.rtr")).exitCode,
            0);
  auto loaded = retrace::recorder::loadReplayFile(path("a.rtr"));
  ASSERT_TRUE(std::holds_alternative<retrace::recorder::LoadedReplay>(loaded));
  auto old = std::get<retrace::recorder::LoadedReplay>(loaded);
  old.header.rulesVersion += 1;
  old.header.configValues.pop_back();
  const std::vector<std::byte> bytes = retrace::recorder::encodeReplay(old);
  std::ofstream(path("old.rtr"), std::ios::binary) << std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const CliRun again = runRetrace("record --like " + path("old.rtr") + " -o " + path("again.rtr"));
  EXPECT_EQ(again.exitCode, 0) << again.output;
  EXPECT_NE(again.output.find("retrace record: " + path("old.rtr") +
                              " was recorded by tank rules version 2; what is recorded is this build's play of its inputs "
                              "(version 1)\n"),
            std::string::npos)
      << again.output;
  EXPECT_NE(runRetrace("info " + path("again.rtr")).output.find("configuration default+tankSpeed=edge,bulletSpeed=5, seed "),
            std::string::npos);
  // The same play as the original: only where the inputs came from differs.
  const CliRun same = runRetrace("diff " + path("a.rtr") + " " + path("again.rtr"));
  EXPECT_NE(same.output.find("\nticks identical: 300 (inputs, events and checksums)\nA and B differ: input sources\n"),
            std::string::npos)
      << same.output;
  // Drawn by a hunt, its values have no recipe: none is had, and that is one sentence.
  old.header.configName = "default~outside";
  const std::vector<std::byte> drawn = retrace::recorder::encodeReplay(old);
  std::ofstream(path("drawn.rtr"), std::ios::binary) << std::string(reinterpret_cast<const char*>(drawn.data()), drawn.size());
  EXPECT_EQ(runRetrace("record --like " + path("drawn.rtr") + " -o " + path("drawn-again.rtr")).output,
            "retrace record: --like " + path("drawn.rtr") +
                ": tank has no configuration 'default~outside' (configurations: default, discrete)\n");
}

TEST_F(Cli, AScriptWithoutTicksPlaysItsOwnLength) {
  std::ofstream(path("weave.txt")) << "# a weave\n120 left\n30 -\n\n45 right+fire\n";
  const CliRun played = runRetrace("record --game tank --input " + path("weave.txt") + " -o " + path("weave.rtr"));
  ASSERT_EQ(played.exitCode, 0) << played.output;
  EXPECT_TRUE(played.output.starts_with("recorded 195 ticks of tank")) << played.output;
  // --ticks still says how long: past the script's end no button is held.
  EXPECT_TRUE(runRetrace("record --game tank --ticks 300 --input " + path("weave.txt") + " -o " + path("w300.rtr"))
                  .output.starts_with("recorded 300 ticks"));
  // A script longer than a recording takes says so, rather than playing a part of it.
  std::ofstream long_(path("long.txt"));
  for (int i = 0; i < 10; ++i) long_ << "100000000 -\n";
  long_ << "1 up\n";
  long_.close();
  const CliRun tooLong = runRetrace("record --game tank --input " + path("long.txt") + " -o " + path("long.rtr"));
  EXPECT_EQ(tooLong.exitCode, 2);
  EXPECT_EQ(tooLong.output, "retrace record: " + path("long.txt") +
                                " plays 1000000001 ticks, more than a recording takes (1000000000): say how many to record "
                                "with --ticks N\n");
  EXPECT_FALSE(fs::exists(path("long.rtr")));
  // Bot and random play have no length of their own.
  EXPECT_EQ(runRetrace("record --game tank -o " + path("bot.rtr")).output,
            "retrace record: say how many ticks to record with --ticks N\n");
}

TEST_F(Cli, AScriptsButtonWrittenAsAPersonMightSaysWhatWasMeant) {
  const auto* tank = retrace::sim::findGame("tank");
  const auto refuse = [&](const std::string& line) {
    auto parsed = retrace::recorder::parseInputScript(line + "\n", *tank);
    return std::holds_alternative<std::string>(parsed) ? std::get<std::string>(parsed) : std::string("(taken)");
  };
  const std::string buttons = " for tank (buttons: up, right, down, left, fire, or - for none)";
  // With a hint, the buttons meant are named and the game's list is left out (a shorter line).
  EXPECT_EQ(refuse("10 Left"), "line 1: unknown button 'Left' for tank; did you mean 'left'?");
  EXPECT_EQ(refuse("10 left+FIRE"), "line 1: unknown button 'FIRE' for tank; did you mean 'left+fire'?");
  EXPECT_EQ(refuse("10 left fire+up"),
            "line 1: unknown button 'left fire' for tank; buttons held together are joined by +, as 'left+fire+up'");
  // Each button once, in the order first written, however often it was: the hint stays short
  // (the input script fuzzer's finds: 'right' written six times was hinted six times, and a name
  // quoted to its cut, the game's list and a hint of every button took 211 characters).
  EXPECT_EQ(refuse("10 fire Fire left FIRE+fire"),
            "line 1: unknown button 'fire Fire left FIRE' for tank; buttons held together are joined by +, as 'fire+left'");
  std::string rights = "10";
  for (int i = 0; i < 30; ++i) rights += " right";
  EXPECT_TRUE(refuse(rights).ends_with("; buttons held together are joined by +, as 'right'")) << refuse(rights);
  const std::string tabs = "07 up " + std::string(50, '\t') + "left right+fire + up left right+fire +fire down";
  EXPECT_LE(refuse(tabs).size(), 200U) << refuse(tabs);
  EXPECT_TRUE(refuse(tabs).ends_with(", as 'up+left+right+fire+down'")) << refuse(tabs);
  // Nothing is guessed for a button that is not there in any capitals.
  EXPECT_EQ(refuse("10 lef"), "line 1: unknown button 'lef'" + buttons);
  EXPECT_EQ(refuse("10 left jump"), "line 1: unknown button 'left jump'" + buttons);
  // A '+' with nothing after it leaves a button out: refused, not played as the buttons before it.
  EXPECT_EQ(refuse("10 left+"), "line 1: unknown button '' for tank; did you mean 'left'?");
  EXPECT_EQ(refuse("10 left++fire"), "line 1: unknown button '' for tank; did you mean 'left+fire'?");
}

TEST_F(Cli, RecordLikePlaysAReplaysInputsAgainAndDumpScriptGivesThemAsText) {
  // Every game, bot and random input, in chunks of 7 ticks so that runs cross chunks: played
  // again from the replay or from its script, every tick is the same; only the source differs.
  for (const auto* game : retrace::sim::listGames()) {
    for (const std::string input : {"bot", "random"}) {
      const std::string name = std::string(game->name()) + "-" + input;
      const std::string a = path(name + ".rtr");
      ASSERT_EQ(runRetrace("record --game " + std::string(game->name()) + " --seed 5 --ticks 1500 --chunk-ticks 7 " +
                           "--snapshot-every 21 --input " + input + " -o " + a)
                    .exitCode,
                0);
      const CliRun again = runRetrace("record --like " + a + " -o " + path(name + "-again.rtr"));
      ASSERT_EQ(again.exitCode, 0) << again.output;
      EXPECT_NE(again.output.find("seed 5, the inputs of " + a + ") to "), std::string::npos) << again.output;
      EXPECT_EQ(runRetrace("diff " + a + " " + path(name + "-again.rtr")).output,
                "input sources differ: " + input + " (A) and replay " + a +
                    " (B)\nticks identical: 1500 (inputs, events and checksums)\nA and B differ: input sources\n");
      const CliRun script = runRetrace("dump --script " + a);
      ASSERT_EQ(script.exitCode, 0) << script.output;
      EXPECT_TRUE(script.output.starts_with("# the inputs of " + a + " (")) << script.output;
      const auto runs = readScriptRuns(script.output, *game);
      std::uint64_t ticks = 0;
      for (std::size_t i = 0; i < runs.size(); ++i) {
        ticks += runs[i].ticks;
        if (i > 0) {
          EXPECT_NE(runs[i].input, runs[i - 1].input) << "a run split at a chunk's end, line " << i;
        }
      }
      EXPECT_EQ(ticks, 1500U);
      std::ofstream(path(name + ".txt")) << script.output;
      ASSERT_EQ(
          runRetrace("record --like " + a + " --input " + path(name + ".txt") + " -o " + path(name + "-script.rtr")).exitCode, 0);
      EXPECT_EQ(runRetrace("diff " + a + " " + path(name + "-script.rtr")).output,
                "input sources differ: " + input + " (A) and script " + path(name + ".txt") +
                    " (B)\nticks identical: 1500 (inputs, events and checksums)\nA and B differ: input sources\n");
    }
  }
  // What if: the replay's inputs under another value part from it where verify --set says.
  const std::string a = path("fallingman-bot.rtr");
  const CliRun whatIf = runRetrace("verify " + a + " --set landingWindow=4 --allow-limit-breaks");
  ASSERT_EQ(whatIf.exitCode, 1) << whatIf.output;
  const std::size_t at = whatIf.output.find("diverged at tick ");
  ASSERT_NE(at, std::string::npos) << whatIf.output;
  const std::string tick = whatIf.output.substr(at + 17, whatIf.output.find(':', at) - at - 17);
  ASSERT_EQ(runRetrace("record --like " + a + " --set landingWindow=4 --allow-limit-breaks -o " + path("w.rtr")).exitCode, 0);
  EXPECT_NE(
      runRetrace("info " + path("w.rtr")).output.find("configuration default+landingWindow=4 (limit breaks allowed), seed 5"),
      std::string::npos);
  const CliRun parted = runRetrace("diff " + a + " " + path("w.rtr"));
  EXPECT_NE(parted.output.find("\nfirst difference at tick " + tick + ": events differ, state checksums differ\n"),
            std::string::npos)
      << parted.output;
  // The replay's configuration values are played again, changed ones too.
  ASSERT_EQ(runRetrace("record --like " + path("w.rtr") + " -o " + path("w2.rtr")).exitCode, 0);
  EXPECT_EQ(runRetrace("diff " + path("w.rtr") + " " + path("w2.rtr")).output,
            "input sources differ: replay " + a + " (A) and replay " + path("w.rtr") +
                " (B)\nticks identical: 1500 (inputs, events and checksums)\nA and B differ: input sources\n");
  // What the command line gives goes over the replay's; past its end no button is held.
  ASSERT_EQ(runRetrace("record --like " + a + " --seed 9 --input bot -o " + path("seed9.rtr")).exitCode, 0);
  EXPECT_NE(runRetrace("info " + path("seed9.rtr")).output.find("configuration default, seed 9"), std::string::npos);
  ASSERT_EQ(runRetrace("record --like " + a + " --ticks 1600 -o " + path("longer.rtr")).exitCode, 0);
  EXPECT_NE(runRetrace("diff " + a + " " + path("longer.rtr")).output.find("identical for 1500 ticks; A ends there"),
            std::string::npos);
  const auto longer =
      readScriptRuns(runRetrace("dump --script " + path("longer.rtr")).output, *retrace::sim::findGame("fallingman"));
  ASSERT_FALSE(longer.empty());
  EXPECT_EQ(longer.back().input, 0);
  // A script path longer than a header holds is named by its file name, and the replay loads.
  std::string deep = dir_.string();
  for (int i = 0; i < 6; ++i) deep += "/" + std::string(200, 'd');
  fs::create_directories(deep);
  fs::copy_file(path("fallingman-bot.txt"), deep + "/s.txt");
  ASSERT_EQ(runRetrace("record --like " + a + " --input " + deep + "/s.txt -o " + path("deep.rtr")).exitCode, 0);
  EXPECT_NE(runRetrace("info " + path("deep.rtr")).output.find("input:     script s.txt;"), std::string::npos);
  // Refusals: one line, exit 2, no file.
  std::string bytes = readBytes(a);
  std::size_t empty = 0;  // a cut that keeps the header and no tick
  for (std::size_t cut = 16; cut < bytes.size() && empty == 0; ++cut) {
    std::ofstream(path("cut.rtr"), std::ios::binary | std::ios::trunc) << bytes.substr(0, cut);
    if (runRetrace("info " + path("cut.rtr")).output.find("ticks:     0") != std::string::npos) empty = cut;
  }
  ASSERT_NE(empty, 0U);
  const CliRun noScript = runRetrace("dump --script " + path("cut.rtr"));
  EXPECT_EQ(noScript.exitCode, 2);
  EXPECT_EQ(noScript.output, "retrace dump: " + path("cut.rtr") + " holds no tick, so no input to give as a script\n");
  for (const auto& [arguments, sentence] : std::vector<std::pair<std::string, std::string>>{
           {"--like " + path("none.rtr"), "--like " + path("none.rtr") + " does not exist"},
           {"--like " + a + " --game tank", "--game excludes --like (see retrace record --help)"},
           {"--like " + a + " --config default", "--config excludes --like (see retrace record --help)"},
           {"--ticks 10", "name the game with --game GAME, or a replay to play again with --like FILE"},
           {"--game tank", "say how many ticks to record with --ticks N"},
           {"--game nosuch", "there is no game 'nosuch' (games: " + retrace::recorder::joinGameNames() + ")"},
           {"--like " + path("cut.rtr"), "--like " + path("cut.rtr") + " holds no tick to play again"},
           {"--like " + a + " --set landingWindow=4", ""}}) {
    const CliRun run = runRetrace("record " + arguments + " -o " + path("refused.rtr"));
    EXPECT_EQ(run.exitCode, 2) << arguments;
    EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << run.output;
    if (!sentence.empty()) {
      EXPECT_EQ(run.output, "retrace record: " + sentence + "\n");
    }
    EXPECT_FALSE(fs::exists(path("refused.rtr"))) << arguments;
  }
  // A held bit no button names: no script could give it, so none is printed.
  const auto* fallingman = retrace::sim::findGame("fallingman");
  ASSERT_EQ(fallingman->inputNames().size(), 2U);
  const retrace::recorder::RunSetup setup{fallingman, *fallingman->findConfig("default"), 3};
  ASSERT_FALSE(
      retrace::recorder::writeReplay(path("bits.rtr"), false, setup, false, "test", std::vector<retrace::sim::Input>(30, 4))
          .has_value());
  EXPECT_EQ(
      runRetrace("dump --script " + path("bits.rtr")).output,
      "retrace dump: " + path("bits.rtr") + " holds inputs no button of fallingman names, which an input script cannot give\n");
}

TEST_F(Cli, AskingPastTheEndOfARecordingCutShortSaysHowMuchWasRecovered) {
  ASSERT_EQ(runRetrace("record --game tank --seed 3 --ticks 3600 --input bot -o " + path("a.rtr")).exitCode, 0);
  const std::string whole = readBytes(path("a.rtr"));
  std::ofstream(path("cut.rtr"), std::ios::binary) << whole.substr(0, whole.size() / 2);
  const CliRun info = runRetrace("info " + path("cut.rtr"));
  const std::size_t at = info.output.find("complete:  no: truncated, ");
  ASSERT_NE(at, std::string::npos) << info.output;
  const std::string recovered = info.output.substr(at + 26, info.output.find(' ', at + 26) - at - 26);
  const std::string said = " is past the replay's last tick, " + recovered + " (the recording was cut short: " + recovered +
                           " of 3600 ticks recovered)\n";
  for (const std::string& command :
       {"show " + path("cut.rtr") + " --tick 3000", "trace " + path("cut.rtr") + " --field tanks[0].hp --to 3000",
        "events " + path("cut.rtr") + " --to 3000"}) {
    const CliRun run = runRetrace(command);
    EXPECT_EQ(run.exitCode, 2) << command;
    EXPECT_EQ(run.output, "retrace " + command.substr(0, command.find(' ')) + ": " + path("cut.rtr") + " tick 3000" + said)
        << command;
  }
  // find's ticks after and before say it too.
  const std::string cut = " (the recording was cut short: " + recovered + " of 3600 ticks recovered)\n";
  const CliRun after = runRetrace("find " + path("cut.rtr") + " --where 'tick > 0' --next-after " + recovered);
  EXPECT_EQ(after.output,
            "retrace find: " + path("cut.rtr") + " ends at tick " + recovered + "; there is no tick after " + recovered + cut);
  const CliRun before = runRetrace("find " + path("cut.rtr") + " --where 'tick > 0' --last-before 3000");
  EXPECT_EQ(before.output,
            "retrace find: " + path("cut.rtr") + " has ticks 0 to " + recovered + "; there is no tick before 3000 in it" + cut);
  // A whole replay's end is only its end.
  const CliRun past = runRetrace("show " + path("a.rtr") + " --tick 4000");
  EXPECT_EQ(past.output, "retrace show: " + path("a.rtr") + " tick 4000 is past the replay's last tick, 3600\n");
}

TEST_F(Cli, DumpPrintsChunkByChunkExactlyWhatADocumentWouldPrint) {
  // dump streams a chunk at a time instead of building the whole document (957 MB for 8 million
  // dodge ticks); its text must be what nlohmann's dump(2) prints, for every way a file ends.
  ASSERT_EQ(runRetrace("record --game tank --seed 3 --ticks 3600 --input bot -o " + path("a.rtr")).exitCode, 0);
  const std::string whole = readBytes(path("a.rtr"));
  int dumped = 0;
  for (const std::size_t cut :
       {whole.size(), whole.size() - 1, whole.size() / 2, std::size_t{900}, std::size_t{300}, std::size_t{170}}) {
    std::ofstream(path("cut.rtr"), std::ios::binary | std::ios::trunc) << whole.substr(0, cut);
    const CliRun dump = runRetrace("dump --json " + path("cut.rtr"));
    if (dump.exitCode != 0) continue;  // cut inside the header: refused, nothing to print
    ++dumped;
    const auto document = nlohmann::ordered_json::parse(dump.output);
    EXPECT_EQ(dump.output, document.dump(2) + "\n") << "cut at " << cut;
    EXPECT_EQ(document["truncated"], cut != whole.size()) << "cut at " << cut;
  }
  EXPECT_GE(dumped, 4);
  // A file refused near its end is refused before any JSON is printed: dump checks the whole
  // file in a first pass and prints in a second.
  std::string corrupt = whole;
  corrupt[corrupt.size() - 30] = static_cast<char>(corrupt[corrupt.size() - 30] ^ 0x40);
  std::ofstream(path("corrupt.rtr"), std::ios::binary | std::ios::trunc) << corrupt;
  const CliRun refused = runRetrace("dump --json " + path("corrupt.rtr"));
  EXPECT_EQ(refused.exitCode, 2) << refused.output;
  EXPECT_EQ(refused.output.rfind("retrace dump: " + path("corrupt.rtr") + " ", 0), 0U) << refused.output;
  EXPECT_EQ(std::count(refused.output.begin(), refused.output.end(), '\n'), 1) << refused.output;
}

TEST_F(Cli, BadInputIsOneLineAndExitTwo) {
  const CliRun missing = runRetrace("verify " + path("none.rtr"));
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_EQ(missing.output, "retrace verify: " + path("none.rtr") + " does not exist\n");
  // A folder is its replays; a folder by a replay's name inside one is no replay.
  const CliRun directory = runRetrace("info " + dir_.string());
  EXPECT_EQ(directory.exitCode, 2);
  EXPECT_NE(directory.output.find("no *.rtr replays in the folder"), std::string::npos) << directory.output;
  fs::create_directories(dir_ / "inner" / "folder.rtr");
  const CliRun named = runRetrace("info " + (dir_ / "inner").string());
  EXPECT_EQ(named.exitCode, 2);
  EXPECT_NE(named.output.find("folder.rtr is a directory"), std::string::npos) << named.output;
  std::ofstream(path("empty.rtr")).flush();
  const CliRun empty = runRetrace("verify " + path("empty.rtr"));
  EXPECT_EQ(empty.exitCode, 2);
  EXPECT_NE(empty.output.find("empty.rtr is empty"), std::string::npos) << empty.output;
  const CliRun flag = runRetrace("verify --frobnicate x.rtr");
  EXPECT_EQ(flag.exitCode, 2);
  EXPECT_EQ(flag.output, "retrace verify: unknown option '--frobnicate' (see retrace verify --help)\n");
  // An option misspelt or cut short is named, with what it was meant as (retrace's own -v too).
  for (const auto& [arguments, sentence] : std::vector<std::pair<std::string, std::string>>{
           {"record --game tank --tick 10 -o " + path("z.rtr"), "record: unknown option '--tick'; did you mean --ticks?"},
           {"hunt --game tank --out " + path("h"), "hunt: unknown option '--out'; did you mean --output?"},
           {"show " + path("z.rtr") + " --tick=5 --field=x", "show: unknown option '--field'; did you mean --fields?"},
           {"verify --Json " + path("z.rtr"), "verify: unknown option '--Json'; did you mean --json?"},
           {"events --verbos " + path("z.rtr"), "events: unknown option '--verbos'; did you mean --verbose?"}}) {
    const CliRun run = runRetrace(arguments);
    EXPECT_EQ(run.exitCode, 2) << arguments;
    EXPECT_EQ(run.output, "retrace " + sentence + " (see retrace " + arguments.substr(0, arguments.find(' ')) + " --help)\n");
  }
  EXPECT_FALSE(fs::exists(path("z.rtr")));
  EXPECT_FALSE(fs::exists(path("h")));
  // A required option's value typed without it is given back with it; a stray word is not
  // taken for an output's name, nor an existing file for anything.
  const std::string replay = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  for (const auto& [arguments, hint] : std::vector<std::pair<std::string, std::string>>{
           {"show " + replay + " 100", "--tick is required; did you mean --tick 100?"},
           {"trace " + replay + " tanks[0].hp", "--field is required; did you mean --field tanks[0].hp?"},
           {"find " + replay + " 'bullets.size > 2'", "--where is required; did you mean --where 'bullets.size > 2'?"},
           {"shrink " + replay + " " + path("min.rtr"), "--output is required; did you mean --output " + path("min.rtr") + "?"},
           {"record --game tank --ticks 5 100", "--output is required"},
           {"show 100 " + replay, "--tick is required"}}) {
    const CliRun run = runRetrace(arguments);
    EXPECT_EQ(run.exitCode, 2) << arguments;
    const std::string command = arguments.substr(0, arguments.find(' '));
    EXPECT_EQ(run.output, "retrace " + command + ": " + hint + " (see retrace " + command + " --help)\n");
  }
  const CliRun device = runRetrace("verify /dev/null");
  EXPECT_EQ(device.exitCode, 2);
  EXPECT_EQ(device.output, "retrace verify: /dev/null is not a regular file (a device, pipe or socket)\n");
  // A game named as a word of its own says how a game is named; diff's replays are A and B.
  const CliRun game = runRetrace("record tank -o " + path("z.rtr"));
  EXPECT_EQ(game.exitCode, 2);
  EXPECT_EQ(game.output,
            "retrace record: The following argument was not expected: tank; a game is named with --game (--game tank) (see "
            "retrace record --help)\n");
  const std::string fallingman = std::string(RETRACE_REPLAYS_DIR) + "/fallingman-bot-seed4.rtr";
  EXPECT_EQ(runRetrace("events " + fallingman + " landed").output,
            "retrace events: The following argument was not expected: landed; an event kind is named with --kind (--kind "
            "landed) (see retrace events --help)\n");
  EXPECT_EQ(runRetrace("diff " + path("z.rtr")).output, "retrace diff: B is required (see retrace diff --help)\n");
  const CliRun ticks = runRetrace("record --game dodge --ticks 0 -o " + path("z.rtr"));
  EXPECT_EQ(ticks.exitCode, 2);
  EXPECT_FALSE(fs::exists(path("z.rtr")));
  EXPECT_FALSE(fs::exists(path("z.rtr.partial")));
}

TEST_F(Cli, UnsignedOptionsTakeDecimalDigitsOnly) {
  // In-process over the whole command table, so an option added later is covered too.
  CLI::App app;
  retrace::recorder::cli::ExitCode exit = retrace::recorder::cli::ExitCode::kOk;
  retrace::recorder::cli::attachCommands(app, exit);
  int checked = 0;
  int ticks = 0;
  for (CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; })) {
    for (const CLI::Option* option : command->get_options()) {
      const bool tick = option->get_type_name().starts_with("TICK");
      if (!option->get_type_name().starts_with("UINT") && !tick) continue;
      ++(tick ? ticks : checked);
      std::vector<std::string> arguments{"-1", option->get_name(), command->get_name()};  // parse() reads them backwards
      try {
        app.parse(arguments);
        ADD_FAILURE() << command->get_name() << " " << option->get_name() << " took -1";
      } catch (const CLI::ValidationError& error) {
        EXPECT_NE(std::string(error.what()).find(tick ? "'-1' is no tick" : "'-1' is not a whole number"), std::string::npos)
            << error.what();
      } catch (const CLI::ParseError& error) {
        ADD_FAILURE() << command->get_name() << " " << option->get_name() << ": " << error.what();
      }
      app.clear();
    }
  }
  EXPECT_GE(checked, 9);  // record 5, hunt 3, shrink 1
  EXPECT_GE(ticks, 7);    // show 1, events 2, trace 2, find 2
  // strtoull in base 0 would read 010 as octal 8.
  const CliRun padded = runRetrace("record --game dodge --seed 010 --ticks 10 -o " + path("p.rtr"));
  EXPECT_EQ(padded.exitCode, 0) << padded.output;
  EXPECT_NE(padded.output.find("seed 10,"), std::string::npos) << padded.output;
  const CliRun negative = runRetrace("record --game dodge --seed -1 --ticks 10 -o " + path("n.rtr"));
  EXPECT_EQ(negative.exitCode, 2);
  EXPECT_EQ(negative.output,
            "retrace record: --seed: '-1' is not a whole number (digits 0-9 only) (see retrace record --help)\n");
  EXPECT_FALSE(fs::exists(path("n.rtr")));
  // Too many digits for 64 bits is refused with the option's own bound, as one digit too many is.
  for (const char* count : {"1000000001", "99999999999999999999"}) {
    const CliRun large = runRetrace("record --game dodge --ticks " + std::string(count) + " -o " + path("n.rtr"));
    EXPECT_EQ(large.output, "retrace record: --ticks: '" + std::string(count) +
                                "' is too large (at most 1000000000) (see retrace record --help)\n");
  }
  const CliRun tick = runRetrace("shrink " + path("p.rtr") + " --until ends-before:-5 -o " + path("s.rtr"));
  EXPECT_EQ(tick.exitCode, 2) << tick.output;
}

TEST_F(Cli, HuntAndVerifyRunAThreadForEachProcessorUnlessToldHowMany) {
  CLI::App app;
  retrace::recorder::cli::ExitCode exit = retrace::recorder::cli::ExitCode::kOk;
  retrace::recorder::cli::attachCommands(app, exit);
  const unsigned usable = std::min(256U, retrace::recorder::countUsableProcessors());
  for (const char* command : {"hunt", "verify"}) {
    EXPECT_EQ(app.get_subcommand(command)->get_option("--jobs")->get_default_str(), std::to_string(usable)) << command;
  }
}

TEST_F(Cli, VersionUnknownCommandsAndWhereResultsGo) {
  const CliRun version = runRetrace("--version");
  EXPECT_EQ(version.exitCode, 0);
  EXPECT_EQ(version.output, "retrace " RETRACE_VERSION " (replay format 1.1)\n");
  const CliRun unknown = runRetrace("-q frobnicate a.rtr");
  EXPECT_EQ(unknown.exitCode, 2);
  EXPECT_EQ(unknown.output,
            "retrace: 'frobnicate' is not a command; the commands are record, verify, info, dump, show, events, trace, find, "
            "diff, hunt, shrink, approve, sweep, games (see retrace --help)\n");
  for (const std::string none : {"", "-v"}) {
    const CliRun nothing = runRetrace(none);
    EXPECT_EQ(nothing.exitCode, 2) << none;
    EXPECT_EQ(nothing.output,
              "retrace: name a command: record, verify, info, dump, show, events, trace, find, diff, hunt, shrink, approve, "
              "sweep, games (see retrace --help)\n")
        << none;
  }
  // A command's option before the command (CLI11 took its value for the command's name).
  for (const std::string early : {"--seed 5 record --game dodge", "-q --seed=5", "--bogus"}) {
    const CliRun before = runRetrace(early);
    EXPECT_EQ(before.exitCode, 2) << early;
    const std::string option = early.find("bogus") != std::string::npos ? "--bogus" : "--seed";
    EXPECT_EQ(
        before.output,
        "retrace: '" + option + "' is no option of retrace itself; a command's options follow it (retrace COMMAND " + option +
            " ...), and the commands are record, verify, info, dump, show, events, trace, find, diff, hunt, shrink, approve, "
            "sweep, games (see retrace --help)\n")
        << early;
  }
  // A mistake in a command's options points to that command's help, which explains them.
  const CliRun option = runRetrace("record --game dodge --ticks 0 -o " + path("z.rtr"));
  EXPECT_EQ(option.exitCode, 2);
  EXPECT_EQ(option.output, "retrace record: --ticks: Value 0 not in range 1 to 1000000000 (see retrace record --help)\n");
  // A command's result is on stdout, so that 2>/dev/null keeps it and >/dev/null leaves only problems.
  const CliRun record =
      retrace::testing::runCommandStdout(std::string(RETRACE_CLI) + " record --game dodge --ticks 60 -o " + path("r.rtr"));
  EXPECT_EQ(record.output, "recorded 60 ticks of dodge (default, seed 0, bot input) to " + path("r.rtr") + "\n");
}

TEST_F(Cli, GamesListsEveryRegisteredGameWithItsConfigurationsAndLimits) {
  const CliRun names = runRetrace("games --names");
  EXPECT_EQ(names.exitCode, 0);
  std::string expected;
  for (const auto* game : retrace::sim::listGames()) expected += std::string(game->name()) + "\n";
  EXPECT_EQ(names.output, expected);
  const CliRun games = runRetrace("games");
  EXPECT_EQ(games.exitCode, 0);
  for (const auto* game : retrace::sim::listGames()) {
    EXPECT_NE(
        games.output.find(std::string(game->name()) + " (rules " + std::to_string(game->rulesVersion()) + "): configurations "),
        std::string::npos)
        << games.output;
    for (const auto& limit : game->speedLimits()) EXPECT_NE(games.output.find(limit.rule), std::string::npos) << limit.rule;
  }
  // As JSON, a line a game: every configuration, button, limit and event kind with its arguments.
  const std::vector<nlohmann::json> described = readJsonLines(runRetrace("games --json").output);
  ASSERT_EQ(described.size(), retrace::sim::listGames().size());
  for (std::size_t i = 0; i < described.size(); ++i) {
    const auto& game = *retrace::sim::listGames()[i];
    const nlohmann::json& line = described[i];
    EXPECT_EQ(line["game"], std::string(game.name()));
    EXPECT_EQ(line["rulesVersion"], game.rulesVersion());
    ASSERT_EQ(line["configurations"].size(), game.configNames().size());
    for (const std::string& config : game.configNames())
      EXPECT_EQ(line["configurations"][config].size(), game.describeConfig(*game.findConfig(config)).size()) << config;
    ASSERT_EQ(line["buttons"].size(), game.inputNames().size());
    ASSERT_EQ(line["speedLimits"].size(), game.speedLimits().size());
    ASSERT_EQ(line["events"].size(), game.eventSchemas().size());
    for (std::size_t k = 0; k < game.eventSchemas().size(); ++k) {
      const auto& schema = game.eventSchemas()[k];
      EXPECT_EQ(line["events"][k]["kind"], schema.name);
      const auto arguments =
          std::count_if(schema.argNames.begin(), schema.argNames.end(), [](const char* n) { return n != nullptr; });
      EXPECT_EQ(line["events"][k]["arguments"].size(), static_cast<std::size_t>(arguments)) << schema.name;
    }
  }
}

TEST_F(Cli, EnumerationsPrintByName) {
  // died{cause -2} and facing 3 said nothing: the event schemas and field descriptions name them.
  ASSERT_EQ(runRetrace("record --game fallingman --seed 1 --ticks 6000 --input random -o " + path("f.rtr")).exitCode, 0);
  const CliRun dump = runRetrace("dump --json " + path("f.rtr"));
  ASSERT_EQ(dump.exitCode, 0);
  EXPECT_NE(dump.output.find("died{cause fellOff, floor "), std::string::npos);
  EXPECT_NE(dump.output.find("spikeHit{source ceiling, hpLeft "), std::string::npos);
  EXPECT_EQ(dump.output.find("{cause -"), std::string::npos);
  EXPECT_EQ(dump.output.find("{source -"), std::string::npos);
  ASSERT_EQ(runRetrace("record --game tank --seed 5 --ticks 600 -o " + path("t.rtr")).exitCode, 0);
  const auto json = nlohmann::json::parse(runRetrace("dump --json " + path("t.rtr")).output);
  const std::string facing = json["footer"]["finalState"]["state"]["tanks[0].facing"];
  EXPECT_TRUE(facing == "up" || facing == "right" || facing == "down" || facing == "left") << facing;
  bool sawBlocked = false;
  for (const auto& chunk : json["chunks"]) {
    for (const auto& event : chunk["events"]) {
      const std::string text = event["event"];
      if (!text.starts_with("blocked{")) continue;
      sawBlocked = true;
      EXPECT_TRUE(text.find("facing up}") != std::string::npos || text.find("facing right}") != std::string::npos ||
                  text.find("facing down}") != std::string::npos || text.find("facing left}") != std::string::npos)
          << text;
    }
  }
  EXPECT_TRUE(sawBlocked);
}

TEST_F(Cli, ApproveReRecordsAtTheChecksumCadenceAskedFor) {
  ASSERT_EQ(runRetrace("record --game tank --seed 2 --ticks 900 --full-hash-every 30 -o " + path("t.rtr")).exitCode, 0);
  EXPECT_EQ(runRetrace("approve --check " + path("t.rtr")).exitCode, 0);  // its own cadence is kept
  const CliRun check = runRetrace("approve --check --full-hash-every 1 " + path("t.rtr"));
  EXPECT_EQ(check.exitCode, 1) << check.output;
  EXPECT_EQ(
      check.output,
      path("t.rtr") + ": identical; its whole-state checksum is every 30 ticks, to be every 1\n1 of 1 replays would change\n");
  ASSERT_EQ(runRetrace("approve --yes --full-hash-every 1 " + path("t.rtr"), "-u CI").exitCode, 0);
  EXPECT_NE(runRetrace("info " + path("t.rtr")).output.find("tick checksums: whole state every tick\n"), std::string::npos);
  EXPECT_EQ(runRetrace("approve --check --full-hash-every 1 " + path("t.rtr")).exitCode, 0);
}

TEST_F(Cli, ApproveStoppedByASignalLeavesEachReplayRewrittenWholeOrAsItWas) {
  // Ctrl+C (or kill) while approve rewrites a corpus: it stops between two replays, so none is
  // left half written beside its .partial, says how far it came, and ends by the signal.
  const std::string folder = path("corpus");
  fs::create_directory(folder);
  constexpr int kCopies = 800;
  const std::string golden = std::string(RETRACE_REPLAYS_DIR) + "/dodge-bot-seed3.rtr";
  for (int i = 0; i < kCopies; ++i) fs::copy_file(golden, folder + "/r" + std::to_string(i) + ".rtr");
  const std::uintmax_t before = fs::file_size(golden);
  const retrace::testing::BackgroundProcess approve("env -u CI " + std::string(RETRACE_CLI) +
                                                    " approve --yes --full-hash-every 30 " + folder + " > " + path("out.txt") +
                                                    " 2> " + path("err.txt"));
  // The files are rewritten in name order, r0.rtr first, each smaller at the sparser cadence.
  const auto rewritten = [&](const std::string& file) {
    std::error_code error;
    const std::uintmax_t bytes = fs::file_size(folder + "/" + file, error);
    return !error && bytes != before;
  };
  // Up to a minute: a sanitized build beside another test took more than 12 s to rewrite the first.
  for (int i = 0; i < 30000 && !rewritten("r0.rtr") && approve.running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ASSERT_TRUE(rewritten("r0.rtr")) << approve.describe();
  approve.signal(SIGTERM);
  ASSERT_TRUE(approve.waitEnd(std::chrono::seconds(20))) << approve.describe();
  EXPECT_EQ(approve.describe(), "killed by signal " + std::to_string(SIGTERM));
  int done = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    ASSERT_EQ(entry.path().extension().string(), ".rtr") << entry.path();
    done += rewritten(entry.path().filename().string()) ? 1 : 0;
  }
  ASSERT_LT(done, kCopies) << "it rewrote every replay before the signal came";
  EXPECT_EQ(readBytes(path("err.txt")), "retrace approve: interrupted after rewriting " + std::to_string(done) + " of " +
                                            std::to_string(kCopies) + " replays: the others are as they were\n");
  // Each is whole: rewritten at the new cadence or as it was at the old.
  EXPECT_EQ(runRetrace("verify " + folder).exitCode, 0);
}

TEST_F(Cli, ApproveRewritesARegressionReplayMadeWithSettingsAndSaysWhenItNoLongerShowsItsOutcome) {
  // Its configuration, default+bulletSpeed=30, is no named one: approve could not rewrite it.
  std::ofstream(path("walls.rtr"), std::ios::binary)
      << readBytes(std::string(RETRACE_REPLAYS_DIR) + "/tank-bullets-through-walls.rtr");
  const std::string info = runRetrace("info " + path("walls.rtr")).output;
  std::ofstream(path("walls.expect")) << "tunnels >= 10\n";
  const CliRun kept = runRetrace("approve --yes --full-hash-every 2 " + path("walls.rtr"), "-u CI");
  EXPECT_EQ(kept.exitCode, 0) << kept.output;
  EXPECT_TRUE(kept.output.ends_with(path("walls.rtr") + ": rewritten\n")) << kept.output;
  const std::string rewritten = runRetrace("info " + path("walls.rtr")).output;
  EXPECT_NE(rewritten.find("configuration default+bulletSpeed=30 (limit breaks allowed), seed 2\n"), std::string::npos)
      << rewritten;
  EXPECT_EQ(runRetrace("verify --expect " + path("walls.rtr")).exitCode, 0);
  // An outcome the re-recorded replay no longer shows (as when a rule change fixes the bug it
  // pins) is said of it, and approve exits 1, before the corpus test finds it.
  std::ofstream(path("walls.expect")) << "tunnels == 0\n";
  const CliRun unmet = runRetrace("approve --yes --full-hash-every 1 " + path("walls.rtr"), "-u CI");
  EXPECT_EQ(unmet.exitCode, 1) << unmet.output;
  EXPECT_TRUE(unmet.output.ends_with(path("walls.rtr") + ": rewritten, but it no longer shows what " + path("walls.expect") +
                                     " expects (expected tunnels == 0, found 87): change the rules or the .expect\n"))
      << unmet.output;
  // Back at every tick: as it was, and info says what its .expect expects.
  EXPECT_EQ(runRetrace("info " + path("walls.rtr")).output,
            info + "expect:    " + path("walls.expect") + ": tunnels == 0 (verify --expect judges it by that)\n");
}

TEST_F(Cli, AHeaderStringWithEscapesOrBrokenUtf8IsOneLineFromEveryPrinter) {
  // dump --json aborted (SIGABRT) on a header string that is not UTF-8, and info and verify
  // printed newlines and terminal escapes raw: now the loader refuses such a file in one line.
  const auto bytes = retrace::recorder::testing::recordInMemory("tank", 120);
  std::ofstream(path("good.rtr"), std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  for (const std::string text : {"\x1b]0;owned\x07\x1b[2J", "line one\nline two", "caf\xe9"}) {
    auto replay = retrace::recorder::testing::loadOrFail(bytes);
    replay.header.inputSource = text;
    const auto forged = retrace::recorder::encodeReplay(replay);
    std::ofstream(path("forged.rtr"), std::ios::binary)
        .write(reinterpret_cast<const char*>(forged.data()), static_cast<std::streamsize>(forged.size()));
    for (const std::string& command :
         std::vector<std::string>{"info ", "dump --json ", "verify ", "diff " + path("good.rtr") + " "}) {
      const CliRun run = runRetrace(command + path("forged.rtr"));
      EXPECT_EQ(run.exitCode, 2) << command << run.output;
      EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << command << run.output;
      EXPECT_EQ(run.output.find('\x1b'), std::string::npos) << command;
      EXPECT_NE(run.output.find(" has a header whose input source "), std::string::npos) << command << run.output;
    }
  }
}

TEST_F(Cli, SweepTellsAHitAGrazeAMissAndBoxesThatAlreadyOverlap) {
  const CliRun hit = runRetrace("sweep 100,60,40,12 100,110,48,24 0,100");  // seed 000
  EXPECT_EQ(hit.exitCode, 0);
  // 19/50 has no exact 16.16 value, so the decimal is its floor and the fraction is exact.
  EXPECT_EQ(hit.output,
            "moving 100,60,40,12 by 0,100 against 100,110,48,24\nresult: hit\nfirst contact: 0.37999 (19/50 of the step)\n"
            "overlap ends: 0.73999 (37/50 of the step)\nmoving box at first contact: 100,98,40,12\n");
  // Still overlapping when the step ends: the interval is clipped there.
  EXPECT_NE(runRetrace("sweep 0,0,10,10 20,0,10,10 15,0").output.find("overlap ends: 1 (the end of the step or later)\n"),
            std::string::npos);
  // A corner passing a corner: x overlaps from 1/2 on, y until 1/2.
  EXPECT_NE(runRetrace("sweep 0,0,10,10 20,0,10,10 20,20").output.find("result: graze"), std::string::npos);
  EXPECT_NE(runRetrace("sweep 0,0,10,10 20,0,10,10 5,0").output.find("result: miss\n"), std::string::npos);
  const CliRun already = runRetrace("sweep 0,0,10,10 5,0,10,10 0,0");
  EXPECT_EQ(already.exitCode, 0);
  EXPECT_NE(already.output.find("result: hit (the boxes already overlap at the start of the step)\n"), std::string::npos)
      << already.output;
  EXPECT_EQ(already.output.find("overlap ends"), std::string::npos) << already.output;
  const CliRun bad = runRetrace("sweep 0,0,10,10 5,0 20,0,10,10");
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_EQ(bad.output, "retrace sweep: '5,0' is not a box: expected x,y,w,h\n");
}

TEST_F(Cli, HelpIsZero) {
  const CliRun help = runRetrace("--help");
  EXPECT_EQ(help.exitCode, 0);
  for (const char* command : {"record", "verify", "info", "dump", "diff"})
    EXPECT_NE(help.output.find(command), std::string::npos) << command;
  EXPECT_EQ(runRetrace("record --help").exitCode, 0);
}

TEST_F(Cli, ABrokenLimitNeedsTheFlagAndTheOracleFailsVerify) {
  const CliRun refused = runRetrace("record --game dodge --config discrete --ticks 100 -o " + path("d.rtr"));
  EXPECT_EQ(refused.exitCode, 2);
  EXPECT_NE(refused.output.find("maxSpeed 48"), std::string::npos) << refused.output;
  EXPECT_NE(refused.output.find("pass --allow-limit-breaks"), std::string::npos) << refused.output;
  const CliRun otherError = runRetrace("record --game dodge --config nope --ticks 100 -o " + path("n.rtr"));
  EXPECT_EQ(otherError.output.find("--allow-limit-breaks"), std::string::npos) << otherError.output;
  // hunt says it the same way (it printed the limit alone).
  const CliRun hunt = runRetrace("hunt --game dodge --config discrete --runs 1 --ticks 10 -o " + path("found"));
  EXPECT_EQ(hunt.exitCode, 2) << hunt.output;
  EXPECT_NE(hunt.output.find("maxSpeed 48"), std::string::npos) << hunt.output;
  EXPECT_NE(hunt.output.find("pass --allow-limit-breaks"), std::string::npos) << hunt.output;
  EXPECT_FALSE(fs::exists(path("found")));
  ASSERT_EQ(
      runRetrace("record --game dodge --config discrete --allow-limit-breaks --input random --ticks 30000 -o " + path("d.rtr"))
          .exitCode,
      0);
  const CliRun verify = runRetrace("verify " + path("d.rtr"));
  EXPECT_EQ(verify.exitCode, 1) << verify.output;
  EXPECT_NE(verify.output.find("oracle: "), std::string::npos) << verify.output;
  EXPECT_EQ(runRetrace("verify --no-oracle " + path("d.rtr")).exitCode, 0);
}

TEST_F(Cli, InputScriptsAreParsedWithLineNumbers) {
  std::ofstream(path("ok.txt")) << "# tank\n120 up+fire\n30 -\n45 left\n";
  EXPECT_EQ(runRetrace("record --game tank --ticks 300 --input " + path("ok.txt") + " -o " + path("s.rtr")).exitCode, 0);
  const CliRun dump = runRetrace("dump --json " + path("s.rtr"));
  const auto json = nlohmann::json::parse(dump.output);
  EXPECT_EQ(json["chunks"][0]["inputs"][0]["buttons"], "up+fire");
  EXPECT_EQ(json["chunks"][0]["inputs"][0]["ticks"], 120);
  // The same script as a Windows editor may save it: a UTF-8 byte order mark and CRLF endings.
  std::ofstream(path("windows.txt"), std::ios::binary) << "\xEF\xBB\xBF# tank\r\n120 up+fire\r\n30 -\r\n45 left\r\n";
  const CliRun windows = runRetrace("record --game tank --ticks 300 --input " + path("windows.txt") + " -o " + path("w.rtr"));
  EXPECT_EQ(windows.exitCode, 0) << windows.output;
  const auto windowsJson = nlohmann::json::parse(runRetrace("dump --json " + path("w.rtr")).output);
  EXPECT_EQ(windowsJson["chunks"], json["chunks"]);
  std::ofstream(path("bad.txt")) << "120 up\nten left\n";
  const CliRun bad = runRetrace("record --game tank --ticks 300 --input " + path("bad.txt") + " -o " + path("t.rtr"));
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.output.find("bad.txt: line 2: 'ten' is not a tick count"), std::string::npos) << bad.output;
  EXPECT_FALSE(fs::exists(path("t.rtr.partial")));
  // A word that names no file was meant as an input source; a path is said as it is.
  EXPECT_EQ(runRetrace("record --game tank --ticks 30 --input Bot -o " + path("t.rtr")).output,
            "retrace record: input script Bot does not exist (--input takes bot, random or an input script's path)\n");
  EXPECT_EQ(runRetrace("record --game tank --ticks 30 --input " + path("none.txt") + " -o " + path("t.rtr")).output,
            "retrace record: input script " + path("none.txt") + " does not exist\n");
}

TEST_F(Cli, ApproveChecksRefusesUnderCiAndRewritesOnConsent) {
  ASSERT_EQ(runRetrace("record --game dodge --seed 2 --ticks 600 --input random -o " + path("g.rtr")).exitCode, 0);
  const CliRun unchanged = runRetrace("approve --check " + dir_.string());
  EXPECT_EQ(unchanged.exitCode, 0) << unchanged.output;
  EXPECT_NE(unchanged.output.find("g.rtr: unchanged"), std::string::npos);
  // A folder without replays beside a good one is named, not counted as zero replays checked.
  fs::create_directory(path("empty"));
  const CliRun emptyFolder = runRetrace("approve --check " + dir_.string() + " " + path("empty"));
  EXPECT_EQ(emptyFolder.exitCode, 2) << emptyFolder.output;
  EXPECT_NE(emptyFolder.output.find("empty: no *.rtr replays in the folder"), std::string::npos) << emptyFolder.output;
  fs::remove(path("empty"));
  // A *.rtr in the folder that is not a readable file (a dangling link) is counted, not skipped.
  fs::create_symlink(path("nowhere.rtr"), path("broken.rtr"));
  const CliRun broken = runRetrace("approve --check " + dir_.string());
  EXPECT_EQ(broken.exitCode, 2) << broken.output;
  EXPECT_NE(broken.output.find("broken.rtr is a link that leads to no file"), std::string::npos) << broken.output;
  EXPECT_NE(broken.output.find("0 of 2 replays would change; 1 could not be read\n"), std::string::npos) << broken.output;
  fs::remove(path("broken.rtr"));
  // Nor a link to itself, which is there but leads nowhere: said as the system says it.
  fs::create_symlink(path("loop.rtr"), path("loop.rtr"));
  const CliRun loop = runRetrace("approve --check " + dir_.string());
  EXPECT_EQ(loop.exitCode, 2) << loop.output;
  EXPECT_NE(loop.output.find("loop.rtr cannot be read: Too many levels of symbolic links"), std::string::npos) << loop.output;
  fs::remove(path("loop.rtr"));
  // A replay the simulation no longer reproduces: the seed-2 header followed by the chunks of
  // a seed-3 recording (every frame valid, the events now belong to another game).
  ASSERT_EQ(runRetrace("record --game dodge --seed 3 --ticks 600 --input random -o " + path("other.rtr")).exitCode, 0);
  const std::string seed2 = readBytes(path("g.rtr"));
  const std::string seed3 = readBytes(path("other.rtr"));
  const auto storedLength = [](const std::string& bytes) {
    std::size_t length = 0;
    for (int i = 3; i >= 0; --i) length = (length << 8) | static_cast<unsigned char>(bytes[16 + 4 + static_cast<std::size_t>(i)]);
    return length;
  };
  const std::size_t headerEnd2 = 16 + 24 + storedLength(seed2);
  const std::size_t headerEnd3 = 16 + 24 + storedLength(seed3);
  std::ofstream(path("spliced.rtr"), std::ios::binary) << seed2.substr(0, headerEnd2) << seed3.substr(headerEnd3);
  fs::remove(path("other.rtr"));
  const CliRun check = runRetrace("approve --check " + dir_.string());
  EXPECT_EQ(check.exitCode, 1) << check.output;
  EXPECT_NE(check.output.find("spliced.rtr: dodge (default, seed 2), FAILED"), std::string::npos) << check.output;
  EXPECT_NE(check.output.find("diverged at tick"), std::string::npos) << check.output;
  EXPECT_NE(check.output.find("1 of 2 replays would change\n"), std::string::npos) << check.output;
  // An unreadable replay is counted apart, not as unchanged.
  std::ofstream(path("junk.rtr")) << "not a replay";
  const CliRun unreadable = runRetrace("approve --check " + path("spliced.rtr") + " " + path("junk.rtr"));
  EXPECT_EQ(unreadable.exitCode, 2) << unreadable.output;
  EXPECT_NE(unreadable.output.find("1 of 2 replays would change; 1 could not be read\n"), std::string::npos) << unreadable.output;
  fs::remove(path("junk.rtr"));
  // A name that does not exist is the whole answer, in one line.
  const CliRun missing = runRetrace("approve --check " + path("spliced.rtr") + " " + path("gone"));
  EXPECT_EQ(missing.exitCode, 2) << missing.output;
  EXPECT_EQ(missing.output, "retrace approve: " + path("gone") + " does not exist\n");
  const std::string spliced = readBytes(path("spliced.rtr"));
  // CI never rewrites goldens, even with --yes; without a terminal nobody consents.
  const CliRun refused = runRetrace("approve --yes " + path("spliced.rtr"), "CI=true");
  EXPECT_EQ(refused.exitCode, 2) << refused.output;
  EXPECT_NE(refused.output.find("refusing to rewrite golden replays with CI set"), std::string::npos) << refused.output;
  const CliRun noConsent = runRetrace("approve " + path("spliced.rtr") + " </dev/null", "-u CI");
  EXPECT_EQ(noConsent.exitCode, 1) << noConsent.output;
  EXPECT_EQ(readBytes(path("spliced.rtr")), spliced);
  // --yes rewrites it from its own inputs; afterwards it verifies and nothing would change.
  const CliRun approved = runRetrace("approve --yes " + path("spliced.rtr"), "-u CI");
  EXPECT_EQ(approved.exitCode, 0) << approved.output;
  EXPECT_NE(approved.output.find("spliced.rtr: rewritten"), std::string::npos) << approved.output;
  EXPECT_EQ(runRetrace("verify " + path("spliced.rtr")).exitCode, 0);
  EXPECT_EQ(runRetrace("approve --check " + dir_.string()).exitCode, 0);
  EXPECT_FALSE(fs::exists(path("spliced.rtr.partial")));
}

}  // namespace

namespace {

TEST_F(Cli, HuntFindsTheDiscreteTunnelAndSavesAReplayThatShowsIt) {
  const CliRun hunt =
      runRetrace("hunt --game dodge --config discrete --allow-limit-breaks --seed 1 --runs 20 --no-progress -o " + path("found"));
  EXPECT_EQ(hunt.exitCode, 1) << hunt.output;
  EXPECT_NE(hunt.output.find("finding"), std::string::npos) << hunt.output;
  std::vector<fs::path> found;
  for (const auto& entry : fs::directory_iterator(path("found")))
    if (entry.path().extension() == ".rtr") found.push_back(entry.path());
  ASSERT_FALSE(found.empty());
  std::sort(found.begin(), found.end());
  EXPECT_NE(found[0].filename().string().find("dodge-discrete-tunnel-run"), std::string::npos);
  const CliRun verify = runRetrace("verify " + found[0].string());
  EXPECT_EQ(verify.exitCode, 1) << verify.output;  // identical, but the oracle fires
  EXPECT_NE(verify.output.find("oracle: "), std::string::npos) << verify.output;
  // The same seed hunts the same games and finds the same things.
  const CliRun again =
      runRetrace("hunt --game dodge --config discrete --allow-limit-breaks --seed 1 --runs 20 --no-progress -o " + path("again"));
  EXPECT_EQ(again.exitCode, 1);
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(path("again")))
    if (entry.path().extension() == ".rtr") names.push_back(entry.path().filename().string());
  std::vector<std::string> first;
  for (const auto& f : found) first.push_back(f.filename().string());
  std::sort(names.begin(), names.end());
  std::sort(first.begin(), first.end());
  EXPECT_EQ(names, first);
  // The findings are the result: on stdout with the summary, one entry per file, nothing on stderr.
  const std::string command = std::string(RETRACE_CLI) +
                              " hunt --game dodge --config discrete --allow-limit-breaks --seed 1 --runs 20 -o " +
                              path("streams");
  const CliRun results = retrace::testing::runCommandStdout(command);
  EXPECT_EQ(results.exitCode, 1);
  std::size_t listed = 0;
  for (std::size_t at = results.output.find("found: "); at != std::string::npos; at = results.output.find("found: ", at + 1))
    ++listed;
  EXPECT_EQ(listed, first.size()) << results.output;
  EXPECT_NE(results.output.find("found: " + path("streams") + "/" + first[0] + "\n  tick "), std::string::npos) << results.output;
  EXPECT_NE(results.output.find("hunted dodge (discrete, named configurations, seed 1): 20 runs"), std::string::npos)
      << results.output;
  const CliRun problems = retrace::testing::runCommandStderr(command);
  EXPECT_EQ(problems.exitCode, 1);
  EXPECT_EQ(problems.output, "") << "the same hunt again: each finding is kept, and said so on stdout";
  // A hunt that saved a finding says on stderr how to make the first small (with --no-progress, nothing).
  const std::string fresh =
      std::string(RETRACE_CLI) + " hunt --game dodge --config discrete --allow-limit-breaks --seed 1 --runs 20";
  const CliRun hint = retrace::testing::runCommandStderr(fresh + " -o " + path("hint"));
  EXPECT_EQ(hint.output, "retrace hunt: to make a finding as small as it can be: retrace shrink " + path("hint") + "/" +
                             first[0] +
                             " -o min.rtr\nretrace hunt: beside each finding its NAME.expect says what it shows: copied into "
                             "a corpus with it, it pins the finding as a regression replay\n");
  EXPECT_EQ(retrace::testing::runCommandStderr(fresh + " --no-progress -o " + path("summary")).output, "");
}

TEST_F(Cli, ARecordingStoppedByASignalIsClosedWholeAtTheTickItReached) {
  // Ctrl+C (or kill) on a long recording: what was played is written as a whole replay, footer
  // and all, rather than left as OUT.partial for verify --allow-truncated or record --like to
  // recover; the process still ends by the signal.
  const std::string out = path("long.rtr");
  const retrace::testing::BackgroundProcess record(std::string(RETRACE_CLI) + " record --game tank --ticks 1000000000 -o " + out +
                                                   " > " + path("out.txt") + " 2> " + path("err.txt"));
  const auto written = [&] {
    std::error_code error;
    const std::uintmax_t bytes = fs::file_size(out + ".partial", error);
    return error ? std::uintmax_t{0} : bytes;
  };
  for (int i = 0; i < 600 && written() < 100000 && record.running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_GE(written(), 100000U) << record.describe();
  record.signal(SIGTERM);
  ASSERT_TRUE(record.waitEnd(std::chrono::seconds(20))) << record.describe();
  EXPECT_EQ(record.describe(), "killed by signal " + std::to_string(SIGTERM));
  EXPECT_FALSE(fs::exists(out + ".partial"));
  auto loaded = retrace::recorder::loadReplayFile(out);
  ASSERT_TRUE(std::holds_alternative<retrace::recorder::LoadedReplay>(loaded)) << std::get<std::string>(loaded);
  const auto& replay = std::get<retrace::recorder::LoadedReplay>(loaded);
  ASSERT_TRUE(replay.footer.has_value());
  const std::uint64_t ticks = replay.footer->totalTicks;
  EXPECT_GT(ticks, 0U);
  EXPECT_TRUE(retrace::recorder::verifyReplay(replay).passed());
  EXPECT_EQ(readBytes(path("out.txt")),
            "recorded " + std::to_string(ticks) + " ticks of tank (default, seed 0, bot input) to " + out + "\n");
  EXPECT_EQ(readBytes(path("err.txt")), "retrace record: interrupted after " + std::to_string(ticks) +
                                            " of 1000000000 ticks: " + out + " holds them, whole\n");
}

TEST_F(Cli, HuntStoppedByASignalSumsUpWhatItPlayedAndEndsByTheSignal) {
  // Ctrl+C (or kill) in a long hunt: the runs under way end and their findings are saved whole,
  // the summary is of the runs played, and the process still ends by the signal. Killed
  // outright, it said nothing of what it had played.
  const std::string folder = path("found");
  const retrace::testing::BackgroundProcess hunt(
      std::string(RETRACE_CLI) + " hunt --game dodge --config discrete --allow-limit-breaks --runs 100000000 --no-progress -o " +
      folder + " > " + path("out.txt") + " 2> " + path("err.txt"));
  const auto countFindings = [&] {
    std::size_t found = 0;
    std::error_code error;
    for (fs::directory_iterator entry(folder, error), end; !error && entry != end; entry.increment(error))
      if (entry->path().extension() == ".rtr") ++found;
    return found;
  };
  for (int i = 0; i < 600 && countFindings() == 0 && hunt.running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_GT(countFindings(), 0U) << hunt.describe();
  hunt.signal(SIGTERM);
  ASSERT_TRUE(hunt.waitEnd(std::chrono::seconds(20))) << hunt.describe();
  EXPECT_EQ(hunt.describe(), "killed by signal " + std::to_string(SIGTERM));
  const std::string said = readBytes(path("out.txt"));
  std::smatch summary;
  ASSERT_TRUE(std::regex_search(said, summary,
                                std::regex("hunted dodge \\(discrete, named configurations, seed 1\\): ([0-9]+ runs?), [0-9]+ "
                                           "ticks?, ([0-9]+) findings? saved in " +
                                           folder + "\n")))
      << said;
  EXPECT_EQ(std::to_string(countFindings()), summary[2].str()) << "every finding summed up is saved, and none half";
  for (const auto& entry : fs::directory_iterator(folder)) {
    // Each finding whole, with the .expect that says what it shows: no .partial left.
    const fs::path file = entry.path();
    EXPECT_TRUE(file.extension() == ".rtr" || file.extension() == ".expect") << file;
    EXPECT_TRUE(fs::exists(fs::path(file).replace_extension(file.extension() == ".rtr" ? ".expect" : ".rtr"))) << file;
  }
  EXPECT_EQ(readBytes(path("err.txt")), "retrace hunt: interrupted after " + summary[1].str() + ", which the summary is of\n");
}

/// The files in a folder by name, with their bytes.
std::map<std::string, std::string> readFolder(const std::string& folder) {
  std::map<std::string, std::string> files;
  if (!fs::exists(folder)) return files;
  for (const auto& entry : fs::directory_iterator(folder))
    files[entry.path().filename().string()] = readBytes(entry.path().string());
  return files;
}

TEST_F(Cli, HuntOnManyThreadsOrShardsFindsExactlyWhatOneThreadFinds) {
  const std::string hunt =
      "hunt --game dodge --config discrete --allow-limit-breaks --seed 4 --runs 30 --ticks 2400 --no-progress ";
  const CliRun one = runRetrace(hunt + "-o " + path("one"));
  ASSERT_EQ(one.exitCode, 1) << one.output;
  const auto found = readFolder(path("one"));
  ASSERT_GE(found.size(), 3U) << one.output;
  const CliRun two = runRetrace(hunt + "--jobs 2 -o " + path("two"));
  std::string same = one.output;  // the same summary and breakdown, but for the folder
  same.replace(same.find(path("one")), path("one").size(), path("two"));
  EXPECT_EQ(two.output, same);
  EXPECT_EQ(readFolder(path("two")), found);
  // Three shards into one folder, as a CI matrix's artifacts are gathered: the same files.
  std::uint64_t runs = 0;
  for (const char* shard : {"1/3", "2/3", "3/3"}) {
    const CliRun part = runRetrace(hunt + "--jobs 2 --shard " + shard + " -o " + path("shards"));
    EXPECT_NE(part.output.find(std::string(", shard ") + shard[0] + " of 3): 10 runs"), std::string::npos) << part.output;
    runs += 10;
  }
  EXPECT_EQ(runs, 30U);
  EXPECT_EQ(readFolder(path("shards")), found);
  for (const char* bad : {"0/3", "4/3", "3", "a/b"}) {
    const CliRun refused = runRetrace(hunt + "--shard " + bad + " -o " + path("bad"));
    EXPECT_EQ(refused.exitCode, 2) << bad;
    EXPECT_EQ(refused.output, std::string("retrace hunt: --shard: '") + bad +
                                  "' is not a shard: I/N with 1 <= I <= N, like 2/4 (see retrace hunt --help)\n");
  }
  EXPECT_EQ(runRetrace(hunt + "--jobs 0 -o " + path("bad")).exitCode, 2);
  EXPECT_FALSE(fs::exists(path("bad")));
}

/// The tick each finding in a folder fails at, by its run, read from the names hunt gives them.
std::map<std::uint64_t, std::uint64_t> readFindingTicks(const std::map<std::string, std::string>& folder) {
  static const std::regex kName(R"(-run([0-9]+)-tick([0-9]+)\.rtr$)");
  std::map<std::uint64_t, std::uint64_t> ticks;
  for (const auto& [name, bytes] : folder) {
    std::smatch match;
    if (std::regex_search(name, match, kName)) ticks[std::stoull(match[1])] = std::stoull(match[2]);
  }
  return ticks;
}

TEST_F(Cli, HuntShrinksEachFindingBeforeSavingItTheSameOnAnyNumberOfThreads) {
  const std::string hunt = "hunt --game tank --configs outside --seed 1 --runs 16 --ticks 3000 --no-progress ";
  const CliRun played = runRetrace(hunt + "-o " + path("played"));
  ASSERT_EQ(played.exitCode, 1) << played.output;
  const CliRun shrunk = runRetrace(hunt + "--shrink -o " + path("shrunk"));
  ASSERT_EQ(shrunk.exitCode, 1) << shrunk.output;
  EXPECT_NE(shrunk.output.find(" findings shrunk and saved in " + path("shrunk") + "\n"), std::string::npos) << shrunk.output;
  const auto before = readFindingTicks(readFolder(path("played")));
  const auto after = readFindingTicks(readFolder(path("shrunk")));
  ASSERT_GE(after.size(), 3U) << shrunk.output;
  ASSERT_EQ(after.size(), before.size());
  // Run by run: the same run's finding, at its tick or sooner, and a tunnel at that tick.
  std::size_t sooner = 0;
  for (const auto& [run, tick] : after) {
    ASSERT_TRUE(before.count(run) == 1) << "run " << run;
    EXPECT_LE(tick, before.at(run)) << "run " << run;
    sooner += tick < before.at(run) ? 1U : 0U;
    const std::string file =
        path("shrunk") + "/tank-default-outside-tunnel-run" + std::to_string(run) + "-tick" + std::to_string(tick) + ".rtr";
    const CliRun verify = runRetrace("verify " + file);
    EXPECT_EQ(verify.exitCode, 1) << verify.output;
    EXPECT_NE(verify.output.find("    tick " + std::to_string(tick) + ": "), std::string::npos) << verify.output;
    EXPECT_NE(runRetrace("info " + file).output.find(", shr"), std::string::npos);  // its input source says so
  }
  EXPECT_GT(sooner, 0U) << shrunk.output;
  // Each finding's lines say how long it was as played.
  const CliRun lines =
      runRetrace("hunt --game tank --configs outside --seed 1 --runs 16 --ticks 3000 --shrink -o " + path("lines"));
  EXPECT_NE(lines.output.find("\n  shrunk from "), std::string::npos) << lines.output;
  // Shrinking is part of each run: any number of threads saves the same files.
  const CliRun two = runRetrace(hunt + "--shrink --jobs 2 -o " + path("two"));
  EXPECT_EQ(two.exitCode, 1);
  EXPECT_EQ(readFolder(path("two")), readFolder(path("shrunk")));
}

TEST_F(Cli, VerifyOnManyThreadsReportsInTheOrderGiven) {
  std::string files;
  for (const auto& entry : fs::directory_iterator(RETRACE_REPLAYS_DIR)) {
    if (entry.path().extension() == ".rtr") files += " " + entry.path().string();
  }
  files += " " + path("missing.rtr");
  const CliRun one = runRetrace("verify" + files);
  const CliRun many = runRetrace("verify --jobs 3" + files);
  EXPECT_EQ(one.exitCode, 2);
  EXPECT_EQ(many.exitCode, one.exitCode);
  EXPECT_EQ(many.output, one.output);
  EXPECT_NE(many.output.find("could not be read"), std::string::npos) << many.output;
}

TEST_F(Cli, VerifyJsonSaysWhatTheVerifierFoundForEveryReplayInOrder) {
  // A replay that passes, one whose oracle finds tunnels, one cut short, a what-if that diverges
  // and a file that is not there.
  const std::string golden = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  const std::string tunnels = std::string(RETRACE_REPLAYS_DIR) + "/dodge-discrete-tunneling.rtr";
  auto loaded = retrace::recorder::loadReplayFile(golden);
  ASSERT_TRUE(std::holds_alternative<retrace::recorder::LoadedReplay>(loaded));
  const std::string cut = path("cut.rtr");
  {
    const auto bytes =
        retrace::recorder::encodeReplay(retrace::recorder::cutReplay(std::get<retrace::recorder::LoadedReplay>(loaded), 1000));
    std::ofstream(cut, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  const std::string missing = path("missing.rtr");
  const CliRun run = runRetrace("verify --json " + golden + " " + tunnels + " " + cut + " " + missing);
  const CliRun text = runRetrace("verify " + golden + " " + tunnels + " " + cut + " " + missing);
  EXPECT_EQ(run.exitCode, text.exitCode);
  const std::vector<nlohmann::json> lines = readJsonLines(run.output);  // stderr's sentence is the other line
  ASSERT_EQ(lines.size(), 5U) << run.output;
  const std::string files[] = {golden, tunnels, cut};
  for (std::size_t i = 0; i < 3; ++i) {
    SCOPED_TRACE(files[i]);
    const auto verified = retrace::recorder::verifyReplayFile(files[i]);
    ASSERT_TRUE(std::holds_alternative<retrace::recorder::VerifiedReplay>(verified));
    const auto& [replay, report] = std::get<retrace::recorder::VerifiedReplay>(verified);
    const nlohmann::json& got = lines[i];
    EXPECT_EQ(got["file"], files[i]);
    EXPECT_EQ(got["game"], replay.header.game);
    EXPECT_EQ(got["seed"], replay.header.seed);
    EXPECT_EQ(got["passed"], report.passed());
    EXPECT_EQ(got["ticks"], report.ticksChecked);
    EXPECT_EQ(got["complete"], replay.footer.has_value());
    EXPECT_EQ(got["truncation"].is_null(), !report.truncation.has_value());
    EXPECT_EQ(got["problems"], report.problems);
    EXPECT_EQ(got["divergence"].is_null(), !report.divergence.has_value());
    EXPECT_EQ(got["tunnels"]["count"], report.tunnelCount);
    EXPECT_EQ(got["tunnels"]["ticks"], report.tunnelTicks);
    EXPECT_EQ(got["tunnels"]["first"], report.tunnels);
  }
  EXPECT_TRUE(lines[0]["passed"].get<bool>());
  EXPECT_GT(lines[1]["tunnels"]["count"].get<int>(), 0);
  EXPECT_FALSE(lines[2]["passed"].get<bool>());
  EXPECT_EQ(lines[3]["file"], missing);
  EXPECT_EQ(lines[3]["error"], missing + " does not exist");
  EXPECT_EQ(lines[4], nlohmann::json({{"replays", 4}, {"ok", 1}, {"failed", 2}, {"unreadable", 1}}));
  // A what-if that diverges: the divergence's tick, reason and diffs are the text report's.
  const std::string whatIf =
      " " + std::string(RETRACE_REPLAYS_DIR) + "/fallingman-bot-seed4.rtr --set landingWindow=4 --allow-limit-breaks";
  const CliRun jsonIf = runRetrace("verify --json" + whatIf);
  const CliRun textIf = runRetrace("verify" + whatIf);
  EXPECT_EQ(jsonIf.exitCode, 1);
  EXPECT_EQ(textIf.exitCode, 1);
  const nlohmann::json diverged = nlohmann::json::parse(jsonIf.output.substr(0, jsonIf.output.find('\n')));
  EXPECT_EQ(diverged["whatIf"], "default+landingWindow=4");
  const nlohmann::json& d = diverged["divergence"];
  ASSERT_TRUE(d.is_object()) << jsonIf.output;
  std::string expected =
      "  diverged at tick " + std::to_string(d["tick"].get<std::uint64_t>()) + ": " + d["reason"].get<std::string>();
  expected += "\n  events (- recorded, + re-simulated):";
  for (const auto& e : d["events"]) expected += "\n    " + e.get<std::string>();
  expected += "\n  state at tick " + std::to_string(d["fieldsAtTick"].get<std::uint64_t>()) +
              " (expected = recorded snapshot, got = re-simulated):";
  for (const auto& f : d["fields"]) expected += "\n    " + f.get<std::string>();
  EXPECT_NE(textIf.output.find(expected), std::string::npos) << textIf.output << "\n---\n" << expected;
}

TEST_F(Cli, InfoSaysWhatTheExpectBesideAReplaySaysItMustShow) {
  // A regression replay's tunnels may be its point; info said nothing of the file that says so.
  const std::string bytes = readBytes(std::string(RETRACE_REPLAYS_DIR) + "/fallingman-bot-seed4.rtr");
  std::ofstream(path("man.rtr"), std::ios::binary) << bytes;
  std::ofstream(path("plain.rtr"), std::ios::binary) << bytes;
  std::ofstream(path("man.expect")) << "# why\ntunnels == 0\n\nevents landed >= 3   # a comment\nnever  man.vy > 9\n";
  const CliRun text = runRetrace("info " + path("man.rtr"));
  EXPECT_EQ(text.exitCode, 0);
  EXPECT_TRUE(text.output.ends_with("\nexpect:    " + path("man.expect") +
                                    ": tunnels == 0; events landed >= 3; never man.vy > 9 (verify --expect judges it by that)\n"))
      << text.output;
  // Each line as the file says it is what verify --expect judges.
  EXPECT_EQ(runRetrace("verify --expect " + path("man.rtr")).exitCode, 0);
  const auto json = readJsonLines(runRetrace("info --json " + path("man.rtr") + " " + path("plain.rtr")).output);
  ASSERT_EQ(json.size(), 2U);
  EXPECT_EQ(json[0]["expect"], nlohmann::json({{"file", path("man.expect")},
                                               {"lines", {"tunnels == 0", "events landed >= 3", "never man.vy > 9"}}}));
  EXPECT_TRUE(json[1]["expect"].is_null());
  EXPECT_EQ(runRetrace("info " + path("plain.rtr")).output.find("expect:"), std::string::npos);
  // One that cannot be read is said, and the replay is still described (exit 0).
  std::ofstream(path("man.expect")) << "tunnels about 3\n";
  const CliRun bad = runRetrace("info " + path("man.rtr"));
  EXPECT_EQ(bad.exitCode, 0);
  EXPECT_NE(bad.output.find("\nexpect:    cannot be read, and verify --expect refuses it: " + path("man.expect") + ": line 1: "),
            std::string::npos)
      << bad.output;
  EXPECT_EQ(runRetrace("verify --expect " + path("man.rtr")).exitCode, 2);
}

TEST_F(Cli, InfoJsonSaysWhatTheFileHoldsForEveryReplayInOrder) {
  const std::string golden = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  auto loaded = retrace::recorder::loadReplayFile(golden);
  ASSERT_TRUE(std::holds_alternative<retrace::recorder::LoadedReplay>(loaded));
  const auto& replay = std::get<retrace::recorder::LoadedReplay>(loaded);
  const std::string cut = path("cut.rtr");
  {
    const auto bytes = retrace::recorder::encodeReplay(retrace::recorder::cutReplay(replay, 1000));
    std::ofstream(cut, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  const CliRun run = runRetrace("info --json " + golden + " " + path("missing.rtr") + " " + cut);
  EXPECT_EQ(run.exitCode, 2);
  const std::vector<nlohmann::json> lines = readJsonLines(run.output);
  ASSERT_EQ(lines.size(), 3U) << run.output;
  const nlohmann::json& got = lines[0];
  EXPECT_EQ(got["file"], golden);
  EXPECT_EQ(got["bytes"], fs::file_size(golden));
  // The header as dump --json prints it.
  const CliRun dump = runRetrace("dump --json " + golden);
  ASSERT_EQ(dump.exitCode, 0);
  EXPECT_EQ(got["header"], nlohmann::json::parse(dump.output)["header"]);
  EXPECT_EQ(got["header"]["game"], replay.header.game);
  EXPECT_EQ(got["header"]["seed"], replay.header.seed);
  EXPECT_EQ(got["buttons"], nlohmann::json({"up", "right", "down", "left", "fire"}));
  std::uint64_t ticks = 0;
  std::map<std::string, std::uint64_t> events;
  const auto* game = retrace::sim::findGame(replay.header.game);
  for (const auto& chunk : replay.chunks) {
    ticks += chunk.checksums.size();
    for (const auto& e : chunk.events) ++events[game->eventSchemas()[e.event.kind].name];
  }
  EXPECT_EQ(got["ticks"], ticks);
  EXPECT_EQ(got["chunks"], replay.chunks.size());
  EXPECT_EQ(got["events"], nlohmann::json(events));
  EXPECT_TRUE(got["complete"].get<bool>());
  EXPECT_TRUE(got["truncation"].is_null());
  EXPECT_EQ(got["finalHash"], retrace::recorder::formatHash(replay.footer->finalHash));
  EXPECT_EQ(lines[1], nlohmann::json({{"file", path("missing.rtr")}, {"error", path("missing.rtr") + " does not exist"}}));
  EXPECT_FALSE(lines[2]["complete"].get<bool>());
  EXPECT_EQ(lines[2]["ticks"], 1000U);
  EXPECT_TRUE(lines[2]["finalHash"].is_null());
  EXPECT_TRUE(lines[2]["truncation"].is_string());
  // The same facts the text says.
  const CliRun text = runRetrace("info " + cut);
  EXPECT_NE(text.output.find("complete:  no: truncated, 1000 of 3600 ticks recovered (" +
                             lines[2]["truncation"].get<std::string>() + ")"),
            std::string::npos)
      << text.output;
}

TEST_F(Cli, HuntRefusesAFolderItCannotUseBeforeHuntingAndLeavesNoEmptyOne) {
  std::ofstream(path("file")) << "not a folder";
  const CliRun onFile = runRetrace("hunt --game dodge --config discrete --allow-limit-breaks --runs 20 -o " + path("file"));
  EXPECT_EQ(onFile.exitCode, 2) << onFile.output;  // it used to abort on an uncaught filesystem_error
  EXPECT_EQ(onFile.output, "retrace hunt: cannot keep findings in " + path("file") + ": Not a directory\n");
  const CliRun nothing = runRetrace("hunt --game tank --runs 2 --ticks 60 -o " + path("none"));
  EXPECT_EQ(nothing.exitCode, 0) << nothing.output;
  EXPECT_FALSE(fs::exists(path("none")));
  // --runs 0 used to mean the default 100, and --seconds -1 no time limit.
  EXPECT_EQ(runRetrace("hunt --game tank --runs 0 -o " + path("none")).output,
            "retrace hunt: --runs: a hunt plays 1 game or more (see retrace hunt --help)\n");
  EXPECT_EQ(runRetrace("hunt --game tank --seconds -1 -o " + path("none")).exitCode, 2);
  // Off a terminal there is no progress line: the output is the summary alone.
  EXPECT_EQ(nothing.output, "hunted tank (default, named configurations, seed 1): 2 runs, 120 ticks, 0 findings\n");
}

TEST_F(Cli, HuntFindsAFallCapAboveTheWindowAndNothingWithinTheLimits) {
  const CliRun outside =
      runRetrace("hunt --game fallingman --configs outside --seed 2 --runs 40 --ticks 1200 --no-progress -o " + path("out"));
  EXPECT_EQ(outside.exitCode, 1) << outside.output;
  // Below the summary, the runs and findings of each limit broken: every run and finding once.
  ASSERT_TRUE(outside.output.starts_with("hunted ")) << "--no-progress: the summary first\n" << outside.output;
  std::istringstream lines(outside.output);
  std::string line;
  std::getline(lines, line);
  const std::uint64_t found = std::stoull(line.substr(line.rfind(", ") + 2));
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> byLimit;
  const std::regex shape("  ([0-9]+) findings? in ([0-9]+) runs? breaking (.+)");
  while (std::getline(lines, line)) {
    std::smatch parts;
    ASSERT_TRUE(std::regex_match(line, parts, shape)) << line;
    byLimit[parts[3]] = {std::stoull(parts[1]), std::stoull(parts[2])};
  }
  ASSERT_EQ(byLimit.size(), 2U) << outside.output;
  EXPECT_GE(byLimit["fallCap <= landingWindow - 1 px"].first, 1U);
  EXPECT_EQ(byLimit["fallCap <= landingWindow - 1 px"].first + byLimit["scrollMax < fallCap"].first, found);
  EXPECT_EQ(byLimit["fallCap <= landingWindow - 1 px"].second + byLimit["scrollMax < fallCap"].second, 40U);
  const CliRun within =
      runRetrace("hunt --game fallingman --configs within --seed 2 --runs 40 --ticks 1200 --no-progress -o " + path("in"));
  EXPECT_EQ(within.exitCode, 0) << within.output;
  EXPECT_TRUE(within.output.ends_with(", 0 findings\n")) << "nothing broken, nothing found: the summary alone\n" << within.output;
  const CliRun tank =
      runRetrace("hunt --game tank --configs within --seed 2 --runs 40 --ticks 1200 --no-progress -o " + path("tank"));
  EXPECT_EQ(tank.exitCode, 0) << tank.output;
}

TEST_F(Cli, HuntOutsideStepsPastEachDeclaredLimitAndNeverTestsNothing) {
  // Scaling tank's numbers by 1/2 to 2 never took a 4 px bullet past a 20 px tile: "40 runs,
  // 0 ticks, 0 findings", exit 0. Outside configurations now start from each limit's bound.
  for (const std::string config : {"default", "discrete"}) {
    const CliRun tank = runRetrace("hunt --game tank --config " + config +
                                   " --configs outside --seed 1 --runs 10 --ticks 1200 -o " + path("tank-" + config));
    EXPECT_EQ(tank.exitCode, 1) << tank.output;
    EXPECT_NE(tank.output.find("\n  its configuration breaks bulletSpeed < tile (20 px) (bulletSpeed "), std::string::npos)
        << tank.output;
    EXPECT_EQ(tank.output.find(" 0 ticks"), std::string::npos) << tank.output;
  }
  // A configuration under none of its game's limits has nothing to break: exit 2, not a pass.
  const CliRun dodge = runRetrace("hunt --game dodge --configs outside --runs 10 -o " + path("dodge"));
  EXPECT_EQ(dodge.exitCode, 2) << dodge.output;
  EXPECT_EQ(
      dodge.output,
      "retrace hunt: dodge default is under none of its game's speed limits (discrete: maxSpeed < smallest obstacle height + "
      "playerHeight), so --configs outside has nothing to break\n");
  EXPECT_FALSE(fs::exists(path("dodge")));
  // A hunt that ran out of time before its first tick checked nothing either.
  const CliRun instant = runRetrace("hunt --game tank --seconds 0.000000001 --no-progress -o " + path("instant"));
  EXPECT_EQ(instant.exitCode, 2) << instant.output;
  EXPECT_NE(instant.output.find("retrace hunt: played no tick"), std::string::npos) << instant.output;
}

TEST_F(Cli, ShrinkKeepsTheTunnelInAFarShorterReplay) {
  const std::string original = std::string(RETRACE_REPLAYS_DIR) + "/dodge-discrete-tunneling.rtr";
  const CliRun shrink = runRetrace("shrink " + original + " --until tunnel -o " + path("min.rtr"));
  ASSERT_EQ(shrink.exitCode, 0) << shrink.output;
  EXPECT_NE(shrink.output.find("shrunk"), std::string::npos) << shrink.output;
  const CliRun info = runRetrace("dump --json " + path("min.rtr"));
  const auto json = nlohmann::json::parse(info.output);
  const std::uint64_t ticks = json["footer"]["totalTicks"];
  EXPECT_LT(ticks, 30000U / 2);
  const CliRun verify = runRetrace("verify " + path("min.rtr"));
  EXPECT_EQ(verify.exitCode, 1) << verify.output;  // identical, and the tunnel is still there
  EXPECT_EQ(verify.output.find("diverged"), std::string::npos) << verify.output;
  EXPECT_NE(verify.output.find("oracle: "), std::string::npos) << verify.output;
}

TEST_F(Cli, ShrinkOtherPredicatesAndBadOnes) {
  const std::string dodge = std::string(RETRACE_REPLAYS_DIR) + "/dodge-bot-seed3.rtr";
  const CliRun ends = runRetrace("shrink " + dodge + " --until ends-before:3600 -o " + path("ends.rtr"));
  EXPECT_EQ(ends.exitCode, 0) << ends.output;
  const std::string fallingman = std::string(RETRACE_REPLAYS_DIR) + "/fallingman-bot-seed4.rtr";
  const CliRun landed = runRetrace("shrink " + fallingman + " --until event:landed -o " + path("landed.rtr"));
  EXPECT_EQ(landed.exitCode, 0) << landed.output;
  EXPECT_NE(landed.output.find("landed{"), std::string::npos) << landed.output;
  const CliRun bad = runRetrace("shrink " + dodge + " --until event:teleport -o " + path("bad.rtr"));
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.output.find("'teleport' is not an event of dodge"), std::string::npos) << bad.output;
  const CliRun never = runRetrace("shrink " + dodge + " --until tunnel -o " + path("never.rtr"));
  EXPECT_EQ(never.exitCode, 1);
  EXPECT_NE(never.output.find("does not show 'tunnel'"), std::string::npos) << never.output;
  EXPECT_FALSE(fs::exists(path("never.rtr")));
}

TEST_F(Cli, ShrinkKeepsAConditionOverTheStateAndNamesAFieldItDoesNotKnow) {
  const std::string fallingman = std::string(RETRACE_REPLAYS_DIR) + "/fallingman-bot-seed4.rtr";
  const CliRun hurt = runRetrace("shrink " + fallingman + " --until 'where:man.hp < 12' -o " + path("hurt.rtr"));
  ASSERT_EQ(hurt.exitCode, 0) << hurt.output;
  const std::regex kept(R"(still shows 'where:man.hp < 12' at tick ([0-9]+): 'man.hp < 12' holds \(man.hp [0-9]+\))");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(hurt.output, match, kept)) << hurt.output;
  // What find says of the result: the condition first holds on its last tick.
  const CliRun find = runRetrace("find " + path("hurt.rtr") + " --where 'man.hp < 12'");
  EXPECT_NE(find.output.find("first holds at tick " + match[1].str() + " "), std::string::npos) << find.output;
  EXPECT_NE(runRetrace("info " + path("hurt.rtr")).output.find("ticks:     " + match[1].str() + " "), std::string::npos);
  // A name the state never had is the condition's fault: exit 2, and what it may have meant.
  const CliRun typo = runRetrace("shrink " + fallingman + " --until 'where:man.hpp < 12' -o " + path("typo.rtr"));
  EXPECT_EQ(typo.exitCode, 2);
  EXPECT_EQ(typo.output,
            "retrace shrink: --until 'man.hpp' names no field of fallingman on any tick searched; did you mean "
            "man.hp? (retrace show " +
                fallingman + " --tick 0 lists them)\n");
  const CliRun value = runRetrace("shrink " + fallingman + " --until 'where:man.hp < many' -o " + path("value.rtr"));
  EXPECT_EQ(value.exitCode, 2);
  EXPECT_EQ(value.output, "retrace shrink: --until where: man.hp is a whole number, not 'many'\n");
  const CliRun never = runRetrace("shrink " + fallingman + " --until 'where:man.hp < -40' -o " + path("never.rtr"));
  EXPECT_EQ(never.exitCode, 1);
  EXPECT_NE(never.output.find("does not show 'where:man.hp < -40'"), std::string::npos) << never.output;
  for (const char* file : {"typo.rtr", "value.rtr", "never.rtr"}) EXPECT_FALSE(fs::exists(path(file))) << file;
}

TEST_F(Cli, HuntLooksForWhatUntilNamesAndEachFindingShowsItAtItsTick) {
  const std::string hunt = "hunt --game fallingman --seed 2 --runs 8 --ticks 2400 --no-progress ";
  const CliRun died = runRetrace(hunt + "--until event:died -o " + path("died"));
  ASSERT_EQ(died.exitCode, 1) << died.output;
  EXPECT_NE(died.output.find("hunted fallingman (default, named configurations, seed 2, until event:died): 8 runs, "),
            std::string::npos)
      << died.output;
  const auto deaths = readFindingTicks(readFolder(path("died")));
  ASSERT_GE(deaths.size(), 2U) << died.output;
  for (const auto& [run, tick] : deaths) {
    const std::string file =
        path("died") + "/fallingman-default-event-died-run" + std::to_string(run) + "-tick" + std::to_string(tick) + ".rtr";
    const CliRun events = runRetrace("events " + file + " --kind died --json");
    EXPECT_NE(events.output.find("\"tick\":" + std::to_string(tick) + ","), std::string::npos) << events.output;
    EXPECT_NE(events.output.find("\"died\":1"), std::string::npos) << events.output;  // one death, on its last tick
    const std::string source = "hunt run " + std::to_string(run) + " of seed 2, until event:died; buttons: ";
    EXPECT_NE(runRetrace("info " + file).output.find(source), std::string::npos) << "what it was found for";
  }
  // A condition over the state, shrunk as shrink would: each file meets it on its last tick alone.
  const CliRun hurt = runRetrace(hunt + "--until 'where:man.hp <= 4' --shrink --jobs 2 -o " + path("hurt"));
  ASSERT_EQ(hurt.exitCode, 1) << hurt.output;
  const auto hurts = readFindingTicks(readFolder(path("hurt")));
  ASSERT_GE(hurts.size(), 2U) << hurt.output;
  for (const auto& [run, tick] : hurts) {
    const std::string file =
        path("hurt") + "/fallingman-default-where-run" + std::to_string(run) + "-tick" + std::to_string(tick) + ".rtr";
    const CliRun find = runRetrace("find " + file + " --where 'man.hp <= 4' --all");
    EXPECT_NE(find.output.find(": man.hp <= 4 holds on 1 tick: " + std::to_string(tick) + "\n"), std::string::npos)
        << find.output;
  }
  // Any number of threads finds the same: each run judges its own ticks.
  const CliRun one = runRetrace(hunt + "--until 'where:man.hp <= 4' --shrink --jobs 1 -o " + path("one"));
  EXPECT_EQ(readFolder(path("one")), readFolder(path("hurt"))) << one.output;
  // The next step is said with the same --until, quoted for the shell.
  const CliRun hint =
      runRetrace("hunt --game fallingman --seed 2 --runs 8 --ticks 2400 --until 'where:man.hp <= 4' -o " + path("hint"));
  EXPECT_NE(hint.output.find(" --until 'where:man.hp <= 4' -o min.rtr"), std::string::npos) << hint.output;
}

TEST_F(Cli, HuntAndShrinkWriteBesideEachFindingTheExpectThatPinsIt) {
  // A tunnel found and copied into a corpus failed its gate (no .expect said the tunnels were its
  // point), and a death or a state found was pinned by nothing: each finding now has one.
  const std::pair<std::string, std::string> cases[] = {
      {"--game dodge --config discrete --allow-limit-breaks --seed 1 --runs 12", "tunnels >= 1"},
      {"--game fallingman --seed 2 --runs 4 --ticks 2400 --until event:died", "events died >= 1"},
      {"--game fallingman --seed 2 --runs 4 --ticks 2400 --until 'where:man.hp <= 4' --shrink", "reaches man.hp <= 4"},
  };
  int n = 0;
  for (const auto& [options, line] : cases) {
    SCOPED_TRACE(options);
    const std::string folder = path("found" + std::to_string(++n));
    const CliRun hunt = runRetrace("hunt " + options + " --no-progress -o " + folder);
    ASSERT_EQ(hunt.exitCode, 1) << hunt.output;
    std::size_t findings = 0;
    for (const auto& [name, bytes] : readFolder(folder)) {
      if (!name.ends_with(".rtr")) continue;
      ++findings;
      const std::string expect = readBytes(folder + "/" + name.substr(0, name.size() - 4) + ".expect");
      EXPECT_TRUE(expect.starts_with("# Found by retrace hunt run ")) << expect;
      EXPECT_TRUE(expect.ends_with("\n" + line + "\n")) << expect;
    }
    EXPECT_GE(findings, 1U);
    EXPECT_EQ(readFolder(folder).size(), 2 * findings) << "a .expect beside each finding, and nothing else";
    const CliRun judged = runRetrace("verify --expect " + folder);
    EXPECT_EQ(judged.exitCode, 0) << judged.output;
  }
  // A .expect a person wrote is kept: the same hunt again finds each again and changes nothing.
  const auto before = readFolder(path("found2"));
  const std::string edited = before.rbegin()->first;
  ASSERT_TRUE(edited.ends_with(".rtr"));
  const std::string editedExpect = path("found2") + "/" + edited.substr(0, edited.size() - 4) + ".expect";
  std::ofstream(editedExpect) << "# mine\nevents died == 1\n";
  EXPECT_EQ(runRetrace("hunt " + cases[1].first + " --no-progress -o " + path("found2")).exitCode, 1);
  EXPECT_EQ(readBytes(editedExpect), "# mine\nevents died == 1\n");
  // A failure no .expect line says (a round ended before a tick) gets none.
  const CliRun ended = runRetrace(
      "hunt --game fallingman --seed 2 --runs 4 --ticks 2400 --until ends-before:2400 --no-progress -o " + path("ended"));
  ASSERT_EQ(ended.exitCode, 1) << ended.output;
  for (const auto& [name, bytes] : readFolder(path("ended"))) EXPECT_TRUE(name.ends_with(".rtr")) << name;
  // shrink writes OUT.expect beside OUT, and keeps one that is there.
  std::string tunnel;
  for (const auto& [name, bytes] : readFolder(path("found1")))
    if (name.ends_with(".rtr")) tunnel = path("found1") + "/" + name;
  const CliRun shrunk = runRetrace("shrink " + tunnel + " -o " + path("min.rtr"));
  ASSERT_EQ(shrunk.exitCode, 0) << shrunk.output;
  EXPECT_NE(shrunk.output.find(path("min.expect") + " says what it shows, tunnels >= 1: copied into a corpus with it, it pins "
                                                    "the failure\n"),
            std::string::npos)
      << shrunk.output;
  EXPECT_TRUE(readBytes(path("min.expect")).starts_with("# Shrunk by retrace shrink from " + tunnel + ", at tick ")) << tunnel;
  EXPECT_EQ(runRetrace("verify --expect " + path("min.rtr")).exitCode, 0);
  std::ofstream(path("min.expect")) << "tunnels >= 2\n";
  const CliRun again = runRetrace("shrink " + tunnel + " -o " + path("min.rtr") + " --force");
  EXPECT_NE(again.output.find(path("min.expect") + " was there already and is kept as it was\n"), std::string::npos)
      << again.output;
  EXPECT_EQ(readBytes(path("min.expect")), "tunnels >= 2\n");
}

TEST_F(Cli, HuntRefusesWhatItCannotLookForAndATypoThatTestedNothing) {
  const std::string hunt = "hunt --game fallingman --runs 3 --ticks 600 --no-progress -o " + path("found") + " --until ";
  const std::pair<std::string, std::string> refused[] = {
      {"diverges",
       "retrace hunt: --until diverges is a recording's failure, and a hunt plays new games: it looks for tunnel, "
       "ends-before:T, event:KIND or where:CONDITION\n"},
      {"'where:man.hp >'",
       "retrace hunt: --until where: the condition ends after '>' inside a comparison (FIELD OP VALUE or FIELD changed)\n"},
      {"'where:man.hp < lots'", "retrace hunt: --until where: man.hp is a whole number, not 'lots'\n"},
      // An invariant as it should hold, not as it fails: every run would show it at once.
      {"'where:man.hp > 0'",
       "retrace hunt: --until where: 'man.hp > 0' holds (man.hp 12) at tick 0, before any input: a hunt looks for a state "
       "the inputs lead to, so name what a failure looks like (the invariant's opposite)\n"},
      // A name no tick had: the hunt tested nothing, whatever it played.
      {"'where:man.hpp < 3'",
       "hunted fallingman (default, named configurations, seed 1, until where:man.hpp < 3): 3 runs, 1800 ticks, 0 findings\n"
       "retrace hunt: 'man.hpp' names no field of fallingman on any tick played; did you mean man.hp?\n"},
      {"event:landing",
       "retrace hunt: --until 'landing' is not an event of fallingman (events: landed, spikeHit, floorPassed, "
       "died, roundStart)\n"},
  };
  for (const auto& [until, said] : refused) {
    const CliRun run = runRetrace(hunt + until);
    EXPECT_EQ(run.exitCode, 2) << until;
    EXPECT_EQ(run.output, said) << until;
    EXPECT_FALSE(fs::exists(path("found"))) << until;
  }
  // A list element's field need not be there at the start: the hunt looks on.
  const CliRun later = runRetrace("hunt --game tank --runs 2 --ticks 900 --no-progress -o " + path("later") +
                                  " --until 'where:bullets[*].positon.y > 900'");
  EXPECT_EQ(later.exitCode, 2);
  EXPECT_NE(later.output.find("'bullets[*].positon.y' names no field of tank on any tick played; did you mean "
                              "bullets[*].position.y?"),
            std::string::npos)
      << later.output;
}

TEST_F(Cli, ShrinkWithoutUntilKeepsTheDivergenceOrTunnelTheReplayShows) {
  // A hunt's finding, or a regression replay: its tunnel, as --until tunnel keeps it.
  const std::string tunnelling = std::string(RETRACE_REPLAYS_DIR) + "/dodge-discrete-tunneling.rtr";
  const CliRun tunnel = runRetrace("shrink " + tunnelling + " -o " + path("tunnel.rtr"));
  ASSERT_EQ(tunnel.exitCode, 0) << tunnel.output;
  EXPECT_NE(tunnel.output.find("retrace shrink: keeping what " + tunnelling + " shows: --until tunnel"), std::string::npos)
      << tunnel.output;
  EXPECT_NE(tunnel.output.find("still shows 'tunnel'"), std::string::npos) << tunnel.output;
  // A replay this build plays otherwise: its divergence, cut just after it.
  writeReplayAndAlteredCopy(path("a.rtr"), path("b.rtr"));
  const CliRun diverges = runRetrace("shrink " + path("b.rtr") + " -o " + path("cut.rtr"));
  ASSERT_EQ(diverges.exitCode, 0) << diverges.output;
  EXPECT_NE(diverges.output.find("--until diverges"), std::string::npos) << diverges.output;
  EXPECT_NE(diverges.output.find("it diverges at tick 10"), std::string::npos) << diverges.output;
  // One that shows neither has nothing to keep unless told what: nothing written.
  const CliRun neither = runRetrace("shrink " + path("a.rtr") + " -o " + path("neither.rtr"));
  EXPECT_EQ(neither.exitCode, 1) << neither.output;
  EXPECT_EQ(neither.output, "retrace shrink: " + path("a.rtr") +
                                " shows neither a divergence nor a tunnel: name the failure to keep with --until "
                                "(ends-before:T, event:KIND, where:CONDITION)\n");
  EXPECT_FALSE(fs::exists(path("neither.rtr")));
}

}  // namespace

namespace {

TEST_F(Cli, ApproveRewritesAFormat10ReplayInTodaysFormat) {
  // A 1.0 replay that still verifies is left alone (approve is for changed simulations);
  // dodge-rules1.rtr, a 1.0 replay of an older dodge, is rewritten in format 1.1 with the
  // default whole-state cadence, since 1.0 had no cadence of its own to keep.
  fs::copy_file(std::string(RETRACE_TEST_DATA) + "/tank-format1.0.rtr", path("current.rtr"));
  const CliRun unchanged = runRetrace("approve --yes " + path("current.rtr"), "-u CI");
  EXPECT_EQ(unchanged.exitCode, 0) << unchanged.output;
  EXPECT_NE(unchanged.output.find("current.rtr: unchanged"), std::string::npos) << unchanged.output;
  fs::copy_file(std::string(RETRACE_TEST_DATA) + "/dodge-rules1.rtr", path("old.rtr"));
  const CliRun before = runRetrace("info " + path("old.rtr"));
  EXPECT_NE(before.output.find("format:    1.0 (migrated on load); tick checksums: whole state every tick\n"), std::string::npos)
      << before.output;
  const CliRun approved = runRetrace("approve --yes " + path("old.rtr"), "-u CI");
  EXPECT_EQ(approved.exitCode, 0) << approved.output;
  const CliRun after = runRetrace("info " + path("old.rtr"));
  // A 1.0 file had no cadence to keep: it gets today's default, the whole state every tick.
  EXPECT_NE(after.output.find("format:    1.1; tick checksums: whole state every tick\n"), std::string::npos) << after.output;
  EXPECT_EQ(runRetrace("verify " + path("old.rtr")).exitCode, 0);
}

TEST_F(Cli, AReplayOfOtherRulesIsDescribedButNeverSimulated) {
  // dodge-rules1.rtr: a dodge replay from before dodge's rules version 2 (its configuration has
  // one field fewer). No command may try to start a game from it.
  const std::string old = std::string(RETRACE_TEST_DATA) + "/dodge-rules1.rtr";
  const CliRun info = runRetrace("info " + old);
  EXPECT_EQ(info.exitCode, 0) << info.output;
  EXPECT_NE(info.output.find("dodge rules 1"), std::string::npos);
  const CliRun dump = runRetrace("dump --json " + old);
  ASSERT_EQ(dump.exitCode, 0) << dump.output;
  EXPECT_TRUE(nlohmann::json::parse(dump.output)["footer"]["finalState"].contains("values"));
  const CliRun verify = runRetrace("verify " + old);
  EXPECT_EQ(verify.exitCode, 1);
  EXPECT_NE(verify.output.find("recorded with dodge rules version 1"), std::string::npos) << verify.output;
  EXPECT_EQ(runRetrace("diff " + old + " " + old).exitCode, 0);
  // One sentence for another rules version, wherever it is met.
  const CliRun shrink = runRetrace("shrink " + old + " --until tunnel -o " + path("s.rtr"));
  EXPECT_EQ(shrink.exitCode, 2);
  const std::string mismatch = " was recorded with dodge rules version 1; this build simulates version " +
                               std::to_string(retrace::sim::findGame("dodge")->rulesVersion()) + " (re-approve it)";
  EXPECT_EQ(shrink.output, "retrace shrink: " + old + mismatch + "\n");
  EXPECT_NE(verify.output.find("\n " + mismatch + "\n"), std::string::npos) << verify.output;
  EXPECT_EQ(runRetrace("approve --check " + old).exitCode, 1);
}

}  // namespace
