#pragma once
// Whether an X display can be opened. SFML aborts the process when it cannot open one
// (SIGABRT, exit 134), for windows and headless render textures alike, so the viewer asks first.

#include <optional>
#include <string>

namespace retrace::viewer {

/// One sentence saying why no X display can be opened (and to run under xvfb-run -a), or nothing;
/// asked once per process, whose connection then stays open.
[[nodiscard]] std::optional<std::string> findDisplayProblem();

}  // namespace retrace::viewer
