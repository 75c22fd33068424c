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

# retrace_add_test(NAME SOURCES a.cpp b.cpp LIBS x y [ENV VAR=VALUE ...] [PROPERTIES NAME VALUE ...])
# One executable per test suite, discovered case by case so ctest lists and parallelises them.
function(retrace_add_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;ENV;PROPERTIES" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  retrace_warnings(${name})
  retrace_test_code(${name})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} retrace_test_main)
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 NO_PRETTY_VALUES PROPERTIES ENVIRONMENT "${ARG_ENV}" ${ARG_PROPERTIES})
endfunction()
