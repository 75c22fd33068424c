#pragma once
// Named fields: how every game state and configuration is saved, restored, hashed, named
// and diffed without any of those tools knowing the game.
//
// A game writes one function template per type, visitFields(visitor, value), that names each
// member once: v.integer(...) for scalars, scopes for nested structs, v.listSize(...) for
// vectors. The visitors here then give, from that single description:
//  - FieldSaver: the values as a flat list of int64 (snapshots, keyframes, replay headers);
//  - FieldLoader: the reverse, refusing short input and absurd list sizes (never trusts data);
//  - FieldNamer: "obstacles[2].box.y = 98" rows, for field-level diffs of two states;
//  - FieldHasher: the state hash, mixing fields (never struct bytes);
//  - FieldDigester: the tick digest, the same mix over every field outside lists plus each
//    list's length and first element: a few values, cheap enough to take after every tick.
// Read-only visitors (kReadOnly) never write a visited value back, and their listSize() says
// how many elements to visit (at most the list's size), so a digest can skip elements.
// Cereal stays out of sim: the recorder serialises the flat list.

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "sim/aabb.h"
#include "sim/rng.h"
#include "sim/state_hash.h"

namespace retrace::sim {

/// How a field's integer is meant to be read, for display.
enum class FieldKind : std::uint8_t { kInt, kFixed, kBool, kBits, kEnum };

/// One named value of an enumeration.
struct EnumName {
  std::int64_t value;
  const char* name;
};
/// An enumeration's names for display (a kEnum field or event argument); a value without a
/// name prints as its number. A game gives its enum type E names with a function
/// `EnumNames describeEnum(E)` beside it, which visitField finds.
using EnumNames = std::span<const EnumName>;

/// One named field value, e.g. {"tanks[1].pos.x", raw, kFixed}.
struct Field {
  std::string name;
  std::int64_t value = 0;
  FieldKind kind = FieldKind::kInt;
  EnumNames names{};              ///< for kEnum
  std::uint16_t gridColumns = 0;  ///< for a cell of a grid of packed bytes (a tile map): its row length
  std::int8_t packedByte = -1;    ///< for a byte packed in a saved word: its place there (0 to 7)
  std::uint32_t place = 0;        ///< where its value (or its word) is among the saved values (FieldSaver)
  bool operator==(const Field& other) const { return name == other.name && value == other.value && kind == other.kind; }
};

/// A field's value among a state's saved values (FieldSaver): the one at its place, or its byte
/// of the word there. The values must be laid out as the field's state's were.
[[nodiscard]] inline std::int64_t readSavedValue(std::span<const std::int64_t> values, std::size_t place,
                                                 std::int8_t packedByte) noexcept {
  const std::int64_t word = values[place];
  if (packedByte < 0) return word;
  return static_cast<std::int64_t>((static_cast<std::uint64_t>(word) >> (8 * packedByte)) & 0xFFU);
}
/// readSavedValue at the field's place.
[[nodiscard]] inline std::int64_t readSavedValue(std::span<const std::int64_t> values, const Field& field) noexcept {
  return readSavedValue(values, field.place, field.packedByte);
}

/// The saved values with one raw unit of the field changed (a bool flipped, a byte's low bit).
[[nodiscard]] inline std::vector<std::int64_t> nudgeSavedValue(std::vector<std::int64_t> values, const Field& field) {
  values[field.place] ^= std::int64_t{1} << (8 * std::max<int>(field.packedByte, 0));
  return values;
}

/// Writes every field value, in visiting order, to a flat list.
class FieldSaver {
 public:
  static constexpr bool kReadOnly = true;  ///< never changes a visited value
  void integer(const char*, std::int64_t& value, FieldKind, EnumNames = {}) { values_.push_back(value); }
  void enter(const char*, std::size_t = kNoIndex) {}
  void leave() {}
  std::size_t listSize(const char*, std::size_t size, std::size_t) {
    values_.push_back(static_cast<std::int64_t>(size));
    return size;
  }
  [[nodiscard]] std::vector<std::int64_t> take() { return std::move(values_); }
  static constexpr std::size_t kNoIndex = SIZE_MAX;

 private:
  std::vector<std::int64_t> values_;
};

/// Reads field values back; any shortfall or oversized list marks the load failed.
class FieldLoader {
 public:
  static constexpr bool kReadOnly = false;
  explicit FieldLoader(std::span<const std::int64_t> values) : values_(values) {}
  void integer(const char*, std::int64_t& value, FieldKind, EnumNames = {}) { value = next(); }
  void enter(const char*, std::size_t = FieldSaver::kNoIndex) {}
  void leave() {}
  /// Marks the load failed: a value does not fit its field (visitField checks each one).
  void refuse() noexcept { failed_ = true; }
  std::size_t listSize(const char*, std::size_t, std::size_t maxSize) {
    const std::int64_t size = next();
    // Each element has at least one value, so a size beyond what is left is corrupt.
    if (size < 0 || static_cast<std::size_t>(size) > maxSize || static_cast<std::size_t>(size) > remaining()) {
      failed_ = true;
      return 0;
    }
    return static_cast<std::size_t>(size);
  }
  /// True when every value was present, every list size plausible and nothing was left over.
  [[nodiscard]] bool succeeded() const noexcept { return !failed_ && position_ == values_.size(); }

 private:
  std::size_t remaining() const noexcept { return values_.size() - position_; }
  std::int64_t next() {
    if (position_ >= values_.size()) {
      failed_ = true;
      return 0;
    }
    return values_[position_++];
  }
  std::span<const std::int64_t> values_;
  std::size_t position_ = 0;
  bool failed_ = false;
};

/// The name of byte `index` of packed bytes `name`: "tiles[row][column]" in rows of
/// `gridColumns`, "name[index]" when that is 0.
[[nodiscard]] inline std::string namePackedByte(std::string_view name, std::size_t index, std::size_t gridColumns) {
  std::string cell(name);
  if (gridColumns != 0) {
    cell += '[';
    cell += std::to_string(index / gridColumns);
    cell += "][";
    cell += std::to_string(index % gridColumns);
  } else {
    cell += '[';
    cell += std::to_string(index);
  }
  cell += ']';
  return cell;
}

/// Lists every field with its full dotted name.
class FieldNamer {
 public:
  static constexpr bool kReadOnly = true;
  /// Room for a typical state's fields up front: growing the list moves every name made so far.
  FieldNamer() { fields_.reserve(128); }
  void integer(const char* name, std::int64_t& value, FieldKind kind, EnumNames names = {}) {
    fields_.push_back({prefix_ + name, value, kind, names, 0, -1, places_++});
  }
  void enter(const char* name, std::size_t index = FieldSaver::kNoIndex) {
    // One prefix grown and cut back, rather than every scope joined again for each field.
    scopes_.push_back(prefix_.size());
    prefix_ += name;
    if (index != FieldSaver::kNoIndex) {
      // Appended piece by piece: "[" + std::string&& trips GCC 12's false -Wrestrict at -O3.
      prefix_ += '[';
      prefix_ += std::to_string(index);
      prefix_ += ']';
    }
    prefix_ += '.';
  }
  void leave() {
    prefix_.resize(scopes_.back());
    scopes_.pop_back();
  }
  std::size_t listSize(const char* name, std::size_t size, std::size_t) {
    std::int64_t count = static_cast<std::int64_t>(size);
    integer((std::string(name) + ".size").c_str(), count, FieldKind::kInt);
    return size;
  }
  /// Names each byte a field of its own, as a person reads them: `name[row][column]` in a grid of
  /// `gridColumns` columns, `name[i]` otherwise (the words they are saved in are not the game's).
  void namePackedBytes(const char* name, std::span<const std::uint8_t> bytes, std::uint16_t gridColumns, EnumNames names) {
    const FieldKind kind = names.empty() ? FieldKind::kInt : FieldKind::kEnum;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      std::string cell = prefix_ + namePackedByte(name, i, gridColumns);
      // Saved as their count of words, then the words: this byte's is after the count.
      fields_.push_back({std::move(cell), bytes[i], kind, names, gridColumns, static_cast<std::int8_t>(i % 8),
                         static_cast<std::uint32_t>(places_ + 1 + i / 8)});
    }
    places_ += 1 + static_cast<std::uint32_t>((bytes.size() + 7) / 8);
  }
  /// How many values FieldSaver gives for what was named.
  [[nodiscard]] std::size_t places() const noexcept { return places_; }
  [[nodiscard]] std::vector<Field> take() { return std::move(fields_); }

 private:
  std::string prefix_;               ///< the scopes entered, each followed by '.'
  std::vector<std::size_t> scopes_;  ///< the prefix's length before each
  std::vector<Field> fields_;
  std::uint32_t places_ = 0;  ///< values FieldSaver gives for the fields so far
};

/// Mixes every field value into the state hash.
class FieldHasher {
 public:
  static constexpr bool kReadOnly = true;
  void integer(const char*, std::int64_t& value, FieldKind, EnumNames = {}) { hasher_.mix(value); }
  void enter(const char*, std::size_t = FieldSaver::kNoIndex) {}
  void leave() {}
  std::size_t listSize(const char*, std::size_t size, std::size_t) {
    hasher_.mix(static_cast<std::uint64_t>(size));
    return size;
  }
  [[nodiscard]] std::uint64_t value() const noexcept { return hasher_.value(); }

 private:
  StateHasher hasher_;
};

/// Mixes every field outside lists, and each list's length and first element, into the tick
/// digest.
///
/// Why: a recording of a game whose state is too large to hash every tick asks for the whole
/// state only every Nth tick (--full-hash-every N; the default is every tick) and this digest
/// between. The scalars (tick, RNG, counters), the player and the list lengths are what a
/// divergence reaches first, often on its very tick: any extra or missing random draw moves
/// the RNG, any spawn or removal changes a length. The player is a scalar field in dodge and
/// falling man and the first tank in tank, hence the first element (put the player first in a
/// game of your own). A difference in the other elements only is left to the whole-state
/// hash, which such a recording takes on its fixed cadence.
class FieldDigester {
 public:
  static constexpr bool kReadOnly = true;
  void integer(const char*, std::int64_t& value, FieldKind, EnumNames = {}) {
    // Two accumulators taken in turn, each the whole-state hash's rotate-xor chain: the two
    // chains run side by side (dodge's digest: 6.2 ns against 6.7 ns with one chain).
    const std::uint64_t mixed = static_cast<std::uint64_t>(value) * StateHasher::kPrime;
    if (odd_) {
      b_ = std::rotl(b_, 23) ^ mixed;
    } else {
      a_ = std::rotl(a_, 23) ^ mixed;
    }
    odd_ = !odd_;
  }
  void enter(const char*, std::size_t = FieldSaver::kNoIndex) {}
  void leave() {}
  std::size_t listSize(const char* name, std::size_t size, std::size_t) {
    std::int64_t length = static_cast<std::int64_t>(size);
    integer(name, length, FieldKind::kInt);
    return std::min<std::size_t>(size, 1);  // the other elements are left to the whole-state hash
  }
  /// The digest: both chains joined and folded so that its low 16 bits (the recorded tick
  /// checksum) depend on every bit of both: a multiply carries each bit only upwards, hence
  /// the folds of the high half down before and after it.
  [[nodiscard]] std::uint64_t value() const noexcept {
    std::uint64_t z = a_ ^ std::rotl(b_, 32) ^ StateHasher::kDigestDomain;
    z ^= z >> 32U;
    z *= 0xD6E8FEB86659FD93ULL;
    return z ^ (z >> 32U);
  }

 private:
  std::uint64_t a_ = 0x243F6A8885A308D3ULL;
  std::uint64_t b_ = 0x13198A2E03707344ULL;  // the next digits of pi
  bool odd_ = false;
};

// Leaf and composite fields. Each converts to int64, lets the visitor read or replace the
// value, and converts back, so one description serves saving and loading alike. A loaded value
// that does not fit its field (2^32 + 12 for an int32, 2 for a bool) is refused, never narrowed:
// narrowed, a forged header's 2^32 + 12 would run as 12 while the file says otherwise.

template <typename V, typename T>
requires std::is_integral_v<T> &&(!std::is_same_v<T, bool>)void visitField(V& v, const char* name, T& value) {
  auto wide = static_cast<std::int64_t>(value);
  v.integer(name, wide, FieldKind::kInt);
  if constexpr (!V::kReadOnly) {
    if (!std::in_range<T>(wide)) v.refuse();
    value = static_cast<T>(wide);
  }
}

template <typename V, typename E>
requires std::is_enum_v<E>
void visitField(V& v, const char* name, E& value) {
  auto wide = static_cast<std::int64_t>(value);
  if constexpr (requires { describeEnum(value); }) {
    v.integer(name, wide, FieldKind::kEnum, describeEnum(value));
  } else {
    v.integer(name, wide, FieldKind::kInt);
  }
  if constexpr (!V::kReadOnly) {
    if (!std::in_range<std::underlying_type_t<E>>(wide)) v.refuse();
    value = static_cast<E>(static_cast<std::underlying_type_t<E>>(wide));
  }
}

template <typename V>
void visitField(V& v, const char* name, bool& value) {
  std::int64_t wide = value ? 1 : 0;
  v.integer(name, wide, FieldKind::kBool);
  if constexpr (!V::kReadOnly) {
    if (wide != 0 && wide != 1) v.refuse();
    value = wide != 0;
  }
}

template <typename V>
void visitField(V& v, const char* name, Fixed& value) {
  std::int64_t wide = value.raw();
  v.integer(name, wide, FieldKind::kFixed);
  if constexpr (!V::kReadOnly) {
    if (!std::in_range<std::int32_t>(wide)) v.refuse();
    value = Fixed::fromRaw(static_cast<std::int32_t>(wide));
  }
}

template <typename V>
void visitField(V& v, const char* name, Vec2& value) {
  v.enter(name);
  visitField(v, "x", value.x);
  visitField(v, "y", value.y);
  v.leave();
}

template <typename V>
void visitField(V& v, const char* name, Box& value) {
  v.enter(name);
  visitField(v, "x", value.x);
  visitField(v, "y", value.y);
  visitField(v, "w", value.w);
  visitField(v, "h", value.h);
  v.leave();
}

template <typename V>
void visitField(V& v, const char* name, Rng& value) {
  v.enter(name);
  auto state = static_cast<std::int64_t>(value.state);
  auto increment = static_cast<std::int64_t>(value.increment);
  v.integer("state", state, FieldKind::kBits);
  v.integer("increment", increment, FieldKind::kBits);
  if constexpr (!V::kReadOnly) {
    if ((increment & 1) == 0) v.refuse();  // PCG needs an odd increment, and every saved one is
    value.state = static_cast<std::uint64_t>(state);
    value.increment = static_cast<std::uint64_t>(increment) | 1U;
  }
  v.leave();
}

/// Visits a vector: its size (bounded by maxSize when loading), then each element by index
/// (a read-only visitor may ask for fewer: the digest asks for the first only).
template <typename V, typename T, typename VisitElement>
void visitList(V& v, const char* name, std::vector<T>& list, std::size_t maxSize, VisitElement visitElement) {
  std::size_t size = v.listSize(name, list.size(), maxSize);
  if constexpr (V::kReadOnly) {
    size = std::min(size, list.size());
  } else {
    list.resize(size);
  }
  for (std::size_t i = 0; i < size; ++i) {
    v.enter(name, i);
    visitElement(list[i]);
    v.leave();
  }
}

/// Bytes [first, first + n) of an array as a little-endian word, n <= 8.
[[nodiscard]] inline std::uint64_t readLittleEndian(const std::uint8_t* at, std::size_t n) noexcept {
  if (n == 8 && std::endian::native == std::endian::little) {
    std::uint64_t v = 0;
    std::memcpy(&v, at, 8);  // one load: no byte-wise stores for the CPU to forward
    return v;
  }
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < n; ++i) v |= std::uint64_t{at[i]} << (8 * i);
  return v;
}

/// Writes the low n bytes of a word, little-endian, n <= 8.
inline void writeLittleEndian(std::uint64_t v, std::uint8_t* at, std::size_t n) noexcept {
  if (n == 8 && std::endian::native == std::endian::little) {
    std::memcpy(at, &v, 8);
    return;
  }
  for (std::size_t i = 0; i < n; ++i) at[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

/// Visits a byte array of a fixed length as 64-bit words, 8 bytes each, lowest byte first:
/// a 169-tile map is 22 values to save and hash instead of 169 (the recorder hashes every tick).
/// The tools name each byte (FieldNamer::namePackedBytes): a non-zero `gridColumns` says the
/// bytes are rows of that many (a tile map), shown as a grid, and `names` names their codes.
/// `count` is at least 1: bytes that are never there have nothing to name.
template <typename V>
void visitPackedBytes(V& v, const char* name, std::vector<std::uint8_t>& bytes, std::size_t count, std::uint16_t gridColumns = 0,
                      EnumNames names = {}) {
  const std::size_t words = (count + 7) / 8;
  bytes.resize(count);
  if constexpr (requires { v.namePackedBytes(name, bytes, gridColumns, names); }) {
    v.namePackedBytes(name, bytes, gridColumns, names);
    return;
  }
  const std::size_t listed = v.listSize(name, words, words);
  if constexpr (!V::kReadOnly) {
    if (listed != words) v.refuse();  // the length is fixed: another is a forged or corrupt state
  }
  const std::size_t visited = std::min(listed, words);
  for (std::size_t w = 0; w < visited; ++w) {
    const std::size_t n = std::min<std::size_t>(8, count - w * 8);
    auto word = static_cast<std::int64_t>(readLittleEndian(bytes.data() + w * 8, n));
    v.enter(name, w);
    v.integer("bytes", word, FieldKind::kBits);
    v.leave();
    if constexpr (!V::kReadOnly) {
      if (n < 8 && (static_cast<std::uint64_t>(word) >> (8 * n)) != 0) v.refuse();  // bytes past the last
      writeLittleEndian(static_cast<std::uint64_t>(word), bytes.data() + w * 8, n);
    }
  }
}

}  // namespace retrace::sim
