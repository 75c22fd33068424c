// The real window, driven by real X input events (xdotool) under xvfb-run -a: open a replay, go
// to a typed tick, jump to the next event, select an entity with the mouse, toggle an overlay,
// compare two replays and jump to their first difference. After each step the test reads the
// state the viewer reports (--status FILE) and checks a region of the frame it wrote beside it
// (FILE.png); what each step should give comes from the replay itself, not from the viewer.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <SFML/Graphics/Image.hpp>

#include "recorder/replay.h"
#include "recorder/replay_test_support.h"
#include "recorder/verifier.h"
#include "sim/event_subjects.h"
#include "sim/field_ids.h"
#include "support/background_process.h"
#include "support/corpus.h"
#include "support/run_command.h"
#include "support/temp_dir.h"
#include "viewer/debugger.h"
#include "viewer/edit.h"
#include "viewer/navigation.h"
#include "viewer/playback.h"
#include "viewer/scene.h"
#include "viewer/sheet_job.h"

namespace retrace::viewer {
namespace {

namespace fs = std::filesystem;
using Status = std::map<std::string, std::string>;

using retrace::testing::loadCorpus;

/// A window's --status file and its log, read as a script that drives the window reads them.
class StatusReader {
 public:
  StatusReader(std::string status, std::string log) : status_(std::move(status)), log_(std::move(log)) {}

  /// What the viewer wrote to stdout and stderr.
  [[nodiscard]] std::string log() const { return readText(log_); }
  /// For a failure's message: the log, and whether the viewer still runs or how it ended.
  [[nodiscard]] std::string report() const {
    return log() + "(retrace-view " + (process_ ? process_->describe() : std::string("not started")) + ")\n";
  }
  /// Waits until `frames` more frames are drawn, as the status counts them (false after 15 s):
  /// on a loaded machine a frame can outlast any fixed pause.
  bool waitFrames(std::uint64_t frames) const {
    const std::uint64_t until = countFrames(read()) + frames;
    return waitFor([&](const Status& s) { return countFrames(s) >= until; }).has_value();
  }
  /// A status value once it stays the same over three frames (the panels take their places
  /// over the first frames).
  [[nodiscard]] std::string readSettled(const std::string& key) const {
    std::string value;
    for (int i = 0; i < 50 && (i == 0 || value != read()[key]); ++i) {
      value = read()[key];
      waitFrames(3);
    }
    return value;
  }
  /// The status once it satisfies `holds` (nothing after 15 s).
  std::optional<Status> waitFor(const std::function<bool(const Status&)>& holds) const {
    for (int i = 0; i < 300; ++i) {
      const Status now = read();
      if (holds(now)) return now;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "the viewer never reported the state asked for; last status:\n" << text() << "log:\n" << report();
    return std::nullopt;
  }
  /// The frame the viewer wrote with its latest status.
  [[nodiscard]] sf::Image frame() const {
    sf::Image image;
    EXPECT_TRUE(image.loadFromFile(status_ + ".png"));
    return image;
  }

 protected:
  /// Starts retrace-view with `arguments` and this reader's status and log, in `dir` when given.
  const retrace::testing::BackgroundProcess& start(const std::string& arguments, const std::string& dir = "") {
    return process_.emplace(std::string(RETRACE_VIEW) + " " + arguments + " --status " + status_ + " >" + log_ + " 2>&1", dir);
  }
  [[nodiscard]] const retrace::testing::BackgroundProcess& process() const { return *process_; }
  [[nodiscard]] Status read() const {
    Status status;
    std::istringstream lines(text());
    for (std::string line; std::getline(lines, line);) {
      const std::size_t at = line.find('=');
      if (at != std::string::npos) status[line.substr(0, at)] = line.substr(at + 1);
    }
    return status;
  }

 private:
  static std::string readText(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  [[nodiscard]] std::string text() const { return readText(status_); }
  static std::uint64_t countFrames(const Status& status) {
    const auto frame = status.find("frame");
    return frame == status.end() ? 0 : std::strtoull(frame->second.c_str(), nullptr, 10);
  }

  std::string status_;
  std::string log_;
  std::optional<retrace::testing::BackgroundProcess> process_;
};

/// The window whose title matches `title` once it shows; nothing after 15 s, or once `viewer` has
/// ended (xdotool's own --sync waits forever for a window that a viewer which ended never shows).
std::string findWindow(const retrace::testing::BackgroundProcess& viewer, const std::string& title) {
  std::string window;
  for (int i = 0; i < 150 && window.empty() && viewer.running(); ++i) {
    // A window's number from stdout alone: with stderr joined, a line that was no number was
    // once taken for the window, and the key sent to it failed in the shell (`sh: 1: Syntax
    // error: "(" unexpected`), leaving the viewer open until the test gave up.
    window = retrace::testing::runCommandStdout("xdotool search --onlyvisible --name '" + title + "'").output;
    window = window.substr(0, window.find('\n'));
    if (window.find_first_not_of("0123456789") != std::string::npos) window.clear();
    if (window.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return window;
}

/// One retrace-view window, started in the background and closed with Q at the end.
class ViewerWindow : public StatusReader {
 public:
  /// Opens retrace-view with `arguments`, its status and log in `dir`, and its working folder
  /// `dir` too when `inDir` (where the window saves sheets and clips).
  ViewerWindow(const std::string& arguments, const fs::path& dir, bool inDir = false)
      : StatusReader((dir / "status").string(), (dir / "view.log").string()) {
    const auto& viewer = start(arguments, inDir ? dir.string() : std::string());
    const auto found = waitFor([](const Status& s) { return s.contains("tick"); });
    if (!found) return;
    window_ = findWindow(viewer, "retrace-view");
    // Keys and clicks go through XTEST, as a person's would, to the focused window.
    if (!window_.empty()) send("windowfocus --sync " + window_);
  }
  ~ViewerWindow() {
    if (!window_.empty()) send("key q");
    (void)process().waitEnd(std::chrono::seconds(5));
  }
  ViewerWindow(const ViewerWindow&) = delete;
  ViewerWindow& operator=(const ViewerWindow&) = delete;

  [[nodiscard]] bool opened() const { return !window_.empty(); }
  /// Whether the viewer ended by itself within 10 s.
  [[nodiscard]] bool ends() const { return process().waitEnd(std::chrono::seconds(10)); }
  using StatusReader::process;
  [[nodiscard]] const std::string& id() const { return window_; }

  /// Sends xdotool a command ("key --window W period").
  void send(const std::string& command) const { (void)retrace::testing::runCommand("xdotool " + command); }
  void key(const std::string& keys) const { send("key " + keys); }
  void type(const std::string& text) const { send("type " + text); }
  void click(float x, float y) const {
    send("mousemove --sync --window " + window_ + " " + std::to_string(static_cast<int>(x)) + " " +
         std::to_string(static_cast<int>(y)));
    send("click 1");
  }
  /// A click on a panel's item: ImGui reads the pointer only while the window has the focus, and
  /// takes a press in a frame after the pointer arrived and the release in a later one, where a
  /// scene's click is one event. The window goes to the screen's corner first, where no window
  /// manager can have put part of it off the screen.
  void press(float x, float y) const {
    send("windowmove --sync " + window_ + " 0 0");
    send("windowfocus --sync " + window_);
    send("mousemove --sync --window " + window_ + " " + std::to_string(static_cast<int>(x)) + " " +
         std::to_string(static_cast<int>(y)));
    waitFrames(2);
    send("mousedown 1");
    waitFrames(2);
    send("mouseup 1");
  }
  /// Goes to a tick as a person does: T, the tick typed, Enter; true once the viewer is there.
  bool goTo(std::uint64_t tick) const {
    key("t");
    if (!waitFor([](const Status& s) { return s.at("typing") == "1"; })) return false;
    type(std::to_string(tick));
    key("Return");
    return waitFor([&](const Status& s) { return s.at("tick") == std::to_string(tick); }).has_value();
  }

 private:
  std::string window_;
};

/// The scene's rectangle and scale as the status gives them: left, top, width, height, scale.
std::array<float, 5> parseScene(const std::string& text) {
  std::array<float, 5> values{};
  std::istringstream in(text);
  char comma = 0;
  in >> values[0] >> comma >> values[1] >> comma >> values[2] >> comma >> values[3] >> comma >> values[4];
  return values;
}

TEST(Window, IsDrivenByRealKeysAndClicks) {
  retrace::testing::TempDir temp{"retrace_window"};
  const recorder::LoadedReplay replay = loadCorpus("dodge-bot-seed3.rtr");
  ViewerWindow view(std::string(RETRACE_REPLAYS_DIR) + "/dodge-bot-seed3.rtr", temp.path());
  ASSERT_TRUE(view.opened()) << view.report();
  ASSERT_TRUE(view.waitFor([](const Status& s) { return s.at("tick") == "0"; }));

  // Go to a typed tick: T puts the keyboard in the go-to box.
  ASSERT_TRUE(view.goTo(151));

  // The next event: the first the recording holds after tick 151.
  const std::uint64_t next = *Playback(replay, false).ticks().findEventTick(151, Direction::kForward);
  view.key("period");
  ASSERT_TRUE(view.waitFor([&](const Status& s) { return s.at("tick") == std::to_string(next); }));

  // Select the player with a click at the centre of its box, where its scene says it is.
  Playback playback(replay, false);
  playback.seek(next);
  const sim::Scene scene = playback.current().describeScene(playback.previous());
  const auto player = std::find_if(scene.primitives.begin(), scene.primitives.end(), [](const sim::ScenePrimitive& p) {
    return p.category == sim::SceneCategory::kPlayer && p.shape == sim::SceneShape::kBox;
  });
  ASSERT_NE(player, scene.primitives.end());
  const auto status = view.waitFor([](const Status& s) { return s.contains("scene"); });
  ASSERT_TRUE(status);
  const auto [left, top, width, height, scale] = parseScene(status->at("scene"));
  const auto toScreen = [&, left = left, top = top, scale = scale](float wx, float wy) {
    return sf::Vector2f{left + wx * scale, top + wy * scale};
  };
  const sf::Vector2f centre =
      toScreen(toPixels(player->a.x) + toPixels(player->b.x) / 2, toPixels(player->a.y) + toPixels(player->b.y) / 2);
  view.click(centre.x, centre.y);
  ASSERT_TRUE(view.waitFor([&](const Status& s) { return s.at("selected") == player->entity; }));

  // Toggle the boxes overlay: the outline inside the player's box goes, its fill shows there.
  const sf::Vector2f edge = toScreen(toPixels(player->a.x) + 0.2F, toPixels(player->a.y) + toPixels(player->b.y) / 2);
  const sf::Color outlined = view.frame().getPixel(static_cast<unsigned>(edge.x), static_cast<unsigned>(edge.y));
  EXPECT_EQ(outlined, kOverlayColour);
  view.key("b");
  ASSERT_TRUE(view.waitFor([](const Status& s) { return s.at("overlays").find("boxes") == std::string::npos; }));
  EXPECT_EQ(view.frame().getPixel(static_cast<unsigned>(edge.x), static_cast<unsigned>(edge.y)),
            colourOf(sim::SceneCategory::kPlayer));
  // SFML's word on a swap interval the viewer never asks for (Xvfb's GLX has no swap control)
  // is left out of what the window says.
  EXPECT_EQ(view.log().find("vertical sync"), std::string::npos) << view.log();
}

TEST(Window, OpensWholeOnTheScreenWhateverSizeIsAsked) {
  // The frame and the panels' column are wider than xvfb-run's screen, and --height 3000 taller
  // than any: the window is fitted to the screen and centred on it, its panels on the screen.
  std::istringstream geometry(retrace::testing::runCommand("xdotool getdisplaygeometry").output);
  int screenWidth = 0;
  int screenHeight = 0;
  geometry >> screenWidth >> screenHeight;
  ASSERT_GT(screenWidth, 0);
  for (const int height : {720, 3000}) {
    SCOPED_TRACE("--height " + std::to_string(height));
    retrace::testing::TempDir temp{"retrace_window_fit"};
    ViewerWindow view(std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr --width 1400 --height " + std::to_string(height),
                      temp.path());
    ASSERT_TRUE(view.opened()) << view.report();
    const auto status = view.waitFor([](const Status& s) { return s.contains("window"); });
    ASSERT_TRUE(status);
    std::istringstream place(status->at("window"));
    int x = 0;
    int y = 0;
    int width = 0;
    int tall = 0;
    char comma = 0;
    place >> x >> comma >> y >> comma >> width >> comma >> tall;
    EXPECT_EQ(width, std::min(screenWidth, 1400 + static_cast<int>(kPanelWidth)));
    EXPECT_EQ(tall, std::min(screenHeight, height));
    EXPECT_EQ(x, (screenWidth - width) / 2);
    EXPECT_EQ(y, (screenHeight - tall) / 2);
    // The scene and the panels' column inside it.
    const auto [left, top, sceneWidth, sceneHeight, scale] = parseScene(status->at("scene"));
    EXPECT_LE(left + sceneWidth + kPanelWidth, static_cast<float>(width) + 0.5F);
    EXPECT_LE(top + sceneHeight, static_cast<float>(tall));
  }
}

TEST(Window, AClickWhereNoTileIsSelectsThatCellAndOutlinesIt) {
  // An empty cell of tank's map is drawn on the grid layer alone; a click there asks about it.
  retrace::testing::TempDir temp{"retrace_window_cell"};
  Playback playback(loadCorpus("tank-bot-seed5.rtr"), false);
  const sim::Scene scene = playback.current().describeScene(playback.previous());
  const auto empty = std::find_if(scene.primitives.begin(), scene.primitives.end(), [&](const sim::ScenePrimitive& p) {
    return p.cell && p.layer == sim::SceneLayer::kGrid &&
           std::count_if(scene.primitives.begin(), scene.primitives.end(),
                         [&](const sim::ScenePrimitive& q) { return q.entity == p.entity; }) == 1;
  });
  ASSERT_NE(empty, scene.primitives.end());
  ViewerWindow view(std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr", temp.path());
  ASSERT_TRUE(view.opened()) << view.report();
  const auto status = view.waitFor([](const Status& s) { return s.at("tick") == "0" && s.contains("scene"); });
  ASSERT_TRUE(status);
  const auto [left, top, width, height, scale] = parseScene(status->at("scene"));
  const float x = left + (toPixels(empty->a.x) + toPixels(empty->b.x) / 2) * scale;
  const float y = top + (toPixels(empty->a.y) + toPixels(empty->b.y) / 2) * scale;
  view.click(x, y);
  ASSERT_TRUE(view.waitFor([&](const Status& s) { return s.at("selected") == empty->entity; }));
  // The highlight's white frame lies 2 to 3 pixels outside the cell.
  const sf::Color frame =
      view.frame().getPixel(static_cast<unsigned>(x), static_cast<unsigned>(top + toPixels(empty->a.y) * scale - 2.5F));
  EXPECT_GT(frame.r + frame.g + frame.b, 600) << "no outline above " << empty->entity;
}

TEST(Window, AClickOnAnEventGoesToItAndSelectsWhatItIsAboutAndTheBoxListsItsEvents) {
  // The events list at tick 0 starts at its first event; the status says where its rows are.
  retrace::testing::TempDir temp{"retrace_window_events"};
  Playback playback(loadCorpus("tank-bot-seed5.rtr"), false);
  const EventRow first = playback.ticks().eventAt(std::nullopt, 0);
  const std::vector<std::string> about = sim::nameEventSubjects(playback.game(), first.event);
  ASSERT_FALSE(about.empty());
  ViewerWindow view(std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr", temp.path());
  ASSERT_TRUE(view.opened()) << view.report();
  ASSERT_TRUE(view.waitFor([](const Status& s) { return s.at("tick") == "0"; }));
  std::array<float, 4> list{};
  std::istringstream in(view.readSettled("eventList"));
  char comma = 0;
  in >> list[0] >> comma >> list[1] >> comma >> list[2] >> comma >> list[3];
  ASSERT_EQ(list[3], 0.0F) << "the first row in view is the first event";
  view.press(list[0] + 60.0F, list[1] + list[2] / 2);
  ASSERT_TRUE(view.waitFor(
      [&](const Status& s) { return s.at("tick") == std::to_string(first.tick) && s.at("selected") == about.front(); }));
  // Hovering the next row outlines what that event is about, where it is at the cursor.
  const EventRow second = playback.ticks().eventAt(std::nullopt, 1);
  playback.seek(first.tick);
  const auto subject =
      sim::resolveIds(playback.current().describeState(), sim::nameEventSubjects(playback.game(), second.event).front());
  ASSERT_TRUE(subject);
  ASSERT_NE(view.waitFor([](const Status&) { return true; })->at("outlined"), *subject) << "the selection is outlined before";
  view.send("mousemove --sync --window " + view.id() + " " + std::to_string(static_cast<int>(list[0] + 60.0F)) + " " +
            std::to_string(static_cast<int>(list[1] + list[2] * 1.5F)));
  EXPECT_TRUE(view.waitFor([&](const Status& s) { return s.at("outlined") == *subject; })) << "hovering " << *subject;
  // "about selected": the list is the selection's events, and . steps through them alone.
  std::array<float, 2> box{};
  std::istringstream boxIn(view.readSettled("aboutBox"));
  boxIn >> box[0] >> comma >> box[1];
  view.press(box[0], box[1]);
  std::vector<std::uint64_t> ticks;
  std::uint64_t listed = 0;
  for (std::uint64_t i = 0; i < playback.ticks().countEvents(std::nullopt); ++i) {
    const EventRow row = playback.ticks().eventAt(std::nullopt, i);
    if (!sim::isEventAbout(playback.game(), row.event, about.front())) continue;
    ++listed;
    if (row.tick > first.tick && (ticks.empty() || ticks.back() != row.tick)) ticks.push_back(row.tick);
  }
  ASSERT_FALSE(ticks.empty());
  ASSERT_TRUE(view.waitFor([&](const Status& s) { return s.at("eventsListed") == std::to_string(listed); }));
  view.key("period");
  EXPECT_TRUE(view.waitFor([&](const Status& s) { return s.at("tick") == std::to_string(ticks.front()); }));
}

TEST(Window, ABookmarksButtonGoesToItsTick) {
  // K bookmarks the cursor's tick; its button in Navigate goes back there, and the row of
  // buttons it was drawn in is not read after the seek that refreshes it (found freed by ASan).
  retrace::testing::TempDir temp{"retrace_window_bookmarks"};
  ViewerWindow view(std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr", temp.path());
  ASSERT_TRUE(view.opened()) << view.report();
  ASSERT_TRUE(view.waitFor([](const Status& s) { return s.at("tick") == "0"; }));
  EXPECT_EQ(view.readSettled("bookmarkButton"), "0.0,0.0");
  for (const std::uint64_t tick : {673U, 900U}) {
    ASSERT_TRUE(view.goTo(tick));
    view.key("k");
    ASSERT_TRUE(view.waitFor([&](const Status& s) { return s.at("bookmarks").find(std::to_string(tick)) != std::string::npos; }));
  }
  ASSERT_TRUE(view.goTo(2000));
  ASSERT_TRUE(view.waitFor([](const Status& s) { return s.at("bookmarks") == "673,900"; }));
  std::array<float, 2> button{};
  char comma = 0;
  std::istringstream in(view.readSettled("bookmarkButton"));
  in >> button[0] >> comma >> button[1];
  ASSERT_GT(button[0], 0.0F);
  view.press(button[0], button[1]);
  EXPECT_TRUE(view.waitFor([](const Status& s) { return s.at("tick") == "673"; })) << view.report();
  view.key("Right");  // still answering
  EXPECT_TRUE(view.waitFor([](const Status& s) { return s.at("tick") == "674"; })) << view.report();
}

TEST(Window, TheFindBoxGoesToAMatchAndMarksThemAllAFewSlicesAFrame) {
  // The search runs over frames: typed into the box, Enter goes to the first tick after the
  // cursor where it holds, and "mark all" marks what retrace find --all gives.
  retrace::testing::TempDir temp{"retrace_window_find"};
  Playback playback(loadCorpus("tank-bot-seed5.rtr"), false);
  const auto all = std::get<std::vector<std::uint64_t>>(
      playback.findTicks(std::get<recorder::Condition>(recorder::Condition::parse("tiles[*][*] changed")), 0, true));
  ASSERT_GT(all.size(), 1U);
  ViewerWindow view(std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr", temp.path());
  ASSERT_TRUE(view.opened()) << view.report();
  ASSERT_TRUE(view.waitFor([](const Status& s) { return s.at("tick") == "0"; }));
  const auto readPlace = [&](const std::string& key) {
    std::array<float, 2> at{};
    std::istringstream in(view.readSettled(key));
    char comma = 0;
    in >> at[0] >> comma >> at[1];
    return at;
  };
  const auto box = readPlace("findBox");
  view.press(box[0], box[1]);
  ASSERT_TRUE(view.waitFor([](const Status& s) { return s.at("typing") == "1"; }));
  view.type("'tiles[*][*] changed'");
  view.key("Return");
  ASSERT_TRUE(view.waitFor([&](const Status& s) { return s.at("tick") == std::to_string(all.front()); }));
  const auto mark = readPlace("markAll");
  view.press(mark[0], mark[1]);
  ASSERT_TRUE(view.waitFor([&](const Status& s) { return s.at("matches") == std::to_string(all.size()); }));
  EXPECT_EQ(view.waitFor([](const Status&) { return true; })->at("tick"), std::to_string(all.front())) << "marking stays";
}

TEST(Window, OpenedWithFindItsConditionIsInTheFindBoxToGoOnFrom) {
  // A person who opened at --find's first match goes on from the box (Return: the next match
  // after the cursor) or edits the condition there; an empty box did neither.
  retrace::testing::TempDir temp{"retrace_window_find_option"};
  Playback playback(loadCorpus("tank-bot-seed5.rtr"), false);
  const std::string condition = "tiles[*][*] changed";
  const auto all = std::get<std::vector<std::uint64_t>>(
      playback.findTicks(std::get<recorder::Condition>(recorder::Condition::parse(condition)), 0, true));
  ASSERT_GT(all.size(), 1U);
  ViewerWindow view(std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr --find '" + condition + "'", temp.path());
  ASSERT_TRUE(view.opened()) << view.report();
  const auto opened = view.waitFor([](const Status& s) { return s.contains("find"); });
  ASSERT_TRUE(opened) << view.report();
  EXPECT_EQ(opened->at("tick"), std::to_string(all.front()));
  EXPECT_EQ(opened->at("find"), condition);
  EXPECT_EQ(opened->at("matches"), std::to_string(all.size()));
  const std::string boxAt = view.readSettled("findBox");
  view.press(std::strtof(boxAt.c_str(), nullptr), std::strtof(boxAt.c_str() + boxAt.find(',') + 1, nullptr));
  ASSERT_TRUE(view.waitFor([](const Status& s) { return s.at("typing") == "1"; }));
  view.key("Return");
  EXPECT_TRUE(view.waitFor([&](const Status& s) { return s.at("tick") == std::to_string(all[1]); })) << view.report();
}

TEST(Window, WithVerifyARegressionReplaySaysWhetherItShowsWhatItsExpectExpects) {
  // A regression replay's tunnels are its point: the window says what its .expect makes of them,
  // as verify --expect judges them, and what is unmet; and what verify makes of the whole replay.
  retrace::testing::TempDir temp{"retrace_window_expect"};
  const fs::path replay = temp.path() / "walls.rtr";
  fs::copy_file(std::string(RETRACE_REPLAYS_DIR) + "/tank-bullets-through-walls.rtr", replay);
  const auto open = [&](const char* expect, const char* folder, const char* options = " --verify") {
    if (expect != nullptr) {
      std::ofstream(temp.path() / "walls.expect") << expect;
    } else {
      fs::remove(temp.path() / "walls.expect");
    }
    fs::create_directory(temp.path() / folder);
    auto view = std::make_unique<ViewerWindow>(replay.string() + options, temp.path() / folder);
    const auto status = view->waitFor([](const Status& s) { return s.contains("expect") && s.contains("verify"); });
    return status ? status->at("expect") + " " + status->at("verify") : std::string("(no status) ") + view->report();
  };
  EXPECT_EQ(open("tunnels >= 10\nnever tanks[*].centre.x > 260\n", "met"), "met passed");
  EXPECT_EQ(open("tunnels == 0\n", "unmet"), "unmet failed");
  EXPECT_EQ(open("tunnels about 10\n", "unreadable"), "unreadable failed");
  EXPECT_EQ(open(nullptr, "none"), "none failed") << "without its .expect, its tunnels fail it";
  // Without --verify, that it has a .expect and what judges it (a hunt's finding opened as saved).
  EXPECT_EQ(open("tunnels >= 10\n", "unjudged", ""), "unjudged none");
}

TEST(Window, ARefusalLongerThanItsPanelIsShownWholeOverSeveralLines) {
  // What a refusal suggests comes at its end ("did you mean bullets.size?"): cut at the panel's
  // edge, it was never seen.
  retrace::testing::TempDir temp{"retrace_window_refusal"};
  ViewerWindow view(std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr", temp.path());
  ASSERT_TRUE(view.opened()) << view.report();
  const auto yOf = [](const std::string& at) { return std::strtof(at.c_str() + at.find(',') + 1, nullptr); };
  const std::string boxAt = view.readSettled("findBox");
  const float box = yOf(boxAt);
  const std::string header = view.readSettled("editHeader");
  const float below = yOf(header);
  view.press(std::strtof(boxAt.c_str(), nullptr), box);
  ASSERT_TRUE(view.waitFor([](const Status& s) { return s.at("typing") == "1"; }));
  view.type("'bullets.lenght > 2'");
  view.key("Return");
  // More than a row of buttons further down: the sentence took more than one line. Waited for, not
  // read once the header has moved: the search's one-line progress moves it first, and on a loaded
  // machine that line stays for more frames than a settled read waits.
  const auto lower = view.waitFor([&](const Status& s) {
    const std::string& at = s.at("editHeader");
    return at != header && yOf(at) - below > below - box;
  });
  ASSERT_TRUE(lower) << "the refusal never took more than a line";
  const sf::Image frame = view.frame();
  for (unsigned y = 0; y < frame.getSize().y; ++y) {
    for (unsigned x = frame.getSize().x - 6; x < frame.getSize().x; ++x) {
      const sf::Color c = frame.getPixel(x, y);
      ASSERT_FALSE(c.r > 200 && c.g < 130 && c.b > 70 && c.b < 160)
          << "a refusal's letters at the window's edge, " << x << "," << y;
    }
  }
}

/// Selects about a twenty-fifth of the timeline, from a fifth of the way in, by shift+drag, and
/// presses "save as clip": the ticks selected, once the clip is under way (nothing if it never is).
std::optional<std::pair<std::uint64_t, std::uint64_t>> startSavingSelectionAsClip(const ViewerWindow& view) {
  const auto status = view.waitFor([](const Status& s) { return s.at("tick") == "0" && s.contains("timeline"); });
  if (!status) return std::nullopt;
  const std::array<float, 5> bar = parseScene(status->at("timeline") + ",0");
  const int y = static_cast<int>(bar[1] + bar[3] / 2);
  view.send("windowmove --sync " + view.id() + " 0 0");
  view.send("mousemove --sync --window " + view.id() + " " + std::to_string(static_cast<int>(bar[0] + bar[2] * 0.2F)) + " " +
            std::to_string(y));
  view.send("keydown shift");
  view.send("mousedown 1");
  view.send("mousemove --sync --window " + view.id() + " " + std::to_string(static_cast<int>(bar[0] + bar[2] * 0.24F)) + " " +
            std::to_string(y));
  view.waitFrames(2);
  view.send("mouseup 1");
  view.send("keyup shift");
  const auto selected = view.waitFor([](const Status& s) { return s.at("selection") != "none"; });
  if (!selected) return std::nullopt;
  const std::string range = selected->at("selection");
  const auto dash = range.find('-');
  const std::pair<std::uint64_t, std::uint64_t> ticks{std::stoull(range.substr(0, dash)), std::stoull(range.substr(dash + 1))};
  if (!view.waitFor([](const Status& s) { return s.at("clipButton") != "0.0,0.0"; })) return std::nullopt;
  const std::array<float, 5> button = parseScene(view.waitFor([](const Status&) { return true; })->at("clipButton") + ",0,0,0");
  view.press(button[0], button[1]);
  if (!view.waitFor([](const Status& s) { return s.at("saving") != "none"; })) return std::nullopt;
  return ticks;
}

TEST(Window, ASelectedRangeIsSavedAsAClipAndASheetWhileTheWindowKeepsAnswering) {
  // Shift+drag on the timeline selects ticks; "save as clip" writes them a few frames a window
  // frame, so keys still move the cursor, and the cursor is where the person left it; "save as
  // sheet" draws them a few cells a frame.
  retrace::testing::TempDir temp{"retrace_window_clip"};
  ViewerWindow view(std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr", temp.path(), true);
  ASSERT_TRUE(view.opened()) << view.report();
  // About ticks 720-864 of 3600: 73 frames, written within the wait under the sanitizers too.
  const auto range = startSavingSelectionAsClip(view);
  ASSERT_TRUE(range) << view.report();
  const auto [from, to] = *range;
  ASSERT_GT(to, from + 100);
  view.key("Right");  // answered while the clip is written
  const auto done = view.waitFor([](const Status& s) { return s.at("saving") == "none" && !s.at("picture").empty(); });
  ASSERT_TRUE(done);
  const std::string name = "clip-" + std::to_string(from) + "-" + std::to_string(to) + ".gif";
  EXPECT_EQ(done->at("picture").substr(0, 6 + name.size()), "wrote " + name) << done->at("picture");
  EXPECT_EQ(done->at("tick"), "1");
  const fs::path clip = temp.path() / name;
  ASSERT_TRUE(fs::is_regular_file(clip));
  EXPECT_FALSE(fs::exists(temp.path() / (name + ".partial")));
  std::ifstream in(clip, std::ios::binary);
  std::string magic(6, '\0');
  in.read(magic.data(), 6);
  EXPECT_EQ(magic, "GIF89a");
  const std::array<float, 5> sheetButton =
      parseScene(view.waitFor([](const Status&) { return true; })->at("sheetButton") + ",0,0,0");
  view.press(sheetButton[0], sheetButton[1]);
  const std::string sheet = "sheet-" + std::to_string(from) + "-" + std::to_string(to) + ".png";
  const auto drawn = view.waitFor(
      [&](const Status& s) { return s.at("saving") == "none" && s.at("picture").starts_with("wrote " + sheet + " ("); });
  ASSERT_TRUE(drawn);
  // Drawn between the window's own frames, it is the sheet --sheet draws of those ticks.
  const std::string every = std::to_string(chooseWindowSheetEvery(from, to));
  const auto cli = retrace::testing::runCommand(std::string(RETRACE_VIEW) + " " + RETRACE_REPLAYS_DIR +
                                                "/tank-bot-seed5.rtr --sheet " + (temp.path() / "cli.png").string() + " --from " +
                                                std::to_string(from) + " --to " + std::to_string(to) + " --every " + every);
  ASSERT_EQ(cli.exitCode, 0) << cli.output;
  sf::Image windows;
  sf::Image clis;
  ASSERT_TRUE(windows.loadFromFile((temp.path() / sheet).string()));
  ASSERT_TRUE(clis.loadFromFile((temp.path() / "cli.png").string()));
  ASSERT_EQ(windows.getSize(), clis.getSize());
  EXPECT_TRUE(std::equal(windows.getPixelsPtr(), windows.getPixelsPtr() + std::size_t{clis.getSize().x} * clis.getSize().y * 4,
                         clis.getPixelsPtr()));
  EXPECT_EQ(drawn->at("tick"), "1");
}

TEST(Window, ClosedByASignalWhileSavingAClipItLeavesNoUnfinishedFile) {
  // Ctrl+C in the terminal closes the window as Q does, so the clip under way goes with it
  // rather than staying as clip-FROM-TO.gif.partial; the process still ends by the signal.
  retrace::testing::TempDir temp{"retrace_window_clip_signal"};
  ViewerWindow view(std::string(RETRACE_REPLAYS_DIR) + "/dodge-discrete-tunneling.rtr", temp.path(), true);
  ASSERT_TRUE(view.opened()) << view.report();
  const auto range = startSavingSelectionAsClip(view);  // some 1,200 ticks of 30,000: seconds of frames
  ASSERT_TRUE(range) << view.report();
  const std::string name = "clip-" + std::to_string(range->first) + "-" + std::to_string(range->second) + ".gif";
  view.process().signal(SIGTERM);
  ASSERT_TRUE(view.process().waitEnd(std::chrono::seconds(10))) << view.report();
  EXPECT_EQ(view.process().describe(), "killed by signal " + std::to_string(SIGTERM));
  EXPECT_FALSE(fs::exists(temp.path() / (name + ".partial"))) << view.report();
}

TEST(Window, PlotsAFieldOverTheWholeReplayWhileItStaysResponsive) {
  // --plot steps the replay a slice a frame: the window answers keys meanwhile, and once every
  // tick is known the timeline has the plot's lane with its curve, in the plot colour.
  retrace::testing::TempDir temp{"retrace_window_plot"};
  ViewerWindow view(std::string(RETRACE_REPLAYS_DIR) + "/fallingman-bot-seed4.rtr --plot man.vy", temp.path());
  ASSERT_TRUE(view.opened()) << view.report();
  ASSERT_TRUE(view.waitFor([](const Status& s) { return s.at("plots") == "man.vy"; }));
  view.key("Right");
  ASSERT_TRUE(view.waitFor([](const Status& s) { return s.at("tick") == "1" && s.at("plotting") == "0"; }));
  const sf::Image frame = view.frame();
  std::size_t curve = 0;
  for (unsigned y = frame.getSize().y * 2 / 3; y < frame.getSize().y; ++y) {
    for (unsigned x = 0; x < frame.getSize().x - static_cast<unsigned>(kPanelWidth); ++x) {
      if (frame.getPixel(x, y) == plotColourA()) ++curve;
    }
  }
  EXPECT_GT(curve, 200U) << "the curve of man.vy over 3600 ticks";
}

TEST(Window, ComparesTwoReplaysAndJumpsToTheirFirstDifference) {
  retrace::testing::TempDir temp{"retrace_window_compare"};
  // B: A with the first button flipped at tick 300, so the two part there or later.
  const recorder::LoadedReplay a = loadCorpus("dodge-bot-seed3.rtr");
  const std::vector<sim::Input> edited = toggleButton(recorder::expandInputs(a), 300, 0);
  const std::string b = temp.file("b.rtr");
  ASSERT_FALSE(saveEdit(a, edited, "a", b).has_value());
  auto loadedB = recorder::loadReplayFile(b);
  ASSERT_TRUE(std::holds_alternative<recorder::LoadedReplay>(loadedB));
  const auto difference =
      findFirstStateDifference(Playback(a, false), Playback(std::get<recorder::LoadedReplay>(loadedB), false));
  ASSERT_TRUE(difference.has_value());
  ASSERT_GE(*difference, 300U);

  ViewerWindow view(std::string(RETRACE_REPLAYS_DIR) + "/dodge-bot-seed3.rtr --compare " + b, temp.path());
  ASSERT_TRUE(view.opened()) << view.report();
  ASSERT_TRUE(
      view.waitFor([&](const Status& s) { return s.at("compare") == "1" && s.at("difference") == std::to_string(*difference); }));
  view.key("d");
  ASSERT_TRUE(view.waitFor(
      [&](const Status& s) { return s.at("tick") == std::to_string(*difference) && s.at("bTick") == s.at("tick"); }));
  // The frame is A beside B with the panels: wider than it is high.
  const sf::Image frame = view.frame();
  EXPECT_GT(frame.getSize().x, frame.getSize().y);
}

TEST(Window, AnEditIsMadeInThePanelWhichStaysOpenForTheNext) {
  // "hold from the cursor" opens B, the edit, beside A; the panel's header then says so, and it
  // closed with its new label, under the person's pointer, until it kept one id.
  retrace::testing::TempDir temp{"retrace_window_edit"};
  ViewerWindow view(std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr", temp.path());
  ASSERT_TRUE(view.opened()) << view.report();
  ASSERT_TRUE(view.goTo(803));
  const auto header = view.waitFor([](const Status& s) { return s.at("editHeader") != "0.0,0.0"; });
  ASSERT_TRUE(header);
  const std::array<float, 5> place = parseScene(header->at("editHeader") + ",0,0,0");
  view.press(place[0], place[1]);
  const auto open = view.waitFor([](const Status& s) { return s.at("holdButton") != "0.0,0.0"; });
  ASSERT_TRUE(open) << "the panel opened";
  const std::array<float, 5> hold = parseScene(open->at("holdButton") + ",0,0,0");
  view.press(hold[0], hold[1]);
  const auto edited = view.waitFor([](const Status& s) { return s.at("editing") == "1" && s.at("compare") == "1"; });
  ASSERT_TRUE(edited) << "the edit opened as B";
  EXPECT_EQ(edited->at("difference"), "804");
  view.waitFrames(3);
  EXPECT_NE(view.readSettled("holdButton"), "0.0,0.0") << "the panel closed after the edit";
}

TEST(Window, OpensAtTheTickAndOnTheEntityABugReportNames) {
  // The README's --png of the grazing bullet, as a window to look around in: paused at the
  // tick, the tank selected by its place there and followed by its id, B beside A at the tick.
  retrace::testing::TempDir temp{"retrace_window_opening"};
  const std::string grazing = std::string(RETRACE_REPLAYS_DIR) + "/tank-discrete-grazing.rtr";
  {
    ViewerWindow view(grazing + " --tick 4050 --select 'tanks[1]' --compare " + grazing, temp.path());
    ASSERT_TRUE(view.opened()) << view.report();
    const auto opened = view.waitFor([](const Status& s) { return s.contains("scene"); });
    ASSERT_TRUE(opened);
    EXPECT_EQ(opened->at("tick"), "4050");
    EXPECT_EQ(opened->at("bTick"), "4050");
    EXPECT_EQ(opened->at("playing"), "0");
    EXPECT_EQ(opened->at("selected"), "tanks[id=228]");
    EXPECT_EQ(opened->at("selectedNow"), "tanks[1]");
  }
  // And with the overlays asked for (a window of its own, its status in a folder of its own).
  const fs::path other = temp.path() / "overlays";
  fs::create_directories(other);
  ViewerWindow named(grazing + " --overlays names,grid", other);
  ASSERT_TRUE(named.opened()) << named.report();
  const auto drawn = named.waitFor([](const Status& s) { return s.contains("overlays"); });
  ASSERT_TRUE(drawn);
  EXPECT_EQ(drawn->at("overlays"), "grid,names,panels");
}

TEST(Window, AFileWrittenOverWhileItIsOpenEndsItWithOneSentence) {
  // Longer than the chunks the first frame reads, so that going to the end reads the file again.
  retrace::testing::TempDir temp{"retrace_window_changed"};
  const std::string path = temp.file("long.rtr");
  const auto write = [&](std::uint64_t seed) {
    const std::vector<std::byte> bytes = recorder::testing::recordInMemory("dodge", 60000, seed, "default", 600, 1800);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);  // in place, as cp writes
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  };
  write(1);
  ViewerWindow view(path, temp.path());
  ASSERT_TRUE(view.opened()) << view.report();
  write(2);
  view.key("End");
  ASSERT_TRUE(view.ends()) << view.report();
  std::string sentences;
  std::istringstream lines(view.log());
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("retrace-view: ", 0) == 0) sentences += line + "\n";
  }
  EXPECT_EQ(sentences.rfind("retrace-view: " + path + " changed since it was opened: ", 0), 0U) << view.report();
  EXPECT_EQ(std::count(sentences.begin(), sentences.end(), '\n'), 1) << view.report();
}

/// A live-play window started in the background: the process, and its window once it shows.
class LiveWindow : public StatusReader {
 public:
  LiveWindow(const std::string& arguments, const fs::path& dir) : LiveWindow(arguments, nameWindow(dir)) {}
  ~LiveWindow() {
    process().signal(SIGTERM);
    (void)process().waitEnd(std::chrono::seconds(5));
  }
  LiveWindow(const LiveWindow&) = delete;
  LiveWindow& operator=(const LiveWindow&) = delete;

  [[nodiscard]] bool opened() const { return !window_.empty(); }
  using StatusReader::process;
  void send(const std::string& command) const { (void)retrace::testing::runCommand("xdotool " + command); }
  /// Escape saves and ends it; true when it has ended within 10 s.
  bool save() const {
    send("key --window " + window_ + " Escape");
    return process().waitEnd(std::chrono::seconds(10));
  }

 private:
  LiveWindow(const std::string& arguments, const std::string& name) : StatusReader(name + ".status", name + ".log") {
    window_ = findWindow(start(arguments), "retrace-view: playing");
    if (!window_.empty()) send("windowfocus --sync " + window_);
  }
  /// A status file and log of its own: those of a window before it are not replaced unasked.
  static std::string nameWindow(const fs::path& dir) {
    static int windows = 0;
    return (dir / ("live" + std::to_string(++windows))).string();
  }

  std::string window_;
};

TEST(Window, TakingOverAReplayPlaysItsInputsToTheTickThenTheKeyboards) {
  retrace::testing::TempDir temp{"retrace_window_take_over"};
  const std::string original = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  const recorder::LoadedReplay replay = loadCorpus("tank-bot-seed5.rtr");
  const std::vector<sim::Input> inputs = recorder::expandInputs(replay);
  constexpr std::uint64_t kTick = 819;
  // It opens paused on the tick, and stays there: saved, it holds the replay's first ticks and no more.
  {
    LiveWindow live(original + " --take-over " + std::to_string(kTick) + " -o " + temp.file("paused.rtr"), temp.path());
    ASSERT_TRUE(live.opened()) << live.report();
    ASSERT_TRUE(live.waitFor([&](const Status& s) { return s.contains("tick") && s.at("tick") == std::to_string(kTick); }));
    ASSERT_TRUE(live.waitFrames(10));
    const auto still = live.waitFor([](const Status&) { return true; });
    ASSERT_TRUE(still);
    EXPECT_EQ(still->at("tick"), std::to_string(kTick));
    EXPECT_EQ(still->at("playing"), "0");
    EXPECT_EQ(still->at("notice"), "");
    ASSERT_TRUE(live.save()) << live.report();
    EXPECT_NE(live.log().find("saved " + std::to_string(kTick) + " ticks to "), std::string::npos) << live.report();
    EXPECT_EQ(live.log().find("otherwise"), std::string::npos) << live.report();
  }
  const auto load = [](const std::string& file) {
    auto loaded = recorder::loadReplayFile(file);
    EXPECT_TRUE(std::holds_alternative<recorder::LoadedReplay>(loaded)) << file;
    return std::holds_alternative<recorder::LoadedReplay>(loaded) ? std::get<recorder::LoadedReplay>(loaded)
                                                                  : recorder::LoadedReplay{};
  };
  const recorder::LoadedReplay paused = load(temp.file("paused.rtr"));
  EXPECT_EQ(recorder::expandInputs(paused), std::vector<sim::Input>(inputs.begin(), inputs.begin() + kTick));
  EXPECT_EQ(paused.header.configValues, replay.header.configValues);
  EXPECT_EQ(paused.header.seed, replay.header.seed);
  EXPECT_EQ(paused.header.inputSource, "replay " + original + " to tick 819, then live");
  // F2 plays on with the keyboard: left held after the tick, and the recording verifies.
  LiveWindow live(original + " --take-over " + std::to_string(kTick) + " -o " + temp.file("played.rtr"), temp.path());
  ASSERT_TRUE(live.opened()) << live.report();
  live.send("key F2");
  live.send("keydown Left");
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  live.send("keyup Left");
  ASSERT_TRUE(live.save()) << live.report();
  const recorder::LoadedReplay played = load(temp.file("played.rtr"));
  const std::vector<sim::Input> after = recorder::expandInputs(played);
  ASSERT_GT(after.size(), kTick);
  EXPECT_TRUE(std::equal(inputs.begin(), inputs.begin() + kTick, after.begin()));
  const std::size_t left = 3;  // tank's buttons: up, right, down, left, fire
  ASSERT_STREQ(sim::findGame("tank")->inputNames()[left], "left");
  EXPECT_TRUE(std::any_of(after.begin() + kTick, after.end(), [&](sim::Input in) { return (in >> left) & 1U; }));
  EXPECT_TRUE(recorder::verifyReplay(played).passed());
}

TEST(Window, LivePlayPlaysAConfigurationPastASpeedLimitWhenAllowed) {
  retrace::testing::TempDir temp{"retrace_window_limit"};
  const std::string out = temp.file("window4.rtr");
  LiveWindow live("--play fallingman --set landingWindow=4 --allow-limit-breaks -o " + out, temp.path());
  ASSERT_TRUE(live.opened()) << live.report();
  // Live play opens playing: ticks pass.
  ASSERT_TRUE(live.waitFor([](const Status& s) { return s.contains("tick") && s.at("tick") != "0"; }));
  EXPECT_EQ(live.waitFor([](const Status&) { return true; })->at("playing"), "1");
  ASSERT_TRUE(live.save()) << live.report();
  auto loaded = recorder::loadReplayFile(out);
  ASSERT_TRUE(std::holds_alternative<recorder::LoadedReplay>(loaded)) << live.report();
  const recorder::ReplayHeader& header = std::get<recorder::LoadedReplay>(loaded).header;
  EXPECT_EQ(header.configName, "default+landingWindow=4");
  EXPECT_TRUE(header.limitBreaksAllowed);
}

TEST(Window, LivePlayStoppedByASignalIsSavedWholeAsClosingTheWindowSavesIt) {
  // Ctrl+C in the terminal (or kill): the play is saved with every tick, as the close button
  // saves it, and the process still ends by the signal. Killed outright, it left OUT.partial
  // without its last chunk.
  retrace::testing::TempDir temp{"retrace_window_live_signal"};
  const std::string out = temp.file("played.rtr");
  LiveWindow live("--play dodge -o " + out, temp.path());
  ASSERT_TRUE(live.opened()) << live.report();
  ASSERT_TRUE(live.waitFor([](const Status& s) { return s.contains("tick") && std::stoull(s.at("tick")) > 30; }));
  live.process().signal(SIGTERM);
  ASSERT_TRUE(live.process().waitEnd(std::chrono::seconds(10))) << live.report();
  EXPECT_EQ(live.process().describe(), "killed by signal " + std::to_string(SIGTERM)) << live.report();
  EXPECT_FALSE(fs::exists(out + ".partial"));
  auto loaded = recorder::loadReplayFile(out);
  ASSERT_TRUE(std::holds_alternative<recorder::LoadedReplay>(loaded)) << live.report();
  const recorder::LoadedReplay& played = std::get<recorder::LoadedReplay>(loaded);
  EXPECT_TRUE(played.footer.has_value()) << "saved whole, not cut short";
  EXPECT_GT(recorder::expandInputs(played).size(), 30U);
  EXPECT_TRUE(recorder::verifyReplay(played).passed());
  EXPECT_NE(live.log().find("saved "), std::string::npos) << live.report();
}

TEST(Window, LivePlaysLinesKeepTheTickInsideTheWindowWhateverTheOutputsPath) {
  retrace::testing::TempDir temp{"retrace_window_live_hud"};
  const std::string out = temp.file(std::string(160, 'n') + ".rtr");
  LiveWindow live("--play dodge -o " + out, temp.path());
  ASSERT_TRUE(live.opened()) << live.report();
  ASSERT_TRUE(live.waitFor([](const Status& s) { return s.contains("tick") && s.at("tick") != "0"; }));
  ASSERT_TRUE(live.waitFrames(2));
  const sf::Image frame = live.frame();
  // The lines under the scene, and the window's last columns beside them: no text runs there.
  const sf::Vector2u size = frame.getSize();
  std::size_t lit = 0;
  for (unsigned y = size.y * 3 / 4; y < size.y; ++y) {
    for (unsigned x = size.x - 6; x < size.x; ++x) {
      const sf::Color c = frame.getPixel(x, y);
      if (c.r + c.g + c.b > 300) ++lit;
    }
  }
  EXPECT_EQ(lit, 0U);
  ASSERT_TRUE(live.save()) << live.report();
}

TEST(Window, TakingOverAtTickZeroOpensPausedAndClosingThereSavesNothing) {
  retrace::testing::TempDir temp{"retrace_window_take_over_zero"};
  const std::string original = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  // A file -o names with --force is replaced only by a replay: closed before the first tick, the
  // window played none (it opened paused), and the file stays as it was.
  const std::string mine = temp.file("mine.rtr");
  std::ofstream(mine) << "mine";
  LiveWindow live(original + " --take-over 0 --force -o " + mine, temp.path());
  ASSERT_TRUE(live.opened()) << live.report();
  ASSERT_TRUE(live.waitFor([](const Status& s) { return s.contains("playing") && s.at("playing") == "0"; }));
  ASSERT_TRUE(live.waitFrames(10));
  EXPECT_EQ(live.waitFor([](const Status&) { return true; })->at("tick"), "0");
  ASSERT_TRUE(live.save()) << live.report();
  EXPECT_NE(live.log().find("closed before the first tick: nothing saved (" + mine + " not written)\n"), std::string::npos)
      << live.report();
  std::ifstream in(mine);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()), "mine");
  EXPECT_FALSE(fs::exists(mine + ".partial"));
}

TEST(Window, TakingOverAReplayThisBuildPlaysOtherwiseSaysWhereItParts) {
  retrace::testing::TempDir temp{"retrace_window_take_over_parted"};
  const std::string parted = temp.file("parted.rtr");
  const std::vector<std::byte> bytes = recorder::encodeReplay(retrace::testing::alterCorpusInput("tank-bot-seed5.rtr", 301));
  std::ofstream(parted, std::ios::binary) << std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const recorder::VerifyReport report = recorder::verifyReplay(recorder::testing::loadOrFail(bytes));
  ASSERT_TRUE(report.divergence.has_value());
  const std::string warning =
      "retrace-view: warning: this build plays " + parted + " otherwise from tick " + std::to_string(report.divergence->tick);
  {
    LiveWindow live(parted + " --take-over 819 -o " + temp.file("mine.rtr"), temp.path());
    ASSERT_TRUE(live.opened()) << live.report();
    // Said over the scene too, as the status gives it.
    const auto status = live.waitFor([](const Status& s) { return s.contains("notice"); });
    ASSERT_TRUE(status);
    EXPECT_TRUE(("retrace-view: " + status->at("notice")).starts_with(warning + ": ")) << status->at("notice");
    ASSERT_TRUE(live.save()) << live.report();
    EXPECT_NE(live.log().find(warning + ": "), std::string::npos) << live.report();
    EXPECT_NE(live.log().find("saved 819 ticks to "), std::string::npos) << live.report();
  }
  // Taken over before it parts, the state is the recording's: nothing to say.
  LiveWindow early(parted + " --take-over " + std::to_string(report.divergence->tick - 1) + " -o " + temp.file("early.rtr"),
                   temp.path());
  ASSERT_TRUE(early.opened()) << early.report();
  ASSERT_TRUE(early.save()) << early.report();
  EXPECT_EQ(early.log().find("otherwise"), std::string::npos) << early.report();
}

TEST(Window, LTakesTheReplayOverAtTheCursorIntoTheFileONames) {
  retrace::testing::TempDir temp{"retrace_window_l"};
  const std::string original = std::string(RETRACE_REPLAYS_DIR) + "/tank-bot-seed5.rtr";
  const std::vector<sim::Input> inputs = recorder::expandInputs(loadCorpus("tank-bot-seed5.rtr"));
  const std::string mine = temp.file("mine.rtr");
  {
    ViewerWindow view(original + " -o " + mine, temp.path());
    ASSERT_TRUE(view.opened()) << view.report();
    ASSERT_TRUE(view.waitFor([](const Status& s) { return s.at("tick") == "0"; }));
    ASSERT_TRUE(view.goTo(819));
    view.key("l");
    // The debugger gives way to live play, paused on the tick; Escape saves what it holds.
    const std::string live = findWindow(view.process(), "retrace-view: playing");
    ASSERT_FALSE(live.empty()) << view.report();
    view.send("key --window " + live + " Escape");
    ASSERT_TRUE(view.ends()) << view.report();
    EXPECT_NE(view.log().find("saved 819 ticks to " + mine), std::string::npos) << view.report();
  }
  auto loaded = recorder::loadReplayFile(mine);
  ASSERT_TRUE(std::holds_alternative<recorder::LoadedReplay>(loaded));
  const recorder::LoadedReplay& taken = std::get<recorder::LoadedReplay>(loaded);
  EXPECT_EQ(recorder::expandInputs(taken), std::vector<sim::Input>(inputs.begin(), inputs.begin() + 819));
  EXPECT_EQ(taken.header.inputSource, "replay " + original + " to tick 819, then live");
  // The file is there now: a second window is refused before it opens, the file kept.
  const auto again = retrace::testing::runCommand(std::string(RETRACE_VIEW) + " " + original + " -o " + mine);
  EXPECT_EQ(again.exitCode, 2) << again.output;
  EXPECT_NE(again.output.find("exists"), std::string::npos) << again.output;
  EXPECT_TRUE(fs::exists(mine));
}

}  // namespace
}  // namespace retrace::viewer
