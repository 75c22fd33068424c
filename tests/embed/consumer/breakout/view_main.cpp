// breakout-view: retrace's viewer for this game.
#include "breakout/breakout.h"
#include "viewer/run.h"

int main(int argc, char** argv) {
  retrace::sim::registerGame<breakout::Game>();
  return retrace::viewer::runViewer("breakout-view", argc, argv);
}
