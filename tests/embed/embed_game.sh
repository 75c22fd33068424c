#!/usr/bin/env bash
# A game using retrace gets retrace's libraries, and its build keeps its own choices: none of
# retrace's suites or benchmarks, no forced build type (consumer/CMakeLists.txt refuses to
# configure otherwise), and only its own tests in its ctest. Those must build and pass:
# EXPECT_REPLAY_MATCHES on a golden replay; a fourth game of the consumer's own
# (consumer/breakout/) registered with one call, recorded from its own loop and gated; the game's
# own command line and viewer binaries recording, verifying, hunting, shrinking and rendering it.
# Nothing of retrace's tree is touched: the script fails if the build changed a file there.
#
#   embed_game.sh subdirectory RETRACE_SOURCE_DIR WORK_DIR CXX_COMPILER
#       retrace added with add_subdirectory (the README's snippet), its libraries built again
#   embed_game.sh package RETRACE_SOURCE_DIR WORK_DIR CXX_COMPILER RETRACE_BUILD_DIR [CMAKE_ARG]
#       RETRACE_BUILD_DIR installed (`cmake --install --prefix`) and found with find_package:
#       the installed commands reproduce the installed goldens, and the package names no file of
#       the tree or the build;
#       CMAKE_ARG configures the game (the flags the installed libraries were built with)
set -u
mode=$1 source=$(realpath "$2") work=$(realpath -m "$3") cxx=$4 game_flags=("${@:6}")
rm -rf "$work" && mkdir -p "$work" || exit 2
fail() { echo "embedding ($mode): $*" >&2; exit 1; }

status_before=$(git -C "$source" status --porcelain --untracked-files=all 2>/dev/null)
generator=()
command -v ninja > /dev/null && generator=(-G Ninja)
case $mode in
  subdirectory)
    # A unity build, as a game may choose: it builds retrace's libraries again in a third of the
    # time, and shows they build that way too (CI's determinism matrix builds only the command
    # line so). Each library in one batch (the command line keeps its own two): fewer headers
    # compiled again, and every pair of sources that could clash in a batch of any size shares one.
    retrace=(-DRETRACE_SOURCE_DIR="$source" -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=0) ;;
  package)
    build=$(realpath "${5:?package needs the retrace build to install}")
    prefix=$work/prefix
    cmake --install "$build" --prefix "$prefix" > "$work/install.log" 2>&1 || { tail -5 "$work/install.log"; fail "the build does not install"; }
    # An installed package that pointed back into the tree or the build would work here and
    # nowhere else.
    leaked=$(grep -l -r -F -e "$source" -e "$build" "$prefix/lib/cmake")
    [ -z "$leaked" ] || fail "the installed package names the source or build folder: $leaked"
    for command in retrace retrace-view; do
      [ -x "$prefix/bin/$command" ] || fail "cmake --install put no $command in bin/"
    done
    # The installed command reproduces the installed corpus.
    "$prefix/bin/retrace" approve --check "$prefix/share/retrace/replays" > "$work/approve.log" 2>&1 ||
      fail "the installed retrace does not reproduce the installed goldens: $(tail -1 "$work/approve.log")"
    [ "$(ls "$prefix"/share/retrace/replays/*.rtr | wc -l)" = "$(ls "$source"/replays/*.rtr | wc -l)" ] || fail "not every golden replay was installed"
    "$prefix/bin/retrace-view" --version | grep -q '^retrace-view ' || fail "the installed retrace-view does not say its version"
    retrace=(-DMY_GAME_RETRACE_PACKAGE=ON -DCMAKE_PREFIX_PATH="$prefix" "${game_flags[@]}") ;;
  *) echo "embed_game.sh: the mode is subdirectory or package, not '$mode'" >&2; exit 2 ;;
esac
cmake -S "$source/tests/embed/consumer" -B "$work/game" "${generator[@]}" -DCMAKE_CXX_COMPILER="$cxx" "${retrace[@]}" > "$work/configure.log" 2>&1 || { cat "$work/configure.log"; fail "the game does not configure"; }
targets=(breakout-retrace breakout-view my_game_tests my_game_view_tests)
cmake --build "$work/game" --target "${targets[@]}" -j 2 > "$work/build.log" 2>&1 || { tail -30 "$work/build.log"; fail "the game's binaries and tests do not build"; }
listed=$(cd "$work/game" && ctest -N | grep 'Test *#' | sed 's/.*: //' | sort | tr '\n' ' ')
[ "$listed" = "breakout_tools my_game_tests my_game_view_tests " ] || fail "the game's ctest lists $listed, not its own three tests"
(cd "$work/game" && ctest --output-on-failure) || fail "the game's tests fail"
# The game lives in the consumer alone: no file of retrace names it, and building it wrote none.
named=$(grep -rli breakout "$source"/sim "$source"/recorder "$source"/viewer "$source"/cmake "$source"/CMakeLists.txt 2>/dev/null)
[ -z "$named" ] || fail "retrace's own files name the consumer's game: $named"
if [ -n "$status_before" ] || git -C "$source" rev-parse --git-dir > /dev/null 2>&1; then
  [ "$(git -C "$source" status --porcelain --untracked-files=all)" = "$status_before" ] || fail "building the game changed retrace's tree"
fi
echo "embedding ($mode): a fourth game from outside records, verifies, hunts, shrinks, renders and gates with retrace's libraries, touching none of its files"
