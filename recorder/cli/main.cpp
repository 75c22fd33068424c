// `retrace`: the command line with retrace's own games.
#include "recorder/cli/run.h"
#include "sim/games/builtin_games.h"

int main(int argc, char** argv) {
  retrace::sim::registerBuiltInGames();
  return retrace::recorder::cli::runCommandLine("retrace", argc, argv);
}
