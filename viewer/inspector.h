#pragma once
// The inspector's facts, without ImGui: every field of the game at a tick with its value as
// text, whether it changed since the previous tick, and, in compare mode, A's and B's values
// side by side. The panel (panels.cpp) only draws these rows, so they are tested without a display.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "recorder/grid_cells.h"
#include "sim/game.h"

namespace retrace::viewer {

/// One field at the cursor tick.
struct FieldRow {
  std::string name;               ///< dotted name ("players[1].position.x")
  std::string value;              ///< as `retrace show` prints it: enums by name, fixed point as decimals
  bool changed = false;           ///< differs from the previous tick (or did not exist there)
  std::int64_t raw = 0;           ///< the value itself (a grid's cell is drawn as a character of it)
  std::uint16_t gridColumns = 0;  ///< for a cell of a grid (sim::Field::gridColumns)
  sim::EnumNames names{};         ///< an enumeration's names (a grid's key)
  bool gone = false;              ///< a field of the tick before that this tick has not: shown, never outlined or plotted
};

/// One field of A beside the same field of B.
struct ComparedRow {
  std::string name;
  std::string a;  ///< empty when A has no such field
  std::string b;  ///< empty when B has no such field
  bool differs = false;
  std::uint16_t gridColumns = 0;  ///< for a cell of a grid (sim::Field::gridColumns)
};

/// Every field of `now`, marked where it differs from `before` by name; the fields of `before`
/// that `now` has not (a bullet that hit) go to `outGone`, when given, valued "gone (was X)".
[[nodiscard]] std::vector<FieldRow> inspectFields(const sim::GameSession& now, const sim::GameSession& before,
                                                  std::vector<FieldRow>* outGone = nullptr);
/// A's fields beside B's, in A's order, each field only B has after the one it follows in B (a
/// list's fourth element after its third), so that what a node of the tree holds stays together.
[[nodiscard]] std::vector<ComparedRow> compareFields(const sim::GameSession& a, const sim::GameSession& b);
/// True when a row's name contains the filter text (case-insensitive); an empty filter keeps all.
[[nodiscard]] bool matchesFilter(std::string_view name, std::string_view filter) noexcept;
/// The entities the scene of `now` (drawn after `before`) names, in order, each once: what a
/// field is linked to where it is drawn.
[[nodiscard]] std::vector<std::string> listSceneEntities(const sim::GameSession& now, const sim::GameSession& before);
/// The entity a field belongs to: the longest of `entities` that is its name or a prefix of it
/// ending at '.' or '['; nothing when none is.
[[nodiscard]] std::optional<std::string> findFieldEntity(std::string_view fieldName, const std::vector<std::string>& entities);
/// What the inspector's list asks of a row: inside the selected entity (if one is), matching
/// the filter, and changed on this tick when only changed ones are asked for.
struct RowChoice {
  std::string_view selected;  ///< where the selection is (with selectionGone: where it was the tick before)
  std::string_view filter;
  bool onlyChanged = false;
  bool selectionGone = false;  ///< the selection is not at this tick: only what went with it is listed
};
/// True when the inspector's list shows the row (one of the tick's fields).
[[nodiscard]] bool isRowListed(const FieldRow& row, const RowChoice& choice) noexcept;
/// The rows the inspector's list shows: the tick's fields the choice keeps, then those gone this
/// tick when only changed ones are asked for; for a selection gone this tick, its fields as they
/// were, gone (none when it was not there the tick before either).
[[nodiscard]] std::vector<const FieldRow*> listRows(std::span<const FieldRow> rows, std::span<const FieldRow> gone,
                                                    const RowChoice& choice);
/// A grid's node in the tree: its name, rows and columns, and how many cells changed, so that a
/// closed grid does not hide a change ("tiles (13 x 13), 1 changed *").
[[nodiscard]] std::string titleGrid(std::string_view label, std::span<const FieldRow> cells);
/// The tree's path to a field ("players[1].position.x" -> players, [1], position, x), so that a
/// list's elements sit under the list beside its size; a grid's cell keeps its indices
/// ("tiles[2][3]"), as the tree draws the grid whole.
[[nodiscard]] std::vector<std::string_view> splitFieldName(std::string_view name, bool isGridCell = false);
/// A node's title in the tree for the field path `path` whose first row is `rows[0]`: a list says
/// its length ("tanks (3)") and an element its id ("[2] id 16", as events name it), the id after
/// ### keeping the node open as the title changes.
[[nodiscard]] std::string titleTreeNode(std::string_view path, std::string_view part, std::span<const FieldRow> rows);
/// How many of the rows from the first on that lie inside `path` (consecutive, as compareFields
/// gives them) differ.
[[nodiscard]] std::size_t countDifferingInside(std::string_view path, std::span<const ComparedRow> rows);
/// A node's title in the compare tree for the field path `path` whose first row is `rows[0]`: a
/// list's length in A and B ("tanks (3 | 4)", one number when they agree), an element's id, and
/// how many fields under it differ ("tanks (3 | 4), 12 differ"), the id after ### keeping the
/// node open as the title changes.
[[nodiscard]] std::string titleComparedNode(std::string_view path, std::string_view part, std::span<const ComparedRow> rows);
/// How many of a grid's cells differ, and its title in the compare tree ("tiles (13 x 13), 2 differ").
[[nodiscard]] std::string titleComparedGrid(std::string_view label, std::span<const ComparedRow> cells);
/// The field name of a path in the tree, the inverse of splitFieldName (players, [1] -> "players[1]").
[[nodiscard]] std::string joinFieldName(std::span<const std::string_view> parts);

/// Walks rows (FieldRow or ComparedRow: a `name` and a `gridColumns`) as the inspector's tree,
/// for a panel to draw: `openNode(path, part, r)` for each node met while the nodes above it are
/// open, rows[r] its first row, saying whether it opened; `closeNode()` for each opened node once
/// its rows are over; `drawGrid(label, cells)` for a whole grid (a tile map) and `drawLeaf(label,
/// row)` for any other field, each under open nodes only.
template <typename Row, typename OpenNode, typename CloseNode, typename DrawGrid, typename DrawLeaf>
void walkFieldTree(std::span<const Row> rows, OpenNode openNode, CloseNode closeNode, DrawGrid drawGrid, DrawLeaf drawLeaf) {
  // Rows come in visiting order, so a node's fields are consecutive.
  std::vector<std::pair<std::string, bool>> open;  // the nodes entered, and whether each opened
  const auto closeTo = [&](std::size_t depth) {
    while (open.size() > depth) {
      if (open.back().second) closeNode();
      open.pop_back();
    }
  };
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const Row& row = rows[r];
    const std::vector<std::string_view> parts = splitFieldName(row.name, row.gridColumns > 0);
    std::size_t common = 0;
    while (common < open.size() && common + 1 < parts.size() && open[common].first == parts[common]) ++common;
    closeTo(common);
    bool visible = std::all_of(open.begin(), open.end(), [](const auto& node) { return node.second; });
    for (std::size_t i = common; i + 1 < parts.size(); ++i) {
      const bool opened = visible && openNode(joinFieldName(std::span(parts).first(i + 1)), parts[i], r);
      open.emplace_back(std::string(parts[i]), opened);
      visible = visible && opened;
    }
    const std::string_view label = parts.empty() ? std::string_view(row.name) : parts.back();
    if (const std::size_t cells = recorder::countGridCells(rows.subspan(r)); cells > 0) {
      if (visible) drawGrid(recorder::nameGrid(label), rows.subspan(r, cells));
      r += cells - 1;
      continue;
    }
    if (visible) drawLeaf(label, row);
  }
  closeTo(0);
}

}  // namespace retrace::viewer
