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
    for (const sim::FieldChange& change : sim::listChangedFields(was, fields)) {
      if (change.now != nullptr) {
        changed.insert(change.now);
      } else if (outGone != nullptr) {
        const sim::Field& f = *change.was;
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
  std::vector<ComparedRow> rows;
  std::set<std::string, std::less<>> shown;
  for (const sim::Field& f : a.describeState()) {
    const auto it = inB.find(f.name);
    ComparedRow row{f.name, sim::formatField(f), it == inB.end() ? std::string() : sim::formatField(*it->second), true};
    row.differs = it == inB.end() || it->second->value != f.value;
    shown.insert(f.name);
    rows.push_back(std::move(row));
  }
  for (const sim::Field& f : fieldsB) {
    if (!shown.contains(f.name)) rows.push_back({f.name, {}, sim::formatField(f), true});
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

std::string titleGrid(std::string_view label, std::span<const FieldRow> cells) {
  const std::size_t columns = cells.empty() ? 1 : std::max<std::size_t>(cells.front().gridColumns, 1);
  std::string title = std::string(label) + " (" + std::to_string(cells.size() / columns) + " x " + std::to_string(columns) + ")";
  const auto changed = std::count_if(cells.begin(), cells.end(), [](const FieldRow& cell) { return cell.changed; });
  if (changed > 0) title += ", " + std::to_string(changed) + " changed *";
  return title;
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

std::string joinFieldName(std::span<const std::string_view> parts) {
  std::string name;
  for (const std::string_view part : parts) {
    if (!name.empty() && !part.starts_with('[')) name += '.';
    name += part;
  }
  return name;
}

}  // namespace retrace::viewer
