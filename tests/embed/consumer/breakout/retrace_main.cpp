// breakout-retrace: retrace's command line for this game.
#include "breakout/breakout.h"
#include "recorder/cli/run.h"

int main(int argc, char** argv) {
  retrace::sim::registerGame<breakout::Game>();
  return retrace::recorder::cli::runCommandLine("breakout-retrace", argc, argv);
}
