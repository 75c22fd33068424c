// fallingman's scene: what the camera sees (world y minus camera y), the platforms (spiked ones
// are hazards), the man, the ceiling spikes; each platform's landing window band, and the man's
// box a tick earlier.
#include "sim/games/fallingman.h"

namespace retrace::sim::fallingman {
namespace {

constexpr SceneLayer kLayers[] = {SceneLayer::kSweeps, SceneLayer::kWindows};

/// A world box in screen coordinates.
Box shiftToScreen(Box box, Fixed cameraY) {
  box.y -= cameraY;
  return box;
}

}  // namespace

void moveToScreen(Scene& ioDrawing, Fixed cameraY) noexcept {
  for (ScenePrimitive& p : ioDrawing.primitives) {
    p.a.y -= cameraY;
    if (p.shape == SceneShape::kSegment) p.b.y -= cameraY;  // a segment's end is a place; a box's b is its size
  }
}

Scene Game::describeScene(const Config& config, const State& previous, const State& state) {
  Scene scene{{px(config.screenWidth), px(config.screenHeight)}, {}};
  // The world extends past the screen (platforms wait below it and linger above it); only what
  // the camera sees is in the scene.
  const Box screen = makeBox(0, 0, config.screenWidth, config.screenHeight);
  for (std::size_t i = 0; i < state.platforms.size(); ++i) {
    const Platform& p = state.platforms[i];
    const std::string entity = nameElement("platforms", i);
    addClippedBox(scene, shiftToScreen(p.box, state.cameraY), screen,
                  {p.spiked ? SceneCategory::kHazard : SceneCategory::kPlatform, SceneLayer::kBodies, entity});
    // feet <= top + window - 1: the band a falling man's feet must end the tick in.
    addClippedBox(scene, shiftToScreen({p.box.x, p.box.y, p.box.w, px(config.landingWindow - 1)}, state.cameraY), screen,
                  {SceneCategory::kWindow, SceneLayer::kWindows, entity});
  }
  // A rebase shifted the world up since the previous tick: the old box, in today's world.
  Box was = manBox(config, previous.man);
  was.y -= px((state.rebases - previous.rebases) * kRebasePx);
  addClippedBox(scene, shiftToScreen(was, state.cameraY), screen, {SceneCategory::kSweep, SceneLayer::kSweeps, "man", false});
  addClippedBox(scene, shiftToScreen(manBox(config, state.man), state.cameraY), screen,
                {SceneCategory::kPlayer, SceneLayer::kBodies, "man"});
  addBox(scene, makeBox(0, 0, config.screenWidth, config.ceilingSpikes), {SceneCategory::kHazard, SceneLayer::kBodies, {}});
  return scene;
}

std::span<const SceneLayer> Game::sceneLayers() { return kLayers; }

}  // namespace retrace::sim::fallingman
