// A field plotted over time: every tick's value is the one the inspector shows there, a column
// of the timeline holds the lowest and highest value of the ticks it covers, stepping in slices
// changes nothing, and the debugger plots at most kMaxPlots fields, B's beside A's.
#include "viewer/plot.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "recorder/replay.h"
#include "recorder/replay_test_support.h"
#include "sim/field_ids.h"
#include "support/corpus.h"
#include "viewer/debugger.h"
#include "viewer/timeline.h"

namespace retrace::viewer {
namespace {

using retrace::testing::loadCorpus;

/// The field's value after every tick by seeking the playback there, as the inspector reads it.
std::vector<std::optional<std::int64_t>> seekValues(Playback& playback, const std::string& field) {
  std::vector<std::optional<std::int64_t>> values;
  for (std::uint64_t t = 0; t <= playback.lastTick(); ++t) {
    playback.seek(t);
    const std::vector<sim::Field> fields = playback.current().describeState();
    const auto found = std::find_if(fields.begin(), fields.end(), [&](const sim::Field& f) { return f.name == field; });
    values.push_back(found == fields.end() ? std::nullopt : std::optional(found->value));
  }
  return values;
}

/// What a column over ticks [first, last] of `values` must hold.
PlotColumn expectColumn(const std::vector<std::optional<std::int64_t>>& values, std::uint64_t first, std::uint64_t last) {
  PlotColumn column;
  for (std::uint64_t t = first; t <= last && t < values.size(); ++t) {
    if (!values[t]) continue;
    column.low = column.present ? std::min(column.low, *values[t]) : *values[t];
    column.high = column.present ? std::max(column.high, *values[t]) : *values[t];
    column.present = true;
  }
  return column;
}

TEST(Plot, EveryTicksValueIsTheOneTheInspectorShowsThere) {
  // A tank's x, the first bullet's, which comes and goes (absent on the ticks without one), and
  // tiles of the map, bytes packed eight to a saved value, bricks the bot shoots away.
  Playback playback(loadCorpus("tank-bot-seed5.rtr"), false);
  for (const std::string field : {"tanks[0].centre.x", "bullets[0].position.y", "tiles[5][5]", "tiles[1][1]"}) {
    FieldSeries series(field, playback);
    EXPECT_FALSE(series.complete());
    EXPECT_TRUE(series.extend(playback.lastTick() + 10));
    EXPECT_EQ(series.known(), playback.lastTick() + 1);
    EXPECT_TRUE(series.seen());
    EXPECT_EQ(series.ticksPerRange(), 1U);
    const std::vector<std::optional<std::int64_t>> values = seekValues(playback, field);
    const std::vector<PlotColumn> each = series.bin(0, playback.lastTick(), static_cast<unsigned>(playback.lastTick() + 1));
    std::size_t absent = 0;
    for (std::uint64_t t = 0; t <= playback.lastTick(); ++t) {
      ASSERT_EQ(each[t], expectColumn(values, t, t)) << field << " at tick " << t;
      if (!values[t]) ++absent;
    }
    if (field.starts_with("bullets")) {
      EXPECT_GT(absent, 0U) << "a tick without a bullet";
    }
    if (field.starts_with("tiles")) {
      EXPECT_NE(std::count(values.begin(), values.end(), values.front()), std::ssize(values)) << field << ": a brick shot away";
    }
  }
}

TEST(Plot, AFieldsPlaceAmongTheValuesHoldsWhileNoListLengthOrCountChanges) {
  // Two lists may change length in one tick and leave the count of values as it was: the place
  // is read again all the same.
  Playback playback(loadCorpus("tank-bot-seed5.rtr"), false);
  std::uint64_t tick = 0;
  for (; tick <= playback.lastTick(); ++tick) {
    playback.seek(tick);
    if (FieldPlace::read(playback.current(), "bullets[0].position.y", 0).index) break;
  }
  ASSERT_LE(tick, playback.lastTick()) << "no tick with a bullet";
  const std::vector<sim::Field> fields = playback.current().describeState();
  std::vector<std::int64_t> values = playback.current().saveState();
  const FieldPlace place = FieldPlace::read(playback.current(), "bullets[0].position.y", values.size());
  ASSERT_TRUE(place.aligned);
  ASSERT_TRUE(place.index.has_value());
  const auto named =
      std::find_if(fields.begin(), fields.end(), [](const sim::Field& f) { return f.name == "bullets[0].position.y"; });
  ASSERT_NE(named, fields.end());
  EXPECT_EQ(*place.index, named->place);
  EXPECT_EQ(values[*place.index], place.named);
  EXPECT_EQ(place.readValue(values), place.named);
  EXPECT_TRUE(place.fits(values));
  const auto length = std::find_if(fields.begin(), fields.end(), [](const sim::Field& f) { return f.name == "bullets.size"; });
  ASSERT_NE(length, fields.end());
  std::vector<std::int64_t> longer = values;
  ++longer[length->place];  // the count kept, a length not
  EXPECT_FALSE(place.fits(longer));
  values.pop_back();
  EXPECT_FALSE(place.fits(values));
  EXPECT_FALSE(FieldPlace::read(playback.current(), "bullets[0].position.z", values.size() + 1).index.has_value());
}

TEST(Plot, AnElementPickedByItsIdIsFollowedAsItsIndexShifts) {
  // A bullet whose place in the list changes while it flies (one before it is gone): plotted as
  // bullets[id=N], every tick's value is that bullet's, wherever it is, and absent without it.
  Playback playback(loadCorpus("tank-bot-seed5.rtr"), false);
  std::map<std::int64_t, std::set<std::string>> placesById;
  for (std::uint64_t t = 0; t <= playback.lastTick(); ++t) {
    playback.seek(t);
    for (const sim::Field& f : playback.current().describeState()) {
      if (f.name.starts_with("bullets[") && f.name.ends_with("].id")) placesById[f.value].insert(f.name);
    }
  }
  const auto moved =
      std::find_if(placesById.begin(), placesById.end(), [](const auto& entry) { return entry.second.size() > 1; });
  ASSERT_NE(moved, placesById.end()) << "no bullet changes place in this replay";
  const std::int64_t id = moved->first;
  const std::string field = "bullets[id=" + std::to_string(id) + "].position.x";
  FieldSeries series(field, playback);
  (void)series.extend(playback.lastTick() + 1);
  ASSERT_TRUE(series.seen());
  const std::vector<PlotColumn> each = series.bin(0, playback.lastTick(), static_cast<unsigned>(playback.lastTick() + 1));
  for (std::uint64_t t = 0; t <= playback.lastTick(); ++t) {
    playback.seek(t);
    const std::vector<sim::Field> fields = playback.current().describeState();
    std::optional<std::int64_t> expected;
    for (const sim::Field& f : fields) {
      if (f.name.starts_with("bullets[") && f.name.ends_with("].id") && f.value == id) {
        const std::string x = f.name.substr(0, f.name.size() - 3) + ".position.x";
        expected = std::find_if(fields.begin(), fields.end(), [&](const sim::Field& g) { return g.name == x; })->value;
      }
    }
    ASSERT_EQ(each[t], expectColumn({expected}, 0, 0)) << field << " at tick " << t;
  }
}

TEST(Plot, ANameMayPickAnElementByItsIdAndIsOneFieldsName) {
  // How names turn from indices to ids and back: sim/field_ids.h, tested in recorder_tests.
  Playback playback(loadCorpus("tank-bot-seed5.rtr"), false);
  playback.seek(300);
  const std::vector<sim::Field> fields = playback.current().describeState();
  const std::string byId = sim::nameByIds(fields, "tanks[1].centre.x");
  ASSERT_TRUE(byId.starts_with("tanks[id=")) << byId;
  // An element not there yet may come without any list changing length: its place is read again.
  const std::vector<std::int64_t> values = playback.current().saveState();
  EXPECT_TRUE(FieldPlace::read(playback.current(), byId, values.size()).fits(values));
  EXPECT_FALSE(FieldPlace::read(playback.current(), "tanks[id=999999].hp", values.size()).fits(values));
  EXPECT_FALSE(checkPlotName(byId).has_value());
  EXPECT_FALSE(checkPlotName("tanks[id=-3].hp").has_value());
  for (const std::string bad : {"tanks[id=x].hp", "tanks[id=].hp", "tanks[id=5.hp", "tanks[*].hp", "", "man vy"}) {
    const auto problem = checkPlotName(bad);
    ASSERT_TRUE(problem.has_value()) << bad;
    EXPECT_TRUE(problem->starts_with("'" + bad + "'")) << *problem;
  }
}

TEST(Plot, AColumnHoldsTheLowestAndHighestValueOfTheTicksItCovers) {
  Playback playback(loadCorpus("fallingman-bot-seed4.rtr"), false);
  FieldSeries series("man.vy", playback);
  (void)series.extend(playback.lastTick() + 1);
  const std::vector<std::optional<std::int64_t>> values = seekValues(playback, "man.vy");
  struct Case {
    std::uint64_t from, to;
    unsigned columns;
  };
  // The whole replay, a zoomed range, and more columns than ticks (each shows the tick under it).
  for (const Case c : {Case{0, playback.lastTick(), 860}, Case{900, 1300, 333}, Case{1000, 1009, 700}, Case{7, 7, 3}}) {
    const std::vector<PlotColumn> bins = series.bin(c.from, c.to, c.columns);
    ASSERT_EQ(bins.size(), c.columns);
    const std::uint64_t span = c.to - c.from + 1;
    for (std::uint64_t i = 0; i < c.columns; ++i) {
      std::uint64_t first = c.to + 1;
      std::uint64_t last = c.from;
      for (std::uint64_t t = c.from; t <= c.to; ++t) {
        if ((t - c.from) * c.columns / span != i) continue;
        first = std::min(first, t);
        last = std::max(last, t);
      }
      if (first > c.to) first = last = c.from + i * span / c.columns;  // no tick starts here: the one under it
      ASSERT_EQ(bins[i], expectColumn(values, first, last))
          << "ticks " << c.from << " to " << c.to << " in " << c.columns << ", column " << i;
    }
  }
  EXPECT_NE(series.bin(0, playback.lastTick(), 10)[5].low, series.bin(0, playback.lastTick(), 10)[5].high)
      << "a column of 360 ticks of falling";
}

TEST(Plot, SteppingInSlicesKnowsEachTickOnceAndOnlyWhatItStepped) {
  Playback playback(loadCorpus("dodge-bot-seed3.rtr"), false);
  FieldSeries whole("player.x", playback);
  (void)whole.extend(playback.lastTick() + 1);
  FieldSeries sliced("player.x", playback);
  EXPECT_FALSE(sliced.extend(100));
  EXPECT_EQ(sliced.known(), 100U);
  // Ticks not yet stepped are absent: the lane draws what is known so far.
  const std::vector<PlotColumn> partial = sliced.bin(0, 199, 200);
  EXPECT_TRUE(partial[99].present);
  EXPECT_FALSE(partial[100].present);
  while (!sliced.extend(7)) {
  }
  EXPECT_EQ(sliced.bin(0, playback.lastTick(), 1000), whole.bin(0, playback.lastTick(), 1000));
  EXPECT_TRUE(sliced.extend(5)) << "complete stays complete";
  EXPECT_EQ(sliced.known(), playback.lastTick() + 1);
}

TEST(Plot, AFieldNoTickHasIsNeverSeen) {
  Playback playback(loadCorpus("dodge-bot-seed3.rtr"), false);
  FieldSeries series("player.z", playback);
  EXPECT_TRUE(series.extend(playback.lastTick() + 1));
  EXPECT_FALSE(series.seen());
  const std::vector<PlotColumn> bins = series.bin(0, playback.lastTick(), 50);
  EXPECT_TRUE(std::none_of(bins.begin(), bins.end(), [](const PlotColumn& c) { return c.present; }));
}

TEST(Plot, ALongReplaySharesRangesBetweenTicksAndKeepsEveryExtreme) {
  // Past kMaxPlotRanges ticks, neighbouring ticks share a range: the memory stays bounded, and a
  // column still holds the lowest and highest value of its ticks.
  const std::uint64_t ticks = kMaxPlotRanges + 5000;
  const std::vector<std::byte> bytes =
      recorder::testing::recordInMemory("dodge", ticks, 4, "default", 600, 1800, false, "bot", 1);
  auto loaded = recorder::loadReplay(bytes);
  Playback playback(std::get<recorder::LoadedReplay>(std::move(loaded)), false);
  FieldSeries series("player.x", playback);
  (void)series.extend(ticks + 1);
  EXPECT_EQ(series.ticksPerRange(), 2U);
  // Every tick's value, by stepping the replay once more.
  auto game = playback.game().start(recorder::configOf(playback.replay().header), playback.replay().header.seed);
  std::vector<std::optional<std::int64_t>> values;
  for (std::uint64_t t = 0; t <= ticks; ++t) {
    if (t > 0) (void)game->step(playback.ticks().inputAt(t));
    const std::vector<sim::Field> fields = game->describeState();
    values.push_back(std::find_if(fields.begin(), fields.end(), [](const sim::Field& f) { return f.name == "player.x"; })->value);
  }
  // A column covers its ticks and those that share a range with them: whole pairs of ticks.
  for (const unsigned columns : {1U, 997U, static_cast<unsigned>((ticks + 1) / 2)}) {
    const std::vector<PlotColumn> bins = series.bin(0, ticks, columns);
    for (std::uint64_t i = 0, first = 0; i < columns; ++i) {
      const std::uint64_t next = ((i + 1) * (ticks + 1) + columns - 1) / columns;  // the first tick of the next column
      ASSERT_EQ(bins[i], expectColumn(values, first / 2 * 2, (next - 1) / 2 * 2 + 1)) << columns << " columns, column " << i;
      first = next;
    }
  }
}

TEST(Plot, ThePointersReadoutGivesTheTicksOfItsColumnAndThePlotsValuesThere) {
  Playback playback(loadCorpus("fallingman-bot-seed4.rtr"), false);
  FieldSeries series("man.vy", playback);
  (void)series.extend(playback.lastTick() + 1);
  const std::vector<std::string> plotted = {"man.vy"};
  const std::vector<Lane> lanes = describeLanes(playback.game(), plotted);
  const Lane& plotLane = lanes.back();
  const Lane& marksLane = lanes.front();
  const auto readout = [&](unsigned columns, unsigned column, const Lane& lane, bool withB) {
    PlotTrack track;
    track.field = "man.vy";
    track.kind = series.kind();
    track.a = series.bin(0, playback.lastTick(), columns);
    if (withB) track.b = track.a;
    const std::vector<PlotTrack> tracks = {track};
    const TimelineData data{playback.game(), {},          {}, playback.lastTick(), {}, 0, viewWhole(playback.lastTick()),
                            tracks,          std::nullopt};
    return describeTimelinePoint(data, lane, column, columns);
  };
  const std::string at900 = sim::formatFieldValue(series.bin(900, 900, 1)[0].low, sim::FieldKind::kFixed);
  EXPECT_EQ(readout(3601, 900, plotLane, false), "tick 900: man.vy " + at900);
  EXPECT_EQ(readout(10, 0, plotLane, false), "ticks 0-360: man.vy 0 to 4.4");
  EXPECT_EQ(readout(10, 0, marksLane, false), "ticks 0-360");
  EXPECT_EQ(readout(10, 9, plotLane, true), "ticks 3241-3600: man.vy 0 to 4.4, B 0 to 4.4");
}

TEST(Plot, TheDebuggerPlotsAtMostFourFieldsAndBsBesideAs) {
  Playback a(loadCorpus("tank-bot-seed5.rtr"), false);
  Debugger debugger(a, nullptr, "a.rtr", "", {});
  for (const char* field : {"tanks[0].centre.x", "tanks[0].centre.y", "tanks[0].hp", "bullets.size"})
    EXPECT_FALSE(debugger.togglePlot(field).has_value());
  const auto refused = debugger.togglePlot("tanks[1].hp");
  ASSERT_TRUE(refused.has_value());
  EXPECT_NE(refused->find("at most 4"), std::string::npos) << *refused;
  EXPECT_EQ(debugger.plotted().size(), 4U);
  EXPECT_FALSE(debugger.togglePlot("tanks[0].centre.y").has_value()) << "plotted: stops plotting it";
  EXPECT_EQ(debugger.plotted(), (std::vector<std::string>{"tanks[0].centre.x", "tanks[0].hp", "bullets.size"}));
  const FrameLayout layout = layoutFrame({0.0F, 0.0F, 640.0F, 480.0F}, a, debugger.plotted().size());
  EXPECT_NE(debugger.describeStatus({}, layout, false).find("\nplots=tanks[0].centre.x,tanks[0].hp,bullets.size\n"),
            std::string::npos);
  while (!debugger.stepPlots(1000)) {
  }
  const FrameExtras extras = debugger.extras(true);
  ASSERT_EQ(extras.plots.size(), 3U);
  EXPECT_EQ(extras.plots[1].a->field(), "tanks[0].hp");
  EXPECT_TRUE(extras.plots[1].a->complete());
  EXPECT_EQ(extras.plots[1].b, nullptr) << "no B";
  // An edit opens B (every input from tick 100 on released): its plots are stepped over B's own
  // ticks, field for field.
  std::vector<sim::Input> released = a.ticks().loadInputs();
  std::fill(released.begin() + 99, released.end(), sim::Input{0});
  ASSERT_FALSE(debugger.applyEdit(released).has_value());
  EXPECT_EQ(debugger.extras(true).plots[0].b, nullptr) << "B's plots start with the next step";
  (void)debugger.stepPlots(1);
  const FrameExtras withB = debugger.extras(true);
  ASSERT_NE(withB.plots[0].b, nullptr);
  EXPECT_EQ(withB.plots[0].b->field(), "tanks[0].centre.x");
  while (!debugger.stepPlots(1000)) {
  }
  EXPECT_EQ(withB.plots[0].a->bin(0, 99, 100), withB.plots[0].b->bin(0, 99, 100)) << "alike before the edit";
  EXPECT_NE(withB.plots[0].a->bin(0, a.lastTick(), 500), withB.plots[0].b->bin(0, a.lastTick(), 500)) << "a tank left standing";
  // Another edit takes the place of the first (at the same address): B's plots are its own.
  std::fill(released.begin() + 49, released.end(), sim::Input{2});
  ASSERT_FALSE(debugger.applyEdit(released).has_value());
  while (!debugger.stepPlots(1000)) {
  }
  FieldSeries fresh("tanks[0].centre.x", *debugger.compared());
  (void)fresh.extend(a.lastTick() + 1);
  ASSERT_NE(debugger.extras(true).plots[0].b, nullptr);
  EXPECT_EQ(debugger.extras(true).plots[0].b->bin(0, a.lastTick(), 500), fresh.bin(0, a.lastTick(), 500));
}

}  // namespace
}  // namespace retrace::viewer
