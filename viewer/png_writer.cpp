#include "viewer/png_writer.h"

#include <png.h>

#include <cstddef>
#include <memory>
#include <variant>
#include <vector>

#include "recorder/byte_sink.h"

namespace retrace::viewer {
namespace {

/// The pixels' red, green and blue: a screen ignores alpha.
std::vector<std::uint8_t> dropAlpha(std::span<const std::uint8_t> rgba) {
  std::vector<std::uint8_t> rgb(rgba.size() / 4 * 3);
  for (std::size_t from = 0, to = 0; from < rgba.size(); from += 4, to += 3) {
    rgb[to] = rgba[from];
    rgb[to + 1] = rgba[from + 1];
    rgb[to + 2] = rgba[from + 2];
  }
  return rgb;
}

/// Frees what libpng holds for an image, however the encoding ended.
struct ImageFreer {
  void operator()(png_image* image) const noexcept { png_image_free(image); }
};

}  // namespace

std::optional<std::string> writePng(std::span<const std::uint8_t> rgba, unsigned width, unsigned height,
                                    const std::filesystem::path& output, bool overwrite) {
  if (width == 0 || height == 0 || rgba.size() / 4 / width != height || rgba.size() % (std::size_t{width} * 4) != 0)
    return "a PNG of " + std::to_string(width) + "x" + std::to_string(height) + " pixels is not the " +
           std::to_string(rgba.size()) + " bytes given";
  const std::vector<std::uint8_t> rgb = dropAlpha(rgba);
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = width;
  image.height = height;
  image.format = PNG_FORMAT_RGB;
  const std::unique_ptr<png_image, ImageFreer> freed(&image);
  // The bound libpng gives for any picture of this size; pages past the encoding are never touched.
  png_alloc_size_t bytes = PNG_IMAGE_PNG_SIZE_MAX(image);
  const std::unique_ptr<std::uint8_t[]> encoded(new std::uint8_t[bytes]);
  if (png_image_write_to_memory(&image, encoded.get(), &bytes, 0, rgb.data(), 0, nullptr) == 0)
    return "cannot encode " + output.string() + " as a PNG: " + image.message;
  auto created = recorder::FileSink::create(output, overwrite);
  if (auto* problem = std::get_if<std::string>(&created)) return *problem;
  recorder::FileSink& sink = *std::get<std::unique_ptr<recorder::FileSink>>(created);
  if (auto problem = sink.write({reinterpret_cast<const std::byte*>(encoded.get()), bytes})) {
    sink.discard();
    return problem;
  }
  if (auto problem = sink.commit()) {
    sink.discard();  // a file left open by a failed flush or sync goes; one that appeared is kept
    return problem;
  }
  return std::nullopt;
}

}  // namespace retrace::viewer
