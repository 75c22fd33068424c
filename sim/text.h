#pragma once
// Text for people: what any tool or check that prints a name it did not write itself uses.

#include <string>
#include <string_view>

namespace retrace::sim {

/// Text a user or a game gave, quoted for a message: bytes that are not printable ASCII as \xNN,
/// cut (with "...") once about 40 characters are shown, so that a sentence stays one short line
/// whatever a file or a game holds, and never writes to the terminal that shows it.
[[nodiscard]] std::string quoteForMessage(std::string_view text);

}  // namespace retrace::sim
