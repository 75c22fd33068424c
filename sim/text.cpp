#include "sim/text.h"

#include <cstddef>

namespace retrace::sim {

std::string quoteForMessage(std::string_view text) {
  constexpr std::size_t kMostShown = 40;  // characters of the message, escapes included
  std::string quoted = "'";
  std::size_t i = 0;
  for (; i < text.size() && quoted.size() <= kMostShown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      quoted += static_cast<char>(c);
    } else {
      constexpr const char* kHex = "0123456789abcdef";
      quoted += {'\\', 'x', kHex[c >> 4U], kHex[c & 0xFU]};
    }
  }
  return quoted + (i < text.size() ? "...'" : "'");
}

}  // namespace retrace::sim
