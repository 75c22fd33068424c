#pragma once
// The tests' way into an animated GIF: each frame as a viewer of the file shows it (drawn over
// the frames before it, its transparent pixels leaving them be), with how long it shows.

#include <gif_lib.h>

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace retrace::testing {

/// One frame as shown: the whole canvas, RGBA, and its delay in hundredths of a second.
struct GifFrame {
  std::vector<std::uint8_t> rgba;
  int delay = 0;
};
/// What a GIF file holds, as shown.
struct GifClip {
  int width = 0;
  int height = 0;
  bool loops = false;  ///< it has the NETSCAPE2.0 block that loops for ever
  std::vector<GifFrame> frames;
};

/// Reads the GIF at `path` with giflib; one sentence when giflib refuses it.
inline std::variant<GifClip, std::string> readGifClip(const std::string& path) {
  int error = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
  if (gif == nullptr) return path + ": " + GifErrorString(error);
  if (DGifSlurp(gif) == GIF_ERROR) {
    const std::string problem = path + ": " + GifErrorString(gif->Error);
    DGifCloseFile(gif, &error);
    return problem;
  }
  GifClip clip;
  clip.width = gif->SWidth;
  clip.height = gif->SHeight;
  const auto width = static_cast<std::size_t>(clip.width);
  std::vector<std::uint8_t> canvas(width * static_cast<std::size_t>(clip.height) * 4, 0);
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& image = gif->SavedImages[i];
    for (int e = 0; e < image.ExtensionBlockCount; ++e) {
      const ExtensionBlock& block = image.ExtensionBlocks[e];
      if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 &&
          std::string(reinterpret_cast<const char*>(block.Bytes), 11) == "NETSCAPE2.0")
        clip.loops = true;
    }
    GraphicsControlBlock control{};
    control.TransparentColor = NO_TRANSPARENT_COLOR;
    DGifSavedExtensionToGCB(gif, i, &control);
    const GifImageDesc& desc = image.ImageDesc;
    const ColorMapObject* map = desc.ColorMap != nullptr ? desc.ColorMap : gif->SColorMap;
    for (int y = 0; y < desc.Height; ++y) {
      for (int x = 0; x < desc.Width; ++x) {
        const int index = image.RasterBits[y * desc.Width + x];
        if (index == control.TransparentColor || map == nullptr || index >= map->ColorCount) continue;
        const std::size_t at = (static_cast<std::size_t>(desc.Top + y) * width + static_cast<std::size_t>(desc.Left + x)) * 4;
        if (at + 3 >= canvas.size()) continue;
        canvas[at] = map->Colors[index].Red;
        canvas[at + 1] = map->Colors[index].Green;
        canvas[at + 2] = map->Colors[index].Blue;
        canvas[at + 3] = 255;
      }
    }
    clip.frames.push_back({canvas, control.DelayTime});
  }
  DGifCloseFile(gif, &error);
  return clip;
}

}  // namespace retrace::testing
