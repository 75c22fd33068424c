#pragma once
// What SFML says on its own error stream. It tells of a swap interval it could not set on each
// window it opens where GLX has no swap control (Xvfb's, so every CI log and xvfb-run session):
// the viewer never asks for vertical sync (it paces frames itself), so the line says nothing to
// its user. Every other line SFML writes reaches stderr, its control bytes as \xNN (a path it
// names is the user's, and may hold an escape sequence).

#include <string_view>

namespace retrace::viewer {

/// Whether SFML's line (without its newline) is one the viewer leaves out.
[[nodiscard]] bool isIdleSfmlMessage(std::string_view line);
/// Sends SFML's error stream through isIdleSfmlMessage to stderr, from now to the process's end.
void filterSfmlMessages();

}  // namespace retrace::viewer
