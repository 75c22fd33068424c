#include "recorder/grid_cells.h"

#include <charconv>

namespace retrace::recorder {
namespace {

/// Reads "[N]" at `at` of `name` as N; moves `at` past it. False when it is not there.
bool readIndex(std::string_view name, std::size_t& at, std::size_t& outIndex) {
  if (at >= name.size() || name[at] != '[') return false;
  const char* first = name.data() + at + 1;
  const char* last = name.data() + name.size();
  const auto [end, error] = std::from_chars(first, last, outIndex);
  if (error != std::errc() || end == first || end == last || *end != ']') return false;
  at = static_cast<std::size_t>(end - name.data()) + 1;
  return true;
}

}  // namespace

char nameGridCell(std::int64_t code) noexcept {
  if (code == 0) return '.';
  if (code > 0 && code < 10) return static_cast<char>('0' + code);
  if (code >= 10 && code < 36) return static_cast<char>('a' + (code - 10));
  return '#';
}

std::string describeGridKey(sim::EnumNames names) {
  if (names.empty()) return ". is 0, digits and letters the codes, # any other";
  std::string key;
  for (const sim::EnumName& name : names) {
    if (!key.empty()) key += ", ";
    key += nameGridCell(name.value);
    key += ' ';
    key += name.name;
  }
  return key;
}

std::string_view nameGrid(std::string_view cellName) noexcept { return cellName.substr(0, cellName.find('[')); }

bool isGridCell(std::string_view name, std::string_view grid, std::size_t index, std::size_t columns) {
  if (columns == 0 || !name.starts_with(grid)) return false;
  std::size_t at = grid.size();
  std::size_t row = 0;
  std::size_t column = 0;
  return readIndex(name, at, row) && readIndex(name, at, column) && at == name.size() && row == index / columns &&
         column == index % columns;
}

}  // namespace retrace::recorder
