#pragma once
// The command line's program name ("retrace", or a game's own program's, as runCommandLine was
// given it): the replay library's sentences suggest its commands by it, so that a game's
// developers are never sent to a program they may not have.

#include <string>

namespace retrace::recorder {

/// The program whose commands sentences suggest ("retrace" until set).
[[nodiscard]] const std::string& programName() noexcept;
/// Sets programName() (recorder::cli::runCommandLine does, first).
void setProgramName(std::string name);

}  // namespace retrace::recorder
