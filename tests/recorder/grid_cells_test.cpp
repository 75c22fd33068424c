// A grid of packed bytes as text (recorder/grid_cells.h): which fields are a whole grid, and the
// character and key of its cells.
#include "recorder/grid_cells.h"

#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace retrace::recorder {
namespace {

/// The cells of a grid named `grid`, `rows` by `columns`, as sim::FieldNamer names them.
std::vector<sim::Field> makeGrid(const std::string& grid, std::size_t rows, std::uint16_t columns) {
  std::vector<sim::Field> cells;
  for (std::size_t i = 0; i < rows * columns; ++i) {
    sim::Field cell;
    cell.name = grid + "[" + std::to_string(i / columns) + "][" + std::to_string(i % columns) + "]";
    cell.gridColumns = columns;
    cells.push_back(cell);
  }
  return cells;
}

TEST(GridCells, AWholeGridFromItsFirstCellIsItsRows) {
  std::vector<sim::Field> fields = makeGrid("level.tiles", 4, 3);
  EXPECT_EQ(countGridCells(std::span<const sim::Field>(fields)), 12U);
  EXPECT_EQ(nameGrid(fields.front().name), "level.tiles");
  // Another grid right after it is a grid of its own.
  const std::vector<sim::Field> other = makeGrid("fog", 2, 3);
  fields.insert(fields.end(), other.begin(), other.end());
  EXPECT_EQ(countGridCells(std::span<const sim::Field>(fields)), 12U);
  EXPECT_EQ(countGridCells(std::span<const sim::Field>(fields).subspan(12)), 6U);
}

TEST(GridCells, SomeCellsAreNoGrid) {
  const std::vector<sim::Field> grid = makeGrid("tiles", 4, 3);
  // Not from the first cell, one row cut short, one column of each row, a plain field.
  EXPECT_EQ(countGridCells(std::span<const sim::Field>(grid).subspan(3)), 0U);
  EXPECT_EQ(countGridCells(std::span<const sim::Field>(grid).first(11)), 9U) << "the whole rows only";
  std::vector<sim::Field> column;
  for (std::size_t i = 1; i < grid.size(); i += 3) column.push_back(grid[i]);
  EXPECT_EQ(countGridCells(std::span<const sim::Field>(column)), 0U);
  const std::vector<sim::Field> plain{{"tiles", 3}};
  EXPECT_EQ(countGridCells(std::span<const sim::Field>(plain)), 0U);
  EXPECT_EQ(countGridCells(std::span<const sim::Field>()), 0U);
}

TEST(GridCells, OnlyRowAndColumnInOrderNameACell) {
  EXPECT_TRUE(isGridCell("tiles[1][2]", "tiles", 5, 3));
  EXPECT_FALSE(isGridCell("tiles[2][1]", "tiles", 5, 3));
  EXPECT_FALSE(isGridCell("tiles[1][2].x", "tiles", 5, 3));
  EXPECT_FALSE(isGridCell("tiles[1]", "tiles", 1, 3));
  EXPECT_FALSE(isGridCell("tiles[1][", "tiles", 3, 3));
  EXPECT_FALSE(isGridCell("tiles[-1][2]", "tiles", 2, 3));
  EXPECT_FALSE(isGridCell("tile[1][2]", "tiles", 5, 3));
  EXPECT_FALSE(isGridCell("tiles[1][2]", "tiles", 5, 0));
}

TEST(GridCells, EachCodeIsOneCharacterAndTheKeyNamesThem) {
  EXPECT_EQ(nameGridCell(0), '.');
  EXPECT_EQ(nameGridCell(9), '9');
  EXPECT_EQ(nameGridCell(10), 'a');
  EXPECT_EQ(nameGridCell(35), 'z');
  EXPECT_EQ(nameGridCell(36), '#');
  EXPECT_EQ(nameGridCell(-1), '#');
  constexpr sim::EnumName kNames[] = {{0, "empty"}, {2, "steel"}, {12, "ice"}};
  EXPECT_EQ(describeGridKey(kNames), ". empty, 2 steel, c ice");
  EXPECT_EQ(describeGridKey({}), ". is 0, digits and letters the codes, # any other");
}

}  // namespace
}  // namespace retrace::recorder
