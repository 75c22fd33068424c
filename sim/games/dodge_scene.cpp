// dodge's scene: the player, the obstacles (the part inside the arena: they spawn above it),
// and this tick's swept volumes: each obstacle's path from its previous position, the player's
// slide.
#include "sim/games/dodge.h"

namespace retrace::sim::dodge {
namespace {

constexpr SceneLayer kLayers[] = {SceneLayer::kSweeps};

}  // namespace

Scene Game::describeScene(const Config& config, const State& previous, const State& state) {
  Scene scene{{px(config.arenaWidth), px(config.arenaHeight)}, {}};
  const Box arena = makeBox(0, 0, config.arenaWidth, config.arenaHeight);
  for (const Obstacle& was : previous.obstacles) {
    for (std::size_t i = 0; i < state.obstacles.size(); ++i) {
      const Obstacle& is = state.obstacles[i];
      if (is.id != was.id) continue;
      // The volume the obstacle swept this tick: from its old top to its new bottom.
      addClippedBox(scene, Box{is.box.x, was.box.y, is.box.w, is.box.bottom() - was.box.y}, arena,
                    {SceneCategory::kSweep, SceneLayer::kSweeps, nameElement("obstacles", i)});
      addClippedBox(scene, was.box, arena, {SceneCategory::kSweep, SceneLayer::kSweeps, nameElement("obstacles", i), false});
    }
  }
  const Box playerSwept{smaller(previous.player.x, state.player.x), state.player.y,
                        absolute(state.player.x - previous.player.x) + state.player.w, state.player.h};
  addClippedBox(scene, playerSwept, arena, {SceneCategory::kSweep, SceneLayer::kSweeps, "player"});
  addClippedBox(scene, state.player, arena, {SceneCategory::kPlayer, SceneLayer::kBodies, "player"});
  for (std::size_t i = 0; i < state.obstacles.size(); ++i) {
    addClippedBox(scene, state.obstacles[i].box, arena,
                  {SceneCategory::kHazard, SceneLayer::kBodies, nameElement("obstacles", i)});
  }
  return scene;
}

std::span<const SceneLayer> Game::sceneLayers() { return kLayers; }

}  // namespace retrace::sim::dodge
