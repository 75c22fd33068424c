# Small helpers so every target gets the same warnings and every test is a few lines.

# Apply the project's warning set to a target (zero warnings under g++ 12 is the bar).
function(retrace_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow
    -Wnon-virtual-dtor -Wold-style-cast -Wimplicit-fallthrough)
endfunction()

# The suites' own code at -O1 in optimised builds: the libraries they test keep the build's
# optimisation, and the suites' sources, heavy with GoogleTest's macros, compile far faster (the
# test build's largest part; figures in BENCHMARKS.md). -ffp-contract=off keeps float results the
# same at every level.
function(retrace_test_code target)
  target_compile_options(${target} PRIVATE $<$<CONFIG:Release,RelWithDebInfo,MinSizeRel>:-O1>)
endfunction()

# The standard headers both kinds of precompiled header below start from.
set(RETRACE_STANDARD_HEADERS
    <algorithm> <array> <cstdint> <memory> <optional> <span> <string> <string_view> <utility> <vector>)

# The standard headers most of a library's sources include, and any others named after the target,
# parsed once per library (a precompiled header) rather than once per source: that parsing was over
# a quarter of a game source's compile, and the mutation check recompiles one such source for each
# mutant. Only when retrace is the top-level project (a game that adds retrace builds its libraries
# as its own build does); the clang check builds without it (RETRACE_LIBRARY_PCH=OFF), so each
# library source still has to include what it uses.
function(retrace_standard_headers target)
  if(PROJECT_IS_TOP_LEVEL AND RETRACE_LIBRARY_PCH)
    target_precompile_headers(${target} PRIVATE ${RETRACE_STANDARD_HEADERS} ${ARGN})
  endif()
endfunction()

# GoogleTest and the standard headers most suites include, parsed once per suite (a precompiled
# header) rather than once per source: their parsing was 2 s of a suite source's 6 to 10 s
# (BENCHMARKS.md, "CI's time"). The clang check uses it too: a suite is not code a game builds.
function(retrace_test_headers target)
  target_precompile_headers(${target} PRIVATE
    <gtest/gtest.h> ${RETRACE_STANDARD_HEADERS} <filesystem> <fstream> <map> <variant>)
endfunction()

# retrace_add_test(NAME SOURCES a.cpp b.cpp LIBS x y [ENV VAR=VALUE ...] [PROPERTIES NAME VALUE ...])
# One executable per test suite, discovered case by case so ctest lists and parallelises them.
function(retrace_add_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;ENV;PROPERTIES" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  retrace_warnings(${name})
  retrace_test_code(${name})
  retrace_test_headers(${name})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} retrace_test_main)
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 NO_PRETTY_VALUES PROPERTIES ENVIRONMENT "${ARG_ENV}" ${ARG_PROPERTIES})
endfunction()
