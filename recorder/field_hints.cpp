#include "recorder/field_hints.h"

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/query.h"

namespace retrace::recorder {
namespace {

/// The most suggestions a sentence names.
constexpr std::size_t kMaxSuggestions = 3;
/// A level left out scores past any spelling: no name has this many letters wrong.
constexpr std::size_t kLevelLeftOut = 1000000;
/// A level named by another word scores past a level left out, and the first (what holds the
/// field) past one within (the field's part).
constexpr std::size_t kLevelReplaced = 2 * kLevelLeftOut;

/// A name's levels, split at the dots outside brackets ("tanks[0].centre.x": "tanks[0]",
/// "centre", "x").
std::vector<std::string_view> splitLevels(std::string_view name) {
  std::vector<std::string_view> levels;
  std::size_t start = 0;
  int depth = 0;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '[') ++depth;
    if (name[i] == ']' && depth > 0) --depth;
    if (name[i] == '.' && depth == 0) {
      levels.push_back(name.substr(start, i - start));
      start = i + 1;
    }
  }
  levels.push_back(name.substr(start));
  return levels;
}

/// How many indices a level has ("tiles[3][4]": 2).
std::ptrdiff_t countIndices(std::string_view level) { return std::count(level.begin(), level.end(), '['); }

/// A level's name without its indices ("tanks[0]": "tanks").
std::string_view baseOf(std::string_view level) { return level.substr(0, level.find('[')); }

/// Every name a pattern may mean among the fields, indices as [*], in the fields' order: each
/// field's name and what holds it ("tanks[*].centre", "tanks[*]", "tanks").
std::vector<std::string> listGeneralNames(const std::vector<sim::Field>& fields) {
  std::vector<std::string> names;
  std::set<std::string, std::less<>> seen;
  const auto add = [&](std::string name) {
    if (seen.insert(name).second) names.push_back(std::move(name));
  };
  std::string last;
  for (const sim::Field& field : fields) {
    std::string general = generalizeIndices(field.name);
    if (general == last) continue;  // a list's elements follow one another
    int depth = 0;
    for (std::size_t i = 0; i < general.size(); ++i) {
      if (general[i] == '[' && depth++ == 0 && (i == 0 || general[i - 1] != ']')) add(general.substr(0, i));
      if (general[i] == ']' && depth > 0 && --depth == 0 && i + 1 < general.size() && general[i + 1] != '[')
        add(general.substr(0, i + 1));
      if (general[i] == '.' && depth == 0 && (i == 0 || general[i - 1] != ']')) add(general.substr(0, i));
    }
    add(general);
    last = std::move(general);
  }
  return names;
}

/// Whether the levels of `name` are among those of `candidate` in order, by their names alone
/// (indices aside, as a list named without one), the last of each the same.
bool holdsLevelsInOrder(std::string_view name, std::string_view candidate) {
  const std::vector<std::string_view> wanted = splitLevels(name);
  const std::vector<std::string_view> levels = splitLevels(candidate);
  if (lowerAscii(baseOf(wanted.back())) != lowerAscii(baseOf(levels.back()))) return false;
  std::size_t next = 0;
  for (const std::string_view level : levels) {
    if (next < wanted.size() && lowerAscii(baseOf(level)) == lowerAscii(baseOf(wanted[next]))) ++next;
  }
  return next == wanted.size();
}

/// Which level of `name`, `candidate` names by another word ("man.position.y" for
/// "man.centre.y": 1), when that is their one difference and not the last level, both of three
/// levels or more: a word for what the game calls otherwise, where spelling does not reach.
std::optional<std::size_t> findReplacedLevel(std::string_view name, std::string_view candidate) {
  const std::vector<std::string_view> wanted = splitLevels(name);
  const std::vector<std::string_view> levels = splitLevels(candidate);
  if (wanted.size() != levels.size() || wanted.size() < 3) return std::nullopt;
  std::optional<std::size_t> replaced;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    if (lowerAscii(baseOf(wanted[i])) == lowerAscii(baseOf(levels[i]))) continue;
    if (i + 1 == levels.size() || replaced) return std::nullopt;
    replaced = i;
  }
  return replaced;
}

/// `general` (a name with [*] indices) with the indices `name` gives each list: the list of the
/// same name's, else, where the two have as many levels, the list at the same level's ("tanks[*].
/// centre.x" from "tanks[2].x" is "tanks[2].centre.x", "tiles[*][*]" from "tile[3][4]" is
/// "tiles[3][4]").
std::string restoreIndices(std::string_view general, std::string_view name) {
  const std::vector<std::string_view> given = splitLevels(name);
  const std::vector<std::string_view> levels = splitLevels(general);
  std::string out;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const std::string_view base = baseOf(levels[i]);
    std::string_view brackets = levels[i].substr(base.size());
    auto same = std::find_if(given.begin(), given.end(),
                             [&](std::string_view level) { return lowerAscii(baseOf(level)) == lowerAscii(base); });
    if (same == given.end() && given.size() == levels.size()) same = given.begin() + static_cast<std::ptrdiff_t>(i);
    if (same != given.end()) {
      const std::string_view indices = same->substr(baseOf(*same).size());
      if (!brackets.empty() && countIndices(indices) == countIndices(brackets)) brackets = indices;
    }
    // Appended piece by piece: g++ 12 at -O3 warns (-Wrestrict, falsely) on "." + std::string.
    if (!out.empty()) out += '.';
    out.append(base).append(brackets);
  }
  return out;
}

/// How far `candidate` is from `name` (both with [*] indices) by spelling, level by level: the
/// letters changed in all (and one for each level indexed in one and not the other), when both
/// have as many levels and each level's name is within a third of its letters (one where the
/// first letters agree) of the other's.
std::optional<std::size_t> countSpellingEdits(std::string_view name, std::string_view candidate) {
  const std::vector<std::string_view> wanted = splitLevels(name);
  const std::vector<std::string_view> levels = splitLevels(candidate);
  if (wanted.size() != levels.size()) return std::nullopt;
  std::size_t total = 0;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const std::string a = lowerAscii(baseOf(wanted[i]));
    const std::string b = lowerAscii(baseOf(levels[i]));
    const std::size_t edits = countEdits(a, b);
    const bool sameStart = !a.empty() && !b.empty() && a.front() == b.front();
    if (edits > std::max<std::size_t>(a.size() / 3, sameStart ? 1 : 0)) return std::nullopt;
    // A list named without its index, or an element with one: one letter's worth further.
    total += edits + (countIndices(wanted[i]) == countIndices(levels[i]) ? 0 : 1);
  }
  return total;
}

/// Whether `candidate`, as many levels as `name`, is `name` without the index of a list (an
/// element asked for where the list is empty, not a name misspelt); `known` has every name.
bool dropsListIndex(std::string_view name, std::string_view candidate, const std::set<std::string_view, std::less<>>& known) {
  const std::vector<std::string_view> wanted = splitLevels(name);
  const std::vector<std::string_view> levels = splitLevels(candidate);
  std::string reached;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    if (i > 0) reached += '.';
    reached.append(levels[i]);
    if (countIndices(wanted[i]) > 0 && countIndices(levels[i]) == 0 && known.contains(reached + ".size")) return true;
  }
  return false;
}

/// Words other languages give a list's length by; retrace's is `size` (`bullets.size`).
constexpr std::string_view kLengthWords[] = {"length", "len", "count", "num", "number"};

/// `name`'s list's size field when `name` asks for a list's length by another word, or a long
/// one within a third of its letters of it ("bullets.length", "bullets.lenght",
/// "tanks[*].hits.count"), if there is one.
std::optional<std::string> nameListSize(std::string_view name, const std::set<std::string_view, std::less<>>& known) {
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || name.find('[', dot) != std::string_view::npos) return std::nullopt;
  const std::string word = lowerAscii(name.substr(dot + 1));
  // A short word exactly: "bullets.pen" is more likely a field left out than "len" misspelt.
  const auto near = [&](std::string_view w) { return countEdits(word, w) <= (w.size() > 3 ? w.size() / 3 : 0); };
  if (std::none_of(std::begin(kLengthWords), std::end(kLengthWords), near)) return std::nullopt;
  std::string size = std::string(name.substr(0, dot)) + ".size";
  if (!known.contains(size)) return std::nullopt;
  return size;
}

/// `name` when it selects a field (its indices those of elements there), else `general`, which
/// does: a suggestion never names what is not there.
std::string writeSelecting(std::string name, const std::string& general, const std::vector<sim::Field>& fields) {
  const auto pattern = FieldPattern::parse(name);
  if (const auto* parsed = std::get_if<FieldPattern>(&pattern); parsed != nullptr && !selectFields(fields, {*parsed}).empty())
    return name;
  return general;
}

/// The value of the field named `name` exactly, if there is one.
const sim::Field* findField(const std::vector<sim::Field>& fields, std::string_view name) {
  const auto at = std::find_if(fields.begin(), fields.end(), [&](const sim::Field& f) { return f.name == name; });
  return at == fields.end() ? nullptr : &*at;
}

/// For a grid's cell past its edge ("tiles[14][2]"): how many rows and columns the grid has.
std::optional<std::string> describeGrid(std::string_view level, const std::string& grid, const std::vector<sim::Field>& fields) {
  std::size_t cells = 0;
  std::size_t columns = 0;
  for (const sim::Field& f : fields) {
    if (f.gridColumns == 0 || !f.name.starts_with(grid + "[") || !sameGeneralName(f.name, grid + "[*][*]")) continue;
    ++cells;
    columns = f.gridColumns;
  }
  if (cells == 0) return std::nullopt;
  const std::size_t rows = cells / columns;
  const std::size_t second = level.find('[', level.find(']'));
  std::uint64_t row = 0;
  std::uint64_t column = 0;
  (void)std::from_chars(level.data() + level.find('[') + 1, level.data() + level.size(), row);
  (void)std::from_chars(level.data() + second + 1, level.data() + level.size(), column);
  if (row < rows && column < columns) return std::nullopt;
  return grid + " has " + std::to_string(rows) + " rows of " + std::to_string(columns) + " cells";
}

/// For a name whose levels are all there but whose element is not: how long the list is, or
/// that no element has the id asked for; empty otherwise.
std::string describeMissingElement(std::string_view name, const std::vector<sim::Field>& fields) {
  std::string reached;
  for (const std::string_view level : splitLevels(name)) {
    const std::string_view base = baseOf(level);
    std::string list = reached;
    if (!list.empty()) list += '.';
    list.append(base);
    const std::string_view index =
        level.size() > base.size() + 2 ? level.substr(base.size() + 1, level.find(']') - base.size() - 1) : std::string_view();
    std::int64_t wanted = 0;
    const bool numbered = !index.empty() && index.find_first_not_of("0123456789") == std::string_view::npos &&
                          std::from_chars(index.data(), index.data() + index.size(), wanted).ec == std::errc();
    if (const sim::Field* size = numbered ? findField(fields, list + ".size") : nullptr; size && wanted >= size->value) {
      if (size->value == 0) return list + " is empty";
      return list + " has " + std::to_string(size->value) + (size->value == 1 ? " element" : " elements");
    }
    if (countIndices(level) == 2 && numbered) {
      if (auto size = describeGrid(level, list, fields)) return *size;
    }
    if (index.starts_with("id=")) {
      const std::string id = std::string(index.substr(3));
      const bool any = std::any_of(fields.begin(), fields.end(), [&](const sim::Field& f) {
        return f.name.starts_with(list + "[") && sameGeneralName(f.name, list + "[*].id") && std::to_string(f.value) == id;
      });
      if (!any) return "no element of " + list + " has id " + id;
    }
    reached = list + std::string(level.substr(base.size()));
  }
  return {};
}

}  // namespace

std::vector<std::string> suggestFieldNames(std::string_view name, const std::vector<sim::Field>& fields) {
  const std::string general = generalizeIndices(name);
  // A pattern's own wildcard ("tanks[*].*") is no name to correct.
  std::string bare = general;
  for (std::size_t at; (at = bare.find("[*]")) != std::string::npos;) bare.erase(at, 3);
  if (bare.find('*') != std::string::npos) return {};
  const std::vector<std::string> candidates = listGeneralNames(fields);
  const std::set<std::string_view, std::less<>> known(candidates.begin(), candidates.end());
  if (known.contains(general)) return {};
  if (const auto size = nameListSize(general, known)) return {writeSelecting(restoreIndices(*size, name), *size, fields)};
  std::vector<std::pair<std::size_t, const std::string*>> scored;  // closer first
  for (const std::string& candidate : candidates) {
    if (const auto edits = countSpellingEdits(general, candidate)) {
      if (!dropsListIndex(general, candidate, known)) scored.emplace_back(*edits, &candidate);
    } else if (holdsLevelsInOrder(general, candidate)) {
      // After every near spelling: a level left out is further than letters wrong.
      scored.emplace_back(kLevelLeftOut + splitLevels(candidate).size() - splitLevels(general).size(), &candidate);
    } else if (const auto level = findReplacedLevel(general, candidate)) {
      scored.emplace_back(kLevelReplaced + (*level == 0 ? 1 : 0), &candidate);
    }
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> names;
  for (const auto& [score, candidate] : scored) {
    if (score != scored.front().first || names.size() == kMaxSuggestions) break;
    names.push_back(writeSelecting(restoreIndices(*candidate, name), *candidate, fields));
  }
  return names;
}

std::string describeSuggestions(const std::vector<std::string>& names) {
  if (names.empty()) return {};
  std::string text = "did you mean ";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += names[i];
  }
  return text + "?";
}

std::string hintFieldName(std::string_view name, const std::vector<sim::Field>& fields) {
  const std::vector<std::string> names = suggestFieldNames(name, fields);
  return names.empty() ? describeMissingElement(name, fields) : describeSuggestions(names);
}

}  // namespace retrace::recorder
