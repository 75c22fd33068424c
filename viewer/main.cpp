// retrace-view: the viewer with retrace's own games.
#include "sim/games/builtin_games.h"
#include "viewer/run.h"

int main(int argc, char** argv) {
  retrace::sim::registerBuiltInGames();
  return retrace::viewer::runViewer("retrace-view", argc, argv);
}
