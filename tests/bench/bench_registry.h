#pragma once
// The benchmarks made per registered game: each file registers its own once the games are
// (bench_main.cpp), since the registry is empty while static objects are made.

namespace retrace::sim {
/// Game/GAME/plain|oracle, Hash/GAME and Digest/GAME.
void registerGameBenchmarks();
}  // namespace retrace::sim

namespace retrace::recorder {
/// Replay/GAME and ShortRecording/GAME.
void registerReplayBenchmarks();
/// Show/GAME and ShowFromStart/GAME.
void registerShowBenchmarks();
/// Hunt/GAME/jobs:1 and Hunt/GAME/jobs:2.
void registerHuntBenchmarks();
}  // namespace retrace::recorder

namespace retrace::viewer {
/// Seek/GAME and OpenHour/GAME (built with the viewer).
void registerSeekBenchmarks();
}  // namespace retrace::viewer
