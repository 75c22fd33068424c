#pragma once
// The viewer as a replay debugger: Dear ImGui panels in a column beside the scene. Navigate (go
// to a tick, next or previous event and mark, the first divergence, bookmarks, a `find`
// condition, the selected range as a contact sheet), Inspector (every field at the cursor, or
// A beside B in compare mode), Events (the whole replay's, filterable, a click seeks) and
// Oracle (what the tunnel oracle or the divergence says about this tick). Every panel works
// for any registered game from its field, event and scene descriptions. The Inspector, Events
// and the find box are drawn in debugger_inspector.cpp, debugger_events.cpp and
// debugger_find.cpp; the rest, and what they share, in debugger.cpp.

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <SFML/Graphics.hpp>

#include "viewer/clip_job.h"
#include "viewer/controls.h"
#include "viewer/edit.h"
#include "viewer/frame.h"
#include "viewer/inspector.h"
#include "viewer/navigation.h"
#include "viewer/picture_job.h"
#include "viewer/playback.h"
#include "viewer/plot.h"
#include "viewer/sheet_job.h"
#include "viewer/timeline.h"

namespace retrace::viewer {

/// The width of the panel column, in pixels.
inline constexpr float kPanelWidth = 420.0F;
/// The panel column's width in a window `width` wide: kPanelWidth, or on a wide screen nearly a
/// third of it, up to twice kPanelWidth (an event's line, a field's long name), and never more
/// than half the window.
[[nodiscard]] inline float fitPanelWidth(float width) {
  return std::min(width / 2, std::clamp(width * 0.3F, kPanelWidth, 2 * kPanelWidth));
}
/// The ticks the find box's search walks at a step (the window takes as many steps a frame as
/// its share of the frame allows).
inline constexpr std::uint64_t kFindSlice = 256;

/// What the panels show and what the user set in them.
class Debugger {
 public:
  /// `b` is compare mode's second replay (or nullptr); the names label A and B; `found` is
  /// --find's (marked on the timeline, N and shift+N, its condition in the find box).
  Debugger(Playback& a, Playback* b, std::string nameA, std::string nameB, FoundTicks found);

  /// Builds the panels in `column` for this ImGui frame (between GuiBridge's begin and end);
  /// the View section's checkboxes toggle `overlays`.
  void draw(sf::FloatRect column, const sf::Font& font, Overlays& overlays);

  /// Lists in the events panel only the events whose arguments meet the condition (retrace
  /// events --where: find's grammar over the arguments' names; empty text lists every event);
  /// a sentence when it is refused, the panel's list left as it was.
  std::optional<std::string> filterEvents(std::string condition);
  /// Lists in the events panel only the events about the selection and what lies inside it, or
  /// (off) every event of its kind and condition; with nothing selected, every one.
  void listEventsAboutSelection(bool on);
  /// Seeks to an event's tick and selects the first thing it is about (EventSchema::subjects);
  /// keeps the selection for an event about nothing, and while the panel lists the selection's
  /// events.
  void openEvent(const EventRow& row);
  /// How many events the panel lists: of its kind, meeting its condition when it has one, about
  /// the selection when it lists those.
  [[nodiscard]] std::uint64_t countListedEvents() const;
  /// The i-th event the panel lists, in tick order; i < countListedEvents().
  [[nodiscard]] EventRow listedEventAt(std::uint64_t i) const;

  /// Starts the find box's search: for the nearest tick after (or before) the cursor where a
  /// condition in retrace find's grammar holds. The sentence when it cannot start (a bad
  /// condition, no tick before 0); stepFind carries it out.
  std::optional<std::string> startFind(const std::string& text, Direction direction);
  /// Searches up to `ticks` more ticks for the find started, nearest first, and moves A to the
  /// tick when it is found; true once no search is under way. The window calls it a slice a
  /// frame, so that a far match or none never freezes it.
  bool stepFind(std::uint64_t ticks);
  /// Starts a search for every tick where the condition holds, to mark them on the timeline in
  /// place of --find's (N and shift+N then go through them); the sentence when it cannot start.
  /// stepFind carries it out, the cursor left where it is.
  std::optional<std::string> startMarking(const std::string& text);
  /// The ticks marked as matches: --find's, or the last marking's.
  [[nodiscard]] const std::vector<std::uint64_t>& matches() const noexcept { return matches_; }
  /// Starts writing the ticks selected on the timeline as a clip, clip-FROM-TO.gif in the
  /// working folder (clip-FROM-TO-2.gif when that is taken, and so on), as the window shows
  /// them at its speed, frames of
  /// `size` (the window's frame); the sentence when it cannot start. stepPicture carries it out.
  std::optional<std::string> startClip(const sf::Font& font, sf::Vector2u size);
  /// Starts drawing the ticks selected on the timeline as a contact sheet, sheet-FROM-TO.png in
  /// the working folder (named as a clip is), with the overlays the window draws; the sentence
  /// when it cannot start. stepPicture carries it out.
  std::optional<std::string> startSheet(const sf::Font& font);
  /// Draws up to `units` more frames or cells of the clip or sheet under way, the cursor left
  /// where it is; true once none is under way (pictureMessage() then says how the last ended).
  bool stepPicture(const Overlays& overlays, std::uint64_t units);
  /// How many of the frames or cells of the clip or sheet under way are drawn, of how many.
  [[nodiscard]] std::optional<std::pair<std::uint64_t, std::uint64_t>> pictureProgress() const;
  /// How the last contact sheet or clip saved ended: "wrote ..." or why not.
  [[nodiscard]] const std::string& pictureMessage() const noexcept { return pictureMessage_; }
  /// Drops the search under way, the cursor left where it is.
  void stopFind() { finding_.reset(); }
  /// Whether a search is under way, and how many of the ticks it has to search it has.
  [[nodiscard]] std::optional<std::pair<std::uint64_t, std::uint64_t>> findProgress() const;
  /// The sentence for the last search that ended without moving (a bad condition, no such tick).
  [[nodiscard]] const std::string& findProblem() const noexcept { return findProblem_; }
  /// What the last search that moved found: "holds at tick 513: bullets[0].position.x 242", the
  /// fields that meet the condition there (as retrace find names them).
  [[nodiscard]] const std::string& foundMessage() const noexcept { return foundMessage_; }
  /// startFind, then stepFind until it is over: the sentence when the cursor did not move.
  std::optional<std::string> findFromCursor(const std::string& text, Direction direction);
  /// Moves A (and B) to a tick and pauses.
  void seek(std::uint64_t tick);
  /// Selects the entity the inspector shows and the scene outlines (nothing: every field). A
  /// list's element with an `id` field is selected by it ("bullets[id=7]") and followed wherever
  /// it is in its list as the cursor moves, since indices shift as elements come and go.
  void select(std::optional<std::string> entity);
  /// Whether the inspector has the selection's fields to list at the cursor: it is there, or
  /// went this tick.
  [[nodiscard]] bool showsSelection() const noexcept { return !selectedNow_.empty() || !selectedBefore_.empty(); }
  /// The selection as made: "bullets[id=7]", "tiles[5][3]", "player"; empty for none.
  [[nodiscard]] const std::string& selected() const noexcept { return selected_; }
  /// Where the selection is in A's state at the cursor ("bullets[2]"); empty when nothing is
  /// selected or the selection is not there (a bullet before it is fired or after it hit).
  [[nodiscard]] const std::string& selectedNow() const noexcept { return selectedNow_; }
  /// The rows the inspector lists when it is no tree (a filter, a selection or "only changed"):
  /// a selection gone this tick lists its fields as they were, gone.
  [[nodiscard]] std::vector<const FieldRow*> listInspectorRows() const;
  /// The inspector's "only changed": it lists the fields the tick changed, and those it ended.
  void showOnlyChanged(bool on) { onlyChanged_ = on; }
  /// The jumps keys make: --find matches, bookmarks, the events panel's kind.
  [[nodiscard]] JumpTargets targets();
  /// The frame's marks, selection, highlight and (compare mode) titles and ghosts; the oracle's
  /// sentences go over the scene only when the panels (which show them) are hidden.
  [[nodiscard]] FrameExtras extras(bool panelsShown) const;
  /// The timeline's range; zoomed and reset by the window.
  TimelineView view;
  std::optional<std::uint64_t> selectionFrom;
  std::optional<std::uint64_t> selectionTo;
  /// Where A and B first differ (compare mode).
  [[nodiscard]] std::optional<std::uint64_t> compareDifference() const noexcept { return difference_; }
  /// B: the edit of A's inputs when there is one, else --compare's replay, else nothing.
  [[nodiscard]] Playback* compared() noexcept { return b_; }
  /// Flips a button of A's inputs (or of the edit's, once there is one) at a tick and opens the
  /// re-simulated result as B; one sentence when it cannot be recorded.
  std::optional<std::string> toggleInput(std::uint64_t tick, unsigned bit);
  /// Replaces the edit's inputs and re-simulates them as B.
  std::optional<std::string> applyEdit(std::vector<sim::Input> inputs);
  /// Drops the edit: B is --compare's replay again (or nothing).
  void discardEdit();
  [[nodiscard]] bool editing() const noexcept { return edited_.has_value(); }
  /// Plots a field on the timeline (by its dotted name), or stops plotting it; one sentence when
  /// it cannot be: kMaxPlots are plotted already.
  std::optional<std::string> togglePlot(const std::string& field);
  /// The fields plotted, in the order of their lanes.
  [[nodiscard]] const std::vector<std::string>& plotted() const noexcept { return plotted_; }
  /// Steps each plot's replay (A's, and B's in compare mode) on by up to `ticks` ticks; true once
  /// every plot knows every tick. The window calls it a slice a frame, a PNG until it is true.
  bool stepPlots(std::uint64_t ticks);
  /// Puts the keyboard in the go-to-tick box on the next frame (the T key).
  void focusTickBox() {
    focusTick_ = true;
    tickText_.clear();  // a new tick, not one appended to the last
  }
  /// The status's progress lines: the find box's search and the clip or sheet being written, as done of
  /// all ("none" when none is under way).
  [[nodiscard]] std::string describeProgress() const;
  /// The viewer's state as key=value lines, for tests and scripts that drive the window.
  /// `typing`: a panel's text box has the keyboard.
  [[nodiscard]] std::string describeStatus(const Overlays& overlays, const FrameLayout& layout, bool typing) const;

 private:
  /// The Navigate panel: where the cursor is and every way to move it (left open for drawView).
  void drawNavigation(const sf::Font& font);
  /// The go-to-tick box and the sentence for what it could not read.
  void drawGoTo();
  /// The jumps to the previous and next event, mark, divergence and difference; the bookmark toggle.
  void drawJumps();
  /// The bookmarked ticks, a button each.
  void drawBookmarks();
  /// The find box: the next tick after (or before) the cursor where a condition holds, and how
  /// far a search under way has got.
  void drawFind();
  /// The ticks selected on the timeline, to save as a contact sheet.
  void drawSelection(const sf::Font& font);
  void drawInspector();
  /// The fields as a tree by dotted name, a node per entity and list element.
  void drawFieldTree(const std::vector<std::string>& entities);
  /// The fields the filter or the selected entity leave, by full name.
  void drawFieldList(const std::vector<std::string>& entities);
  /// A field's row (its name shown as `label`): hovering names it, a right-click plots it.
  void drawField(std::string_view label, const FieldRow& row);
  /// A whole grid's cells (a tile map) under a node `label`, a character each as retrace show
  /// prints them: a changed cell in the changed colour, hovering one names it and outlines its
  /// tile, a click selects it, a right-click plots it.
  void drawFieldGrid(std::string_view label, std::span<const FieldRow> cells, const std::vector<std::string>& entities);
  /// Plots a field as the inspector names it at the cursor (or stops plotting it), a list's
  /// element by its id when it has one.
  void plotFieldAtCursor(const std::string& field);
  /// Where the plotted fields are at the cursor (plottedNow_), for the inspector's colour.
  void placePlots();
  void drawComparison();
  /// The A | B inspector's rows as a tree, as the inspector's: a list's elements under the list,
  /// each node saying how many fields under it differ, in the differing colour when any do.
  void drawComparedTree();
  /// A grid's node in the A | B tree: its cells that differ, a row each.
  void drawComparedGrid(std::string_view label, std::span<const ComparedRow> cells);
  /// One field's row of the A | B inspector (its name shown as `label`): coloured when it
  /// differs or is plotted, then A's and B's values.
  void drawComparedRow(std::string_view label, const ComparedRow& row);
  void drawEvents();
  /// The events panel's choice of a kind, and how many of all its events it lists.
  void drawEventKindChoice();
  /// The events panel's condition box.
  void drawEventCondition();
  /// Lists the events panel's rows again when it lists fewer than its kind's: those meeting
  /// its condition and about its entity; the condition's sentence when a value is refused.
  std::optional<std::string> listEvents();
  /// Whether the events panel lists only some events of its kind (eventRows_).
  [[nodiscard]] bool isEventListNarrowed() const noexcept { return eventCondition_.has_value() || !eventAbout_.empty(); }
  /// Where the event's chief subject is at the cursor ("bullets[1]"), for the scene to outline
  /// while the event's row is hovered; empty when it is about nothing or that is not there.
  [[nodiscard]] std::string placeEventSubject(const sim::Event& event) const;
  /// Finds where the selection is at the cursor (selectedNow_).
  void placeSelection();
  /// The events panel's kind (nothing: every kind).
  [[nodiscard]] std::optional<std::uint16_t> eventKind() const noexcept;
  /// Which listed event is the first at or after the tick (countListedEvents() when none is).
  [[nodiscard]] std::uint64_t findListedEventRow(std::uint64_t tick) const;
  void drawOracle();
  /// What verify and its .expect make of one replay, its tunnels at the cursor and its divergence,
  /// under NAME when it is one of two; MARKED when its divergence and tunnels are the timeline's
  /// marks, which the panel then points to.
  void sayOracle(const Playback& replay, const std::string& name, bool marked);
  void drawEdit();
  /// An edit's file name, save and discard buttons.
  void drawEditSaving();
  void drawView(Overlays& overlays);
  void refresh();
  void compareWith(Playback* b, std::string name);

  Playback& a_;
  Playback* b_;
  Playback* compare_;  ///< --compare's replay, kept while an edit is shown as B
  std::string compareName_;
  std::optional<Playback> edited_;
  std::vector<sim::Input> editInputs_;
  int editButton_ = 0;
  int editTicks_ = 30;
  std::string savePath_;
  std::string editMessage_;
  std::string nameA_;
  std::string nameB_;
  std::vector<std::uint64_t> matches_;
  Bookmarks bookmarks_;
  std::vector<std::uint64_t> bookmarkTicks_;
  std::optional<std::uint64_t> difference_;
  std::string selected_;
  std::string selectedNow_;     ///< where selected_ is at the cursor, empty when it is not there
  std::string selectedBefore_;  ///< where selected_ was the tick before, when it is not at the cursor
  std::string hovered_;
  std::string filter_;
  bool onlyDifferences_ = false;
  bool onlyChanged_ = false;                           ///< the inspector lists only the fields the tick changed
  int eventKind_ = -1;                                 ///< the events panel's kind, -1 for all
  std::string eventWhereText_;                         ///< the events panel's condition box
  std::string eventWhere_;                             ///< the condition applied, as typed
  std::optional<recorder::Condition> eventCondition_;  ///< the condition applied
  bool eventsAboutSelection_ = false;                  ///< the events panel lists the selection's events
  std::string eventAbout_;                             ///< the entity the listed events are about, when they are
  std::vector<std::uint64_t> eventRows_;               ///< narrowed: the rows of the kind that are listed
  std::vector<std::uint64_t> eventTicks_;              ///< their ticks, each once, for . and ,
  std::string eventWhereProblem_;
  std::string tickText_;
  bool focusTick_ = false;
  std::string tickProblem_;
  std::string findText_;
  std::string findProblem_;
  std::string markMessage_;   ///< what the last marking marked
  std::string foundMessage_;  ///< what the last search that moved found
  /// After a search moved the cursor: says which fields meet the condition there, and for a [*]
  /// pattern selects what the first of them belongs to, to show which one it holds of.
  void sayWhatHolds(const recorder::Condition& condition);
  /// The find box's search under way: the ticks it has left, nearest to where it started first.
  struct Finding {
    recorder::TickSearch search;
    Direction direction;
    std::uint64_t from;                      ///< the cursor when it started
    std::uint64_t next;                      ///< the nearest tick not searched yet; the rest lie beyond it
    std::unique_ptr<sim::GameSession> game;  ///< going forward, the game after the tick before `next`
    bool marking = false;                    ///< every tick from 0, to mark, rather than the nearest
    std::vector<std::uint64_t> found;        ///< marking: the ticks found so far
  };
  std::optional<Finding> finding_;
  /// startFind and startMarking: a search from `next` on, once the condition reads; `none`, said
  /// instead, when there is no tick to search that way.
  std::optional<std::string> beginSearch(const std::string& text, Direction direction, std::uint64_t next, bool marking,
                                         const std::optional<std::string>& none);
  /// The ticks a search has yet to look at: from `next` to 0 going back, to the last going forward.
  [[nodiscard]] std::uint64_t countTicksLeft(const Finding& f) const noexcept;
  std::string pictureMessage_;           ///< the last sheet's or clip's
  std::unique_ptr<PictureJob> picture_;  ///< the clip or sheet being written
  sf::Vector2u frameSize_;               ///< the window's frame beside the panels, a clip's size
  // What the panels show at the cursor, recomputed when the tick moves.
  std::optional<std::uint64_t> shownTick_;
  bool scrollEvents_ = false;
  std::array<float, 4> eventList_{};       ///< the events list's first row in view: x, y, row height, its index
  std::array<float, 2> aboutBox_{};        ///< the centre of the events panel's "about selected" box
  std::array<float, 2> findBox_{};         ///< the centre of the find box
  std::array<float, 2> markButton_{};      ///< the centre of its "mark all" button
  std::array<float, 2> sheetButton_{};     ///< the centre of the selection's "save as sheet" button
  std::array<float, 2> clipButton_{};      ///< and of its "save as clip" button
  std::array<float, 2> editHeader_{};      ///< the centre of the "Edit inputs" header
  std::array<float, 2> holdButton_{};      ///< and of its "hold from the cursor" button; {0, 0} while it is closed
  std::array<float, 2> bookmarkButton_{};  ///< the centre of the first bookmark's button; {0, 0} while there is none
  std::vector<FieldRow> rows_;
  std::vector<FieldRow> goneRows_;  ///< the fields the tick before had and this one has not
  std::vector<ComparedRow> compared_;
  // The fields plotted on the timeline, and their values over A and B.
  std::vector<std::string> plotted_;
  std::vector<std::string> plottedNow_;  ///< their names at the cursor, each element at its index there
  std::vector<std::unique_ptr<FieldSeries>> plotsA_;
  std::vector<std::unique_ptr<FieldSeries>> plotsB_;
  std::uint64_t bGeneration_ = 0;  ///< counts the Bs compared with, each edit one (it may reuse its predecessor's address)
  std::uint64_t plottedB_ = 0;     ///< the generation of B that plotsB_ step
  bool plotting_ = false;          ///< a plot is still being stepped
  std::string plotMessage_;
};

/// Which of the Navigate buttons go to a replay's divergence and tunnels, the timeline's marks
/// ("mark > steps through the tunnels"), said under its verdict; empty when it has neither.
[[nodiscard]] std::string describeMarkButtons(const Playback& replay);

/// The sentence for an entity asked to be selected that no field at `ticks` ("tick 5", "ticks
/// 5..9") lies inside (a name mistyped, or an element not there then), with what it may have
/// meant among `fields`, those of the last of the ticks.
[[nodiscard]] std::string describeUnseenSelection(const std::string& entity, const std::string& ticks,
                                                  const std::vector<sim::Field>& fields);

}  // namespace retrace::viewer
