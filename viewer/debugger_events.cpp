// The debugger's Events panel: the whole replay's events, by kind and by a condition on their
// arguments or about the selection; a click goes to its tick and selects what it is about.
#include "viewer/debugger.h"

#include <algorithm>
#include <climits>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "recorder/query.h"
#include "sim/event_subjects.h"
#include "viewer/debugger_widgets.h"

namespace retrace::viewer {

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
  if (!eventWhereProblem_.empty()) sayWrapped(kDiffers, eventWhereProblem_);
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
  // Opened once the rows are drawn: opening one may list the events anew.
  std::optional<EventRow> opened;
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      if (!placed) {  // where the first row in view is, for --status
        const ImVec2 at = ImGui::GetCursorScreenPos();
        eventList_ = {at.x, at.y, rowHeight, static_cast<float>(i)};
        placed = true;
      }
      const EventRow row = listedEventAt(static_cast<std::uint64_t>(i));
      const std::string text = writeEventLine(a_.game(), row, a_.lastTick());
      ImGui::PushID(i);
      if (ImGui::Selectable(text.c_str(), row.tick == a_.tick())) opened = row;
      if (ImGui::IsItemHovered()) {
        hovered_ = placeEventSubject(row.event);
        // A line the panel cuts short is read whole where the pointer is.
        const float end = ImGui::GetItemRectMin().x + ImGui::CalcTextSize(text.c_str()).x;
        if (end > ImGui::GetWindowDrawList()->GetClipRectMax().x) ImGui::SetTooltip("%s", text.c_str());
      }
      ImGui::PopID();
    }
  }
  ImGui::EndChild();
  ImGui::End();
  if (opened) openEvent(*opened);
}

std::uint64_t Debugger::findListedEventRow(std::uint64_t tick) const {
  const std::uint64_t first = a_.ticks().findEventRow(eventKind(), tick);
  if (!isEventListNarrowed()) return first;
  return static_cast<std::uint64_t>(std::lower_bound(eventRows_.begin(), eventRows_.end(), first) - eventRows_.begin());
}

}  // namespace retrace::viewer
