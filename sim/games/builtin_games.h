#pragma once
// retrace's own games (dodge, tank, fallingman), registered as any other game is: by one
// explicit call at the start of a program that wants them (retrace, retrace-view, the tests).

namespace retrace::sim {

/// Registers dodge, tank and fallingman, in that order; a game already registered is kept.
void registerBuiltInGames();

}  // namespace retrace::sim
