// retrace-view as users run it (under xvfb-run -a, like the other rendering tests): a usage
// mistake or an unwritable output is one sentence and exit 2, and no option is silently ignored.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <utility>

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/Rect.hpp>
#include "recorder/inspect.h"
#include "recorder/replay_test_support.h"

#include "support/background_process.h"
#include "support/gif_frames.h"
#include "support/run_command.h"
#include "support/temp_dir.h"

namespace {

namespace fs = std::filesystem;
using retrace::testing::CommandRun;

/// Runs retrace-view, stopped after 60 s (exit 124): an option it ignores may open the window.
CommandRun runView(const std::string& arguments) {
  return retrace::testing::runCommand("timeout 60 " + std::string(RETRACE_VIEW) + " " + arguments);
}

const std::string kReplay = std::string(RETRACE_REPLAYS_DIR) + "/dodge-bot-seed3.rtr";

TEST(ViewCli, FindOpensAtTheFirstTickRetraceFindGives) {
  retrace::testing::TempDir temp{"retrace_view_find"};
  const std::string file = std::string(RETRACE_REPLAYS_DIR) + "/fallingman-bot-seed4.rtr";
  const std::string where = "man.standingOn != -1 and tick > 700";
  auto loaded = retrace::recorder::loadReplayFile(file);
  const auto& replay = std::get<retrace::recorder::LoadedReplay>(loaded);
  const auto found = retrace::recorder::findTicks(
      replay, std::get<retrace::recorder::Condition>(retrace::recorder::Condition::parse(where)), 0, false);
  const std::uint64_t first = std::get<std::vector<std::uint64_t>>(found).front();
  const CommandRun run = runView(file + " --find '" + where + "' --png " + temp.file("f.png"));
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_EQ(run.output, "wrote " + temp.file("f.png") + " (tick " + std::to_string(first) + ")\n");
  const CommandRun none = runView(file + " --find 'man.vy > 100' --png " + temp.file("g.png"));
  EXPECT_EQ(none.exitCode, 2);
  EXPECT_EQ(none.output, "retrace-view: man.vy > 100 holds on no tick of " + file + "\n");
  EXPECT_EQ(runView(file + " --find 'man.vy >' --png " + temp.file("g.png")).exitCode, 2);
  EXPECT_EQ(runView(file + " --find 'man.vy > 1' --png " + temp.file("g.png") + " --tick 5").exitCode, 2);  // one or the other
  EXPECT_FALSE(fs::exists(temp.file("g.png")));
}

TEST(ViewCli, FindInAReplayThisBuildNoLongerReproducesIsADivergence) {
  // The dodge golden with one input changed in the file, its checksums kept: --find stops where
  // the re-simulation parts from the recording, exit 1 as for any divergence, and writes nothing.
  retrace::testing::TempDir temp{"retrace_view_parted"};
  auto loaded = retrace::recorder::loadReplayFile(kReplay);
  auto& replay = std::get<retrace::recorder::LoadedReplay>(loaded);
  std::vector<retrace::recorder::InputRun>& runs = replay.chunks.front().inputs;
  ASSERT_GE(runs.size(), 2U);
  runs[1].input = static_cast<retrace::sim::Input>(runs[1].input ^ 3U);  // left for right, or the other way
  const std::vector<std::byte> bytes = retrace::recorder::encodeReplay(replay);
  std::ofstream(temp.file("b.rtr"), std::ios::binary) << std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const CommandRun run = runView(temp.file("b.rtr") + " --find 'tick > 3000' --png " + temp.file("f.png"));
  EXPECT_EQ(run.exitCode, 1) << run.output;
  EXPECT_NE(run.output.find("no longer re-simulates as recorded"), std::string::npos) << run.output;
  EXPECT_FALSE(fs::exists(temp.file("f.png")));
}

TEST(ViewCli, ALongReplayAddsLittleToTheViewersMemory) {
  // The viewer reads a file a chunk at a time: 4,000,000 ticks (18.5 hours) of dodge, drawn
  // with every panel, may add at most 8 MB to the peak of a one-minute replay. Holding the inputs
  // and events, as it once did, added more than twice that (BENCHMARKS.md).
  retrace::testing::TempDir temp{"retrace_view_memory"};
  const std::string file = temp.file("long.rtr");
  {
    const std::vector<std::byte> bytes =
        retrace::recorder::testing::recordInMemory("dodge", 4'000'000, 1, "default", 600, 1800, false, "bot", 1);
    std::ofstream(file, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  const auto peak = [&](const std::string& replay, const std::string& png) {
    return retrace::testing::measurePeakKilobytes(std::string(RETRACE_VIEW) + " " + replay + " --png " + temp.file(png) +
                                                  " --tick 2999 --panels >/dev/null 2>&1");
  };
  const long minute = peak(kReplay, "minute.png");
  const long day = peak(file, "long.png");
  ASSERT_GT(minute, 0) << "retrace-view failed on the one-minute replay";
  ASSERT_GT(day, 0) << "retrace-view failed on the long replay";
  EXPECT_LE(day - minute, 8 * 1024) << "one minute: " << minute << " KB, 4,000,000 ticks: " << day << " KB";
}

TEST(ViewCli, AReportStdoutCannotTakeIsExitTwo) {
  retrace::testing::TempDir temp("retrace_view_full");
  // In a shell of its own, so that only stdout goes to the full device and the sentence is read.
  const CommandRun full = retrace::testing::runCommand("sh -c 'timeout 60 " + std::string(RETRACE_VIEW) + " " + kReplay +
                                                       " --png " + temp.file("f.png") + " --tick 5 >/dev/full'");
  EXPECT_EQ(full.exitCode, 2);
  EXPECT_EQ(full.output, "retrace-view: its output could not be written in full\n");
  EXPECT_EQ(runView(kReplay + " --png " + temp.file("g.png") + " --tick 5 >/dev/null").exitCode, 0);
}

TEST(ViewCli, AnOptionMisspeltIsNamedWithTheOneMeant) {
  retrace::testing::TempDir temp{"retrace_view_cli"};
  const std::string png = temp.file("frame.png");
  const CommandRun swapped = runView(kReplay + " --pgn " + png);
  EXPECT_EQ(swapped.exitCode, 2);
  EXPECT_EQ(swapped.output, "retrace-view: unknown option '--pgn'; did you mean --png? (see retrace-view --help)\n");
  EXPECT_EQ(runView(kReplay + " --frobnicate").output, "retrace-view: unknown option '--frobnicate' (see retrace-view --help)\n");
  EXPECT_FALSE(std::filesystem::exists(png));
}

TEST(ViewCli, OptionsThatWouldBeIgnoredAreRefused) {
  retrace::testing::TempDir temp{"retrace_view_cli"};
  const std::string png = temp.file("frame.png");
  const std::string tank = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  // --compare with --png draws A beside B, so B must be a replay of the same game.
  const CommandRun compare = runView(kReplay + " --compare " + tank + " --png " + png);
  EXPECT_EQ(compare.exitCode, 2) << compare.output;
  EXPECT_EQ(compare.output, "retrace-view: " + tank + " is a tank replay, not dodge\n");
  // The panels are drawn only into a picture (the window always has them), and so a picture
  // without them has no inspector to show a selection in.
  EXPECT_EQ(runView(kReplay + " --panels").output, "retrace-view: --panels requires --png or --gif (see retrace-view --help)\n");
  EXPECT_EQ(runView(kReplay + " --png " + png + " --select 'tanks[1]'").output,
            "retrace-view: --select requires --panels with --png or --gif (see retrace-view --help)\n");
  EXPECT_EQ(runView(kReplay + " --gif " + temp.file("c.gif") + " --select player").output,
            "retrace-view: --select requires --panels with --png or --gif (see retrace-view --help)\n");
  const CommandRun typo = runView(kReplay + " --png " + png + " --panels --select playr");
  EXPECT_EQ(typo.exitCode, 2);
  EXPECT_EQ(typo.output,
            "retrace-view: no field at tick 0 lies inside 'playr'; did you mean player? (the I key shows the entities' names)\n");
  // An element by its id: there, or gone at that tick (the inspector shows it as it was), not later.
  for (const char* tick : {"167", "169"}) {
    const CommandRun byId = runView(tank + " --png " + temp.file(std::string(tick) + ".png") + " --panels --tick " + tick +
                                    " --select 'bullets[id=7]'");
    EXPECT_EQ(byId.exitCode, 0) << tick << ": " << byId.output;
  }
  EXPECT_EQ(
      runView(tank + " --png " + temp.file("170.png") + " --panels --tick 170 --select 'bullets[id=7]'").output,
      "retrace-view: no field at tick 170 lies inside 'bullets[id=7]'; no element of bullets has id 7 (the I key shows the entities' names)\n");
  // An element by its place is the one there at the tick drawn, named by its id as the window
  // names it: the same picture as by its id (it was looked up at tick 0, where it is not).
  const std::string grazing = std::string(RETRACE_REPLAYS_DIR) + "/tank-discrete-grazing.rtr";
  for (const char* select : {"tanks[1]", "tanks[id=228]"}) {
    const CommandRun shot = runView(grazing + " --png " + temp.file(std::string(select) + ".png") +
                                    " --panels --tick 4050 --select '" + select + "'");
    EXPECT_EQ(shot.exitCode, 0) << shot.output;
  }
  sf::Image byPlace;
  sf::Image byId;
  ASSERT_TRUE(byPlace.loadFromFile(temp.file("tanks[1].png")));
  ASSERT_TRUE(byId.loadFromFile(temp.file("tanks[id=228].png")));
  ASSERT_EQ(byPlace.getSize(), byId.getSize());
  EXPECT_TRUE(std::equal(byPlace.getPixelsPtr(),
                         byPlace.getPixelsPtr() + std::size_t{byPlace.getSize().x} * byPlace.getSize().y * 4,
                         byId.getPixelsPtr()));
  // The window opens at --tick with --select's entity (Window.OpensAtTheTickAndOnTheEntityABugReportNames):
  // a tick past the replay or an entity not there is said before it opens. A sheet and a clip
  // take their ticks from --from and --to; live play has none of a replay's.
  const std::pair<std::string, std::string> refusals[] = {
      {kReplay + " --tick 1000000", "tick 1000000 is past the replay's last tick, 3600"},
      {kReplay + " --tick 30 --select playr",
       "no field at tick 30 lies inside 'playr'; did you mean player? (the I key shows the entities' names)"},
      {tank + " --tick 170 --select 'bullets[id=7]'",
       "no field at tick 170 lies inside 'bullets[id=7]'; no element of bullets has id 7 (the I key shows the entities' names)"},
      {kReplay + " --find 'tick == 10' --select playr",
       "no field at tick 10 lies inside 'playr'; did you mean player? (the I key shows the entities' names)"},
      {kReplay + " --sheet " + png + " --tick 30", "--tick excludes --sheet (see retrace-view --help)"},
      {kReplay + " --gif " + temp.file("c.gif") + " --tick 30", "--tick excludes --gif (see retrace-view --help)"},
      {kReplay + " --sheet " + png + " --select player", "--sheet excludes --select (see retrace-view --help)"},
      {"--play dodge --tick 30 -o " + temp.file("p.rtr"), "--tick excludes --play (see retrace-view --help)"},
      {kReplay + " --take-over 30 --select player -o " + temp.file("p.rtr"),
       "--select excludes --take-over (see retrace-view --help)"},
  };
  for (const auto& [arguments, said] : refusals) {
    const CommandRun refused = runView(arguments);
    EXPECT_EQ(refused.exitCode, 2) << arguments;
    EXPECT_EQ(refused.output, "retrace-view: " + said + "\n") << arguments;
  }
  EXPECT_FALSE(fs::exists(png));
  EXPECT_EQ(runView(kReplay + " --png " + png + " --every 10").exitCode, 2);
  EXPECT_EQ(runView("--play dodge --png " + png + " -o " + temp.file("p.rtr")).exitCode, 2);
  EXPECT_EQ(runView(kReplay + " --seed 3").exitCode, 2);
  // A speed limit broken on purpose needs the flag, which the refusal names; the flag is for play.
  const CommandRun limit = runView("--play fallingman --set landingWindow=4 -o " + temp.file("p.rtr"));
  EXPECT_EQ(limit.exitCode, 2) << limit.output;
  EXPECT_TRUE(limit.output.starts_with("retrace-view: fallingman: fallCap 4.4 must not exceed")) << limit.output;
  EXPECT_TRUE(limit.output.ends_with("allowed explicitly): pass --allow-limit-breaks\n")) << limit.output;
  EXPECT_FALSE(fs::exists(temp.file("p.rtr.partial")));
  // Live play's status file is never one the user had.
  std::ofstream(temp.file("status.txt")) << "mine";
  const CommandRun status = runView("--play dodge -o " + temp.file("p.rtr") + " --status " + temp.file("status.txt"));
  EXPECT_EQ(status.exitCode, 2);
  EXPECT_EQ(status.output, "retrace-view: " + temp.file("status.txt") + " already exists (pass --force to replace it)\n");
  EXPECT_EQ(runView(kReplay + " --take-over 5 -o " + temp.file("p.rtr") + " --status " + temp.file("status.txt")).output,
            status.output);
  // Nor one that cannot be written, which would leave a script waiting for a status.
  for (const std::string& arguments : {kReplay, "--play dodge -o " + temp.file("p.rtr")}) {
    const CommandRun nowhere = runView(arguments + " --status " + temp.file("no/such/status"));
    EXPECT_EQ(nowhere.exitCode, 2) << arguments;
    EXPECT_EQ(nowhere.output,
              "retrace-view: cannot write the status to " + temp.file("no/such/status") + ": No such file or directory\n");
  }
  // Nor the replay -o names, which the status or its frame would write over.
  EXPECT_EQ(runView("--play dodge -o " + temp.file("p.rtr") + " --status " + temp.file("p.rtr")).output,
            "retrace-view: --status writes " + temp.file("p.rtr") + ", the replay -o names: give them different names\n");
  EXPECT_EQ(runView(kReplay + " -o " + temp.file("p.png") + " --status " + temp.file("p")).exitCode, 2);
  EXPECT_FALSE(fs::exists(temp.file("p.rtr")));
  std::ifstream kept(temp.file("status.txt"));
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(kept), std::istreambuf_iterator<char>()), "mine");
  EXPECT_EQ(runView(kReplay + " --allow-limit-breaks").output,
            "retrace-view: --allow-limit-breaks lets --play or --take-over play past a speed limit\n");
  // An empty name read as the option left out, and opened the window.
  EXPECT_EQ(runView(kReplay + " --png ''").output,
            "retrace-view: --png: needs a name, not empty text (see retrace-view --help)\n");
  const CommandRun negative = runView(kReplay + " --png " + png + " --tick -1");
  EXPECT_EQ(negative.output,
            "retrace-view: --tick: '-1' is no tick: a count of ticks (673) or a time, minutes:seconds (0:11.216) (see "
            "retrace-view --help)\n");
  EXPECT_FALSE(fs::exists(png));
  const CommandRun fine = runView(kReplay + " --png " + png + " --tick 30");
  EXPECT_EQ(fine.exitCode, 0) << fine.output;
  EXPECT_TRUE(fs::exists(png));
  // A tick as its time, as retrace prints it: 0:00.500 is tick 30.
  const CommandRun timed = runView(kReplay + " --png " + temp.file("timed.png") + " --tick 0:00.500");
  EXPECT_EQ(timed.output, "wrote " + temp.file("timed.png") + " (tick 30)\n");
}

TEST(ViewCli, PlotNamesOneFieldSomeTickOfTheReplayHas) {
  retrace::testing::TempDir temp{"retrace_view_plot"};
  const std::string png = temp.file("plot.png");
  const std::string tank = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  // A list element that is absent at tick 0 is a field all the same: some tick has it.
  const CommandRun fine =
      runView(tank + " --png " + png + " --tick 820 --plot 'bullets[0].position.x' --plot 'tanks[1].hp' --plot 'tanks[id=0].hp'");
  EXPECT_EQ(fine.exitCode, 0) << fine.output;
  EXPECT_EQ(fine.output, "wrote " + png + " (tick 820)\n");
  const std::string other = temp.file("other.png");
  const CommandRun typo = runView(tank + " --png " + other + " --plot tanks[0].hq");
  EXPECT_EQ(typo.exitCode, 2);
  EXPECT_EQ(typo.output, "retrace-view: --plot 'tanks[0].hq' names no field of tank on any tick of " + tank +
                             "; did you mean tanks[0].hp? (its inspector lists every field: retrace-view " + tank + ")\n");
  const CommandRun pattern = runView(tank + " --png " + other + " --plot 'tanks[*].hp'");
  EXPECT_EQ(pattern.output, "retrace-view: --plot 'tanks[*].hp': name one field (as the inspector gives it), not a pattern\n");
  EXPECT_EQ(runView(tank + " --png " + other + " --plot tick --plot tick").output,
            "retrace-view: --plot 'tick' is given twice\n");
  const CommandRun five = runView(tank + " --png " + other +
                                  " --plot tick --plot tanks.size --plot bullets.size --plot tanks[0].hp --plot tanks[1].hp");
  EXPECT_EQ(five.output, "retrace-view: --plot: at most 4 fields are plotted at once\n");
  EXPECT_EQ(runView(tank + " --png " + other + " --plot ''").exitCode, 2);
  // An element by its id: one that no tick has, and an id that is not a number.
  EXPECT_EQ(runView(tank + " --png " + other + " --plot 'tanks[id=999999].hp'").output,
            "retrace-view: --plot 'tanks[id=999999].hp' names no field of tank on any tick of " + tank +
                " (its inspector lists every field: retrace-view " + tank + ")\n");
  EXPECT_EQ(runView(tank + " --png " + other + " --plot 'tanks[id=one].hp'").output,
            "retrace-view: --plot 'tanks[id=one].hp': an element picked by its id is [id=N], N a whole number\n");
  EXPECT_EQ(runView(tank + " --sheet " + other + " --plot tick").output,
            "retrace-view: --plot excludes --sheet (see retrace-view --help)\n");  // a sheet has no timeline
  EXPECT_EQ(runView("--play tank -o " + temp.file("p.rtr") + " --plot tick").exitCode, 2);
  EXPECT_FALSE(fs::exists(other));
}

TEST(ViewCli, AnUnwritablePngOrADeviceIsOneSentence) {
  const CommandRun run = runView(kReplay + " --png /proc/retrace-frame.png");
  EXPECT_EQ(run.exitCode, 2) << run.output;
  // SFML's own "Failed to save image" line used to come first.
  EXPECT_EQ(run.output, "retrace-view: cannot create /proc/retrace-frame.png.partial: No such file or directory\n");
  // A pipe stands in for /dev/null, which a save renamed onto would replace (for root).
  retrace::testing::TempDir temp{"retrace_view_cli"};
  const std::string pipe = temp.file("pipe.png");
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  const CommandRun device = runView(kReplay + " --png " + pipe + " --force");
  EXPECT_EQ(device.exitCode, 2) << device.output;
  EXPECT_EQ(device.output, "retrace-view: " + pipe + " is not a regular file (a device, pipe or socket): name a file to write\n");
  EXPECT_TRUE(fs::is_fifo(pipe));
}

TEST(ViewCli, NoFileItWritesReplacesAReplayItReads) {
  // --force replaces a picture or a recording, never the replay being drawn or compared: the
  // replay viewed, by its name, another spelling or a link, and B.
  retrace::testing::TempDir temp{"retrace_view_cli"};
  const std::string a = temp.file("a.rtr");
  const std::string b = temp.file("b.rtr");
  fs::copy_file(kReplay, a);
  fs::copy_file(kReplay, b);
  fs::create_symlink(a, temp.file("link.rtr"));
  const std::string other = temp.path().string() + "/./a.rtr";
  const std::pair<std::string, std::string> cases[] = {
      {a + " --png " + a, "--png: " + a + " is the replay viewed"},
      {a + " --sheet " + temp.file("link.rtr"), "--sheet: " + temp.file("link.rtr") + " is " + a + ", the replay viewed"},
      {a + " --gif " + other, "--gif: " + other + " is " + a + ", the replay viewed"},
      {a + " --status " + a, "--status: " + a + " is the replay viewed"},
      {a + " --compare " + b + " -o " + b, "-o: " + b + " is the replay compared with it"},
      {a + " --compare " + b + " --png " + b, "--png: " + b + " is the replay compared with it"},
      {a + " --take-over 5 -o " + a, "-o: " + a + " is the replay viewed"},
  };
  for (const auto& [arguments, said] : cases) {
    const CommandRun run = runView(arguments + " --force");
    EXPECT_EQ(run.exitCode, 2) << arguments << "\n" << run.output;
    EXPECT_EQ(run.output, "retrace-view: " + said + ": name another file to write\n") << arguments;
  }
  for (const std::string& replay : {a, b}) {
    std::ifstream copy(replay, std::ios::binary);
    std::ifstream original(kReplay, std::ios::binary);
    EXPECT_TRUE(std::equal(std::istreambuf_iterator<char>(copy), {}, std::istreambuf_iterator<char>(original), {})) << replay;
  }
}

TEST(ViewCli, AnArgumentWithATerminalEscapeIsRefusedBeforeAnythingIsWritten) {
  // "wrote FILE" would have printed the escape back to the terminal.
  retrace::testing::TempDir temp{"retrace_view_cli"};
  const std::string png = temp.file("frame\x1b[2J.png");
  const CommandRun run = runView(kReplay + " --png '" + png + "'");
  EXPECT_EQ(run.exitCode, 2) << run.output;
  EXPECT_NE(run.output.find("retrace-view: the argument '"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("\\x1b[2J.png' holds a control character"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find('\x1b'), std::string::npos) << run.output;
  EXPECT_FALSE(fs::exists(png));
}

TEST(ViewCli, WithoutADisplayItSaysToUseXvfbInsteadOfAborting) {
  // SFML aborts (SIGABRT, exit 134) when it cannot open a display, for PNGs too.
  retrace::testing::TempDir temp{"retrace_view_cli"};
  const std::string png = temp.file("frame.png");
  const std::string advice = "; run it under xvfb-run -a (package xvfb) to render without a screen\n";
  for (const std::string& args : {kReplay, kReplay + " --png " + png, kReplay + " --sheet " + png,
                                  kReplay + " --gif " + temp.file("clip.gif"), "--play dodge -o " + temp.file("p.rtr")}) {
    const CommandRun unset = retrace::testing::runCommand("env -u DISPLAY " + std::string(RETRACE_VIEW) + " " + args);
    EXPECT_EQ(unset.exitCode, 2) << args << ": " << unset.output;
    EXPECT_EQ(unset.output, "retrace-view: there is no X display (DISPLAY is not set)" + advice) << args;
    const CommandRun nobody = retrace::testing::runCommand("env DISPLAY=:7391 " + std::string(RETRACE_VIEW) + " " + args);
    EXPECT_EQ(nobody.exitCode, 2) << args << ": " << nobody.output;
    EXPECT_EQ(nobody.output, "retrace-view: cannot open the X display ':7391'" + advice) << args;
  }
  EXPECT_FALSE(fs::exists(png));
  EXPECT_FALSE(fs::exists(temp.file("p.rtr.partial")));
  EXPECT_FALSE(fs::exists(temp.file("clip.gif")));
}

TEST(ViewCli, ADisplayThatRefusesWhileItsServerResetsIsWaitedFor) {
  // An X server resets when its last client leaves and refuses connections meanwhile, so a
  // retrace-view started as another ends under one xvfb-run found no display at times. Here a
  // socket that refuses stands for the server resetting, and a real Xvfb takes its place.
  const std::string display = ":7393";
  const std::string path = "/tmp/.X11-unix/X7393";
  fs::create_directories("/tmp/.X11-unix");
  fs::remove(path);
  const int refusing = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(refusing, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::copy(path.begin(), path.end(), address.sun_path);
  ASSERT_EQ(::bind(refusing, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);  // bound, never listening
  std::thread server([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    ::close(refusing);  // the file stays, as a resetting server's does; Xvfb takes its place
    std::system(("Xvfb " + display + " -nolisten tcp >/dev/null 2>&1 & echo $! > /tmp/retrace_xvfb_7393.pid").c_str());
  });
  retrace::testing::TempDir temp{"retrace_view_cli"};
  const CommandRun run = retrace::testing::runCommand("env DISPLAY=" + display + " " + std::string(RETRACE_VIEW) + " " + kReplay +
                                                      " --png " + temp.file("frame.png"));
  server.join();
  std::system("kill $(cat /tmp/retrace_xvfb_7393.pid) 2>/dev/null; rm -f /tmp/retrace_xvfb_7393.pid");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_TRUE(fs::exists(temp.file("frame.png")));
}

/// The clip at `path`, read back as a viewer of the file shows each frame.
retrace::testing::GifClip readClip(const std::string& path) {
  auto read = retrace::testing::readGifClip(path);
  if (auto* problem = std::get_if<std::string>(&read)) {
    ADD_FAILURE() << *problem;
    return {};
  }
  return std::get<retrace::testing::GifClip>(std::move(read));
}

/// The share of the pixels of a region of a clip's frame that are those of a PNG, exactly.
double measureSameShare(const retrace::testing::GifFrame& frame, const sf::Image& png, sf::IntRect region) {
  if (frame.rgba.size() != std::size_t{png.getSize().x} * png.getSize().y * 4) return 0.0;  // another size: nothing alike
  std::uint64_t same = 0;
  const sf::Uint8* pixels = png.getPixelsPtr();
  for (int y = region.top; y < region.top + region.height; ++y) {
    for (int x = region.left; x < region.left + region.width; ++x) {
      const auto at = (static_cast<std::size_t>(y) * png.getSize().x + static_cast<std::size_t>(x)) * 4;
      same += std::equal(pixels + at, pixels + at + 3, frame.rgba.begin() + static_cast<std::ptrdiff_t>(at)) ? 1U : 0U;
    }
  }
  return static_cast<double>(same) / (static_cast<double>(region.width) * region.height);
}

TEST(ViewCli, AClipPlaysTheTicksAskedAsTheWindowShowsThem) {
  retrace::testing::TempDir temp{"retrace_view_gif"};
  const std::string tank = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  // Bullet 51 is fired at 804 and hits tank 1 at 820: selected by its id, it is in the clip though
  // not at its first tick.
  const std::string clipPath = temp.file("hit.gif");
  const CommandRun hit = runView(tank + " --gif " + clipPath + " --from 800 --to 840 --panels --select 'bullets[id=51]'");
  ASSERT_EQ(hit.exitCode, 0) << hit.output;
  const std::string said =
      "wrote " + clipPath + " (ticks 800..840 every 2: 21 frames, 0.70 s at 1x, with the debugger's panels; ";
  EXPECT_EQ(hit.output.substr(0, said.size()), said);
  EXPECT_EQ(hit.output.substr(hit.output.size() - 8), " bytes)\n") << hit.output;
  const retrace::testing::GifClip clip = readClip(clipPath);
  EXPECT_EQ(clip.width, 960 + 420);
  EXPECT_EQ(clip.height, 720);
  EXPECT_TRUE(clip.loops);
  ASSERT_FALSE(clip.frames.empty());
  int centiseconds = 0;
  for (const auto& frame : clip.frames) centiseconds += frame.delay;
  EXPECT_EQ(centiseconds, 70);  // 21 frames of 1/30 s
  // Its last frame is what --png draws at that tick, in the scene (the HUD says it plays, and the
  // inspector that the bullet is gone).
  const std::string png = temp.file("840.png");
  ASSERT_EQ(runView(tank + " --png " + png + " --tick 840 --panels").exitCode, 0);
  sf::Image frame;
  ASSERT_TRUE(frame.loadFromFile(png));
  ASSERT_EQ(frame.getSize(), sf::Vector2u(960 + 420, 720));
  // (All but the few edge pixels of text whose colours the palette has no room for; the frame
  // two ticks earlier differs in 0.35% of them.)
  EXPECT_GT(measureSameShare(clip.frames.back(), frame, {0, 0, 960, 500}), 0.9998);

  // Slowed down: each tick a frame, a quarter of the speed.
  const CommandRun slow = runView(tank + " --gif " + temp.file("slow.gif") + " --from 0 --to 59 --every 1 --speed 0.25");
  ASSERT_EQ(slow.exitCode, 0) << slow.output;
  EXPECT_NE(slow.output.find("(ticks 0..59 every 1: 60 frames, 4.00 s at 0.25x; "), std::string::npos) << slow.output;
  centiseconds = 0;
  for (const auto& each : readClip(temp.file("slow.gif")).frames) centiseconds += each.delay;
  EXPECT_EQ(centiseconds, 400);
  // A and B beside each other, as the window shows them.
  ASSERT_EQ(runView(tank + " --compare " + tank + " --gif " + temp.file("ab.gif") + " --from 10 --to 20").exitCode, 0);
  EXPECT_EQ(readClip(temp.file("ab.gif")).width, 960);
}

TEST(ViewCli, TheOverlaysAskedForAreTheOnesDrawn) {
  retrace::testing::TempDir temp{"retrace_view_overlays"};
  const std::string tank = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  const auto draw = [&](const std::string& name, const std::string& arguments) {
    const CommandRun run = runView(tank + " --tick 600 --png " + temp.file(name) + arguments);
    EXPECT_EQ(run.exitCode, 0) << arguments << ": " << run.output;
    sf::Image image;
    EXPECT_TRUE(image.loadFromFile(temp.file(name)));
    return std::vector<std::uint8_t>(image.getPixelsPtr(),
                                     image.getPixelsPtr() + std::size_t{image.getSize().x} * image.getSize().y * 4);
  };
  // The defaults by name are the defaults; none, or names on, is another picture; so with the panels.
  const auto defaults = draw("default.png", "");
  EXPECT_EQ(draw("named.png", " --overlays boxes,events,sweeps,grid"), defaults);
  EXPECT_NE(draw("none.png", " --overlays none"), defaults);
  EXPECT_NE(draw("names.png", " --overlays boxes,events,sweeps,grid,names"), defaults);
  EXPECT_NE(draw("panels-none.png", " --panels --overlays none"), draw("panels.png", " --panels"));
  // A sheet too.
  const auto sheet = [&](const std::string& name, const std::string& arguments) {
    EXPECT_EQ(runView(tank + " --sheet " + temp.file(name) + " --to 600 --every 300" + arguments).exitCode, 0);
    sf::Image image;
    EXPECT_TRUE(image.loadFromFile(temp.file(name)));
    return std::vector<std::uint8_t>(image.getPixelsPtr(),
                                     image.getPixelsPtr() + std::size_t{image.getSize().x} * image.getSize().y * 4);
  };
  EXPECT_NE(sheet("sheet-none.png", " --overlays none"), sheet("sheet.png", ""));
  // Only the overlays the game's scenes have, each by its name; the refusal lists them.
  const std::string listed = "(overlays: boxes, names, events, sweeps, grid, or none)\n";
  EXPECT_EQ(runView(tank + " --png " + temp.file("w.png") + " --overlays windows").output,
            "retrace-view: --overlays: 'windows' is no overlay of this game's scenes " + listed);
  EXPECT_EQ(runView(tank + " --png " + temp.file("w.png") + " --overlays boxes,").output,
            "retrace-view: --overlays: '' is no overlay of this game's scenes " + listed);
  EXPECT_FALSE(fs::exists(temp.file("w.png")));
  EXPECT_EQ(runView("--play tank --overlays none -o " + temp.file("p.rtr")).output,
            "retrace-view: --overlays excludes --play (see retrace-view --help)\n");
}

TEST(ViewCli, APictureIsOpaqueAsTheWindowShowsIt) {
  // ImGui's panels are translucent in the texture: a picture viewer blended them with its own
  // background, so the PNG looked other than the window (lighter on white, darker on black).
  retrace::testing::TempDir temp{"retrace_view_png"};
  const std::string png = temp.file("panels.png");
  ASSERT_EQ(runView(kReplay + " --png " + png + " --panels --tick 30").exitCode, 0);
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  const std::size_t pixels = std::size_t{image.getSize().x} * image.getSize().y;
  std::size_t translucent = 0;
  for (std::size_t i = 0; i < pixels; ++i) translucent += image.getPixelsPtr()[i * 4 + 3] != 255 ? 1U : 0U;
  EXPECT_EQ(translucent, 0U);
}

TEST(ViewCli, AClipAGifCannotPlayIsOneSentence) {
  retrace::testing::TempDir temp{"retrace_view_gif"};
  const std::string gif = temp.file("clip.gif");
  const std::string tank = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  const std::pair<std::string, std::string> refusals[] = {
      {" --gif " + gif + " --every 1",
       "at --every 1 and --speed 1 a frame lasts 0.01667 s, less than the 1/50 s a GIF shows a frame: --every 2 or more, or "
       "a lower --speed"},
      {" --gif " + gif + " --every 1 --speed 0.5",
       "3601 frames is more than a clip holds (3600): raise --every or narrow --from and --to"},
      {" --gif " + gif + " --from 100 --to 99", "the range --from 100 --to 99 --every 2 holds no tick"},
      {" --gif " + gif + " --to 3601", "tick 3601 is past the replay's last tick, 3600"},
      {" --gif " + gif + " --from 800 --to 802 --panels --select 'bullets[id=51]'",
       "no field at ticks 800..802 lies inside 'bullets[id=51]' (the I key shows the entities' names)"},
      {" --from 10", "--from requires --sheet or --gif (see retrace-view --help)"},
      {" --every 10", "--every requires --sheet or --gif (see retrace-view --help)"},
      {" --gif " + gif + " --every 0",
       "--every: '0' is no step: 1 tick or more between cells or frames (see retrace-view --help)"},
      {" --speed 2", "--speed requires --gif (see retrace-view --help)"},
      {" --gif " + gif + " --speed 0",
       "--speed: '0' is not a speed from 0.01 to 100 (0.25: a quarter of the replay's) (see retrace-view --help)"},
      {" --gif " + gif + " --speed nan",
       "--speed: 'nan' is not a speed from 0.01 to 100 (0.25: a quarter of the replay's) (see retrace-view --help)"},
      {" --gif " + gif + " --png " + temp.file("a.png"), "--png excludes --gif (see retrace-view --help)"},
      {" --gif " + gif + " --find 'tick == 5'", "--find excludes --gif (see retrace-view --help)"},
      {" --gif " + gif + " -o " + temp.file("a.rtr"),
       "-o names the replay --play, --take-over or the window's L writes, not a picture's"},
      {" --gif ''", "--gif: needs a name, not empty text (see retrace-view --help)"},
  };
  for (const auto& [arguments, sentence] : refusals) {
    const CommandRun run = runView(tank + arguments);
    EXPECT_EQ(run.exitCode, 2) << arguments;
    EXPECT_EQ(run.output, "retrace-view: " + sentence + "\n") << arguments;
  }
  EXPECT_FALSE(fs::exists(gif));
  EXPECT_FALSE(fs::exists(gif + ".partial"));
  // A file the user had is replaced only with --force.
  std::ofstream(gif) << "mine";
  EXPECT_EQ(runView(tank + " --gif " + gif + " --to 10").output,
            "retrace-view: " + gif + " already exists (pass --force to replace it)\n");
  EXPECT_EQ(fs::file_size(gif), 4U);
  EXPECT_EQ(runView(tank + " --gif " + gif + " --to 10 --force").exitCode, 0);
  EXPECT_GT(fs::file_size(gif), 4U);
}

TEST(ViewCli, AClipStoppedByASignalTakesItsUnfinishedFileAwayAndEndsByTheSignal) {
  // Ctrl+C (or kill) during a long clip: the unfinished OUT.partial, which the next run would
  // refuse to write over, goes, one sentence says so, and the process still ends by the signal.
  retrace::testing::TempDir temp{"retrace_view_interrupted"};
  const std::string gif = temp.file("clip.gif");
  const std::string log = temp.file("view.log");
  const retrace::testing::BackgroundProcess view(std::string(RETRACE_VIEW) + " " + RETRACE_REPLAYS_DIR +
                                                 "/tank-bot-seed5.rtr --gif " + gif + " > " + log + " 2>&1");
  bool started = false;
  for (int i = 0; i < 600 && !started && view.running(); ++i) {
    started = fs::exists(gif + ".partial");
    if (!started) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_TRUE(started) << "no " << gif << ".partial: " << view.describe();
  view.signal(SIGTERM);
  ASSERT_TRUE(view.waitEnd(std::chrono::seconds(20))) << view.describe();
  EXPECT_EQ(view.describe(), "killed by signal " + std::to_string(SIGTERM));
  EXPECT_FALSE(fs::exists(gif + ".partial"));
  EXPECT_FALSE(fs::exists(gif));
  std::ifstream in(log);
  const std::string said((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(said.rfind("retrace-view: interrupted at frame ", 0), 0U) << said;
  EXPECT_NE(said.find(" of 1801: " + gif + " was not written\n"), std::string::npos) << said;
  // And the next run writes it, with nothing left in the way.
  EXPECT_EQ(runView(std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr --gif " + gif + " --to 20").exitCode, 0);
}

}  // namespace
