#pragma once
// A Cereal input archive for untrusted bytes, reading the portable-binary layout.
//
// Cereal's own binary archives resize a container to whatever size the file claims before
// reading a byte: a flipped bit in a size field allocates gigabytes. This archive reads from
// a span and refuses, with cereal::Exception, any element count larger than the bytes left,
// any bool byte other than 0 or 1, and (through finish()) any trailing byte. The payload's
// checksum has already been verified when this runs; these checks make even a checksummed
// payload from a buggy writer unable to crash or balloon the reader.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>

#include <cereal/archives/portable_binary.hpp>
#include <cereal/cereal.hpp>

namespace retrace::recorder {

/// Reads a portable-binary (little-endian) archive from memory, distrusting every size.
class CheckedInputArchive : public cereal::InputArchive<CheckedInputArchive, cereal::AllowEmptyClassElision> {
 public:
  explicit CheckedInputArchive(std::span<const std::byte> bytes)
      : cereal::InputArchive<CheckedInputArchive, cereal::AllowEmptyClassElision>(this), bytes_(bytes) {
    std::uint8_t littleEndian = 0;
    loadBinary(&littleEndian, 1, 1);
    if (littleEndian != 1) throw cereal::Exception("the archive is not little-endian portable binary");
  }

  /// Copies size bytes, swapping each element of elementSize bytes on big-endian hosts.
  void loadBinary(void* data, std::size_t size, std::size_t elementSize) {
    const std::byte* from = take(size);
    if (size == 0) return;  // an empty vector's data() may be null, which memcpy must not get
    std::memcpy(data, from, size);
    swapOnBigEndian(static_cast<std::uint8_t*>(data), size, elementSize);
  }

  /// Reads one value of a fixed size: loadBinary for one element, but a copy of constant
  /// length compiles to one load instead of a call to memcpy (most of a chunk's fields are
  /// such small values, and the calls were a quarter of the loading time).
  template <typename T>
  void loadValue(T& value) {
    std::memcpy(&value, take(sizeof(T)), sizeof(T));
    swapOnBigEndian(reinterpret_cast<std::uint8_t*>(&value), sizeof(T), sizeof(T));
  }

  /// Refuses a claimed element count that could not fit in the bytes left (each element of
  /// every type we store takes at least one byte).
  void checkCount(std::uint64_t count) const {
    if (count > remaining()) {
      throw cereal::Exception("claims " + std::to_string(count) + " elements with " + std::to_string(remaining()) +
                              " bytes left");
    }
  }

  /// Throws unless every byte was consumed.
  void finish() const {
    if (remaining() != 0) throw cereal::Exception(std::to_string(remaining()) + " unexpected trailing bytes");
  }

  [[nodiscard]] std::size_t remaining() const noexcept { return bytes_.size() - position_; }

 private:
  /// The next size bytes, consumed; throws when fewer are left.
  const std::byte* take(std::size_t size) {
    if (size > remaining()) {
      throw cereal::Exception("needs " + std::to_string(size) + " bytes, " + std::to_string(remaining()) + " left");
    }
    const std::byte* from = bytes_.data() + position_;
    position_ += size;
    return from;
  }

  /// Portable binary is little-endian: a big-endian host swaps each element's bytes.
  static void swapOnBigEndian([[maybe_unused]] std::uint8_t* p, [[maybe_unused]] std::size_t size,
                              [[maybe_unused]] std::size_t elementSize) {
    if constexpr (std::endian::native == std::endian::big) {
      for (std::size_t i = 0; i + elementSize <= size; i += elementSize) {
        for (std::size_t a = i, b = i + elementSize - 1; a < b; ++a, --b) std::swap(p[a], p[b]);
      }
    }
  }

  std::span<const std::byte> bytes_;
  std::size_t position_ = 0;
};

template <class T>
requires std::is_arithmetic_v<T> &&(!std::is_same_v<T, bool>)void CEREAL_LOAD_FUNCTION_NAME(CheckedInputArchive& ar, T& value) {
  static_assert(!std::is_floating_point_v<T>, "replays hold no floating point");
  ar.loadValue(value);
}

inline void CEREAL_LOAD_FUNCTION_NAME(CheckedInputArchive& ar, bool& value) {
  std::uint8_t byte = 0;
  ar.loadValue(byte);
  if (byte > 1) throw cereal::Exception("a bool byte holds " + std::to_string(byte));
  value = byte == 1;
}

template <class T>
void CEREAL_LOAD_FUNCTION_NAME(CheckedInputArchive& ar, cereal::SizeTag<T>& tag) {
  std::uint64_t size = 0;
  ar.loadValue(size);
  ar.checkCount(size);
  tag.size = static_cast<std::remove_reference_t<T>>(size);
}

template <class T>
void CEREAL_LOAD_FUNCTION_NAME(CheckedInputArchive& ar, cereal::BinaryData<T>& data) {
  using Element = std::remove_pointer_t<T>;
  ar.loadBinary(data.data, static_cast<std::size_t>(data.size), sizeof(Element));
}

template <class T>
void CEREAL_SERIALIZE_FUNCTION_NAME(CheckedInputArchive& ar, cereal::NameValuePair<T>& pair) {
  ar(pair.value);
}

}  // namespace retrace::recorder

CEREAL_REGISTER_ARCHIVE(retrace::recorder::CheckedInputArchive)

// Only the input-to-output direction: PortableBinaryOutputArchive already maps back to its
// own input archive, and redefining that would collide.
namespace cereal::traits::detail {
template <>
struct get_output_from_input<retrace::recorder::CheckedInputArchive> {
  using type = cereal::PortableBinaryOutputArchive;
};
}  // namespace cereal::traits::detail
