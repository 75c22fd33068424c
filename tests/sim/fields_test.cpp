// Named fields (sim/fields.h): packed bytes are saved eight to a value and named one by one.
#include "sim/fields.h"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/game.h"

namespace retrace::sim {
namespace {

/// A state with a scalar, a 5-row grid of 3 columns (15 bytes: two words) and 3 named codes.
struct Packed {
  std::int32_t before = 7;
  std::vector<std::uint8_t> grid;
  std::vector<std::uint8_t> codes;
  std::int32_t after = -3;
};

inline constexpr EnumName kCodeNames[] = {{0, "none"}, {4, "four"}};

template <typename V>
void visitPacked(V& v, Packed& p) {
  visitField(v, "before", p.before);
  visitPackedBytes(v, "grid", p.grid, 15, 3);
  visitPackedBytes(v, "codes", p.codes, 3, 0, kCodeNames);
  visitField(v, "after", p.after);
}

Packed makePacked() {
  Packed p;
  for (std::uint8_t i = 0; i < 15; ++i) p.grid.push_back(static_cast<std::uint8_t>(10 + i));
  p.codes = {4, 0, 200};
  return p;
}

std::vector<Field> nameFields(Packed p) {
  FieldNamer namer;
  visitPacked(namer, p);
  return namer.take();
}

std::vector<std::int64_t> saveValues(Packed p) {
  FieldSaver saver;
  visitPacked(saver, p);
  return saver.take();
}

TEST(Fields, PackedBytesAreNamedOneByOneByRowAndColumnOrIndex) {
  const std::vector<Field> fields = nameFields(makePacked());
  ASSERT_EQ(fields.size(), 1U + 15U + 3U + 1U);
  EXPECT_EQ(fields[1].name, "grid[0][0]");
  EXPECT_EQ(fields[3].name, "grid[0][2]");
  EXPECT_EQ(fields[4].name, "grid[1][0]");
  EXPECT_EQ(fields[15].name, "grid[4][2]");
  EXPECT_EQ(fields[15].value, 24);
  EXPECT_EQ(fields[15].gridColumns, 3U);
  EXPECT_EQ(fields[15].kind, FieldKind::kInt);
  EXPECT_EQ(fields[16].name, "codes[0]");
  EXPECT_EQ(fields[16].gridColumns, 0U);
  EXPECT_EQ(fields[16].kind, FieldKind::kEnum);
  EXPECT_EQ(formatField(fields[16]), "four");
  EXPECT_EQ(formatField(fields[18]), "200") << "a code without a name prints as its number";
  EXPECT_EQ(fields.back().name, "after");
}

TEST(Fields, EachFieldsPlaceHoldsItsValueAmongTheSavedOnes) {
  const std::vector<Field> fields = nameFields(makePacked());
  const std::vector<std::int64_t> values = saveValues(makePacked());
  // before, the grid's count of words and its two, the codes' count and one word, after.
  ASSERT_EQ(values.size(), 1U + 3U + 2U + 1U);
  EXPECT_EQ(fields.back().place + 1U, values.size());
  for (const Field& field : fields) EXPECT_EQ(readSavedValue(values, field), field.value) << field.name;
  EXPECT_EQ(fields[8].place, 2U) << "grid[2][1], byte 7 of the first word";
  EXPECT_EQ(fields[8].packedByte, 7);
  EXPECT_EQ(fields[9].place, 3U);
  EXPECT_EQ(fields[9].packedByte, 0);
}

TEST(Fields, PackedBytesOfAnotherLengthAreRefused) {
  std::vector<std::int64_t> values = saveValues(makePacked());
  values[1] = 1;  // the grid's count of words, one word short, and the word dropped
  values.erase(values.begin() + 3);
  Packed loaded;
  FieldLoader loader(values);
  visitPacked(loader, loaded);
  EXPECT_FALSE(loader.succeeded());
}

TEST(Fields, NudgingASavedFieldChangesThatFieldAlone) {
  const std::vector<Field> fields = nameFields(makePacked());
  const std::vector<std::int64_t> values = saveValues(makePacked());
  for (std::size_t i = 0; i < fields.size(); ++i) {
    Packed loaded;
    const std::vector<std::int64_t> nudged = nudgeSavedValue(values, fields[i]);
    FieldLoader loader(nudged);
    visitPacked(loader, loaded);
    ASSERT_TRUE(loader.succeeded()) << fields[i].name;
    const std::vector<Field> after = nameFields(loaded);
    ASSERT_EQ(after.size(), fields.size());
    for (std::size_t j = 0; j < fields.size(); ++j) {
      EXPECT_EQ(after[j].value == fields[j].value, i != j) << fields[j].name << " with " << fields[i].name << " nudged";
    }
  }
}

}  // namespace
}  // namespace retrace::sim
