#!/usr/bin/env bash
# The README's minimal game (the block after "<!-- readme-game: my_game.h -->") compiles as it
# stands, meets GameRules and keeps every promise of the game contract (sim/contract.h), so the
# page never shows a game that does not build or that replays would trip over.
#
#   readme_game.sh README SOURCE_DIR CXX WORK_DIR SIM_LIBRARY [FLAGS]
# FLAGS: the compiler flags the library was built with (its sanitizers), one word each.
set -u
readme=$1 source=$2 cxx=$3 work=$4 sim=$5
read -r -a flags <<< "${6:-}"
mkdir -p "$work" || exit 2
awk '/<!-- readme-game: my_game.h -->/ {found=1; next} found && /^```cpp/ {inside=1; next} inside && /^```/ {exit} inside {print}' \
  "$readme" > "$work/my_game.h"
[ -s "$work/my_game.h" ] || { echo "readme game: no block after <!-- readme-game: my_game.h --> in $readme" >&2; exit 1; }
cat > "$work/check.cpp" <<'CPP'
#include <cstdio>
#include "my_game.h"
#include "sim/contract.h"
#include "sim/game_rules.h"
static_assert(retrace::sim::GameRules<my_game::Game>, "the README's game meets GameRules");
int main() {
  if (!retrace::sim::registerGame<my_game::Game>()) return 1;
  const auto problems = retrace::sim::checkGameContract(*retrace::sim::findGame(my_game::Game::kName));
  for (const auto& problem : problems) std::printf("readme game: breaks the contract: %s: %s\n", problem.check.c_str(), problem.sentence.c_str());
  return problems.empty() ? 0 : 1;
}
CPP
"$cxx" -std=c++20 -O1 -Wall -Wextra -Werror "${flags[@]}" -I"$source" -I"$work" "$work/check.cpp" "$sim" -o "$work/check" || { echo "readme game: the README's game does not compile" >&2; exit 1; }
"$work/check" || exit 1
echo "readme game: compiles, meets GameRules and keeps the game contract ($(wc -l < "$work/my_game.h") lines)"
