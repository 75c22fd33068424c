#pragma once
// Dear ImGui inside an SFML window or render texture: the context, the OpenGL2 renderer from
// Debian's libimgui-dev examples, and our own bridge from SFML's events to ImGuiIO (ImGui-SFML,
// the usual one, is not packaged). ImGui draws with raw OpenGL, so a frame is wrapped in
// SFML's pushGLStates / popGLStates.

#include <optional>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

namespace retrace::viewer {

/// One ImGui context bound to a render target for its lifetime.
class GuiBridge {
 public:
  /// Creates the context and the renderer, with the viewer's font at its text size (ImGui's own
  /// 13-px font when there is no font file); `target` must be active (a window, a render texture).
  GuiBridge(sf::RenderTarget& target, const std::optional<std::string>& fontPath);
  ~GuiBridge();
  GuiBridge(const GuiBridge&) = delete;
  GuiBridge& operator=(const GuiBridge&) = delete;

  /// Passes an SFML event on to ImGui.
  void handle(const sf::Event& event);
  /// True when ImGui takes the mouse (it is over a panel) or the keyboard (a text box has focus):
  /// the scene and the viewer's keys then leave that event alone.
  [[nodiscard]] bool wantsMouse() const;
  [[nodiscard]] bool wantsKeyboard() const;
  /// Starts a frame of `seconds` since the last one.
  void beginFrame(sf::Vector2u size, float seconds);
  /// Draws what the frame built over what SFML drew.
  void endFrame();

 private:
  /// A key (index into KeysDown) or a mouse button (kMouse + its index) let go of.
  using Release = int;
  static constexpr int kMouse = 1000;
  void release(Release what);

  sf::RenderTarget& target_;
  // ImGui 1.86 reads keys and buttons as states once a frame: a press and its release in the
  // same frame (a quick tap, xdotool) would never be seen. Such a release waits a frame.
  std::vector<Release> pressedThisFrame_;
  std::vector<Release> deferred_;  ///< let go of this frame, after a press this frame
  std::vector<Release> due_;       ///< applied when the next frame begins
};

}  // namespace retrace::viewer
