#include "viewer/display.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <thread>

#include <X11/Xlib.h>

#include "recorder/parse.h"

namespace retrace::viewer {
namespace {

/// Whether a display that refused a connection may be a server resetting: a remote one, or a
/// local one whose socket is there (a display no server holds has none).
bool mayBeResetting(std::string_view name) {
  if (!name.starts_with(':')) return true;
  const std::string number(name.substr(1, name.find('.') - 1));  // ":99.0": 99; ":99" (npos - 1): 99
  std::error_code error;
  return std::filesystem::exists("/tmp/.X11-unix/X" + number, error);
}

/// Opens the display. An X server resets when its last client leaves and refuses connections
/// meanwhile, so a retrace-view started as another ends (a script's loop under one xvfb-run)
/// tries again for a second before it gives up.
Display* openDisplay(std::string_view name) {
  Display* display = XOpenDisplay(nullptr);
  if (display == nullptr && !mayBeResetting(name)) return nullptr;
  for (int attempt = 0; display == nullptr && attempt < 20; ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    display = XOpenDisplay(nullptr);
  }
  return display;
}

}  // namespace

std::shared_ptr<void> connectDisplay() {
  const char* name = std::getenv("DISPLAY");
  if (name == nullptr || *name == '\0') return nullptr;
  Display* display = openDisplay(name);
  if (display == nullptr) return nullptr;
  return {display, [](void* d) { XCloseDisplay(static_cast<Display*>(d)); }};
}

std::optional<std::string> findDisplayProblem() {
  const char* name = std::getenv("DISPLAY");
  const std::string advice = "; run it under xvfb-run -a (package xvfb) to render without a screen";
  if (name == nullptr || *name == '\0') return "there is no X display (DISPLAY is not set)" + advice;
  // Opening it is what SFML would do first; a DISPLAY naming no server fails here. The
  // connection stays open until exit: an X server resets when its last client leaves and
  // refuses connections meanwhile, so closing it would make SFML's own open fail at times
  // (under xvfb-run, where this is the only client).
  static const std::shared_ptr<void> kept = connectDisplay();
  if (kept == nullptr) return "cannot open the X display " + recorder::quoteForMessage(name) + advice;
  return std::nullopt;
}

}  // namespace retrace::viewer
