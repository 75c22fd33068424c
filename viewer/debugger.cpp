#include "viewer/debugger.h"

#include <algorithm>
#include <climits>
#include <filesystem>
#include <set>

#include <fmt/core.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "recorder/byte_sink.h"
#include "recorder/grid_cells.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/query.h"
#include "sim/event_subjects.h"
#include "sim/field_ids.h"
#include "viewer/headless.h"

namespace retrace::viewer {
namespace {

/// The centre of the widget just drawn, which the status file gives for scripts to click.
std::array<float, 2> centreOfLastItem() {
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  return {(min.x + max.x) / 2, (min.y + max.y) / 2};
}

const ImVec4 kChanged{1.0F, 0.85F, 0.2F, 1.0F};
const ImVec4 kDiffers{1.0F, 0.35F, 0.45F, 1.0F};
const ImVec4 kQuiet{0.6F, 0.6F, 0.68F, 1.0F};

/// The entities the scene at the cursor names, for linking a field to what is drawn.
std::vector<std::string> listEntities(const Playback& playback) {
  std::set<std::string> names;
  for (const sim::ScenePrimitive& p : playback.current().describeScene(playback.previous()).primitives) {
    if (!p.entity.empty()) names.insert(p.entity);
  }
  return {names.begin(), names.end()};
}

/// A name in the working folder that no file has yet, for a picture the window saves:
/// STEM.EXT, else STEM-2.EXT, STEM-3.EXT, ... (a window has no --force, and its person
/// saving the same ticks twice wants both).
std::string pickFreeName(const std::string& stem, const std::string& extension) {
  for (int n = 1; n < 1000; ++n) {
    const std::string name = stem + (n == 1 ? std::string() : "-" + std::to_string(n)) + extension;
    std::error_code error;
    if (!std::filesystem::exists(name, error) && !error) return name;
  }
  return stem + extension;  // all taken: the writer refuses it in one sentence
}

/// The timeline's plot colour, for a plotted field's name.
const ImVec4 kPlotted{plotColourA().r / 255.0F, plotColourA().g / 255.0F, plotColourA().b / 255.0F, 1.0F};

/// One field's row: its name (in the plot colour when plotted) and its value, marked when it
/// changed. True when either was right-clicked.
bool drawFieldLeaf(std::string_view label, const FieldRow& row, bool plotted, std::string& outHovered) {
  const std::string name(label);
  if (plotted)
    ImGui::TextColored(kPlotted, "%s", name.c_str());
  else
    ImGui::TextUnformatted(name.c_str());
  // A gone field's name is another entity's at this tick, if any: it is only shown.
  bool rightClicked = !row.gone && ImGui::IsItemClicked(ImGuiMouseButton_Right);
  if (!row.gone && ImGui::IsItemHovered()) outHovered = row.name;
  ImGui::SameLine(200.0F);
  if (row.changed) {
    ImGui::TextColored(kChanged, "%s *", row.value.c_str());
  } else {
    ImGui::TextUnformatted(row.value.c_str());
  }
  rightClicked = rightClicked || (!row.gone && ImGui::IsItemClicked(ImGuiMouseButton_Right));
  if (!row.gone && ImGui::IsItemHovered()) outHovered = row.name;
  return rightClicked;
}

/// Where `entity` (maybe by id) is in the session's state; empty when it is not there.
std::string placeEntity(const sim::GameSession& session, const std::string& entity) {
  const std::vector<sim::Field> fields = session.describeState();
  const auto at = sim::resolveIds(fields, entity);
  if (at && std::any_of(fields.begin(), fields.end(), [&](const sim::Field& f) { return sim::isInsideEntity(f.name, *at); }))
    return *at;
  return {};
}

}  // namespace

Debugger::Debugger(Playback& a, Playback* b, std::string nameA, std::string nameB, std::vector<std::uint64_t> matches)
    : view(viewWhole(a.lastTick())),
      a_(a),
      b_(nullptr),
      compare_(b),
      compareName_(nameB),
      nameA_(std::move(nameA)),
      matches_(std::move(matches)) {
  compareWith(b, std::move(nameB));
}

void Debugger::compareWith(Playback* b, std::string name) {
  b_ = b;
  ++bGeneration_;
  nameB_ = std::move(name);
  difference_.reset();
  if (b_ != nullptr) {
    difference_ = findFirstStateDifference(a_, *b_);
    if (!difference_) difference_ = findFirstDifference(a_, *b_);
    b_->seek(a_.tick());
  }
  shownTick_.reset();  // the inspector's rows are A's beside the new B
}

std::optional<std::string> Debugger::toggleInput(std::uint64_t tick, unsigned bit) {
  if (bit >= a_.game().inputNames().size()) {
    editMessage_ = std::string(a_.game().name()) + " has no button " + std::to_string(bit);
    return editMessage_;
  }
  if (tick == 0 || tick > a_.lastTick()) {
    editMessage_ = "tick " + std::to_string(tick) + " has no input: inputs are ticks 1 to " + std::to_string(a_.lastTick());
    return editMessage_;
  }
  auto problem = applyEdit(toggleButton(edited_ ? editInputs_ : a_.ticks().loadInputs(), tick, bit));
  editMessage_ = problem.value_or("flipped " + std::string(a_.game().inputNames()[bit]) + " at tick " + std::to_string(tick));
  return problem;
}

std::optional<std::string> Debugger::applyEdit(std::vector<sim::Input> inputs) {
  auto recorded = recordEdit(a_.replay(), inputs, nameA_);
  if (auto* problem = std::get_if<std::string>(&recorded)) return *problem;
  editInputs_ = std::move(inputs);
  b_ = nullptr;  // the old edit goes before the new one takes its place
  edited_.emplace(std::get<recorder::LoadedReplay>(std::move(recorded)), true);
  compareWith(&*edited_, "edit of " + nameA_);
  return std::nullopt;
}

void Debugger::discardEdit() {
  edited_.reset();
  editInputs_.clear();
  compareWith(compare_, compareName_);
}

void Debugger::seek(std::uint64_t tick) {
  a_.setPlaying(false);
  a_.seek(tick);
  if (b_ != nullptr) b_->seek(a_.tick());
  refresh();  // the panels do it each frame, for the keys' moves too
}

void Debugger::select(std::optional<std::string> entity) {
  selected_ = entity ? sim::nameByIds(a_.current().describeState(), *entity) : std::string();
  placeSelection();
  if (eventsAboutSelection_) (void)listEvents();  // no condition refuses what it accepted before
}

std::string describeUnseenSelection(const std::string& entity, const std::string& ticks) {
  return "no field at " + ticks + " lies inside " + recorder::quoteForMessage(entity) + " (the I key shows the entities' names)";
}

void Debugger::placeSelection() {
  selectedNow_.clear();
  selectedBefore_.clear();
  if (selected_.empty()) return;
  selectedNow_ = placeEntity(a_.current(), selected_);
  if (selectedNow_.empty() && a_.tick() > 0) selectedBefore_ = placeEntity(a_.previous(), selected_);
}

std::vector<const FieldRow*> Debugger::listInspectorRows() const {
  const bool gone = !selected_.empty() && selectedNow_.empty();
  return listRows(rows_, goneRows_, {gone ? selectedBefore_ : selectedNow_, filter_, onlyChanged_, gone});
}

std::optional<std::string> Debugger::togglePlot(const std::string& field) {
  const auto at = std::find(plotted_.begin(), plotted_.end(), field);
  if (at != plotted_.end()) {
    const auto index = at - plotted_.begin();
    plotted_.erase(at);
    plotsA_.erase(plotsA_.begin() + index);
    if (static_cast<std::size_t>(index) < plotsB_.size()) plotsB_.erase(plotsB_.begin() + index);
    plotMessage_.clear();
    placePlots();
    return std::nullopt;
  }
  if (plotted_.size() >= kMaxPlots) {
    plotMessage_ =
        "at most " + std::to_string(kMaxPlots) + " fields are plotted at once: right-click a green one to stop plotting it";
    return plotMessage_;
  }
  plotted_.push_back(field);
  plotting_ = true;
  plotsA_.push_back(std::make_unique<FieldSeries>(field, a_));
  if (b_ != nullptr && plottedB_ == bGeneration_) plotsB_.push_back(std::make_unique<FieldSeries>(field, *b_));
  plotMessage_.clear();
  placePlots();
  return std::nullopt;
}

bool Debugger::stepPlots(std::uint64_t ticks) {
  if (plottedB_ != bGeneration_) {
    // A new B (an edit, another edit in the same place, the edit discarded): its plots start again.
    plotsB_.clear();
    plottedB_ = bGeneration_;
    if (b_ != nullptr) {
      for (const std::string& field : plotted_) plotsB_.push_back(std::make_unique<FieldSeries>(field, *b_));
    }
  }
  bool complete = true;
  for (auto* plots : {&plotsA_, &plotsB_}) {
    for (const auto& series : *plots) complete = series->extend(ticks) && complete;
  }
  plotting_ = !complete;
  return complete;
}

JumpTargets Debugger::targets() {
  JumpTargets targets;
  targets.matches = matches_;
  targets.bookmarks = &bookmarks_;
  if (eventKind_ >= 0) targets.eventKind = static_cast<std::uint16_t>(eventKind_);
  if (isEventListNarrowed()) targets.listedEventTicks = eventTicks_;
  targets.compareDifference = difference_;
  return targets;
}

FrameExtras Debugger::extras(bool panelsShown) const {
  FrameExtras extras;
  extras.view = view;
  extras.bookmarks = bookmarkTicks_;
  extras.matches = matches_;
  if (isEventListNarrowed()) extras.listedEvents = eventTicks_;
  extras.compareDifference = difference_;
  extras.selectionFrom = selectionFrom;
  extras.selectionTo = selectionTo;
  extras.highlight = hovered_.empty() ? selectedNow_ : hovered_;
  extras.ghosts = b_ != nullptr && difference_ && a_.tick() >= *difference_;
  extras.titleA = nameA_;
  extras.titleB = nameB_;
  extras.oracleText = !panelsShown;  // else the Oracle panel says it
  for (std::size_t i = 0; i < plotsA_.size(); ++i) {
    const bool withB = b_ != nullptr && plottedB_ == bGeneration_ && i < plotsB_.size();
    extras.plots.push_back({plotsA_[i].get(), withB ? plotsB_[i].get() : nullptr});
  }
  return extras;
}

std::string Debugger::describeStatus(const Overlays& overlays, const FrameLayout& layout, bool typing) const {
  std::string on;
  for (const auto& [name, shown] : {std::pair<const char*, bool>{"boxes", overlays.boxes},
                                    {"sweeps", overlays.sweeps},
                                    {"windows", overlays.window},
                                    {"grid", overlays.grid},
                                    {"names", overlays.ids},
                                    {"events", overlays.events},
                                    {"panels", overlays.panels}}) {
    if (shown) on += (on.empty() ? "" : ",") + std::string(name);
  }
  std::string marks;
  for (const std::uint64_t t : bookmarkTicks_) marks += (marks.empty() ? "" : ",") + std::to_string(t);
  const auto number = [](std::optional<std::uint64_t> t) { return t ? std::to_string(*t) : std::string("none"); };
  std::string plots;
  for (const std::string& field : plotted_) plots += (plots.empty() ? "" : ",") + field;
  const std::string scene = fmt::format("{:.1f},{:.1f},{:.1f},{:.1f},{:.4f}", layout.scene.left, layout.scene.top,
                                        layout.scene.width, layout.scene.height, layout.scale);
  const std::string selection = selectionFrom && selectionTo ? std::to_string(std::min(*selectionFrom, *selectionTo)) + "-" +
                                                                   std::to_string(std::max(*selectionFrom, *selectionTo))
                                                             : std::string("none");
  const std::string buttons = fmt::format(
      "{:.1f},{:.1f}\nclipButton={:.1f},{:.1f}\neditHeader={:.1f},{:.1f}\nholdButton={:.1f},{:.1f}", sheetButton_[0],
      sheetButton_[1], clipButton_[0], clipButton_[1], editHeader_[0], editHeader_[1], holdButton_[0], holdButton_[1]);
  const std::string events =
      fmt::format("{:.1f},{:.1f},{:.1f},{:.0f}\naboutBox={:.1f},{:.1f}\nfindBox={:.1f},{:.1f}\nmarkAll={:.1f},{:.1f}",
                  eventList_[0], eventList_[1], eventList_[2], eventList_[3], aboutBox_[0], aboutBox_[1], findBox_[0],
                  findBox_[1], markButton_[0], markButton_[1]);
  return "tick=" + std::to_string(a_.tick()) + "\nlast=" + std::to_string(a_.lastTick()) +
         "\nplaying=" + (a_.playing() ? "1" : "0") + "\nselected=" + selected_ + "\nselectedNow=" + selectedNow_ +
         "\noverlays=" + on + "\nbookmarks=" + marks + "\ncompare=" + (b_ != nullptr ? "1" : "0") +
         "\nbTick=" + (b_ != nullptr ? std::to_string(b_->tick()) : std::string("none")) + "\ndifference=" + number(difference_) +
         "\ndivergence=" + number(a_.divergenceTick()) + "\nediting=" + (editing() ? "1" : "0") +
         "\ntunnels=" + std::to_string(a_.tunnelsNow().size()) + "\ntyping=" + (typing ? "1" : "0") +
         "\nview=" + std::to_string(view.from) + "-" + std::to_string(view.to) + "\nscene=" + scene + "\nplots=" + plots +
         "\nplotting=" + (plotting_ ? "1" : "0") + "\neventList=" + events +
         "\neventsListed=" + std::to_string(countListedEvents()) + "\nmatches=" + std::to_string(matches_.size()) +
         "\noutlined=" + (hovered_.empty() ? selectedNow_ : hovered_) + "\nselection=" + selection + "\nsheetButton=" + buttons +
         "\npicture=" + pictureMessage_ + "\n";
}

std::string Debugger::describeProgress() const {
  const auto fraction = [](const std::optional<std::pair<std::uint64_t, std::uint64_t>>& done) {
    return done ? std::to_string(done->first) + "/" + std::to_string(done->second) : std::string("none");
  };
  return "finding=" + fraction(findProgress()) + "\nsaving=" + fraction(pictureProgress()) + "\n";
}

void Debugger::refresh() {
  bookmarkTicks_ = bookmarks_.ticks();
  if (shownTick_ == a_.tick()) return;
  shownTick_ = a_.tick();
  scrollEvents_ = true;
  rows_ = inspectFields(a_.current(), a_.previous(), &goneRows_);
  placeSelection();
  if (b_ != nullptr) compared_ = compareFields(a_.current(), b_->current());
  tunnels_.clear();
  for (const sim::Tunnel& t : a_.tunnelsNow()) tunnels_.push_back(t.sentence);
  placePlots();  // an element picked by its id may be at another index now
}

void Debugger::draw(sf::FloatRect column, const sf::Font& font, Overlays& overlays) {
  refresh();
  hovered_.clear();
  frameSize_ = {static_cast<unsigned>(column.left), static_cast<unsigned>(column.height)};
  const float x = column.left;
  const float width = column.width;
  const float oracleHeight = (tunnels_.empty() && !(a_.divergenceTick() && a_.tick() >= *a_.divergenceTick())) ? 0.0F : 130.0F;
  // Navigate is as tall as what is open in it (up to half the column); the rest share what is left.
  ImGui::SetNextWindowPos({x, column.top});
  ImGui::SetNextWindowSizeConstraints({width, 0.0F}, {width, column.height / 2});
  drawNavigation(font);
  drawView(overlays);
  const float navHeight = ImGui::GetWindowHeight();
  ImGui::End();
  const float rest = std::max(120.0F, column.height - navHeight - oracleHeight);
  ImGui::SetNextWindowPos({x, column.top + navHeight});
  ImGui::SetNextWindowSize({width, rest * 0.6F});
  if (b_ != nullptr)
    drawComparison();
  else
    drawInspector();
  ImGui::SetNextWindowPos({x, column.top + navHeight + rest * 0.6F});
  ImGui::SetNextWindowSize({width, rest * 0.4F});
  drawEvents();
  if (oracleHeight > 0.0F) {
    ImGui::SetNextWindowPos({x, column.top + column.height - oracleHeight});
    ImGui::SetNextWindowSize({width, oracleHeight});
    drawOracle();
  }
  bookmarkTicks_ = bookmarks_.ticks();
}

void Debugger::drawNavigation(const sf::Font& font) {
  constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse;
  ImGui::Begin("Navigate", nullptr, kFixed | ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::Text("tick %llu of %llu  (%s)", static_cast<unsigned long long>(a_.tick()),
              static_cast<unsigned long long>(a_.lastTick()), recorder::formatTickTime(a_.tick()).c_str());
  drawGoTo();
  drawJumps();
  drawBookmarks();
  drawFind();
  drawSelection(font);
  drawEdit();
}

void Debugger::drawGoTo() {
  ImGui::SetNextItemWidth(120.0F);
  if (focusTick_) {
    ImGui::SetKeyboardFocusHere();
    focusTick_ = false;
  }
  const bool typed = ImGui::InputTextWithHint("##tick", "151, 1:02.5, +60", &tickText_, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if (ImGui::Button("go to") || typed) {
    auto tick = parseTickText(tickText_, a_.tick(), a_.lastTick());
    if (auto* problem = std::get_if<std::string>(&tick)) {
      tickProblem_ = *problem;
    } else {
      tickProblem_.clear();
      seek(std::get<std::uint64_t>(tick));
    }
  }
  if (!tickProblem_.empty()) ImGui::TextColored(kDiffers, "%s", tickProblem_.c_str());
}

void Debugger::drawJumps() {
  const JumpTargets jumps = targets();
  const auto jumpButton = [&](const char* label, std::optional<std::uint64_t> to) {
    ImGui::BeginDisabled(!to.has_value());
    if (ImGui::Button(label) && to) seek(*to);
    ImGui::EndDisabled();
  };
  jumpButton("< event", findEventJump(a_, jumps, Direction::kBackward));
  ImGui::SameLine();
  jumpButton("event >", findEventJump(a_, jumps, Direction::kForward));
  ImGui::SameLine();
  const std::vector<std::uint64_t> marks = collectMarks(a_, jumps);
  jumpButton("< mark", findMarkTick(marks, a_.tick(), Direction::kBackward));
  ImGui::SameLine();
  jumpButton("mark >", findMarkTick(marks, a_.tick(), Direction::kForward));
  jumpButton("first divergence", a_.divergenceTick());
  if (b_ != nullptr) {
    ImGui::SameLine();
    jumpButton("first difference", difference_);
  }
  ImGui::SameLine();
  if (ImGui::Button(bookmarks_.contains(a_.tick()) ? "unbookmark" : "bookmark")) bookmarks_.toggle(a_.tick());
}

void Debugger::drawBookmarks() {
  if (bookmarkTicks_.empty()) return;
  ImGui::TextColored(kQuiet, "bookmarks:");
  for (const std::uint64_t t : bookmarkTicks_) {
    ImGui::SameLine();
    const std::string label = std::to_string(t);
    if (ImGui::SmallButton(label.c_str())) seek(t);
  }
}

std::optional<std::string> Debugger::startFind(const std::string& text, Direction direction) {
  const bool back = direction == Direction::kBackward;
  const std::uint64_t from = a_.tick();
  std::optional<std::string> none;  // said only once the condition reads
  if (back && from == 0) none = "it holds on no tick before 0";
  if (!back && from == a_.lastTick()) none = "it holds on no tick after " + std::to_string(from) + ", the last";
  return beginSearch(text, direction, none ? from : back ? from - 1 : from + 1, false, none);
}

std::optional<std::string> Debugger::startMarking(const std::string& text) {
  markMessage_.clear();
  return beginSearch(text, Direction::kForward, 0, true, std::nullopt);
}

std::optional<std::string> Debugger::beginSearch(const std::string& text, Direction direction, std::uint64_t next, bool marking,
                                                 const std::optional<std::string>& none) {
  finding_.reset();
  auto condition = recorder::Condition::parse(text);
  if (auto* problem = std::get_if<std::string>(&condition)) return *problem;
  if (none) return none;
  finding_.emplace(Finding{recorder::TickSearch(std::move(std::get<recorder::Condition>(condition))),
                           direction,
                           a_.tick(),
                           next,
                           nullptr,
                           marking,
                           {}});
  return std::nullopt;
}

std::uint64_t Debugger::countTicksLeft(const Finding& f) const noexcept {
  return f.direction == Direction::kBackward ? f.next + 1 : a_.lastTick() + 1 - f.next;
}

bool Debugger::stepFind(std::uint64_t ticks) {
  if (!finding_ || ticks == 0) return !finding_;
  Finding& f = *finding_;
  const bool back = f.direction == Direction::kBackward;
  // The up to `ticks` ticks nearest the start that are not searched yet, walked in order from the
  // keyframe before them; going forward, the next slice goes on from where this one ends.
  const std::uint64_t left = countTicksLeft(f);
  const std::uint64_t count = std::min(ticks, left);
  const std::uint64_t first = back ? f.next - (count - 1) : f.next;
  const std::uint64_t last = back ? f.next : f.next + (count - 1);
  if (back || !f.game) {
    f.game = a_.reach(first == 0 ? 0 : first - 1);
    if (first > 0) f.search.remember(*f.game, first - 1);
  }
  std::optional<std::uint64_t> match;
  std::optional<std::string> refused;
  for (std::uint64_t t = first; t <= last && !refused && !(match && !back); ++t) {
    if (t > 0) (void)f.game->step(a_.ticks().inputAt(t));
    const auto holds = f.search.check(*f.game, t);
    if (const auto* sentence = std::get_if<std::string>(&holds)) {
      refused = *sentence;
    } else if (std::get<bool>(holds) && f.marking) {
      f.found.push_back(t);
    } else if (std::get<bool>(holds)) {
      match = t;  // going back, the last in the slice is the nearest
    }
  }
  if (refused) {
    findProblem_ = *refused;
  } else if (match) {
    findProblem_.clear();
  } else if (left == count) {
    const auto typo = f.found.empty() ? f.search.explainNothingFound(std::string(a_.game().name())) : std::nullopt;
    if (typo) {
      findProblem_ = typo->sentence;
    } else if (f.marking) {
      // What --find would have marked: the timeline, N and shift+N now show these.
      findProblem_.clear();
      matches_ = std::move(f.found);
      markMessage_ = matches_.empty() ? "it holds on no tick: nothing is marked"
                                      : "marked the " + std::to_string(matches_.size()) + " tick" +
                                            (matches_.size() == 1 ? "" : "s") + " it holds on (N, shift+N)";
    } else {
      findProblem_ = "it holds on no tick " + std::string(back ? "before " : "after ") + std::to_string(f.from);
    }
  } else {
    f.next = back ? first - 1 : last + 1;
    return false;
  }
  finding_.reset();
  if (match) seek(*match);
  return true;
}

std::optional<std::pair<std::uint64_t, std::uint64_t>> Debugger::findProgress() const {
  if (!finding_) return std::nullopt;
  const std::uint64_t all = finding_->marking                             ? a_.lastTick() + 1
                            : finding_->direction == Direction::kBackward ? finding_->from
                                                                          : a_.lastTick() - finding_->from;
  return std::pair{all - countTicksLeft(*finding_), all};
}

std::optional<std::string> Debugger::findFromCursor(const std::string& text, Direction direction) {
  if (auto problem = startFind(text, direction)) return problem;
  findProblem_.clear();
  while (!stepFind(kFindSlice)) {
  }
  if (findProblem_.empty()) return std::nullopt;
  return findProblem_;
}

void Debugger::drawFind() {
  // The CLI's find grammar: the tick before or after the cursor where the condition holds. The
  // box takes what its three buttons leave of the row.
  const ImGuiStyle& style = ImGui::GetStyle();
  float buttons = 0.0F;
  for (const char* label : {"< find", "find >", "mark all"})
    buttons += ImGui::CalcTextSize(label).x + style.FramePadding.x * 2 + style.ItemSpacing.x;
  ImGui::SetNextItemWidth(std::max(80.0F, ImGui::GetContentRegionAvail().x - buttons));
  const bool searched = ImGui::InputTextWithHint("##find", "find: FIELD > VALUE and ... (retrace find's grammar)", &findText_,
                                                 ImGuiInputTextFlags_EnterReturnsTrue);
  findBox_ = centreOfLastItem();
  ImGui::SameLine();
  const bool backward = ImGui::Button("< find");
  ImGui::SameLine();
  const bool forward = ImGui::Button("find >") || searched;
  ImGui::SameLine();
  const bool mark = ImGui::Button("mark all");
  markButton_ = centreOfLastItem();
  if ((backward || forward) && !findText_.empty())
    findProblem_ = startFind(findText_, backward ? Direction::kBackward : Direction::kForward).value_or("");
  if (mark && !findText_.empty()) findProblem_ = startMarking(findText_).value_or("");
  if (const auto progress = findProgress()) {
    const std::string where = finding_->marking ? std::string("of the replay")
                                                : std::string(finding_->direction == Direction::kBackward ? "before" : "after") +
                                                      " tick " + std::to_string(finding_->from);
    ImGui::TextColored(kQuiet, "searching: %llu of %llu ticks %s", static_cast<unsigned long long>(progress->first),
                       static_cast<unsigned long long>(progress->second), where.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("stop")) stopFind();
  } else if (!findProblem_.empty()) {
    ImGui::TextColored(kDiffers, "%s", findProblem_.c_str());
  } else if (!markMessage_.empty()) {
    ImGui::TextColored(kQuiet, "%s", markMessage_.c_str());
  }
}

void Debugger::drawSelection(const sf::Font& font) {
  if (selectionFrom && selectionTo) {
    const std::uint64_t from = std::min(*selectionFrom, *selectionTo);
    const std::uint64_t to = std::max(*selectionFrom, *selectionTo);
    ImGui::Text("selected ticks %llu..%llu", static_cast<unsigned long long>(from), static_cast<unsigned long long>(to));
    // One picture at a time: each draws from the window's own playback.
    ImGui::BeginDisabled(picture_ != nullptr);
    const bool saveSheet = ImGui::Button("save as sheet");
    sheetButton_ = centreOfLastItem();
    ImGui::SameLine();
    const bool saveClip = ImGui::Button("save as clip");
    clipButton_ = centreOfLastItem();
    ImGui::EndDisabled();
    if (saveSheet) {
      if (auto problem = startSheet(font)) pictureMessage_ = *problem;
    }
    if (saveClip) {
      if (auto problem = startClip(font, frameSize_)) pictureMessage_ = *problem;
    }
    ImGui::SameLine();
    if (ImGui::Button("clear")) selectionFrom = selectionTo = std::nullopt;
  }
  if (const auto progress = pictureProgress()) {
    ImGui::TextColored(kQuiet, "writing %s: %llu of %llu %s", picture_->path().c_str(),
                       static_cast<unsigned long long>(progress->first), static_cast<unsigned long long>(progress->second),
                       picture_->countsWhat());
    ImGui::SameLine();
    if (ImGui::SmallButton("stop##picture")) {
      pictureMessage_ = "stopped: " + picture_->path() + " not written";
      picture_.reset();  // a clip's partial file goes with it; a sheet is written only at its end
    }
  } else if (!pictureMessage_.empty()) {
    ImGui::TextColored(kQuiet, "%s", pictureMessage_.c_str());
  }
}

std::optional<std::string> Debugger::startClip(const sf::Font& font, sf::Vector2u size) {
  if (!selectionFrom || !selectionTo) return "select ticks on the timeline first (shift+drag)";
  if (picture_) return picture_->path() + " is being written";
  const std::uint64_t from = std::min(*selectionFrom, *selectionTo);
  const std::uint64_t to = std::max(*selectionFrom, *selectionTo);
  // As --gif does, into the working folder, never over a file that is there.
  auto started = ClipJob::start(a_, from, to, a_.speed(),
                                pickFreeName("clip-" + std::to_string(from) + "-" + std::to_string(to), ".gif"), size, font);
  if (auto* problem = std::get_if<std::string>(&started)) return *problem;
  picture_ = std::move(std::get<std::unique_ptr<ClipJob>>(started));
  pictureMessage_.clear();
  return std::nullopt;
}

std::optional<std::string> Debugger::startSheet(const sf::Font& font) {
  if (!selectionFrom || !selectionTo) return "select ticks on the timeline first (shift+drag)";
  if (picture_) return picture_->path() + " is being written";
  const std::uint64_t from = std::min(*selectionFrom, *selectionTo);
  const std::uint64_t to = std::max(*selectionFrom, *selectionTo);
  // As --sheet does, into the working folder, never over a file that is there.
  auto started =
      SheetJob::start(a_, from, to, pickFreeName("sheet-" + std::to_string(from) + "-" + std::to_string(to), ".png"), font);
  if (auto* problem = std::get_if<std::string>(&started)) return *problem;
  picture_ = std::move(std::get<std::unique_ptr<SheetJob>>(started));
  pictureMessage_.clear();
  return std::nullopt;
}

bool Debugger::stepPicture(const Overlays& overlays, std::uint64_t units) {
  if (!picture_) return true;
  if (!picture_->step(a_, b_, overlays, extras(false), units)) return false;
  pictureMessage_ = picture_->message();
  picture_.reset();
  return true;
}

std::optional<std::pair<std::uint64_t, std::uint64_t>> Debugger::pictureProgress() const {
  if (!picture_) return std::nullopt;
  return picture_->progress();
}

void Debugger::drawView(Overlays& overlays) {
  if (!ImGui::CollapsingHeader("View: overlays and legend")) return;
  // Only the overlays this game's scenes have, each with its key.
  const auto layers = a_.game().sceneLayers();
  const auto has = [&](sim::SceneLayer layer) { return std::find(layers.begin(), layers.end(), layer) != layers.end(); };
  ImGui::Checkbox("B boxes", &overlays.boxes);
  ImGui::SameLine();
  ImGui::Checkbox("I names", &overlays.ids);
  ImGui::SameLine();
  ImGui::Checkbox("E events", &overlays.events);
  if (has(sim::SceneLayer::kSweeps)) {
    ImGui::Checkbox("S sweeps", &overlays.sweeps);
    ImGui::SameLine();
  }
  if (has(sim::SceneLayer::kWindows)) {
    ImGui::Checkbox("W windows", &overlays.window);
    ImGui::SameLine();
  }
  if (has(sim::SceneLayer::kGrid))
    ImGui::Checkbox("G grid", &overlays.grid);
  else
    ImGui::NewLine();
  // The legend: the colours this scene uses, and the timeline's marks.
  const auto swatch = [](sf::Color c, const char* text) {
    ImGui::ColorButton(text, ImVec4(c.r / 255.0F, c.g / 255.0F, c.b / 255.0F, 1.0F), ImGuiColorEditFlags_NoTooltip,
                       ImVec2(14.0F, 14.0F));
    ImGui::SameLine();
    ImGui::TextUnformatted(text);
  };
  std::set<sim::SceneCategory> used = {sim::SceneCategory::kTunnelPath, sim::SceneCategory::kTunnelHit};
  for (const sim::ScenePrimitive& p : a_.current().describeScene(a_.previous()).primitives) used.insert(p.category);
  for (const sim::SceneCategory category : used) swatch(colourOf(category), describeCategory(category));
  swatch(tunnelColour(), "timeline: tunnel");
  swatch(divergenceColour(), "timeline: divergence, compare difference");
  swatch(bookmarkColour(), "timeline: bookmark");
  swatch(matchColour(), "timeline: find match (--find, mark all)");
  if (isEventListNarrowed()) swatch(listedEventColour(), "timeline: an event the Events panel lists");
  swatch(heldColourA(), b_ != nullptr ? "timeline: a button held, A (upper half)" : "timeline: a button held");
  if (b_ != nullptr) swatch(heldColourB(), "timeline: a button held, B (lower half)");
  swatch(plotColourA(), "timeline: a plotted field (compare mode: A)");
  if (b_ != nullptr) swatch(plotColourB(), "timeline: a plotted field, B");
}

void Debugger::drawEdit() {
  // One id whatever the label says, so that the first edit does not close the panel it was made in.
  const bool open = ImGui::CollapsingHeader(editing() ? "Edit inputs (B is the edit)###edit" : "Edit inputs###edit");
  editHeader_ = centreOfLastItem();
  holdButton_ = {};
  if (!open) return;
  const auto names = a_.game().inputNames();
  if (names.empty()) return;
  editButton_ = std::clamp(editButton_, 0, static_cast<int>(names.size()) - 1);
  ImGui::SetNextItemWidth(110.0F);
  if (ImGui::BeginCombo("##button", names[static_cast<std::size_t>(editButton_)])) {
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (ImGui::Selectable(names[i], editButton_ == static_cast<int>(i))) editButton_ = static_cast<int>(i);
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90.0F);
  ImGui::InputInt("ticks", &editTicks_);
  editTicks_ = std::max(editTicks_, 1);
  // From the tick after the cursor: the cursor shows the state its own input already made.
  const auto bit = static_cast<unsigned>(editButton_);
  const auto count = static_cast<std::uint64_t>(editTicks_);
  // Read only on a click: an edit rewrites every input, which the replay does not keep in memory.
  const auto hold = [&](bool held) {
    editMessage_ =
        applyEdit(setButton(editing() ? editInputs_ : a_.ticks().loadInputs(), a_.tick() + 1, count, bit, held)).value_or("");
  };
  if (ImGui::Button("hold from the cursor")) hold(true);
  holdButton_ = centreOfLastItem();
  ImGui::SameLine();
  if (ImGui::Button("release from the cursor")) hold(false);
  ImGui::TextColored(kQuiet, "right-click an input lane to flip a button at a tick");
  if (editing()) drawEditSaving();
  if (!editMessage_.empty()) ImGui::TextColored(kQuiet, "%s", editMessage_.c_str());
}

void Debugger::drawEditSaving() {
  ImGui::SetNextItemWidth(180.0F);
  ImGui::InputTextWithHint("##save", "edited.rtr", &savePath_);
  ImGui::SameLine();
  if (ImGui::Button("save as") && !savePath_.empty()) {
    const auto problem = saveEdit(a_.replay(), editInputs_, nameA_, savePath_);
    editMessage_ = problem ? *problem : "wrote " + savePath_;
  }
  ImGui::SameLine();
  if (ImGui::Button("discard")) discardEdit();
}

void Debugger::drawInspector() {
  ImGui::Begin("Inspector", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  // The filter leaves room on its line for the checkbox and its label.
  const ImGuiStyle& style = ImGui::GetStyle();
  ImGui::SetNextItemWidth(-(ImGui::CalcTextSize("only changed").x + ImGui::GetFrameHeight() + style.ItemSpacing.x +
                            style.ItemInnerSpacing.x + style.WindowPadding.x));
  ImGui::InputTextWithHint("##filter", "filter fields by name", &filter_);
  ImGui::SameLine();
  ImGui::Checkbox("only changed", &onlyChanged_);
  if (!selected_.empty()) {
    // The button first: a long name wraps rather than pushing it out of the panel.
    if (ImGui::SmallButton("show all")) select(std::nullopt);
    ImGui::SameLine();
    std::string said = "selected: " + selected_;
    if (selectedNow_.empty())
      said += selectedBefore_.empty() ? ", not at this tick" : ", gone this tick (was " + selectedBefore_ + ")";
    else if (selectedNow_ != selected_)
      said += ", here " + selectedNow_;
    ImGui::PushStyleColor(ImGuiCol_Text, selectedNow_.empty() ? kDiffers : kChanged);
    ImGui::TextWrapped("%s", said.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::TextColored(plotMessage_.empty() ? kQuiet : kDiffers, "%s",
                     plotMessage_.empty() ? "right-click a field: plot it on the timeline" : plotMessage_.c_str());
  const std::vector<std::string> entities = listEntities(a_);
  ImGui::BeginChild("fields");
  if (filter_.empty() && selected_.empty() && !onlyChanged_)
    drawFieldTree(entities);
  else
    drawFieldList(entities);
  ImGui::EndChild();
  ImGui::End();
}

void Debugger::drawFieldTree(const std::vector<std::string>& entities) {
  // A tree by dotted name: rows come in visiting order, so a node's fields are consecutive.
  std::vector<std::pair<std::string, bool>> open;  // the nodes entered, and whether each is expanded
  const auto closeTo = [&](std::size_t depth) {
    while (open.size() > depth) {
      if (open.back().second) ImGui::TreePop();
      open.pop_back();
    }
  };
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    const FieldRow& row = rows_[r];
    const std::vector<std::string_view> parts = splitFieldName(row.name, row.gridColumns > 0);
    std::size_t common = 0;
    while (common < open.size() && common + 1 < parts.size() && open[common].first == parts[common]) ++common;
    closeTo(common);
    bool visible = std::all_of(open.begin(), open.end(), [](const auto& node) { return node.second; });
    for (std::size_t i = common; i + 1 < parts.size(); ++i) {
      bool expanded = false;
      if (visible) {
        const std::string path = joinFieldName(std::span(parts).first(i + 1));
        expanded = ImGui::TreeNode(titleTreeNode(path, parts[i], std::span<const FieldRow>(rows_).subspan(r)).c_str());
        if (ImGui::IsItemHovered()) hovered_ = path;
      }
      open.emplace_back(std::string(parts[i]), expanded);
      visible = visible && expanded;
    }
    const std::string_view label = parts.empty() ? std::string_view(row.name) : parts.back();
    if (const std::size_t cells = recorder::countGridCells(std::span<const FieldRow>(rows_).subspan(r)); cells > 0) {
      if (visible) drawFieldGrid(recorder::nameGrid(label), std::span<const FieldRow>(rows_).subspan(r, cells), entities);
      r += cells - 1;
      continue;
    }
    if (!visible) continue;
    drawField(label, row);
    if (ImGui::IsItemClicked()) select(findFieldEntity(row.name, entities));
  }
  closeTo(0);
}

void Debugger::drawFieldGrid(std::string_view label, std::span<const FieldRow> cells, const std::vector<std::string>& entities) {
  const std::size_t columns = cells.front().gridColumns;
  const bool changed = std::any_of(cells.begin(), cells.end(), [](const FieldRow& cell) { return cell.changed; });
  // The id after ### keeps the node open as its title changes.
  const std::string title = titleGrid(label, cells) + "###" + std::string(label);
  if (changed) ImGui::PushStyleColor(ImGuiCol_Text, kChanged);
  const bool open = ImGui::TreeNode(title.c_str());
  if (changed) ImGui::PopStyleColor();
  if (!open) return;
  ImGui::TextColored(kQuiet, "%s", recorder::describeGridKey(cells.front().names).c_str());
  // One character a cell, spaced so that the grid's columns line up in any font.
  const float width = ImGui::CalcTextSize("W").x * 1.5F;
  float rowStart = 0.0F;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const FieldRow& cell = cells[i];
    if (i % columns == 0)
      rowStart = ImGui::GetCursorPosX();
    else
      ImGui::SameLine(rowStart + width * static_cast<float>(i % columns));
    const char text[2] = {recorder::nameGridCell(cell.raw), '\0'};
    const bool plotted = std::find(plottedNow_.begin(), plottedNow_.end(), cell.name) != plottedNow_.end();
    ImGui::TextColored(cell.changed ? kChanged : plotted ? kPlotted : ImGui::GetStyleColorVec4(ImGuiCol_Text), "%s", text);
    // A framed cell: a changed '.' alone is a dot too small to see.
    if (cell.changed)
      ImGui::GetWindowDrawList()->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), ImGui::GetColorU32(kChanged));
    if (ImGui::IsItemHovered()) {
      hovered_ = cell.name;
      ImGui::SetTooltip("%s = %s%s", cell.name.c_str(), cell.value.c_str(), cell.changed ? " *" : "");
    }
    if (ImGui::IsItemClicked()) select(findFieldEntity(cell.name, entities));
    if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) plotFieldAtCursor(cell.name);
  }
  ImGui::TreePop();
}

void Debugger::drawFieldList(const std::vector<std::string>& entities) {
  const std::vector<const FieldRow*> listed = listInspectorRows();
  for (const FieldRow* row : listed) {
    drawField(row->name, *row);
    // A gone field's entity is no longer in the scene to select.
    if (!row->gone && ImGui::IsItemClicked()) select(findFieldEntity(row->name, entities));
  }
  // A selection not at this tick has said so above.
  if (listed.empty() && (selected_.empty() || !selectedNow_.empty()))
    ImGui::TextColored(kQuiet, "%s", onlyChanged_ ? "no such field changed on this tick" : "no such field");
}

void Debugger::drawField(std::string_view label, const FieldRow& row) {
  const bool plotted = std::find(plottedNow_.begin(), plottedNow_.end(), row.name) != plottedNow_.end();
  if (drawFieldLeaf(label, row, plotted, hovered_)) plotFieldAtCursor(row.name);
}

void Debugger::plotFieldAtCursor(const std::string& field) {
  // A list's element by its id, so that the plot follows that one entity as indices shift.
  (void)togglePlot(sim::nameByIds(a_.current().describeState(), field));  // a refusal shows in the inspector
}

void Debugger::placePlots() {
  plottedNow_.clear();
  const std::vector<sim::Field> fields = a_.current().describeState();
  std::vector<std::pair<std::size_t, std::int64_t>> anchors;
  for (const std::string& field : plotted_) {
    if (auto name = sim::resolveIds(fields, field, anchors)) plottedNow_.push_back(*name);
  }
}

void Debugger::drawComparison() {
  ImGui::Begin("Inspector: A | B", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  ImGui::SetNextItemWidth(160.0F);
  ImGui::InputTextWithHint("##filter", "filter fields", &filter_);
  ImGui::SameLine();
  ImGui::Checkbox("only differences", &onlyDifferences_);
  ImGui::BeginDisabled(!difference_);
  if (ImGui::Button("jump to first difference") && difference_) seek(*difference_);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (difference_)
    ImGui::TextColored(kDiffers, "differ from tick %llu", static_cast<unsigned long long>(*difference_));
  else
    ImGui::TextColored(kQuiet, "identical");
  if (!plotMessage_.empty()) ImGui::TextColored(kDiffers, "%s", plotMessage_.c_str());
  if (ImGui::BeginTable("ab", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("field");
    ImGui::TableSetupColumn(("A " + nameA_).c_str());
    ImGui::TableSetupColumn(("B " + nameB_).c_str());
    ImGui::TableHeadersRow();
    for (const ComparedRow& row : compared_) {
      if ((onlyDifferences_ && !row.differs) || !matchesFilter(row.name, filter_)) continue;
      if (!selected_.empty() && !sim::isInsideEntity(row.name, selectedNow_.empty() ? selected_ : selectedNow_)) continue;
      drawComparedRow(row);
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

void Debugger::drawComparedRow(const ComparedRow& row) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  const bool plotted = std::find(plottedNow_.begin(), plottedNow_.end(), row.name) != plottedNow_.end();
  if (row.differs) {
    ImGui::TextColored(kDiffers, "%s", row.name.c_str());
  } else if (plotted) {
    ImGui::TextColored(kPlotted, "%s", row.name.c_str());
  } else {
    ImGui::TextUnformatted(row.name.c_str());
  }
  if (ImGui::IsItemHovered()) hovered_ = row.name;
  if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) plotFieldAtCursor(row.name);  // A's and B's values on one lane
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(row.a.empty() ? "-" : row.a.c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(row.b.empty() ? "-" : row.b.c_str());
}

std::optional<std::uint16_t> Debugger::eventKind() const noexcept {
  return eventKind_ < 0 ? std::nullopt : std::optional<std::uint16_t>(static_cast<std::uint16_t>(eventKind_));
}

std::optional<std::string> Debugger::filterEvents(std::string condition) {
  if (condition.empty()) {
    eventWhere_.clear();
    eventCondition_.reset();
    return listEvents();  // nothing left to refuse a value
  }
  const auto kinds = a_.game().eventSchemas().size();
  std::vector<bool> wanted(kinds, eventKind_ < 0);
  if (eventKind_ >= 0 && static_cast<std::size_t>(eventKind_) < kinds) wanted[static_cast<std::size_t>(eventKind_)] = true;
  auto parsed = recorder::parseEventCondition(a_.game(), wanted, condition);
  if (auto* problem = std::get_if<std::string>(&parsed)) return *problem;
  std::optional<recorder::Condition> was = std::move(eventCondition_);
  eventCondition_ = std::move(std::get<recorder::Condition>(parsed));
  if (auto problem = listEvents()) {
    eventCondition_ = std::move(was);  // the list as it was
    (void)listEvents();
    return problem;
  }
  eventWhere_ = std::move(condition);
  return std::nullopt;
}

std::optional<std::string> Debugger::listEvents() {
  eventAbout_ = eventsAboutSelection_ ? selected_ : std::string();
  eventRows_.clear();
  eventTicks_.clear();
  scrollEvents_ = true;
  if (!isEventListNarrowed()) return std::nullopt;
  auto rows = findEventRowsWhere(a_.ticks(), a_.game(), eventKind(), eventCondition_ ? &*eventCondition_ : nullptr, eventAbout_);
  if (auto* problem = std::get_if<std::string>(&rows)) return *problem;
  eventRows_ = std::move(std::get<std::vector<std::uint64_t>>(rows));
  for (const std::uint64_t row : eventRows_) {
    const std::uint64_t tick = a_.ticks().eventAt(eventKind(), row).tick;
    if (eventTicks_.empty() || eventTicks_.back() != tick) eventTicks_.push_back(tick);
  }
  return std::nullopt;
}

void Debugger::listEventsAboutSelection(bool on) {
  eventsAboutSelection_ = on;
  (void)listEvents();  // the condition's values were accepted over every event already
}

void Debugger::openEvent(const EventRow& row) {
  seek(row.tick);
  if (!eventAbout_.empty()) return;  // the list is the selection's: it stays
  // The first is what the event is chiefly about; gone by then (an entity the event ended), the inspector says so.
  const auto subjects = sim::nameEventSubjects(a_.game(), row.event);
  if (!subjects.empty()) select(subjects.front());
}

std::string Debugger::placeEventSubject(const sim::Event& event) const {
  const auto subjects = sim::nameEventSubjects(a_.game(), event);
  return subjects.empty() ? std::string() : placeEntity(a_.current(), subjects.front());
}

std::uint64_t Debugger::countListedEvents() const {
  return isEventListNarrowed() ? eventRows_.size() : a_.ticks().countEvents(eventKind());
}

EventRow Debugger::listedEventAt(std::uint64_t i) const {
  return a_.ticks().eventAt(eventKind(), isEventListNarrowed() ? eventRows_[static_cast<std::size_t>(i)] : i);
}

void Debugger::drawEventKindChoice() {
  const auto schemas = a_.game().eventSchemas();
  const char* preview = eventKind_ < 0 ? "every kind" : schemas[static_cast<std::size_t>(eventKind_)].name;
  ImGui::SetNextItemWidth(160.0F);
  if (ImGui::BeginCombo("##kind", preview)) {
    const int was = eventKind_;
    if (ImGui::Selectable("every kind", eventKind_ < 0)) eventKind_ = -1;
    for (std::size_t k = 0; k < schemas.size(); ++k) {
      if (ImGui::Selectable(schemas[k].name, eventKind_ == static_cast<int>(k))) eventKind_ = static_cast<int>(k);
    }
    ImGui::EndCombo();
    // The listed rows are the old kind's: found again, the condition dropped when the new kind has none of its arguments.
    if (eventKind_ != was) {
      const auto problem = eventCondition_ ? filterEvents(eventWhere_) : listEvents();
      eventWhereProblem_ = problem.value_or("");
      if (problem) (void)filterEvents("");
    }
    scrollEvents_ = true;
  }
  ImGui::SameLine();
  ImGui::TextColored(kQuiet, "%llu of %llu events", static_cast<unsigned long long>(countListedEvents()),
                     static_cast<unsigned long long>(a_.ticks().countEvents(std::nullopt)));
}

void Debugger::drawEventCondition() {
  ImGui::SetNextItemWidth(260.0F);
  if (ImGui::InputTextWithHint("##where", "where: ARGUMENT == VALUE or ...", &eventWhereText_,
                               ImGuiInputTextFlags_EnterReturnsTrue)) {
    eventWhereProblem_ = filterEvents(eventWhereText_).value_or("");
  }
  ImGui::SameLine();
  bool about = eventsAboutSelection_;
  if (ImGui::Checkbox("about selected", &about)) listEventsAboutSelection(about);
  const ImVec2 box = ImGui::GetItemRectMin();
  aboutBox_ = {box.x + ImGui::GetFrameHeight() / 2, box.y + ImGui::GetFrameHeight() / 2};
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("only the events about the entity or cell selected in the scene or inspector");
  if (eventsAboutSelection_ && selected_.empty())
    ImGui::TextColored(kQuiet, "select an entity or cell (a click on the scene) for its events");
  if (!eventWhereProblem_.empty()) ImGui::TextColored(kDiffers, "%s", eventWhereProblem_.c_str());
}

void Debugger::drawEvents() {
  ImGui::Begin("Events", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  drawEventKindChoice();
  drawEventCondition();
  const std::uint64_t shown = countListedEvents();
  ImGui::BeginChild("list");
  const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
  if (scrollEvents_) {
    // Follow the cursor: its first listed event (or the next one) scrolled into the middle.
    const std::uint64_t at = findListedEventRow(a_.tick());
    ImGui::SetScrollY(std::max(0.0F, static_cast<float>(at) * rowHeight - ImGui::GetWindowHeight() / 2));
    scrollEvents_ = false;
  }
  ImGuiListClipper clipper;  // only the rows in view are built: 100,000 events scroll as 20 do
  clipper.Begin(static_cast<int>(std::min<std::uint64_t>(shown, INT_MAX)), rowHeight);
  bool placed = false;
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      if (!placed) {  // where the first row in view is, for --status
        const ImVec2 at = ImGui::GetCursorScreenPos();
        eventList_ = {at.x, at.y, rowHeight, static_cast<float>(i)};
        placed = true;
      }
      const EventRow row = listedEventAt(static_cast<std::uint64_t>(i));
      const std::string text = std::to_string(row.tick) + "  " + sim::formatEvent(a_.game(), row.event);
      ImGui::PushID(i);
      if (ImGui::Selectable(text.c_str(), row.tick == a_.tick())) openEvent(row);
      if (ImGui::IsItemHovered()) hovered_ = placeEventSubject(row.event);
      ImGui::PopID();
    }
  }
  ImGui::EndChild();
  ImGui::End();
}

std::uint64_t Debugger::findListedEventRow(std::uint64_t tick) const {
  const std::uint64_t first = a_.ticks().findEventRow(eventKind(), tick);
  if (!isEventListNarrowed()) return first;
  return static_cast<std::uint64_t>(std::lower_bound(eventRows_.begin(), eventRows_.end(), first) - eventRows_.begin());
}

void Debugger::drawOracle() {
  ImGui::Begin("Oracle", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  // Wrapped: an oracle's sentence is longer than the column.
  ImGui::PushTextWrapPos(0.0F);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0F, 0.9F, 0.0F, 1.0F));
  for (const std::string& sentence : tunnels_) ImGui::TextUnformatted(("TUNNEL " + sentence).c_str());
  ImGui::PopStyleColor();
  if (a_.divergenceTick() && a_.tick() >= *a_.divergenceTick()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kDiffers);
    for (const std::string& line : a_.divergenceLines()) ImGui::TextUnformatted(line.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
  ImGui::End();
}

}  // namespace retrace::viewer
