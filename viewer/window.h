#pragma once
// The interactive window: keys, the mouse on the timeline and the scene, playback at wall-clock
// speed, the debugger's panels in a column at the right, and --status for scripts that drive it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

#include "viewer/debugger.h"
#include "viewer/frame.h"
#include "viewer/gui_bridge.h"
#include "viewer/playback.h"
#include "viewer/screen_fit.h"
#include "viewer/status_file.h"
#include "viewer/timeline.h"

namespace retrace::viewer {

/// What the window is opened with.
struct WindowOptions {
  std::string title;
  std::string nameA;     ///< A's file name, for labels
  std::string nameB;     ///< B's (compare mode)
  unsigned width = 960;  ///< the frame's size; the panels add their column
  unsigned height = 720;
  std::string status;              ///< where to write the status and its frame (none when empty)
  std::vector<std::string> plots;  ///< fields plotted from the start
  std::string select;              ///< the entity selected from the start (none when empty)
  Overlays overlays;               ///< the overlays drawn from the start
  bool canTakeOver = false;        ///< L closes the window to take A over at its tick (-o names the recording)
};

/// One window on a replay (and on compare mode's B).
class DebuggerWindow {
 public:
  DebuggerWindow(Playback& a, Playback* compare, const sf::Font& font, const WindowOptions& options, FoundTicks found);
  /// Plays, draws and answers input until the window is closed (Q, Esc or its close button);
  /// the tick to take A over at when L closed it.
  std::optional<std::uint64_t> run();

 private:
  enum class Drag : std::uint8_t { kNone, kScrub, kSelect };

  void handle(const sf::Event& event);
  void handleKey(const sf::Event::KeyEvent& key);
  /// The wheel over the timeline zooms around the tick under the pointer.
  void handleWheel(const sf::Event::MouseWheelScrollEvent& wheel);
  /// On the timeline: seek (or, with shift, start a selection); on a scene: select its entity.
  void handleLeftPress(sf::Vector2f at);
  /// On an input lane: flip that button at that tick and open the result as B.
  void handleRightPress(sf::Vector2f at);
  void handleDrag(float x);
  void drawFrame(float seconds);
  /// Writes the status with its frame count every frame, and its frame (PNG) when it changed and in the frame after.
  void reportStatus();
  /// Selects the entity of `shown` under a point of `layout`'s scene; false when it is not on that scene.
  bool pickEntity(const FrameLayout& layout, const Playback& shown, sf::Vector2f at);
  [[nodiscard]] sf::FloatRect frameArea() const;
  /// A's layout (its scene, the HUD and the timeline), in compare mode too.
  [[nodiscard]] FrameLayout layoutA() const;
  /// The timeline's bar in A's layout.
  [[nodiscard]] sf::FloatRect timelineBarA() const;

  Playback& a_;
  Playback* b_;  ///< B: --compare's replay, or an edit of A's inputs made in the panels (which replaces it)
  const sf::Font& font_;
  StatusFile status_;
  bool canTakeOver_;
  std::optional<std::uint64_t> takeOverAt_;  ///< the tick L asked for
  WindowPlace place_;                        ///< the size asked, fitted to the screen, before the window that opens there
  sf::RenderWindow window_;
  GuiBridge gui_;
  Debugger debugger_;
  Overlays overlays_;
  FrameRenderer renderer_;
  std::vector<Lane> lanes_;  ///< B's game is A's; the plots' lanes change as fields are plotted
  Drag drag_ = Drag::kNone;
};

}  // namespace retrace::viewer
