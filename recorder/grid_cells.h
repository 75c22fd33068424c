#pragma once
// A grid of packed bytes (a tile map) as text, one character a cell, as `retrace show` prints
// it and the viewer's inspector draws it: the cells are fields `grid[row][column]` of their own
// (sim::FieldNamer::namePackedBytes), and a whole grid reads better as its rows.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "sim/fields.h"

namespace retrace::recorder {

/// A cell as one character: '.' for 0, digits 1 to 9, letters a to z for 10 to 35, '#' otherwise.
[[nodiscard]] char nameGridCell(std::int64_t code) noexcept;
/// What a grid's characters stand for: its codes by name when the game names them.
[[nodiscard]] std::string describeGridKey(sim::EnumNames names);
/// Whether `name` is cell `index` of grid `grid` with `columns` columns: "grid[row][column]".
[[nodiscard]] bool isGridCell(std::string_view name, std::string_view grid, std::size_t index, std::size_t columns);
/// The grid a cell's name belongs to: the name up to its first index.
[[nodiscard]] std::string_view nameGrid(std::string_view cellName) noexcept;

/// How many of `cells` from the first are whole rows of one grid, cell by cell from its first
/// (any type with a `name` and sim::Field's `gridColumns`); 0 when they are not: a selection of
/// some cells, which reads better one a line.
template <typename Cell>
[[nodiscard]] std::size_t countGridCells(std::span<const Cell> cells) {
  if (cells.empty() || cells.front().gridColumns == 0) return 0;
  const std::size_t columns = cells.front().gridColumns;
  const std::string_view grid = nameGrid(cells.front().name);
  std::size_t n = 0;
  while (n < cells.size() && cells[n].gridColumns == columns && isGridCell(cells[n].name, grid, n, columns)) ++n;
  return n - n % columns;
}

}  // namespace retrace::recorder
