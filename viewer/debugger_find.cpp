// The debugger's find box: a condition over the state's fields searched a slice of ticks a
// frame from the cursor, forward or back, or over the whole replay to mark every match.
#include "viewer/debugger.h"

#include <algorithm>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "recorder/inspect.h"
#include "recorder/query.h"
#include "recorder/search.h"
#include "recorder/state_fields.h"
#include "viewer/debugger_widgets.h"
#include "viewer/inspector.h"

namespace retrace::viewer {

std::optional<std::string> Debugger::startFind(const std::string& text, Direction direction) {
  const bool back = direction == Direction::kBackward;
  const std::uint64_t from = a_.tick();
  std::optional<std::string> none;  // said only once the condition reads
  if (back && from == 0) none = "it holds on no tick before 0";
  if (!back && from == a_.lastTick()) none = "it holds on no tick after " + std::to_string(from) + ", the last";
  return beginSearch(text, direction, none ? from : back ? from - 1 : from + 1, false, none);
}

std::optional<std::string> Debugger::startMarking(const std::string& text) {
  return beginSearch(text, Direction::kForward, 0, true, std::nullopt);
}

std::optional<std::string> Debugger::beginSearch(const std::string& text, Direction direction, std::uint64_t next, bool marking,
                                                 const std::optional<std::string>& none) {
  finding_.reset();
  markMessage_.clear();
  foundMessage_.clear();
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
  const recorder::Condition condition = f.search.condition();
  finding_.reset();
  if (match) {
    seek(*match);
    sayWhatHolds(condition);
  }
  return true;
}

void Debugger::sayWhatHolds(const recorder::Condition& condition) {
  recorder::StateFields now;
  (void)now.read(a_.current());
  const std::vector<sim::Field> before = a_.tick() > 0 ? a_.previous().describeState() : std::vector<sim::Field>{};
  const std::vector<const sim::Field*> holding = recorder::listHoldingFields(condition, now, a_.tick() > 0 ? &before : nullptr);
  foundMessage_ =
      "holds at tick " + std::to_string(a_.tick()) + (holding.empty() ? "" : ": " + recorder::describeFieldValues(holding));
  // Which one of a pattern's: the question the pattern asked. A condition over named fields
  // leaves the selection as it was.
  const std::vector<std::string> names = condition.listFields();
  const bool pattern =
      std::any_of(names.begin(), names.end(), [](const std::string& n) { return n.find("[*]") != std::string::npos; });
  if (!pattern || holding.empty()) return;
  if (auto entity = findFieldEntity(holding.front()->name, listSceneEntities(a_.current(), a_.previous()))) select(*entity);
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
    sayWrapped(kDiffers, findProblem_);
  } else if (!markMessage_.empty()) {
    sayWrapped(kQuiet, markMessage_);
  } else if (!foundMessage_.empty()) {
    sayWrapped(kQuiet, foundMessage_);
  }
}

}  // namespace retrace::viewer
