#include "viewer/display.h"

#include <cstdlib>
#include <memory>

#include <X11/Xlib.h>

#include "recorder/parse.h"

namespace retrace::viewer {

std::optional<std::string> findDisplayProblem() {
  const char* name = std::getenv("DISPLAY");
  const std::string advice = "; run it under xvfb-run -a (package xvfb) to render without a screen";
  if (name == nullptr || *name == '\0') return "there is no X display (DISPLAY is not set)" + advice;
  // Opening it is what SFML would do first; a DISPLAY naming no server fails here. The
  // connection stays open until exit: an X server resets when its last client leaves and
  // refuses connections meanwhile, so closing it would make SFML's own open fail at times
  // (under xvfb-run, where this is the only client).
  static const std::unique_ptr<Display, int (*)(Display*)> kept(XOpenDisplay(nullptr), XCloseDisplay);
  if (kept == nullptr) return "cannot open the X display " + recorder::quoteForMessage(name) + advice;
  return std::nullopt;
}

}  // namespace retrace::viewer
