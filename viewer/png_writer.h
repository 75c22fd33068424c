#pragma once
// PNG pictures (libpng's simplified API, Debian's libpng-dev): a frame, a contact sheet, the
// window's status picture. 8-bit RGB, as a screen shows the pixels: alpha is dropped, since
// ImGui's translucent panels leave it below 255 in a texture, which a picture viewer would blend
// with its own background. libpng's default compression writes a picture in a fraction of the
// time SFML's saver takes, and smaller (BENCHMARKS.md).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>

namespace retrace::viewer {

/// Writes width x height RGBA pixels (alpha ignored) to `output` as a PNG, through OUT.partial
/// moved into place: an existing file is replaced only when `overwrite`, and a failed write
/// leaves nothing. One sentence when it cannot.
[[nodiscard]] std::optional<std::string> writePng(std::span<const std::uint8_t> rgba, unsigned width, unsigned height,
                                                  const std::filesystem::path& output, bool overwrite);

}  // namespace retrace::viewer
