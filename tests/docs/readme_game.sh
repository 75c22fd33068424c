#!/usr/bin/env bash
# The README's minimal game (the block after "<!-- readme-game: my_game.h -->") compiles as it
# stands and meets GameRules, so the page never shows a game that does not build.
#
#   readme_game.sh README SOURCE_DIR CXX WORK_DIR
set -u
readme=$1 source=$2 cxx=$3 work=$4
mkdir -p "$work" || exit 2
awk '/<!-- readme-game: my_game.h -->/ {found=1; next} found && /^```cpp/ {inside=1; next} inside && /^```/ {exit} inside {print}' \
  "$readme" > "$work/my_game.h"
[ -s "$work/my_game.h" ] || { echo "readme game: no block after <!-- readme-game: my_game.h --> in $readme" >&2; exit 1; }
cat > "$work/check.cpp" <<'CPP'
#include "my_game.h"
#include "sim/game_rules.h"
static_assert(retrace::sim::GameRules<my_game::Game>, "the README's game meets GameRules");
int main() { return retrace::sim::registerGame<my_game::Game>() ? 0 : 1; }
CPP
"$cxx" -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I"$source" -I"$work" "$work/check.cpp" || { echo "readme game: the README's game does not compile" >&2; exit 1; }
echo "readme game: compiles and meets GameRules ($(wc -l < "$work/my_game.h") lines)"
