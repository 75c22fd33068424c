// Where fields sit among the saved values (sim/value_layout.h): values fit a layout while their
// count and every list's length stay.
#include "sim/value_layout.h"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

namespace retrace::sim {
namespace {

TEST(ValueLayout, ValuesFitWhileTheirCountAndEveryListsLengthStay) {
  std::vector<Field> fields{{"tick", 4}, {"shots.size", 1}, {"shots[0].x", 9}, {"score", 2}};
  for (std::uint32_t i = 0; i < fields.size(); ++i) fields[i].place = i;
  const ValueLayout layout = ValueLayout::of(fields);
  EXPECT_EQ(layout.count, 4U);
  EXPECT_TRUE(layout.fits(std::vector<std::int64_t>{5, 1, 12, 3}));
  EXPECT_FALSE(layout.fits(std::vector<std::int64_t>{5, 0, 12, 3})) << "a list's length changed";
  EXPECT_FALSE(layout.fits(std::vector<std::int64_t>{5, 1, 12})) << "the count changed";
  EXPECT_EQ(ValueLayout::of({}).count, 0U);
}

}  // namespace
}  // namespace retrace::sim
