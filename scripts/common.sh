# Shared by the scripts: install what is missing, configure once, build, run commands two at a time.
# Sourced, not run. Everything comes from Debian packages; nothing is downloaded at build time.

set -euo pipefail

RETRACE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RETRACE_BUILD="${RETRACE_BUILD:-$RETRACE_ROOT/build/default}"
RETRACE_PACKAGES=(
  cmake ninja-build g++ pkg-config
  libcereal-dev libspdlog-dev libfmt-dev libsfml-dev libx11-dev libgif-dev libpng-dev libgtest-dev libcli11-dev libxxhash-dev libzstd-dev
  nlohmann-json3-dev libpugixml-dev librapidcheck-dev libbenchmark-dev
  libimgui-dev libstb-dev libgl-dev
  xvfb xauth xdotool fonts-dejavu-core
  clang-format-14
)

# The clang check's build (scripts/clang-check): clang++ -O0, warnings as errors. The determinism
# matrix's clang-O0 is its retrace command, configured the same way so that after the clang check
# it builds nothing again.
CLANG_CHECK_DIR="$RETRACE_ROOT/build/clang-check"
# The libraries without precompiled headers: each of their sources, the code a game builds, must
# include what it uses, which the other builds' precompiled standard headers would hide.
CLANG_CHECK_FLAGS=(-DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0
  -DCMAKE_COMPILE_WARNING_AS_ERROR=ON -DRETRACE_BUILD_TESTS=ON -DRETRACE_LIBRARY_PCH=OFF)

# Installs the Debian packages that are not installed yet (the project's, plus any named as
# arguments); as non-root, says what to run.
ensure_packages() {
  local missing=()
  local package
  for package in "${RETRACE_PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  ((${#missing[@]} == 0)) && return 0
  if [[ $(id -u) -ne 0 ]]; then
    echo "retrace needs these Debian packages: ${missing[*]}" >&2
    echo "run as root: apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 2
  fi
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Configures the build folder on first use (reused afterwards) and builds with two jobs. With
# RETRACE_DEBUG_INFO=0 (CI's choice) the same optimised build goes without debug information:
# GCC's code is the same either way, and generating it is a third of the build's time.
configure_and_build() {
  if [[ ! -f "$RETRACE_BUILD/CMakeCache.txt" ]]; then
    local flags=()
    [[ ${RETRACE_DEBUG_INFO:-1} != 0 ]] || flags=("-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -DNDEBUG")
    cmake -S "$RETRACE_ROOT" -B "$RETRACE_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRETRACE_BUILD_TESTS=ON "${flags[@]}"
  fi
  cmake --build "$RETRACE_BUILD" -j2
}

# Runs a command (from $2 on) into the file $1 with its exit code as the last line (a failing
# command is a result).
capture() {
  local out=$1 status=0
  shift
  "$@" >"$out" 2>&1 || status=$?
  echo "exit $status" >>"$out"
}

# Runs a command in the background once fewer than two of this shell's jobs run (each keeps one
# processor busy on a 2-core machine); the caller waits for the last of them.
run_soon() {
  while (($(jobs -rp | wc -l) >= 2)); do wait -n || true; done
  "$@" &
}
