#pragma once
// Frame payloads as Cereal portable-binary archives (little-endian), written with Cereal's
// own archive and read back through CheckedInputArchive.

#include <cstddef>
#include <span>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <cereal/archives/portable_binary.hpp>

#include "recorder/checked_archive.h"
#include "recorder/serialize.h"

namespace retrace::recorder {

/// The archive bytes of a value.
template <class T>
[[nodiscard]] std::vector<std::byte> encodePayload(const T& value) {
  std::ostringstream stream(std::ios::binary);
  {
    cereal::PortableBinaryOutputArchive archive(stream, cereal::PortableBinaryOutputArchive::Options::LittleEndian());
    archive(value);
  }
  const std::string bytes = std::move(stream).str();
  const auto* first = reinterpret_cast<const std::byte*>(bytes.data());
  return {first, first + bytes.size()};
}

/// A value read back from archive bytes, or why they do not hold one.
template <class T>
[[nodiscard]] std::variant<T, std::string> decodePayload(std::span<const std::byte> bytes) {
  try {
    CheckedInputArchive archive(bytes);
    T value{};
    archive(value);
    archive.finish();
    return value;
  } catch (const cereal::Exception& error) {
    return std::string(error.what());
  }
}

}  // namespace retrace::recorder
