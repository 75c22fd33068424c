// Registers retrace's own games before the first input: libFuzzer calls LLVMFuzzerInitialize
// itself, corpus_main.cpp calls it first.
#include "sim/games/builtin_games.h"

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  retrace::sim::registerBuiltInGames();
  return 0;
}
