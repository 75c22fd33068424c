#include "viewer/debugger.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include <fmt/core.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "recorder/field_hints.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "sim/field_ids.h"
#include "viewer/debugger_widgets.h"
#include "viewer/headless.h"

namespace retrace::viewer {
namespace {

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

/// The status file's word for what verify makes of a replay: passed, failed, or none (no --verify, no B).
std::string nameVerifyVerdict(const Playback* replay) {
  if (replay == nullptr || !replay->verdict()) return "none";
  return replay->verdict()->passes ? "passed" : "failed";
}

/// The status file's word for what a replay's .expect makes of it: met, unmet, unreadable, unjudged or none.
std::string nameExpectVerdict(const Playback* replay) {
  return replay != nullptr && replay->expectedVerdict() ? replay->expectedVerdict()->word : std::string("none");
}

/// Whether the oracle has anything to say of a replay at its cursor: a verdict, a tunnel there,
/// or the divergence it is past.
bool hasOracleWords(const Playback& replay) {
  return replay.verdict() || replay.expectedVerdict() || !replay.tunnelsNow().empty() ||
         (replay.divergenceTick() && replay.tick() >= *replay.divergenceTick());
}
}  // namespace

std::array<float, 2> centreOfLastItem() {
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  return {(min.x + max.x) / 2, (min.y + max.y) / 2};
}

std::string placeEntity(const sim::GameSession& session, const std::string& entity) {
  const std::vector<sim::Field> fields = session.describeState();
  const auto at = sim::resolveIds(fields, entity);
  if (at && std::any_of(fields.begin(), fields.end(), [&](const sim::Field& f) { return sim::isInsideEntity(f.name, *at); }))
    return *at;
  return {};
}

Debugger::Debugger(Playback& a, Playback* b, std::string nameA, std::string nameB, FoundTicks found)
    : view(viewWhole(a.lastTick())),
      a_(a),
      b_(nullptr),
      compare_(b),
      compareName_(nameB),
      nameA_(std::move(nameA)),
      matches_(std::move(found.ticks)),
      findText_(std::move(found.condition)) {
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

std::string describeUnseenSelection(const std::string& entity, const std::string& ticks, const std::vector<sim::Field>& fields) {
  // Over several ticks a list's length at the last says little: names only.
  const std::string hint = ticks.starts_with("ticks ")
                               ? recorder::describeSuggestions(recorder::suggestFieldNames(entity, fields))
                               : recorder::hintFieldName(entity, fields);
  return "no field at " + ticks + " lies inside " + recorder::quoteForMessage(entity) + (hint.empty() ? "" : "; " + hint) +
         " (the I key shows the entities' names)";
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
      "{:.1f},{:.1f}\nclipButton={:.1f},{:.1f}\neditHeader={:.1f},{:.1f}\nholdButton={:.1f},{:.1f}\nbookmarkButton={:.1f},{:.1f}",
      sheetButton_[0], sheetButton_[1], clipButton_[0], clipButton_[1], editHeader_[0], editHeader_[1], holdButton_[0],
      holdButton_[1], bookmarkButton_[0], bookmarkButton_[1]);
  const std::string events =
      fmt::format("{:.1f},{:.1f},{:.1f},{:.0f}\naboutBox={:.1f},{:.1f}\nfindBox={:.1f},{:.1f}\nmarkAll={:.1f},{:.1f}",
                  eventList_[0], eventList_[1], eventList_[2], eventList_[3], aboutBox_[0], aboutBox_[1], findBox_[0],
                  findBox_[1], markButton_[0], markButton_[1]);
  return "tick=" + std::to_string(a_.tick()) + "\nlast=" + std::to_string(a_.lastTick()) +
         "\nplaying=" + (a_.playing() ? "1" : "0") + "\nselected=" + selected_ + "\nselectedNow=" + selectedNow_ +
         "\noverlays=" + on + "\nbookmarks=" + marks + "\ncompare=" + (b_ != nullptr ? "1" : "0") +
         "\nbTick=" + (b_ != nullptr ? std::to_string(b_->tick()) : std::string("none")) + "\ndifference=" + number(difference_) +
         "\ndivergence=" + number(a_.divergenceTick()) + "\nexpect=" + nameExpectVerdict(&a_) +
         "\nverify=" + nameVerifyVerdict(&a_) + "\nexpectB=" + nameExpectVerdict(b_) + "\nverifyB=" + nameVerifyVerdict(b_) +
         "\nediting=" + (editing() ? "1" : "0") + "\ntunnels=" + std::to_string(a_.tunnelsNow().size()) +
         "\ntunnelsB=" + (b_ != nullptr ? std::to_string(b_->tunnelsNow().size()) : std::string("none")) +
         "\ntyping=" + (typing ? "1" : "0") + "\nview=" + std::to_string(view.from) + "-" + std::to_string(view.to) +
         "\nscene=" + scene + "\nplots=" + plots + "\nplotting=" + (plotting_ ? "1" : "0") + "\neventList=" + events +
         "\neventsListed=" + std::to_string(countListedEvents()) + "\nmatches=" + std::to_string(matches_.size()) +
         "\nfind=" + findText_ + "\nfound=" + foundMessage_ + "\noutlined=" + (hovered_.empty() ? selectedNow_ : hovered_) +
         "\nselection=" + selection + "\nsheetButton=" + buttons + "\npicture=" + pictureMessage_ + "\n";
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
  placePlots();  // an element picked by its id may be at another index now
}

void Debugger::draw(sf::FloatRect column, const sf::Font& font, Overlays& overlays) {
  refresh();
  hovered_.clear();
  frameSize_ = {static_cast<unsigned>(column.left), static_cast<unsigned>(column.height)};
  const float x = column.left;
  const float width = column.width;
  const bool oracleSays = hasOracleWords(a_) || (b_ != nullptr && hasOracleWords(*b_));
  // Two replays' findings, each under its name, take half as much again; never more than 40% of
  // a short column, which the panels above need too (the panel scrolls).
  const float oracleWants = b_ != nullptr && hasOracleWords(*b_) ? 200.0F : 130.0F;
  const float oracleHeight = oracleSays ? std::min(oracleWants, column.height * 0.4F) : 0.0F;
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
  if (!tickProblem_.empty()) sayWrapped(kDiffers, tickProblem_);
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
  bookmarkButton_ = {};
  if (bookmarkTicks_.empty()) return;
  ImGui::TextColored(kQuiet, "bookmarks:");
  // Gone to once the row is drawn: seek refreshes the list the row is drawn from.
  std::optional<std::uint64_t> clicked;
  for (const std::uint64_t t : bookmarkTicks_) {
    ImGui::SameLine();
    const std::string label = std::to_string(t);
    if (ImGui::SmallButton(label.c_str())) clicked = t;
    if (t == bookmarkTicks_.front()) bookmarkButton_ = centreOfLastItem();
  }
  if (clicked) seek(*clicked);
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
    sayWrapped(kQuiet, pictureMessage_);
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
  if (!editMessage_.empty()) sayWrapped(kQuiet, editMessage_);
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

std::string describeMarkButtons(const Playback& replay) {
  // A regression replay's tunnels too: a hunt's finding opened at tick 0 has its tunnel at its end.
  std::string hint;
  if (replay.divergenceTick()) hint = "\"first divergence\" goes to the divergence";
  if (!replay.tunnelTicks().empty()) hint += (hint.empty() ? "" : ", ") + std::string("mark > steps through the tunnels");
  return hint;
}

void Debugger::sayOracle(const Playback& replay, const std::string& name, bool marked) {
  if (!hasOracleWords(replay)) return;
  if (!name.empty()) ImGui::TextColored(kQuiet, "%s", name.c_str());
  // The whole replay's verdict on every tick, as `retrace verify` gives it: that a tick shows
  // nothing wrong says nothing of the rest.
  if (const auto& whole = replay.verdict()) {
    ImGui::PushStyleColor(ImGuiCol_Text, whole->passes ? kMet : kDiffers);
    for (const std::string& line : whole->lines) ImGui::TextUnformatted(line.c_str());
    ImGui::PopStyleColor();
    // Only A's divergence and tunnels are marks on the timeline; B's are said, not marked.
    const std::string hint = marked ? describeMarkButtons(replay) : std::string();
    if (!hint.empty()) ImGui::TextColored(kQuiet, "%s", hint.c_str());
  }
  if (const auto& verdict = replay.expectedVerdict()) {
    // A regression replay's tunnels are what it must show, not a failure: its .expect judges them.
    ImGui::PushStyleColor(ImGuiCol_Text, verdict->word == "met" ? kMet : verdict->word == "unjudged" ? kQuiet : kDiffers);
    for (const std::string& line : verdict->lines) ImGui::TextUnformatted(line.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0F, 0.9F, 0.0F, 1.0F));
  for (const sim::Tunnel& tunnel : replay.tunnelsNow()) ImGui::TextUnformatted(("TUNNEL " + tunnel.sentence).c_str());
  ImGui::PopStyleColor();
  if (replay.divergenceTick() && replay.tick() >= *replay.divergenceTick()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kDiffers);
    for (const std::string& line : replay.divergenceLines()) ImGui::TextUnformatted(line.c_str());
    ImGui::PopStyleColor();
  }
}

void Debugger::drawOracle() {
  ImGui::Begin("Oracle", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  // Wrapped: an oracle's sentence is longer than the column.
  ImGui::PushTextWrapPos(0.0F);
  // In compare mode B's findings too, each under its name, since the two may be a replay and the
  // cut copy, the build or the edit that breaks it.
  sayOracle(a_, b_ != nullptr ? "A, " + nameA_ + ":" : std::string(), true);
  if (b_ != nullptr) sayOracle(*b_, "B, " + nameB_ + ":", false);
  ImGui::PopTextWrapPos();
  ImGui::End();
}

}  // namespace retrace::viewer
