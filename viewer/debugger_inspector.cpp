// The debugger's Inspector: every field at the cursor as a tree (a list's elements under it, a
// grid drawn whole) or, filtered, as a list; in compare mode A's fields beside B's, in the same
// tree.
#include "viewer/debugger.h"

#include <algorithm>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "recorder/grid_cells.h"
#include "sim/field_ids.h"
#include "viewer/debugger_widgets.h"

namespace retrace::viewer {
namespace {

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

}  // namespace

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
    sayWrapped(selectedNow_.empty() ? kDiffers : kChanged, said);
  }
  sayWrapped(plotMessage_.empty() ? kQuiet : kDiffers,
             plotMessage_.empty() ? std::string("right-click a field: plot it on the timeline") : plotMessage_);
  const std::vector<std::string> entities = listSceneEntities(a_.current(), a_.previous());
  ImGui::BeginChild("fields");
  if (filter_.empty() && selected_.empty() && !onlyChanged_)
    drawFieldTree(entities);
  else
    drawFieldList(entities);
  ImGui::EndChild();
  ImGui::End();
}

void Debugger::drawFieldTree(const std::vector<std::string>& entities) {
  const std::span<const FieldRow> rows(rows_);
  walkFieldTree(
      rows,
      [&](const std::string& path, std::string_view part, std::size_t r) {
        const bool opened = ImGui::TreeNode(titleTreeNode(path, part, rows.subspan(r)).c_str());
        if (ImGui::IsItemHovered()) hovered_ = path;
        return opened;
      },
      [] { ImGui::TreePop(); },
      [&](std::string_view label, std::span<const FieldRow> cells) { drawFieldGrid(label, cells, entities); },
      [&](std::string_view label, const FieldRow& row) {
        drawField(label, row);
        if (ImGui::IsItemClicked()) select(findFieldEntity(row.name, entities));
      });
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
  if (!plotMessage_.empty()) sayWrapped(kDiffers, plotMessage_);
  if (ImGui::BeginTable("ab", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    // The names column is the tree's, its nodes titled with lengths and counts: twice a value's.
    ImGui::TableSetupColumn("field", ImGuiTableColumnFlags_WidthStretch, 2.0F);
    ImGui::TableSetupColumn(("A " + nameA_).c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0F);
    ImGui::TableSetupColumn(("B " + nameB_).c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0F);
    ImGui::TableHeadersRow();
    if (filter_.empty() && selected_.empty() && !onlyDifferences_) {
      drawComparedTree();
    } else {
      for (const ComparedRow& row : compared_) {
        if ((onlyDifferences_ && !row.differs) || !matchesFilter(row.name, filter_)) continue;
        if (!selected_.empty() && !sim::isInsideEntity(row.name, selectedNow_.empty() ? selected_ : selectedNow_)) continue;
        drawComparedRow(row.name, row);
      }
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

void Debugger::drawComparedTree() {
  // compareFields keeps the fields only B has among A's, so a node's rows stay consecutive.
  const std::span<const ComparedRow> rows(compared_);
  walkFieldTree(
      rows,
      [&](const std::string& path, std::string_view part, std::size_t r) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        // The title says how many differ; the colour makes a closed node that hides one stand out.
        const bool differs = countDifferingInside(path, rows.subspan(r)) > 0;
        if (differs) ImGui::PushStyleColor(ImGuiCol_Text, kDiffers);
        const bool opened = ImGui::TreeNode(titleComparedNode(path, part, rows.subspan(r)).c_str());
        if (differs) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) hovered_ = path;
        return opened;
      },
      [] { ImGui::TreePop(); },
      [&](std::string_view label, std::span<const ComparedRow> cells) { drawComparedGrid(label, cells); },
      [&](std::string_view label, const ComparedRow& row) { drawComparedRow(label, row); });
}

void Debugger::drawComparedGrid(std::string_view label, std::span<const ComparedRow> cells) {
  const bool differs = std::any_of(cells.begin(), cells.end(), [](const ComparedRow& cell) { return cell.differs; });
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  if (differs) ImGui::PushStyleColor(ImGuiCol_Text, kDiffers);
  const bool open = ImGui::TreeNode((titleComparedGrid(label, cells) + "###" + std::string(label)).c_str());
  if (differs) ImGui::PopStyleColor();
  if (!open) return;
  // A grid's hundreds of cells are alike but for a few: those few, a row each.
  for (const ComparedRow& cell : cells) {
    if (cell.differs) drawComparedRow(cell.name.substr(label.size()), cell);
  }
  if (!differs) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(kQuiet, "no cell differs");
  }
  ImGui::TreePop();
}

void Debugger::drawComparedRow(std::string_view label, const ComparedRow& row) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  const bool plotted = std::find(plottedNow_.begin(), plottedNow_.end(), row.name) != plottedNow_.end();
  const std::string name(label);
  if (row.differs) {
    ImGui::TextColored(kDiffers, "%s", name.c_str());
  } else if (plotted) {
    ImGui::TextColored(kPlotted, "%s", name.c_str());
  } else {
    ImGui::TextUnformatted(name.c_str());
  }
  if (ImGui::IsItemHovered()) hovered_ = row.name;
  if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) plotFieldAtCursor(row.name);  // A's and B's values on one lane
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(row.a.empty() ? "-" : row.a.c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(row.b.empty() ? "-" : row.b.c_str());
}

}  // namespace retrace::viewer
