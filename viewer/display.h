#pragma once
// Whether an X display can be opened. SFML aborts the process when it cannot open one
// (SIGABRT, exit 134), for windows and headless render textures alike, so the viewer asks first.

#include <memory>
#include <optional>
#include <string>

namespace retrace::viewer {

/// One sentence saying why no X display can be opened (and to run under xvfb-run -a), or nothing;
/// asked once per process, whose connection then stays open.
[[nodiscard]] std::optional<std::string> findDisplayProblem();
/// A connection to the X display of DISPLAY, held while the pointer lives, opened as
/// findDisplayProblem opens it (waiting out a server that resets); null when none opens.
[[nodiscard]] std::shared_ptr<void> connectDisplay();

}  // namespace retrace::viewer
