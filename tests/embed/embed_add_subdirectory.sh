#!/usr/bin/env bash
# A game adding retrace with add_subdirectory (the README's snippet) gets retrace's libraries
# and retrace::gtest, and its build keeps its own choices: none of retrace's suites, benchmarks
# or viewer, no forced build type (consumer/CMakeLists.txt refuses to configure otherwise), and
# only its own test in its ctest. That test must build and pass: EXPECT_REPLAY_MATCHES on a
# golden replay, and a game of the consumer's own (consumer/counter_game.h) registered with one
# call, recorded from its own loop and gated the same way.
#
#   embed_add_subdirectory.sh RETRACE_SOURCE_DIR WORK_DIR CXX_COMPILER
set -u
source=$(realpath "$1") work=$(realpath -m "$2") cxx=$3
rm -rf "$work" && mkdir -p "$work" || exit 2
fail() { echo "embedding: $*" >&2; exit 1; }

generator=()
command -v ninja > /dev/null && generator=(-G Ninja)
cmake -S "$source/tests/embed/consumer" -B "$work" "${generator[@]}" -DRETRACE_SOURCE_DIR="$source" \
  -DCMAKE_CXX_COMPILER="$cxx" > "$work/configure.log" 2>&1 || { cat "$work/configure.log"; fail "the game does not configure"; }
cmake --build "$work" --target my_game_tests -j 2 > "$work/build.log" 2>&1 || { tail -30 "$work/build.log"; fail "my_game_tests does not build"; }
listed=$(cd "$work" && ctest -N | grep -c 'Test *#')
[ "$listed" = 1 ] || fail "the game's ctest lists $listed tests, not its own one"
(cd "$work" && ctest --output-on-failure) || fail "the game's replay test fails"
echo "embedding: retrace::gtest builds and passes in a game's own suite, with none of retrace's targets"
