#include "viewer/inspector.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "sim/field_ids.h"

namespace retrace::viewer {

std::vector<FieldRow> inspectFields(const sim::GameSession& now, const sim::GameSession& before, std::vector<FieldRow>* outGone) {
  const std::vector<sim::Field> fields = now.describeState();
  std::set<const sim::Field*> changed;
  if (outGone != nullptr) outGone->clear();
  if (&now != &before && now.tick() != before.tick()) {
    const std::vector<sim::Field> was = before.describeState();
    // Compared by ids, as show --changed compares them: an element that moved up its list when
    // one before it went is itself, unchanged; the one that went is gone. Rows keep each tick's
    // own names (the same order, so a change's place gives its field).
    const std::vector<sim::Field> nowById = sim::nameEachByIds(fields, fields);
    const std::vector<sim::Field> wasById = sim::nameEachByIds(was, was);
    for (const sim::FieldChange& change : sim::listChangedFields(wasById, nowById)) {
      if (change.now != nullptr) {
        changed.insert(&fields[static_cast<std::size_t>(change.now - nowById.data())]);
      } else if (outGone != nullptr) {
        const sim::Field& f = was[static_cast<std::size_t>(change.was - wasById.data())];
        outGone->push_back({f.name, "gone (was " + sim::formatField(f) + ")", true, f.value, f.gridColumns, f.names, true});
      }
    }
  }
  std::vector<FieldRow> rows;
  for (const sim::Field& f : fields)
    rows.push_back({f.name, sim::formatField(f), changed.contains(&f), f.value, f.gridColumns, f.names});
  return rows;
}

std::vector<ComparedRow> compareFields(const sim::GameSession& a, const sim::GameSession& b) {
  const std::vector<sim::Field> fieldsB = b.describeState();
  std::map<std::string, const sim::Field*, std::less<>> inB;
  for (const sim::Field& f : fieldsB) inB.emplace(f.name, &f);
  const std::vector<sim::Field> fieldsA = a.describeState();
  std::map<std::string_view, std::size_t, std::less<>> inA;
  for (std::size_t i = 0; i < fieldsA.size(); ++i) inA.emplace(fieldsA[i].name, i);
  // Each field only B has goes after the last field before it in B that A has too (or first).
  std::multimap<std::ptrdiff_t, const sim::Field*> onlyB;
  std::ptrdiff_t anchor = -1;
  for (const sim::Field& f : fieldsB) {
    if (const auto it = inA.find(f.name); it != inA.end())
      anchor = static_cast<std::ptrdiff_t>(it->second);
    else
      onlyB.emplace(anchor, &f);
  }
  std::vector<ComparedRow> rows;
  const auto addOnlyB = [&](std::ptrdiff_t after) {
    const auto [first, last] = onlyB.equal_range(after);
    for (auto it = first; it != last; ++it)
      rows.push_back({it->second->name, {}, sim::formatField(*it->second), true, it->second->gridColumns});
  };
  addOnlyB(-1);
  for (std::size_t i = 0; i < fieldsA.size(); ++i) {
    const sim::Field& f = fieldsA[i];
    const auto it = inB.find(f.name);
    ComparedRow row{f.name, sim::formatField(f), it == inB.end() ? std::string() : sim::formatField(*it->second), true,
                    f.gridColumns};
    row.differs = it == inB.end() || it->second->value != f.value;
    rows.push_back(std::move(row));
    addOnlyB(static_cast<std::ptrdiff_t>(i));
  }
  return rows;
}

bool matchesFilter(std::string_view name, std::string_view filter) noexcept {
  if (filter.empty()) return true;
  const auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  const auto at =
      std::search(name.begin(), name.end(), filter.begin(), filter.end(), [&](char x, char y) { return lower(x) == lower(y); });
  return at != name.end();
}

std::vector<std::string> listSceneEntities(const sim::GameSession& now, const sim::GameSession& before) {
  std::set<std::string> names;
  for (const sim::ScenePrimitive& p : now.describeScene(before).primitives) {
    if (!p.entity.empty()) names.insert(p.entity);
  }
  return {names.begin(), names.end()};
}

std::optional<std::string> findFieldEntity(std::string_view fieldName, const std::vector<std::string>& entities) {
  const std::string* best = nullptr;
  for (const std::string& e : entities) {
    if (sim::isInsideEntity(fieldName, e) && (best == nullptr || e.size() > best->size())) best = &e;
  }
  if (best == nullptr) return std::nullopt;
  return *best;
}

bool isRowListed(const FieldRow& row, const RowChoice& choice) noexcept {
  if (choice.selectionGone) return false;
  if (!choice.selected.empty() && !sim::isInsideEntity(row.name, choice.selected)) return false;
  return matchesFilter(row.name, choice.filter) && (!choice.onlyChanged || row.changed);
}

std::vector<const FieldRow*> listRows(std::span<const FieldRow> rows, std::span<const FieldRow> gone, const RowChoice& choice) {
  std::vector<const FieldRow*> listed;
  if (choice.selectionGone) {
    if (choice.selected.empty()) return listed;
    for (const FieldRow& row : gone) {
      if (sim::isInsideEntity(row.name, choice.selected) && matchesFilter(row.name, choice.filter)) listed.push_back(&row);
    }
    return listed;
  }
  for (const FieldRow& row : rows) {
    if (isRowListed(row, choice)) listed.push_back(&row);
  }
  if (choice.onlyChanged) {
    for (const FieldRow& row : gone) {
      if (isRowListed(row, choice)) listed.push_back(&row);
    }
  }
  return listed;
}

namespace {

/// A grid's name with its rows and columns ("tiles (13 x 13)"), then ", N " and `marked` when
/// N of its cells are (changed, differing).
template <typename Cell, typename IsMarked>
std::string titleGridCells(std::string_view label, std::span<const Cell> cells, IsMarked isMarked, std::string_view marked) {
  const std::size_t columns = cells.empty() ? 1 : std::max<std::size_t>(cells.front().gridColumns, 1);
  std::string title = std::string(label) + " (" + std::to_string(cells.size() / columns) + " x " + std::to_string(columns) + ")";
  const auto count = std::count_if(cells.begin(), cells.end(), isMarked);
  if (count > 0) title += ", " + std::to_string(count) + " " + std::string(marked);
  return title;
}

}  // namespace

std::string titleGrid(std::string_view label, std::span<const FieldRow> cells) {
  return titleGridCells(
      label, cells, [](const FieldRow& cell) { return cell.changed; }, "changed *");
}

std::vector<std::string_view> splitFieldName(std::string_view name, bool isGridCell) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= name.size(); ++i) {
    if (i == name.size() || name[i] == '.' || name[i] == '[') {
      if (i > start) parts.push_back(name.substr(start, i - start));
      start = i == name.size() || name[i] == '.' ? i + 1 : i;
    }
  }
  if (isGridCell) {
    // The cell's indices stay on the grid's name: the tree draws the grid whole.
    while (parts.size() > 1 && parts.back().starts_with('[')) parts.pop_back();
    if (!parts.empty()) parts.back() = name.substr(static_cast<std::size_t>(parts.back().data() - name.data()));
  }
  return parts;
}

std::string titleTreeNode(std::string_view path, std::string_view part, std::span<const FieldRow> rows) {
  const std::string prefix(path);
  std::string title(part);
  if (!rows.empty() && rows.front().name == prefix + ".size") title += " (" + rows.front().value + ")";
  if (part.starts_with('[')) {
    // The element's fields are consecutive; its id is among them where it has one.
    for (const FieldRow& row : rows) {
      if (!sim::isInsideEntity(row.name, path)) break;
      if (row.name == prefix + ".id") {
        title += " id " + row.value;
        break;
      }
    }
  }
  return title + "###" + std::string(part);
}

namespace {

/// A value in A and in B: one when they agree, "3 | 4" when not, "-" for a side without it.
std::string pairValues(const ComparedRow& row) {
  if (row.a == row.b) return row.a;
  return (row.a.empty() ? "-" : row.a) + " | " + (row.b.empty() ? "-" : row.b);
}

}  // namespace

std::size_t countDifferingInside(std::string_view path, std::span<const ComparedRow> rows) {
  std::size_t differing = 0;
  for (const ComparedRow& row : rows) {
    if (!sim::isInsideEntity(row.name, path)) break;
    differing += row.differs ? 1 : 0;
  }
  return differing;
}

std::string titleComparedNode(std::string_view path, std::string_view part, std::span<const ComparedRow> rows) {
  const std::string prefix(path);
  std::string title(part);
  if (!rows.empty() && rows.front().name == prefix + ".size") title += " (" + pairValues(rows.front()) + ")";
  if (part.starts_with('[')) {
    for (const ComparedRow& row : rows) {
      if (!sim::isInsideEntity(row.name, path)) break;
      if (row.name == prefix + ".id") {
        title += " id " + pairValues(row);
        break;
      }
    }
  }
  if (const std::size_t differing = countDifferingInside(path, rows); differing > 0)
    title += ", " + std::to_string(differing) + " differ";
  return title + "###" + std::string(part);
}

std::string titleComparedGrid(std::string_view label, std::span<const ComparedRow> cells) {
  return titleGridCells(
      label, cells, [](const ComparedRow& cell) { return cell.differs; }, "differ");
}

std::string joinFieldName(std::span<const std::string_view> parts) {
  std::string name;
  for (const std::string_view part : parts) {
    if (!name.empty() && !part.starts_with('[')) name += '.';
    name += part;
  }
  return name;
}

}  // namespace retrace::viewer
