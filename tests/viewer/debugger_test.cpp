// The debugger's facts without a display: the inspector's rows, the event list and its jumps,
// marks and bookmarks, typed ticks, the timeline's bins and zoom, picking an entity in the
// scene, and where two replays' games first differ. Each is checked against a direct
// simulation or the recording, for every game.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/grid_cells.h"
#include "recorder/replay.h"
#include "recorder/state_fields.h"
#include "recorder/verifier.h"
#include "sim/field_ids.h"
#include "sim/game.h"
#include "support/corpus.h"
#include "support/temp_dir.h"
#include "viewer/controls.h"
#include "viewer/debugger.h"
#include "viewer/edit.h"
#include "viewer/inspector.h"
#include "viewer/navigation.h"
#include "viewer/playback.h"
#include "viewer/scene.h"
#include "viewer/timeline.h"

namespace retrace::viewer {
namespace {

using retrace::testing::loadCorpus;

const char* const kOnePerGame[] = {"dodge-bot-seed3.rtr", "tank-bot-seed5.rtr", "fallingman-bot-seed4.rtr"};

TEST(Inspector, RowsAreTheStateAtTheCursorAndMarkWhatChanged) {
  for (const char* name : kOnePerGame) {
    SCOPED_TRACE(name);
    Playback playback(loadCorpus(name), false);
    playback.seek(200);
    const std::vector<sim::Field> fields = playback.current().describeState();
    const std::vector<sim::Field> before = playback.previous().describeState();
    const std::vector<FieldRow> rows = inspectFields(playback.current(), playback.previous());
    ASSERT_EQ(rows.size(), fields.size());
    std::size_t changed = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      EXPECT_EQ(rows[i].name, fields[i].name);
      EXPECT_EQ(rows[i].value, sim::formatField(fields[i]));
      const auto was = std::find_if(before.begin(), before.end(), [&](const sim::Field& f) { return f.name == fields[i].name; });
      EXPECT_EQ(rows[i].changed, was == before.end() || was->value != fields[i].value) << rows[i].name;
      changed += rows[i].changed ? 1U : 0U;
    }
    EXPECT_GE(changed, 1U);  // the tick itself moves
    playback.seek(0);
    for (const FieldRow& row : inspectFields(playback.current(), playback.previous())) EXPECT_FALSE(row.changed) << row.name;
  }
}

TEST(Inspector, OnlyChangedListsTheFieldsTheTickChangedWithinTheSelectionAndFilter) {
  Playback playback(loadCorpus("tank-bot-seed5.rtr"), false);
  const auto listed = [&](const RowChoice& choice) {
    std::vector<std::string> names;
    for (const FieldRow& row : inspectFields(playback.current(), playback.previous())) {
      if (isRowListed(row, choice)) names.push_back(row.name);
    }
    return names;
  };
  playback.seek(169);  // bullet 7 takes the brick at row 5, column 5
  const std::vector<std::string> changed = listed({{}, {}, true});
  EXPECT_NE(std::find(changed.begin(), changed.end(), "tiles[5][5]"), changed.end());
  EXPECT_EQ(std::count_if(changed.begin(), changed.end(), [](const std::string& n) { return n.starts_with("tiles["); }), 1);
  EXPECT_LT(changed.size(), listed({}).size() / 2);
  EXPECT_EQ(listed({"tiles[5][5]", {}, true}), std::vector<std::string>{"tiles[5][5]"});
  EXPECT_EQ(listed({{}, "tiles", true}), std::vector<std::string>{"tiles[5][5]"});
  EXPECT_EQ(listed({"tiles[5][5]", {}, false}), std::vector<std::string>{"tiles[5][5]"});
  playback.seek(170);
  EXPECT_TRUE(listed({"tiles[5][5]", {}, true}).empty());
  EXPECT_EQ(listed({"tiles[5][5]", {}, false}), std::vector<std::string>{"tiles[5][5]"});
}

TEST(Inspector, AFieldGoneThisTickIsListedAsGoneUnderOnlyChangedAndForItsSelection) {
  Playback playback(loadCorpus("tank-bot-seed5.rtr"), false);
  playback.seek(169);  // bullet 7, the only one, takes the brick at row 5, column 5
  std::vector<FieldRow> gone;
  const std::vector<FieldRow> rows = inspectFields(playback.current(), playback.previous(), &gone);
  const auto names = [](const std::vector<const FieldRow*>& listed) {
    std::vector<std::string> out;
    for (const FieldRow* row : listed) out.push_back(row->name + " " + row->value);
    return out;
  };
  const std::vector<std::string> changed = names(listRows(rows, gone, {{}, {}, true}));
  EXPECT_NE(std::find(changed.begin(), changed.end(), "bullets[0].id gone (was 7)"), changed.end());
  EXPECT_NE(std::find(changed.begin(), changed.end(), "tiles[5][5] empty"), changed.end());
  EXPECT_TRUE(names(listRows(rows, gone, {{}, "bullets[0]", false})).empty()) << "gone fields only under only changed";
  // The debugger with bullet 7 selected before: at 169 its fields as they were, gone.
  playback.seek(0);
  Debugger debugger(playback, nullptr, "tank-bot-seed5.rtr", "", {});
  debugger.seek(167);
  debugger.select(std::string("bullets[0]"));
  ASSERT_EQ(debugger.selected(), "bullets[id=7]");
  EXPECT_EQ(names(debugger.listInspectorRows()).front(), "bullets[0].id 7");
  debugger.seek(169);
  const std::vector<std::string> was = names(debugger.listInspectorRows());
  ASSERT_FALSE(was.empty());
  EXPECT_EQ(was.front(), "bullets[0].id gone (was 7)");
  for (const std::string& row : was)
    EXPECT_TRUE(row.starts_with("bullets[0].") && row.find(" gone (was ") != std::string::npos) << row;
  for (const FieldRow* row : debugger.listInspectorRows()) EXPECT_TRUE(row->gone) << row->name << ": never outlined or plotted";
  debugger.showOnlyChanged(true);
  EXPECT_EQ(names(debugger.listInspectorRows()), was);
  debugger.seek(170);  // not there the tick before either
  EXPECT_TRUE(debugger.listInspectorRows().empty());
}

TEST(Inspector, EnumerationsPrintByNameAndFixedPointAsDecimals) {
  Playback playback(loadCorpus("tank-bot-seed5.rtr"), false);
  playback.seek(300);
  const std::vector<FieldRow> rows = inspectFields(playback.current(), playback.previous());
  const auto facing = std::find_if(rows.begin(), rows.end(), [](const FieldRow& r) { return r.name == "tanks[0].facing"; });
  ASSERT_NE(facing, rows.end());
  EXPECT_TRUE(facing->value == "up" || facing->value == "down" || facing->value == "left" || facing->value == "right")
      << facing->value;
  Playback man(loadCorpus("fallingman-bot-seed4.rtr"), false);
  man.seek(200);
  const std::vector<FieldRow> manRows = inspectFields(man.current(), man.previous());
  const auto vy = std::find_if(manRows.begin(), manRows.end(), [](const FieldRow& r) { return r.name == "man.vy"; });
  ASSERT_NE(vy, manRows.end());
  EXPECT_EQ(vy->value.find("0x"), std::string::npos) << vy->value;
}

TEST(Inspector, AGridsCellsAreRowsOfTheirOwnThatTheInspectorDrawsAsTheGrid) {
  // Tick 169 of this replay shoots away the brick at row 5, column 5 (brickDestroyed's event).
  Playback playback(loadCorpus("tank-bot-seed5.rtr"), false);
  playback.seek(169);
  const std::vector<FieldRow> rows = inspectFields(playback.current(), playback.previous());
  const auto first = std::find_if(rows.begin(), rows.end(), [](const FieldRow& r) { return r.gridColumns != 0; });
  ASSERT_NE(first, rows.end());
  EXPECT_EQ(first->name, "tiles[0][0]");
  EXPECT_EQ(recorder::countGridCells(std::span<const FieldRow>(rows).subspan(static_cast<std::size_t>(first - rows.begin()))),
            169U);
  std::vector<std::string> changed;
  for (auto row = first; row != first + 169; ++row) {
    if (row->changed) changed.push_back(row->name + " = " + row->value);
  }
  EXPECT_EQ(changed, std::vector<std::string>{"tiles[5][5] = empty"});
  const std::span<const FieldRow> grid(&*first, 169);
  EXPECT_EQ(titleGrid("tiles", grid), "tiles (13 x 13), 1 changed *") << "a closed grid says a cell changed";
  playback.seek(170);
  const std::vector<FieldRow> next = inspectFields(playback.current(), playback.previous());
  const auto nextFirst = std::find_if(next.begin(), next.end(), [](const FieldRow& r) { return r.gridColumns != 0; });
  EXPECT_EQ(titleGrid("tiles", std::span<const FieldRow>(&*nextFirst, 169)), "tiles (13 x 13)");
  const auto base = std::find_if(rows.begin(), rows.end(), [](const FieldRow& r) { return r.name == "tiles[12][6]"; });
  ASSERT_NE(base, rows.end());
  EXPECT_EQ(base->value, "base");
  EXPECT_EQ(recorder::nameGridCell(base->raw), '9');
}

TEST(Inspector, AnElementGoneBeforeAnotherIsTheOneListedGoneAndTheOtherKeepsItsValues) {
  // When a list loses an element that is not its last, the next one moves up: compared by index,
  // it looked changed in id and everything else, and the last place looked gone with its values.
  // Compared by id, as show --changed compares them, the element that went is gone.
  for (const char* name : {"tank-bot-seed5.rtr", "tank-bot-seed1.rtr", "tank-crowd-bot-seed21.rtr"}) {
    Playback playback(loadCorpus(name), false);
    const auto idsOf = [](const sim::GameSession& game) {
      std::vector<std::int64_t> ids;
      for (const sim::Field& f : game.describeState()) {
        if (f.name.starts_with("bullets[") && f.name.ends_with("].id")) ids.push_back(f.value);
      }
      return ids;
    };
    for (std::uint64_t tick = 1; tick <= playback.lastTick(); ++tick) {
      playback.seek(tick);
      const std::vector<std::int64_t> was = idsOf(playback.previous());
      const std::vector<std::int64_t> now = idsOf(playback.current());
      // The first bullet gone that had another after it, which stays.
      std::optional<std::size_t> shifted;
      for (std::size_t i = 0; i + 1 < was.size() && !shifted; ++i) {
        const bool gone = std::find(now.begin(), now.end(), was[i]) == now.end();
        if (gone && std::find(now.begin(), now.end(), was.back()) != now.end()) shifted = i;
      }
      if (!shifted) continue;
      std::vector<FieldRow> gone;
      const std::vector<FieldRow> rows = inspectFields(playback.current(), playback.previous(), &gone);
      const std::string element = "bullets[" + std::to_string(*shifted) + "]";
      const auto goneId = std::find_if(gone.begin(), gone.end(), [&](const FieldRow& r) { return r.name == element + ".id"; });
      ASSERT_NE(goneId, gone.end()) << name << " tick " << tick << ": " << element << " is not listed gone";
      EXPECT_EQ(goneId->value, "gone (was " + std::to_string(was[*shifted]) + ")");
      // The last bullet, now one place up, changed no id.
      const std::size_t stays = static_cast<std::size_t>(std::find(now.begin(), now.end(), was.back()) - now.begin());
      const auto stayId = std::find_if(rows.begin(), rows.end(),
                                       [&](const FieldRow& r) { return r.name == "bullets[" + std::to_string(stays) + "].id"; });
      ASSERT_NE(stayId, rows.end());
      EXPECT_FALSE(stayId->changed) << name << " tick " << tick << ": a bullet that moved up is not another";
      return;
    }
  }
  FAIL() << "no replay has a bullet gone before another";
}

TEST(Inspector, ComparedRowsMarkExactlyTheFieldsThatDiffer) {
  Playback a(loadCorpus("tank-bot-seed5.rtr"), false);
  Playback b(loadCorpus("tank-bot-seed1.rtr"), false);
  a.seek(120);
  b.seek(120);
  const std::vector<ComparedRow> rows = compareFields(a.current(), b.current());
  const std::vector<sim::Field> fieldsB = b.current().describeState();
  std::size_t differing = 0;
  for (const ComparedRow& row : rows) {
    const auto inB = std::find_if(fieldsB.begin(), fieldsB.end(), [&](const sim::Field& f) { return f.name == row.name; });
    if (inB == fieldsB.end()) {
      EXPECT_TRUE(row.b.empty() && row.differs) << row.name;
    } else {
      EXPECT_EQ(row.b, sim::formatField(*inB)) << row.name;
      if (!row.a.empty()) {
        EXPECT_EQ(row.differs, row.a != row.b) << row.name;
      }
    }
    differing += row.differs ? 1U : 0U;
  }
  EXPECT_GT(differing, 0U);
  for (const ComparedRow& row : compareFields(a.current(), a.current())) EXPECT_FALSE(row.differs) << row.name;
}

TEST(Inspector, ComparedRowsKeepEachSidesOrderWithWhatOnlyBHasAmongThem) {
  // A tick where B holds fields A has not (another tank, a bullet): they sit beside their kin.
  Playback a(loadCorpus("tank-bot-seed5.rtr"), false);
  Playback b(loadCorpus("tank-bot-seed1.rtr"), false);
  std::size_t onlyB = 0;
  for (std::uint64_t tick = 60; tick <= 3600 && onlyB == 0; tick += 60) {
    a.seek(tick);
    b.seek(tick);
    const std::vector<ComparedRow> rows = compareFields(a.current(), b.current());
    std::vector<std::string> namesA;
    std::vector<std::string> namesB;
    for (const ComparedRow& row : rows) {
      if (!row.a.empty()) namesA.push_back(row.name);
      if (!row.b.empty()) namesB.push_back(row.name);
      onlyB += row.a.empty() ? 1U : 0U;
    }
    const auto names = [](const sim::GameSession& game) {
      std::vector<std::string> out;
      for (const sim::Field& f : game.describeState()) out.push_back(f.name);
      return out;
    };
    EXPECT_EQ(namesA, names(a.current())) << "tick " << tick;
    EXPECT_EQ(namesB, names(b.current())) << "tick " << tick;
    // A list's rows stay together: no list's size comes after another list has begun.
    for (std::size_t r = 1; r < rows.size(); ++r) {
      if (!rows[r].name.ends_with(".size")) continue;
      const std::string list = rows[r].name.substr(0, rows[r].name.size() - 5);
      for (std::size_t q = 0; q < r; ++q) EXPECT_FALSE(rows[q].name.starts_with(list + "[")) << rows[q].name << " tick " << tick;
    }
  }
  EXPECT_GT(onlyB, 0U) << "some tick has B holding a field A has not";
}

TEST(Inspector, ThePanelsWidenOnAWideScreenAndNeverTakeMoreThanHalf) {
  EXPECT_EQ(fitPanelWidth(1380.0F), kPanelWidth);  // the window a 960-pixel scene opens
  EXPECT_EQ(fitPanelWidth(800.0F), 400.0F);
  EXPECT_FLOAT_EQ(fitPanelWidth(1900.0F), 570.0F);
  EXPECT_EQ(fitPanelWidth(3840.0F), 2 * kPanelWidth);
}

TEST(Inspector, TheTreeWalkOpensNodesInOrderAndDrawsOnlyUnderOpenOnes) {
  std::vector<FieldRow> rows;
  for (const char* name : {"tick", "tiles[0][0]", "tiles[0][1]", "tiles[1][0]", "tiles[1][1]", "tanks.size", "tanks[0].hp",
                           "tanks[0].id", "tanks[1].hp", "clock.round"}) {
    rows.push_back(FieldRow{name, "0"});
    if (rows.back().name.starts_with("tiles")) rows.back().gridColumns = 2;  // a grid two cells wide
  }
  const auto walk = [&](const std::set<std::string>& closed) {
    std::string seen;
    walkFieldTree(
        std::span<const FieldRow>(rows),
        [&](const std::string& path, std::string_view part, std::size_t r) {
          seen += "open " + path + " (" + std::string(part) + ", row " + std::to_string(r) + ")\n";
          return !closed.contains(path);
        },
        [&] { seen += "close\n"; },
        [&](std::string_view label, std::span<const FieldRow> cells) {
          seen += "grid " + std::string(label) + " of " + std::to_string(cells.size()) + "\n";
        },
        [&](std::string_view label, const FieldRow& row) { seen += "leaf " + std::string(label) + " = " + row.name + "\n"; });
    return seen;
  };
  EXPECT_EQ(walk({}),
            "leaf tick = tick\ngrid tiles of 4\nopen tanks (tanks, row 5)\nleaf size = tanks.size\nopen tanks[0] ([0], row 6)\n"
            "leaf hp = tanks[0].hp\nleaf id = tanks[0].id\nclose\nopen tanks[1] ([1], row 8)\nleaf hp = tanks[1].hp\nclose\n"
            "close\nopen clock (clock, row 9)\nleaf round = clock.round\nclose\n");
  // A closed node hides what lies under it, nodes included, and is never closed again.
  EXPECT_EQ(walk({"tanks"}),
            "leaf tick = tick\ngrid tiles of 4\nopen tanks (tanks, row 5)\nopen clock (clock, row 9)\nleaf round = clock.round\n"
            "close\n");
  EXPECT_EQ(walk({"tanks[0]"}),
            "leaf tick = tick\ngrid tiles of 4\nopen tanks (tanks, row 5)\nleaf size = tanks.size\nopen tanks[0] ([0], row 6)\n"
            "open tanks[1] ([1], row 8)\nleaf hp = tanks[1].hp\nclose\nclose\nopen clock (clock, row 9)\n"
            "leaf round = clock.round\nclose\n");
}

TEST(Inspector, ACompareNodeSaysBothLengthsBothIdsAndHowManyDiffer) {
  const auto row = [](std::string name, std::string a, std::string b) { return ComparedRow{std::move(name), a, b, a != b}; };
  const std::vector<ComparedRow> rows = {row("tanks.size", "1", "2"), row("tanks[0].hp", "3", "3"), row("tanks[0].id", "0", "0"),
                                         row("tanks[1].hp", "", "2"), row("tanks[1].id", "", "7"),  row("bullets.size", "0", "0"),
                                         row("clock.tick", "5", "5")};
  EXPECT_EQ(titleComparedNode("tanks", "tanks", rows), "tanks (1 | 2), 3 differ###tanks");
  EXPECT_EQ(titleComparedNode("tanks[0]", "[0]", std::span(rows).subspan(1)), "[0] id 0###[0]");
  EXPECT_EQ(titleComparedNode("tanks[1]", "[1]", std::span(rows).subspan(3)), "[1] id - | 7, 2 differ###[1]");
  EXPECT_EQ(titleComparedNode("bullets", "bullets", std::span(rows).subspan(5)), "bullets (0)###bullets");
  EXPECT_EQ(titleComparedNode("clock", "clock", std::span(rows).subspan(6)), "clock###clock");
  EXPECT_EQ(countDifferingInside("tanks", rows), 3U);
  EXPECT_EQ(countDifferingInside("bullets", std::span(rows).subspan(5)), 0U);
  std::vector<ComparedRow> grid;
  for (int cell = 0; cell < 6; ++cell) {
    grid.push_back(
        row("tiles[" + std::to_string(cell / 3) + "][" + std::to_string(cell % 3) + "]", "empty", cell == 4 ? "brick" : "empty"));
    grid.back().gridColumns = 3;
  }
  EXPECT_EQ(titleComparedGrid("tiles", grid), "tiles (2 x 3), 1 differ");
  EXPECT_EQ(titleComparedGrid("tiles", std::span(grid).first(3)), "tiles (1 x 3)");
}

TEST(Inspector, FieldsBelongToTheLongestEntityThatHoldsThem) {
  const std::vector<std::string> entities = {"tanks[1]", "tanks[10]", "man", "bullets[0]"};
  EXPECT_EQ(findFieldEntity("tanks[1].centre.x", entities), "tanks[1]");
  EXPECT_EQ(findFieldEntity("tanks[10].hp", entities), "tanks[10]");
  EXPECT_EQ(findFieldEntity("man", entities), "man");
  EXPECT_FALSE(findFieldEntity("manSize", entities).has_value());  // a prefix of the text, not of the path
  EXPECT_FALSE(findFieldEntity("tick", entities).has_value());
  EXPECT_TRUE(sim::isInsideEntity("bullets[0].x", "bullets[0]"));
  EXPECT_FALSE(sim::isInsideEntity("bullets[01].x", "bullets[0]"));
  EXPECT_TRUE(matchesFilter("tanks[1].centre.X", "CENTRE.x"));
  EXPECT_FALSE(matchesFilter("tanks[1].hp", "vy"));
  EXPECT_TRUE(matchesFilter("anything", ""));
}

TEST(Inspector, AListsElementsSitUnderTheListInTheTreeAndAGridStaysWhole) {
  using Parts = std::vector<std::string_view>;
  EXPECT_EQ(splitFieldName("tanks[1].centre.x"), (Parts{"tanks", "[1]", "centre", "x"}));
  EXPECT_EQ(splitFieldName("tanks.size"), (Parts{"tanks", "size"}));
  EXPECT_EQ(splitFieldName("values[3]"), (Parts{"values", "[3]"}));
  EXPECT_EQ(splitFieldName("rooms[2].cells[4][5]"), (Parts{"rooms", "[2]", "cells", "[4]", "[5]"}));
  EXPECT_EQ(splitFieldName("tiles[4][5]", true), (Parts{"tiles[4][5]"}));
  EXPECT_EQ(splitFieldName("rooms[2].tiles[4][5]", true), (Parts{"rooms", "[2]", "tiles[4][5]"}));
  EXPECT_EQ(splitFieldName("tick"), (Parts{"tick"}));
  for (const std::string_view name : {"tanks[1].centre.x", "tanks.size", "rooms[2].cells[4][5]", "tick"}) {
    const Parts parts = splitFieldName(name);
    EXPECT_EQ(joinFieldName(parts), name);
  }
  EXPECT_EQ(joinFieldName(Parts{"tanks", "[1]"}), "tanks[1]");
  EXPECT_EQ(joinFieldName(Parts{"tanks", "[1]", "centre"}), "tanks[1].centre");
}

TEST(Inspector, AListsNodeSaysItsLengthAndAnElementsItsId) {
  const auto row = [](std::string name, std::string value) { return FieldRow{std::move(name), std::move(value)}; };
  const std::vector<FieldRow> rows = {row("tanks.size", "2"),  row("tanks[0].hp", "3"),   row("tanks[0].id", "0"),
                                      row("tanks[1].hp", "1"), row("tanks[10].id", "16"), row("bullets.size", "0"),
                                      row("walls[0].x", "5")};
  EXPECT_EQ(titleTreeNode("tanks", "tanks", rows), "tanks (2)###tanks");
  EXPECT_EQ(titleTreeNode("tanks[0]", "[0]", std::span(rows).subspan(1)), "[0] id 0###[0]");
  // An element without an id of its own does not take the next element's.
  EXPECT_EQ(titleTreeNode("tanks[1]", "[1]", std::span(rows).subspan(3)), "[1]###[1]");
  EXPECT_EQ(titleTreeNode("bullets", "bullets", std::span(rows).subspan(5)), "bullets (0)###bullets");
  EXPECT_EQ(titleTreeNode("walls[0]", "[0]", std::span(rows).subspan(6)), "[0]###[0]");
  EXPECT_EQ(titleTreeNode("clock", "clock", std::span(rows).subspan(7)), "clock###clock");
}

TEST(Marks, NextAndPreviousVisitTunnelsDivergenceAndBookmarks) {
  Playback playback(loadCorpus("dodge-discrete-tunneling.rtr"), true);
  const std::vector<std::uint64_t> tunnels = playback.tunnelTicks();
  ASSERT_GE(tunnels.size(), 1U);
  Overlays overlays;
  Bookmarks bookmarks;
  JumpTargets targets;
  targets.bookmarks = &bookmarks;
  playback.seek(5);
  ASSERT_TRUE(applyCommand(Command::kToggleBookmark, playback, overlays, targets));
  EXPECT_TRUE(bookmarks.contains(5));
  playback.seek(0);
  EXPECT_TRUE(applyCommand(Command::kNextMark, playback, overlays, targets));
  EXPECT_EQ(playback.tick(), std::min<std::uint64_t>(5, tunnels.front()));
  const std::uint64_t last = playback.lastTick();
  std::uint64_t before = 5;  // the latest mark before the last tick, by brute force
  for (const std::uint64_t t : tunnels) {
    if (t < last) before = std::max(before, t);
  }
  playback.seek(last);
  EXPECT_TRUE(applyCommand(Command::kPreviousMark, playback, overlays, targets));
  EXPECT_EQ(playback.tick(), before);
  // The oracle's sentence at a tunnel tick is the one verify prints.
  playback.seek(tunnels.front());
  const std::vector<sim::Tunnel>& found = playback.tunnelsNow();
  ASSERT_FALSE(found.empty());
  const recorder::VerifyReport report = recorder::verifyReplay(playback.replay());
  ASSERT_FALSE(report.tunnels.empty());
  EXPECT_EQ(report.tunnels.front(), found.front().sentence);
  EXPECT_FALSE(found.front().drawing.primitives.empty());
  playback.seek(tunnels.front() - 1);  // a tick before: nothing found there
  EXPECT_TRUE(playback.tunnelsNow().empty());
  bookmarks.toggle(5);
  EXPECT_FALSE(bookmarks.contains(5));
}

TEST(Oracle, TheTickShownIsCheckedWithoutVerifyToo) {
  // Without --verify the tunnel is said and drawn where the person stands on it, though no mark
  // on the timeline leads there.
  const Playback verified(loadCorpus("dodge-discrete-tunneling.rtr"), true);
  ASSERT_FALSE(verified.tunnelTicks().empty());
  const std::uint64_t tick = verified.tunnelTicks().front();
  Playback unverified(verified.replay(), false);
  EXPECT_TRUE(unverified.tunnelTicks().empty());
  EXPECT_FALSE(unverified.verdict());
  unverified.seek(tick);
  const recorder::VerifyReport report = recorder::verifyReplay(verified.replay());
  ASSERT_FALSE(unverified.tunnelsNow().empty());
  EXPECT_EQ(unverified.tunnelsNow().front().sentence, report.tunnels.front());
  EXPECT_FALSE(unverified.tunnelsNow().front().drawing.primitives.empty());
  unverified.seek(tick - 1);
  EXPECT_TRUE(unverified.tunnelsNow().empty());
  unverified.stepForward();  // stepped onto, as playing does, rather than sought
  EXPECT_EQ(unverified.tunnelsNow().size(), 1U);
}

TEST(Marks, EventKeysGoToEventsAndPause) {
  Playback playback(loadCorpus("fallingman-bot-seed4.rtr"), false);
  Overlays overlays;
  playback.setPlaying(true);
  EXPECT_TRUE(applyCommand(Command::kNextEvent, playback, overlays, {}));
  EXPECT_FALSE(playback.playing());
  EXPECT_EQ(playback.tick(), playback.ticks().eventAt(std::nullopt, 0).tick);
  const std::uint64_t first = playback.tick();
  EXPECT_TRUE(applyCommand(Command::kNextEvent, playback, overlays, {}));
  EXPECT_GT(playback.tick(), first);
  EXPECT_TRUE(applyCommand(Command::kPreviousEvent, playback, overlays, {}));
  EXPECT_EQ(playback.tick(), first);
}

TEST(Events, TheListTakesAConditionOnArgumentsAsRetraceEventsWhereDoes) {
  Playback a(loadCorpus("tank-bot-seed5.rtr"), false);
  Debugger debugger(a, nullptr, "tank-bot-seed5.rtr", "", {});
  const std::uint64_t every = a.ticks().countEvents(std::nullopt);
  EXPECT_EQ(debugger.countListedEvents(), every);
  // The tank the first event naming one names, and every event naming it as "tank" or "by".
  const auto argument = [&](const EventRow& row, const std::string& name) -> std::optional<std::int64_t> {
    for (const sim::Field& f : sim::describeEvent(a.game(), row.event)) {
      if (f.name == name) return f.value;
    }
    return std::nullopt;
  };
  std::optional<std::int64_t> tank;
  std::vector<EventRow> expected;
  for (std::uint64_t i = 0; i < every; ++i) {
    const EventRow row = a.ticks().eventAt(std::nullopt, i);
    if (!tank) tank = argument(row, "tank");
    if (tank && (argument(row, "tank") == tank || argument(row, "by") == tank)) expected.push_back(row);
  }
  ASSERT_TRUE(tank.has_value());
  ASSERT_FALSE(debugger.filterEvents("tank == " + std::to_string(*tank) + " or by == " + std::to_string(*tank)).has_value());
  ASSERT_EQ(debugger.countListedEvents(), expected.size());
  ASSERT_GT(expected.size(), 2U);
  for (std::uint64_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(debugger.listedEventAt(i).tick, expected[i].tick);
    EXPECT_EQ(debugger.listedEventAt(i).event, expected[i].event);
  }
  // . and , visit the listed events' ticks and no other, each once, both ways.
  std::vector<std::uint64_t> listedTicks;
  for (const EventRow& row : expected) {
    if (listedTicks.empty() || listedTicks.back() != row.tick) listedTicks.push_back(row.tick);
  }
  Overlays overlays;
  const auto walk = [&](Command command, std::uint64_t from) {
    a.seek(from);
    std::vector<std::uint64_t> visited;
    for (std::uint64_t was = a.tick(); applyCommand(command, a, overlays, debugger.targets()) && a.tick() != was;
         was = a.tick()) {
      visited.push_back(a.tick());
    }
    return visited;
  };
  EXPECT_EQ(walk(Command::kNextEvent, 0), listedTicks);
  const FrameExtras extras = debugger.extras(true);  // the timeline marks them
  EXPECT_EQ(std::vector<std::uint64_t>(extras.listedEvents.begin(), extras.listedEvents.end()), listedTicks);
  std::vector<std::uint64_t> backwards = walk(Command::kPreviousEvent, a.ticks().lastTick());
  std::reverse(backwards.begin(), backwards.end());
  EXPECT_EQ(backwards, listedTicks);
  // A refusal is one sentence and leaves the list as it was; empty text lists every event again.
  const auto typo = debugger.filterEvents("tonk == 1");
  ASSERT_TRUE(typo.has_value());
  EXPECT_TRUE(typo->starts_with("'tonk' is no argument of the events asked for (their arguments: tank, ")) << *typo;
  EXPECT_EQ(debugger.filterEvents("tank == three"), "tank is a whole number, not 'three'");
  EXPECT_EQ(debugger.countListedEvents(), expected.size());
  EXPECT_FALSE(debugger.filterEvents("").has_value());
  EXPECT_EQ(debugger.countListedEvents(), every);
  EXPECT_EQ(walk(Command::kNextEvent, 0).front(), a.ticks().eventAt(std::nullopt, 0).tick);
  EXPECT_TRUE(debugger.extras(true).listedEvents.empty());
}

TEST(Selection, FollowsAnElementByItsIdAsItsListChangesAndSaysWhenItIsNotThere) {
  Playback a(loadCorpus("tank-bot-seed5.rtr"), false);
  Debugger debugger(a, nullptr, "tank-bot-seed5.rtr", "", {});
  // The bullet third in its list at the first tick with three; where it is at each later tick.
  std::uint64_t start = 0;
  std::int64_t id = -1;
  for (std::uint64_t t = 1; t <= a.lastTick() && id < 0; ++t) {
    a.seek(t);
    for (const sim::Field& f : a.current().describeState()) {
      if (f.name == "bullets[2].id") {
        start = t;
        id = f.value;
      }
    }
  }
  ASSERT_GE(id, 0);
  const auto findBullet = [&]() -> std::string {
    for (const sim::Field& f : a.current().describeState()) {
      if (f.name.starts_with("bullets[") && f.name.ends_with("].id") && f.value == id) return f.name.substr(0, f.name.size() - 3);
    }
    return "";
  };
  debugger.seek(start);
  debugger.select(std::string("bullets[2]"));
  const std::string byId = "bullets[id=" + std::to_string(id) + "]";
  EXPECT_EQ(debugger.selected(), byId);
  EXPECT_EQ(debugger.selectedNow(), "bullets[2]");
  bool moved = false;
  std::uint64_t t = start;
  for (; t <= a.lastTick(); ++t) {
    debugger.seek(t);
    const std::string now = findBullet();
    ASSERT_EQ(debugger.selectedNow(), now) << "tick " << t;
    EXPECT_EQ(debugger.extras(true).highlight, now) << "tick " << t;  // what the scene outlines
    moved = moved || (!now.empty() && now != "bullets[2]");
    if (now.empty()) break;
  }
  EXPECT_TRUE(moved) << "the bullet never changed places: the test shows nothing";
  ASSERT_LE(t, a.lastTick()) << "the bullet never left";
  EXPECT_EQ(debugger.selected(), byId) << "a selection that is gone stays selected";
  EXPECT_NE(debugger.describeStatus({}, {}, false).find("\nselected=" + byId + "\nselectedNow=\n"), std::string::npos);
  debugger.seek(start);
  EXPECT_EQ(debugger.selectedNow(), "bullets[2]") << "back where it was third";
  // A cell, and anything else without an id, is selected as it is named.
  debugger.select(std::string("tiles[5][5]"));
  EXPECT_EQ(debugger.selected(), "tiles[5][5]");
  EXPECT_EQ(debugger.selectedNow(), "tiles[5][5]");
  debugger.select(std::nullopt);
  EXPECT_EQ(debugger.selected(), "");
  EXPECT_EQ(debugger.selectedNow(), "");
}

TEST(Events, AClickSelectsWhatTheEventIsAboutAndTheListCanKeepToTheSelection) {
  Playback a(loadCorpus("tank-bot-seed5.rtr"), false);
  Debugger debugger(a, nullptr, "tank-bot-seed5.rtr", "", {});
  const std::uint64_t every = a.ticks().countEvents(std::nullopt);
  const auto findRow = [&](const char* kind, bool survived = false) {
    for (std::uint64_t i = 0; i < every; ++i) {
      const EventRow row = a.ticks().eventAt(std::nullopt, i);
      if (std::string_view(a.game().eventSchemas()[row.event.kind].name) == kind && (!survived || row.event.args[2] > 0))
        return row;
    }
    ADD_FAILURE() << "no " << kind;
    return a.ticks().eventAt(std::nullopt, 0);
  };
  // A brick's event: the cell it was is selected, at the tick the brick went.
  const EventRow brick = findRow("brickDestroyed");
  debugger.openEvent(brick);
  EXPECT_EQ(a.tick(), brick.tick);
  EXPECT_EQ(debugger.selected(),
            "tiles[" + std::to_string(brick.event.args[2]) + "][" + std::to_string(brick.event.args[1]) + "]");
  EXPECT_EQ(debugger.selectedNow(), debugger.selected());
  // A hit the tank lived through: the tank (the bullet is gone by then). One that destroyed
  // it: the tank all the same, not at that tick, rather than the one that shot it.
  const EventRow hit = findRow("tankHit", true);
  debugger.openEvent(hit);
  const std::string tank = "tanks[id=" + std::to_string(hit.event.args[0]) + "]";
  EXPECT_EQ(debugger.selected(), tank);
  EXPECT_FALSE(debugger.selectedNow().empty());
  const EventRow last = findRow("tankDestroyed");
  debugger.openEvent(last);
  EXPECT_EQ(debugger.selected(), "tanks[id=" + std::to_string(last.event.args[0]) + "]");
  EXPECT_EQ(debugger.selectedNow(), "");
  const std::vector<const FieldRow*> wasThere = debugger.listInspectorRows();  // as it was, gone
  ASSERT_FALSE(wasThere.empty());
  EXPECT_TRUE(wasThere.front()->name.starts_with("tanks[") && wasThere.front()->value.starts_with("gone (was "))
      << wasThere.front()->name << " " << wasThere.front()->value;
  debugger.openEvent(hit);
  // An event about nothing keeps the selection.
  debugger.openEvent(findRow("roundStart"));
  EXPECT_EQ(debugger.selected(), tank);
  // The list of the selection's events is the list of its id as each kind's argument names it.
  debugger.listEventsAboutSelection(true);
  const std::uint64_t about = debugger.countListedEvents();
  std::vector<EventRow> listed;
  for (std::uint64_t i = 0; i < about; ++i) listed.push_back(debugger.listedEventAt(i));
  const std::string id = std::to_string(hit.event.args[0]);
  debugger.listEventsAboutSelection(false);
  EXPECT_EQ(debugger.countListedEvents(), every);
  ASSERT_FALSE(debugger.filterEvents("tank == " + id + " or by == " + id).has_value());
  ASSERT_EQ(debugger.countListedEvents(), about);
  ASSERT_GT(about, 3U);
  for (std::uint64_t i = 0; i < about; ++i) EXPECT_EQ(debugger.listedEventAt(i).event, listed[i].event) << i;
  // About the selection and a condition at once.
  debugger.listEventsAboutSelection(true);
  ASSERT_FALSE(debugger.filterEvents("hpLeft == 0").has_value());
  ASSERT_GE(debugger.countListedEvents(), 1U);
  for (std::uint64_t i = 0; i < debugger.countListedEvents(); ++i)
    EXPECT_EQ(std::string(a.game().eventSchemas()[debugger.listedEventAt(i).event.kind].name), "tankHit");
  ASSERT_FALSE(debugger.filterEvents("").has_value());
  // The bullet's events are its firing and its hit; a click on the firing, chiefly about the
  // tank that fired, keeps the list's selection.
  const std::string bullet = "bullets[id=" + std::to_string(hit.event.args[1]) + "]";
  debugger.select(bullet);
  ASSERT_EQ(debugger.countListedEvents(), 2U);
  EXPECT_EQ(std::string(a.game().eventSchemas()[debugger.listedEventAt(0).event.kind].name), "fire");
  EXPECT_EQ(debugger.listedEventAt(1).event, hit.event);
  debugger.openEvent(debugger.listedEventAt(0));
  EXPECT_EQ(a.tick(), debugger.listedEventAt(0).tick);
  EXPECT_EQ(debugger.selected(), bullet);
  // Another selection lists its own events; none lists every event.
  debugger.select(std::string("tiles[" + std::to_string(brick.event.args[2]) + "][" + std::to_string(brick.event.args[1]) + "]"));
  ASSERT_GE(debugger.countListedEvents(), 1U);
  EXPECT_EQ(debugger.listedEventAt(0).event, brick.event);
  debugger.select(std::nullopt);
  EXPECT_EQ(debugger.countListedEvents(), every);
}

TEST(Find, TheBoxGoesToTheNearestTickAfterOrBeforeTheCursorWhereTheConditionHolds) {
  Playback a(loadCorpus("tank-bot-seed5.rtr"), false);
  Debugger debugger(a, nullptr, "tank-bot-seed5.rtr", "", {});
  // The map changes at the brick and base events and when a new round restores it.
  const auto all = std::get<std::vector<std::uint64_t>>(
      a.findTicks(std::get<recorder::Condition>(recorder::Condition::parse("tiles[*][*] changed")), 0, true));
  ASSERT_GT(all.size(), 3U);
  const std::uint64_t between = (all[1] + all[2]) / 2;
  debugger.seek(between);
  EXPECT_FALSE(debugger.findFromCursor("tiles[*][*] changed", Direction::kBackward).has_value());
  EXPECT_EQ(a.tick(), all[1]);
  EXPECT_FALSE(debugger.findFromCursor("tiles[*][*] changed", Direction::kBackward).has_value());
  EXPECT_EQ(a.tick(), all[0]) << "from a match, the one before it";
  EXPECT_EQ(debugger.findFromCursor("tiles[*][*] changed", Direction::kBackward),
            "it holds on no tick before " + std::to_string(all[0]));
  EXPECT_EQ(a.tick(), all[0]) << "the cursor stays where nothing is found";
  EXPECT_FALSE(debugger.findFromCursor("tiles[*][*] changed", Direction::kForward).has_value());
  EXPECT_EQ(a.tick(), all[1]);
  debugger.seek(a.lastTick());
  EXPECT_FALSE(debugger.findFromCursor("tiles[*][*] changed", Direction::kBackward).has_value());
  EXPECT_EQ(a.tick(), all.back() == a.lastTick() ? all[all.size() - 2] : all.back());
  debugger.seek(0);
  EXPECT_EQ(debugger.findFromCursor("tick > 5", Direction::kBackward), "it holds on no tick before 0");
  EXPECT_EQ(debugger.findFromCursor("tonk > 5", Direction::kForward).value_or("").rfind("'tonk' names no field of tank", 0), 0U);
  EXPECT_TRUE(debugger.findFromCursor("tick >", Direction::kBackward).has_value());
  EXPECT_EQ(a.tick(), 0U);
}

TEST(Find, SaysWhichFieldsMeetTheConditionAndSelectsWhichOneOfAPatternItHoldsOf) {
  // As retrace find names them at the tick it gives: which bullet, which cell.
  Playback a(loadCorpus("tank-bot-seed5.rtr"), false);
  Debugger debugger(a, nullptr, "tank-bot-seed5.rtr", "", {});
  debugger.seek(600);
  ASSERT_FALSE(debugger.findFromCursor("bullets[*].position.x > 240", Direction::kForward).has_value());
  const std::string tick = std::to_string(a.tick());
  EXPECT_EQ(debugger.foundMessage().rfind("holds at tick " + tick + ": bullets[", 0), 0U) << debugger.foundMessage();
  // The bullet selected (by its id) is the one named, and it is past x 240.
  const std::string named = debugger.foundMessage().substr(debugger.foundMessage().find("bullets["));
  const std::string element = named.substr(0, named.find(']') + 1);
  EXPECT_EQ(debugger.selectedNow(), element);
  EXPECT_TRUE(debugger.selected().starts_with("bullets[id=")) << debugger.selected();
  recorder::StateFields fields;
  const auto x = fields.read(a.current());
  const auto at = std::find_if(x.begin(), x.end(), [&](const sim::Field& f) { return f.name == element + ".position.x"; });
  ASSERT_NE(at, x.end());
  EXPECT_GT(at->value, sim::px(240).raw());
  // A cell that changed: which one, as the tick before had it otherwise.
  ASSERT_FALSE(debugger.findFromCursor("tiles[*][*] changed", Direction::kForward).has_value());
  EXPECT_TRUE(debugger.selected().starts_with("tiles[")) << debugger.selected();
  EXPECT_NE(debugger.foundMessage().find(": " + debugger.selected() + " "), std::string::npos) << debugger.foundMessage();
  // A condition over named fields says them and leaves the selection as it was.
  const std::string cell = debugger.selected();
  ASSERT_FALSE(debugger.findFromCursor("tanks[0].hp < 3", Direction::kForward).has_value());
  EXPECT_EQ(debugger.foundMessage(), "holds at tick " + std::to_string(a.tick()) + ": tanks[0].hp 2");
  EXPECT_EQ(debugger.selected(), cell);
  // A search that finds nothing says so, not what the last one found.
  EXPECT_TRUE(debugger.findFromCursor("tanks[0].hp > 90", Direction::kForward).has_value());
  EXPECT_EQ(debugger.foundMessage(), "");
}

TEST(Find, MarkAllMarksWhatFindAllFindsInPlaceOfTheMatchesBefore) {
  Playback a(loadCorpus("tank-bot-seed5.rtr"), false);
  Debugger debugger(a, nullptr, "tank-bot-seed5.rtr", "", {"", {7, 9}});
  debugger.seek(500);
  for (const std::string text : {"tiles[*][*] changed", "bullets.size >= 3", "tick < 3"}) {
    SCOPED_TRACE(text);
    const auto all = std::get<std::vector<std::uint64_t>>(
        a.findTicks(std::get<recorder::Condition>(recorder::Condition::parse(text)), 0, true));
    ASSERT_FALSE(debugger.startMarking(text));
    ASSERT_FALSE(debugger.stepFind(7));
    EXPECT_EQ(debugger.findProgress(), (std::pair<std::uint64_t, std::uint64_t>{7, a.lastTick() + 1}));
    while (!debugger.stepFind(kFindSlice)) {
    }
    EXPECT_EQ(debugger.matches(), all);
    const JumpTargets targets = debugger.targets();
    EXPECT_EQ(std::vector<std::uint64_t>(targets.matches.begin(), targets.matches.end()), all) << "N and shift+N use them";
    EXPECT_EQ(a.tick(), 500U) << "marking leaves the cursor";
    EXPECT_TRUE(debugger.findProblem().empty()) << debugger.findProblem();
  }
  // A typo, or a search stopped, leaves the marks as they were.
  const std::vector<std::uint64_t> marked = debugger.matches();
  ASSERT_FALSE(debugger.startMarking("tonk > 1"));
  while (!debugger.stepFind(kFindSlice)) {
  }
  EXPECT_EQ(debugger.findProblem().rfind("'tonk' names no field of tank", 0), 0U) << debugger.findProblem();
  EXPECT_EQ(debugger.matches(), marked);
  ASSERT_FALSE(debugger.startMarking("tick > 5"));
  EXPECT_FALSE(debugger.stepFind(16));
  debugger.stopFind();
  EXPECT_EQ(debugger.matches(), marked);
  EXPECT_TRUE(debugger.startMarking("tick >").has_value());
  // A condition that never holds marks nothing.
  ASSERT_FALSE(debugger.startMarking("tick < 0"));
  while (!debugger.stepFind(kFindSlice)) {
  }
  EXPECT_TRUE(debugger.matches().empty());
}

TEST(Find, ASearchGoesASliceAtATimeAndFindsWhatOneWalkFindsWhateverTheSlice) {
  Playback a(loadCorpus("tank-bot-seed5.rtr"), false);
  Debugger debugger(a, nullptr, "tank-bot-seed5.rtr", "", {});
  // `changed` looks at the tick before each slice's first; a list's length at no tick before.
  for (const std::string text : {"tiles[*][*] changed", "bullets.size >= 3"}) {
    const auto all = std::get<std::vector<std::uint64_t>>(
        a.findTicks(std::get<recorder::Condition>(recorder::Condition::parse(text)), 0, true));
    ASSERT_GT(all.size(), 3U) << text;
    for (const std::uint64_t slice : {std::uint64_t{1}, std::uint64_t{7}, kFindSlice}) {
      for (const std::uint64_t from : {std::uint64_t{0}, all[1], (all[1] + all[2]) / 2, a.lastTick() - 1, a.lastTick()}) {
        for (const Direction direction : {Direction::kForward, Direction::kBackward}) {
          SCOPED_TRACE(text + " from " + std::to_string(from) + " by " + std::to_string(slice) +
                       (direction == Direction::kForward ? " forward" : " back"));
          debugger.seek(from);
          const auto after = std::upper_bound(all.begin(), all.end(), from);
          const auto before = std::lower_bound(all.begin(), all.end(), from);
          const bool forward = direction == Direction::kForward;
          // The tick it should reach, or `from` when there is none that way.
          const bool found = forward ? after != all.end() : before != all.begin();
          const std::uint64_t expected = !found ? from : forward ? *after : *std::prev(before);
          if (auto problem = debugger.startFind(text, direction)) {
            EXPECT_FALSE(found) << *problem;
            continue;
          }
          std::uint64_t steps = 0;
          std::uint64_t searched = 0;
          while (!debugger.stepFind(slice)) {
            ++steps;
            EXPECT_EQ(a.tick(), from) << "the cursor moves only when the search is over";
            const auto progress = debugger.findProgress();
            ASSERT_TRUE(progress);
            EXPECT_EQ(progress->first, steps * slice);
            EXPECT_GT(progress->first, searched);
            searched = progress->first;
          }
          EXPECT_FALSE(debugger.findProgress());
          EXPECT_EQ(a.tick(), expected);
          EXPECT_EQ(debugger.findProblem().empty(), found) << debugger.findProblem();
        }
      }
    }
  }
  // Stopped, the cursor stays and nothing is said.
  debugger.seek(0);
  ASSERT_FALSE(debugger.startFind("tick > 100000000", Direction::kForward));
  EXPECT_FALSE(debugger.stepFind(16));
  debugger.stopFind();
  EXPECT_TRUE(debugger.stepFind(16));
  EXPECT_EQ(a.tick(), 0U);
  EXPECT_FALSE(debugger.findProgress());
  // A field no tick has is named once every tick was searched, not at the first slice.
  ASSERT_FALSE(debugger.startFind("bullets[0].position.x < 0 and tonk > 5", Direction::kForward));
  EXPECT_FALSE(debugger.stepFind(16));
  while (!debugger.stepFind(kFindSlice)) {
  }
  EXPECT_EQ(debugger.findProblem().rfind("'tonk' names no field of tank", 0), 0U) << debugger.findProblem();
}

TEST(EventLines, LineUpTheEventsWhateverTheWidthOfTheirTicks) {
  Playback playback(loadCorpus("tank-bot-seed5.rtr"), false);
  const EventRow first = playback.ticks().eventAt(std::nullopt, 0);
  const std::string event = sim::formatEvent(playback.game(), first.event);
  ASSERT_LT(first.tick, 10U);
  // Tank's replay has 3600 ticks: each line's tick takes four places.
  EXPECT_EQ(writeEventLine(playback.game(), first, 3600), "   " + std::to_string(first.tick) + "  " + event);
  EXPECT_EQ(writeEventLine(playback.game(), {1234, first.event}, 3600), "1234  " + event);
  EXPECT_EQ(writeEventLine(playback.game(), first, 0), std::to_string(first.tick) + "  " + event) << "never cut";
}

TEST(TypedTicks, AreCountsTimesOrStepsAndAnythingElseIsOneSentence) {
  const auto tick = [](std::string_view text, std::uint64_t current = 100) { return parseTickText(text, current, 3600); };
  EXPECT_EQ(std::get<std::uint64_t>(tick("151")), 151U);
  EXPECT_EQ(std::get<std::uint64_t>(tick(" 151 ")), 151U);
  EXPECT_EQ(std::get<std::uint64_t>(tick("99999")), 3600U);  // clamped to the last
  EXPECT_EQ(std::get<std::uint64_t>(tick("+60")), 160U);
  EXPECT_EQ(std::get<std::uint64_t>(tick("-60")), 40U);
  EXPECT_EQ(std::get<std::uint64_t>(tick("-600")), 0U);
  EXPECT_EQ(std::get<std::uint64_t>(tick("+18446744073709551615")), 3600U);  // no wrap
  EXPECT_EQ(std::get<std::uint64_t>(tick("0:02.500")), 150U);
  EXPECT_EQ(std::get<std::uint64_t>(tick("1:00")), 3600U);
  EXPECT_EQ(std::get<std::uint64_t>(tick("0:01.5")), 90U);
  // As the events panel and retrace print tick 673 (11216.67 ms, rounded down): that tick, not 672.
  EXPECT_EQ(std::get<std::uint64_t>(tick("0:11.216")), 673U);
  for (const char* bad : {"", "abc", "1e3", "0x10", "1:5", "1:60", "1:00.", "1:00.1234", "+", "--5", "5\x1b[2J"}) {
    const auto parsed = tick(bad);
    ASSERT_TRUE(std::holds_alternative<std::string>(parsed)) << bad;
    const std::string& sentence = std::get<std::string>(parsed);
    EXPECT_NE(sentence.find("is no tick"), std::string::npos) << sentence;
    EXPECT_EQ(sentence.find('\x1b'), std::string::npos) << "a typed escape byte is quoted, not echoed";
  }
}

TEST(Timeline, LanesComeFromTheGamesCategoriesAndButtons) {
  for (const sim::GameDefinition* registered : sim::listGames()) {
    const sim::GameDefinition& game = *registered;
    SCOPED_TRACE(std::string(game.name()));
    const std::vector<Lane> lanes = describeLanes(game);
    ASSERT_FALSE(lanes.empty());
    EXPECT_EQ(lanes.front().kind, LaneKind::kMarks);
    std::set<sim::EventCategory> used;
    for (const sim::EventSchema& s : game.eventSchemas()) used.insert(s.category);
    std::set<sim::EventCategory> laned;
    std::size_t inputs = 0;
    for (const Lane& lane : lanes) {
      if (lane.kind == LaneKind::kEvents) {
        EXPECT_TRUE(laned.insert(lane.category).second);
      }
      if (lane.kind == LaneKind::kInput) {
        EXPECT_EQ(lane.label, game.inputNames()[lane.bit]);
        ++inputs;
      }
    }
    EXPECT_EQ(laned, used);
    EXPECT_EQ(inputs, game.inputNames().size());
  }
}

TEST(Timeline, AMarkStaysInItsColumnAtAnyLengthAndZoomKeepsTheAnchor) {
  const std::vector<std::uint64_t> ticks = {7, 15'000, 29'999};
  const std::vector<bool> bins = binTicks(ticks, viewWhole(30'000), 700);
  EXPECT_EQ(std::count(bins.begin(), bins.end(), true), 3);
  EXPECT_TRUE(bins[0]);
  EXPECT_TRUE(bins[15'000 * 700 / 30'001]);  // column 349: 30,001 ticks over 700 columns
  EXPECT_TRUE(bins[699]);
  const std::vector<bool> zoomed = binTicks(ticks, {14'990, 15'010}, 700);
  EXPECT_EQ(std::count(zoomed.begin(), zoomed.end(), true), 1);  // the others lie outside the view
  const TimelineView view = zoomView(viewWhole(30'000), 15'000, 0.1, 30'000);
  EXPECT_LE(view.from, 15'000U);
  EXPECT_GE(view.to, 15'000U);
  EXPECT_NEAR(static_cast<double>(view.span()), 3000.0, 2.0);
  const sf::FloatRect bar{100.0F, 0.0F, 600.0F, 10.0F};
  // The anchor stays under the same x.
  EXPECT_NEAR(xOfTick(bar, view, 15'000), xOfTick(bar, viewWhole(30'000), 15'000), 1.0F);
  EXPECT_EQ(tickAtX(bar, view, xOfTick(bar, view, 15'000)), 15'000U);
  EXPECT_EQ(tickAtX(bar, view, 0.0F), view.from);
  EXPECT_EQ(tickAtX(bar, view, 1e6F), view.to);
  const TimelineView tiny = zoomView({0, 20}, 10, 0.01, 30'000);
  EXPECT_EQ(tiny.span(), 10U);                                // at least ten ticks
  EXPECT_EQ(zoomView(view, 0, 1e9, 30'000).span(), 30'001U);  // at most the whole replay
}

TEST(Timeline, TheViewFollowsTheCursorAndLanesAreFoundByHeight) {
  const TimelineView view{1000, 1999};
  EXPECT_EQ(followTick(view, 1500, 30'000).from, 1000U);  // inside: unchanged
  const TimelineView moved = followTick(view, 5000, 30'000);
  EXPECT_EQ(moved.span(), 1000U);
  EXPECT_LE(moved.from, 5000U);
  EXPECT_GE(moved.to, 5000U);
  EXPECT_EQ(followTick(view, 29'990, 30'000).to, 30'000U);  // never past the end
  EXPECT_EQ(followTick(view, 3, 30'000).from, 0U);
  const sf::FloatRect area{0.0F, 100.0F, 600.0F, measureTimeline(5)};
  const float pitch = measureTimeline(2) - measureTimeline(1);  // one lane and its gap
  EXPECT_EQ(findLaneAt(area, 101.0F + 4.0F, 5), 0U);
  EXPECT_EQ(findLaneAt(area, 101.0F + pitch * 4 + 4.0F, 5), 4U);
  EXPECT_FALSE(findLaneAt(area, 99.0F, 5).has_value());
  EXPECT_FALSE(findLaneAt(area, 101.0F + pitch * 5 + 1.0F, 5).has_value());
  EXPECT_GT(timelineBar(area, 5).left, area.left) << "labels at the left";
}

TEST(Timeline, LanesGrowThinnerToFitTheirRoomAndLoseTheirLabelsLast) {
  EXPECT_EQ(measureTimeline(12, 1e6F), measureTimeline(12));  // room to spare: full height
  EXPECT_EQ(measureTimeline(12, 100.0F), 100.0F);
  const float least = measureTimeline(12, 0.0F);
  EXPECT_GT(least, 12.0F * 2.0F) << "each lane keeps a few pixels";
  EXPECT_LT(least, measureTimeline(12) / 4);
  const sf::FloatRect roomy{0.0F, 0.0F, 400.0F, measureTimeline(12, 140.0F)};  // about 11 px a lane: small labels
  const sf::FloatRect thin{0.0F, 0.0F, 400.0F, least};                         // no labels
  EXPECT_GT(timelineBar(roomy, 12).left, 0.0F);
  EXPECT_LT(timelineBar(roomy, 12).left, timelineBar({0.0F, 0.0F, 400.0F, measureTimeline(12)}, 12).left);
  EXPECT_EQ(timelineBar(thin, 12).left, 0.0F);
  EXPECT_EQ(countColumns(thin, 12), 400U);
  for (const sf::FloatRect& area : {roomy, thin}) {
    const float pitch = (area.height - 2.0F) / 12.0F;
    EXPECT_EQ(findLaneAt(area, 1.0F + pitch * 0.5F, 12), 0U);
    EXPECT_EQ(findLaneAt(area, 1.0F + pitch * 11.5F, 12), 11U);
    EXPECT_FALSE(findLaneAt(area, 1.0F + pitch * 12.0F + 0.5F, 12).has_value());
  }
}

TEST(Scene, AClickSelectsTheTopmostEntityUnderIt) {
  for (const char* name : kOnePerGame) {
    SCOPED_TRACE(name);
    Playback playback(loadCorpus(name), false);
    playback.seek(150);
    const sim::Scene scene = playback.current().describeScene(playback.previous());
    std::size_t checked = 0;
    for (const sim::ScenePrimitive& p : scene.primitives) {
      if (p.entity.empty() || p.layer != sim::SceneLayer::kBodies || p.shape != sim::SceneShape::kBox) continue;
      if (p.category != sim::SceneCategory::kPlayer) continue;
      const sf::Vector2f centre{toPixels(p.a.x) + toPixels(p.b.x) / 2, toPixels(p.a.y) + toPixels(p.b.y) / 2};
      const auto picked = findEntityAt(scene, centre);
      ASSERT_TRUE(picked.has_value());
      EXPECT_EQ(*picked, p.entity);
      ++checked;
    }
    EXPECT_EQ(checked, 1U);
    EXPECT_FALSE(findEntityAt(scene, {-50.0F, -50.0F}).has_value());
  }
}

TEST(Scene, AClickOnAMapCellSelectsThatCellUnlessABodyIsOverIt) {
  std::set<std::string> picked;  // an empty cell is drawn on the grid layer alone, a wall's cell on both
  for (const char* name : kOnePerGame) {
    SCOPED_TRACE(name);
    Playback playback(loadCorpus(name), false);
    playback.seek(150);
    const sim::Scene scene = playback.current().describeScene(playback.previous());
    std::set<std::string> fields;
    for (const sim::Field& field : playback.current().describeState()) fields.insert(field.name);
    for (const sim::ScenePrimitive& p : scene.primitives) {
      if (!p.cell) continue;
      EXPECT_EQ(fields.count(p.entity), 1U) << p.entity << " is a field of its own";
      ASSERT_EQ(p.shape, sim::SceneShape::kBox);
      const sf::Vector2f centre{toPixels(p.a.x) + toPixels(p.b.x) / 2, toPixels(p.a.y) + toPixels(p.b.y) / 2};
      const auto at = findEntityAt(scene, centre);
      ASSERT_TRUE(at.has_value()) << p.entity;
      if (*at == p.entity) {
        picked.insert(p.entity);
        continue;
      }
      // Only a thing on the map (a tank, a bullet) is picked over a cell.
      EXPECT_FALSE(std::any_of(scene.primitives.begin(), scene.primitives.end(),
                               [&](const sim::ScenePrimitive& q) { return q.cell && q.entity == *at; }))
          << *at << " over " << p.entity;
    }
  }
  EXPECT_GT(picked.size(), 150U) << "most of tank's 169 cells are clear of tanks and bullets";
}

TEST(Compare, TheFirstStateDifferenceIsWhereTheGamesPart) {
  const recorder::LoadedReplay a = loadCorpus("dodge-bot-seed3.rtr");
  const Playback playA(a, false);
  EXPECT_FALSE(findFirstStateDifference(playA, playA).has_value());
  // The same inputs from another seed part at tick 0; one input changed parts at or after it.
  EXPECT_EQ(findFirstStateDifference(playA, Playback(loadCorpus("dodge-bot-seed1.rtr"), false)), 0U);
  recorder::LoadedReplay edited;
  std::vector<sim::Input> inputs = recorder::expandInputs(a);
  const std::size_t at = 300;
  inputs[at - 1] ^= 1U;
  std::uint64_t expected = 0;
  {
    auto x = recorder::gameOf(a.header)->start(recorder::configOf(a.header), a.header.seed);
    auto y = x->clone();
    const auto original = recorder::expandInputs(a);
    for (std::size_t t = 1; t <= original.size(); ++t) {
      (void)x->step(original[t - 1]);
      (void)y->step(inputs[t - 1]);
      if (x->saveState() != y->saveState()) {
        expected = t;
        break;
      }
    }
  }
  ASSERT_GE(expected, at);
  edited = std::get<recorder::LoadedReplay>(recordEdit(a, inputs, "a"));
  EXPECT_EQ(findFirstStateDifference(playA, Playback(edited, false)), expected);
}

}  // namespace
}  // namespace retrace::viewer

namespace retrace::viewer {
namespace {

TEST(Edit, ButtonsFlipAtATickOrHoldOverARunClippedToTheReplay) {
  const std::vector<sim::Input> inputs = {0, 1, 2, 3};
  EXPECT_EQ(toggleButton(inputs, 2, 0), (std::vector<sim::Input>{0, 0, 2, 3}));
  EXPECT_EQ(toggleButton(inputs, 1, 3), (std::vector<sim::Input>{8, 1, 2, 3}));
  EXPECT_EQ(toggleButton(inputs, 0, 0), inputs);  // tick 0 has no input
  EXPECT_EQ(toggleButton(inputs, 5, 0), inputs);
  EXPECT_EQ(setButton(inputs, 2, 2, 2, true), (std::vector<sim::Input>{0, 5, 6, 3}));
  EXPECT_EQ(setButton(inputs, 3, 100, 0, false), (std::vector<sim::Input>{0, 1, 2, 2}));
  EXPECT_EQ(setButton(inputs, 1, UINT64_MAX, 1, true), (std::vector<sim::Input>{2, 3, 2, 3}));  // no overflow
  EXPECT_EQ(setButton(inputs, 9, 3, 0, true), inputs);
  EXPECT_EQ(setButton(inputs, 1, 0, 0, true), inputs);
}

TEST(Edit, AnEditIsRecordedUnderTheOriginalsConfigurationAndVerifies) {
  retrace::testing::TempDir temp{"retrace_edit"};
  for (const char* name : kOnePerGame) {
    SCOPED_TRACE(name);
    const recorder::LoadedReplay original = loadCorpus(name);
    const std::vector<sim::Input> inputs = setButton(recorder::expandInputs(original), 100, 60, 0, true);
    auto recorded = recordEdit(original, inputs, name);
    ASSERT_TRUE(std::holds_alternative<recorder::LoadedReplay>(recorded)) << std::get<std::string>(recorded);
    const recorder::LoadedReplay& edited = std::get<recorder::LoadedReplay>(recorded);
    EXPECT_EQ(recorder::expandInputs(edited), inputs);
    EXPECT_EQ(edited.header.game, original.header.game);
    EXPECT_EQ(recorder::configOf(edited.header), recorder::configOf(original.header));
    EXPECT_EQ(edited.header.seed, original.header.seed);
    EXPECT_NE(edited.header.inputSource.find(name), std::string::npos) << edited.header.inputSource;
    EXPECT_TRUE(recorder::verifyReplay(edited).passed());
    // Saved, it is the same recording; a second save never replaces the first.
    const std::string path = temp.file(std::string("edit-") + name);
    ASSERT_FALSE(saveEdit(original, inputs, name, path).has_value());
    auto saved = recorder::loadReplayFile(path);
    ASSERT_TRUE(std::holds_alternative<recorder::LoadedReplay>(saved));
    EXPECT_EQ(std::get<recorder::LoadedReplay>(saved).chunks, edited.chunks);
    EXPECT_EQ(std::get<recorder::LoadedReplay>(saved).footer, edited.footer);
    EXPECT_TRUE(saveEdit(original, inputs, name, path).has_value());
  }
}

TEST(Edit, TheDebuggerOpensAnEditAsBAndDiscardsIt) {
  Playback a(loadCorpus("dodge-bot-seed3.rtr"), false);
  Debugger debugger(a, nullptr, "dodge-bot-seed3.rtr", "", {});
  EXPECT_EQ(debugger.compared(), nullptr);
  a.seek(500);
  ASSERT_FALSE(debugger.toggleInput(300, 0).has_value());
  ASSERT_NE(debugger.compared(), nullptr);
  EXPECT_TRUE(debugger.editing());
  const Playback& b = *debugger.compared();
  EXPECT_EQ(b.tick(), 500U);  // B follows A's cursor
  std::vector<sim::Input> expected = recorder::expandInputs(a.replay());
  expected[299] ^= 1U;
  EXPECT_EQ(b.ticks().loadInputs(), expected);
  // A and B agree until the flipped input has an effect, which is never before tick 300.
  ASSERT_TRUE(debugger.compareDifference().has_value());
  EXPECT_GE(*debugger.compareDifference(), 300U);
  EXPECT_EQ(debugger.compareDifference(), findFirstStateDifference(Playback(a.replay(), false), Playback(b.replay(), false)));
  // A second flip edits the edit: flipping the same bit back gives A's inputs again.
  ASSERT_FALSE(debugger.toggleInput(300, 0).has_value());
  EXPECT_FALSE(debugger.compareDifference().has_value());
  EXPECT_TRUE(debugger.toggleInput(0, 0).has_value());   // tick 0 has no input
  EXPECT_TRUE(debugger.toggleInput(10, 7).has_value());  // dodge has no eighth button
  debugger.discardEdit();
  EXPECT_EQ(debugger.compared(), nullptr);
  EXPECT_FALSE(debugger.editing());
}

/// The bounds of a box or a circle, as raw (left, top, right, bottom).
std::array<std::int64_t, 4> measureBounds(const sim::ScenePrimitive& p) {
  if (p.shape == sim::SceneShape::kCircle)
    return {p.a.x.raw() - p.b.x.raw(), p.a.y.raw() - p.b.x.raw(), p.a.x.raw() + p.b.x.raw(), p.a.y.raw() + p.b.x.raw()};
  return {p.a.x.raw(), p.a.y.raw(), p.a.x.raw() + p.b.x.raw(), p.a.y.raw() + p.b.y.raw()};
}

TEST(Oracle, WhatATunnelPassedThroughIsDrawnWhereTheSceneDrawsIt) {
  // A tunnel's drawing is in the scene's coordinates: what its path passed through lies on
  // something the tick's scene draws, where the scene's area shows it (fallingman drew its
  // platform where the world has it, not where the camera shows it, a camera's height below).
  for (const char* name : {"dodge-discrete-tunneling.rtr", "tank-discrete-grazing.rtr", "tank-bullets-through-walls.rtr",
                           "fallingman-fallcap-over-window.rtr", "fallingman-feet-at-a-top.rtr"}) {
    SCOPED_TRACE(name);
    Playback playback(loadCorpus(name), true);
    ASSERT_FALSE(playback.tunnelTicks().empty());
    std::size_t checked = 0;
    for (const std::uint64_t tick : playback.tunnelTicks()) {
      if (checked >= 40) break;
      playback.seek(tick);
      const sim::Scene scene = playback.current().describeScene(playback.previous());
      for (const sim::Tunnel& tunnel : playback.tunnelsNow()) {
        for (const sim::ScenePrimitive& hit : tunnel.drawing.primitives) {
          if (hit.category != sim::SceneCategory::kTunnelHit) continue;
          // Only what the scene's area shows (a man falling off the screen's bottom passes
          // platforms the camera no longer sees).
          auto h = measureBounds(hit);
          h = {std::max<std::int64_t>(h[0], 0), std::max<std::int64_t>(h[1], 0), std::min<std::int64_t>(h[2], scene.size.x.raw()),
               std::min<std::int64_t>(h[3], scene.size.y.raw())};
          if (h[2] <= h[0] || h[3] <= h[1]) continue;
          // The most of the hit's area any one primitive of the scene covers.
          std::int64_t most = 0;
          for (const sim::ScenePrimitive& drawn : scene.primitives) {
            if (drawn.shape != sim::SceneShape::kBox && drawn.shape != sim::SceneShape::kCircle) continue;
            const auto d = measureBounds(drawn);
            const std::int64_t w = std::min(h[2], d[2]) - std::max(h[0], d[0]);
            const std::int64_t t = std::min(h[3], d[3]) - std::max(h[1], d[1]);
            if (w > 0 && t > 0) most = std::max(most, (w >> 8) * (t >> 8));
          }
          const std::int64_t area = ((h[2] - h[0]) >> 8) * ((h[3] - h[1]) >> 8);
          EXPECT_GE(most * 2, area) << "tick " << tick << ": " << tunnel.sentence;
          ++checked;
        }
      }
    }
    EXPECT_GT(checked, 0U);
  }
}

/// The value of KEY in the debugger's status lines.
std::string readStatusValue(const Debugger& debugger, const std::string& key) {
  const std::string status = "\n" + debugger.describeStatus({}, {}, false);
  const std::size_t at = status.find("\n" + key + "=");
  if (at == std::string::npos) return "(no " + key + ")";
  const std::size_t from = at + key.size() + 2;
  return status.substr(from, status.find('\n', from) - from);
}

TEST(Oracle, InCompareModeBothReplaysVerdictsAreGivenAsVerifyGivesThem) {
  // A replay beside the one that breaks it (a cut file, a build's regression, an edit): B's
  // verdict was computed and never shown, so the window said "verified" of A alone.
  const recorder::LoadedReplay golden = loadCorpus("tank-bot-seed5.rtr");
  Playback a(golden, true);
  Playback cut(recorder::cutReplay(golden, 700), true);
  Debugger cutBeside(a, &cut, "tank-bot-seed5.rtr", "cut.rtr", {});
  EXPECT_EQ(readStatusValue(cutBeside, "verify"), "passed");
  EXPECT_EQ(readStatusValue(cutBeside, "verifyB"), "failed");
  EXPECT_EQ(readStatusValue(cutBeside, "expectB"), "none");
  Playback regression(loadCorpus("tank-bullets-through-walls.rtr"), true);
  Debugger regressionBeside(a, &regression, "tank-bot-seed5.rtr", "walls.rtr", {});
  EXPECT_EQ(readStatusValue(regressionBeside, "verifyB"), "failed") << "its tunnels, without its .expect";
  regression.setExpectedVerdict({"met", {"shows what walls.expect expects"}});
  EXPECT_EQ(readStatusValue(regressionBeside, "verifyB"), "passed");
  EXPECT_EQ(readStatusValue(regressionBeside, "expectB"), "met");
  // And B's tunnels at the cursor, which its scene draws, are said beside A's.
  EXPECT_EQ(readStatusValue(regressionBeside, "tunnelsB"), "0");
  ASSERT_FALSE(regression.tunnelTicks().empty());
  regression.seek(regression.tunnelTicks().front());
  EXPECT_EQ(readStatusValue(regressionBeside, "tunnelsB"), std::to_string(regression.tunnelsNow().size()));
  EXPECT_GT(regression.tunnelsNow().size(), 0U);
  EXPECT_EQ(readStatusValue(cutBeside, "tunnels"), "0");
  // Which buttons go to the marks: a regression replay's tunnels whether or not its .expect passes
  // them (a hunt's finding has its tunnel at its end), a divergence, or nothing to say.
  EXPECT_EQ(describeMarkButtons(regression), "mark > steps through the tunnels");
  EXPECT_EQ(describeMarkButtons(a), "");
  recorder::LoadedReplay forged = loadCorpus("dodge-bot-seed3.rtr");
  forged.chunks[2].checksums[10] ^= 1U;
  EXPECT_EQ(describeMarkButtons(Playback(forged, true)), "\"first divergence\" goes to the divergence");
  // Each is what verify makes of that replay on its own.
  EXPECT_EQ(cut.verdict()->passes, recorder::verifyReplay(cut.replay()).passed());
  EXPECT_EQ(a.verdict()->passes, recorder::verifyReplay(golden).passed());
  // Without --verify neither has a verdict; an edit shown as B is recorded and verified by this
  // build, so it has one.
  Playback plain(golden, false);
  Debugger editing(plain, nullptr, "tank-bot-seed5.rtr", "", {});
  EXPECT_EQ(readStatusValue(editing, "verifyB"), "none");
  ASSERT_FALSE(editing.toggleInput(300, 0).has_value());
  EXPECT_EQ(readStatusValue(editing, "verify"), "none");
  EXPECT_EQ(readStatusValue(editing, "verifyB"),
            recorder::verifyReplay(editing.compared()->replay()).passed() ? "passed" : "failed");
}

}  // namespace
}  // namespace retrace::viewer
