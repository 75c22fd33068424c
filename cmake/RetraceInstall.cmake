# `cmake --install BUILD [--prefix DIR]`: the retrace and retrace-view commands, the libraries
# with their headers under include/retrace, the golden replays, and the package a game finds with
# find_package(retrace CONFIG), whose targets (retrace::sim, retrace::games, retrace::recorder,
# retrace::cli, retrace::gtest, retrace::viewer) are those add_subdirectory gives it.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(retrace_package_dir "${CMAKE_INSTALL_LIBDIR}/cmake/retrace")
set(retrace_installed retrace_sim retrace_games retrace_recorder retrace_cli retrace)
# What the package holds beyond the core, for its config file to find their dependencies.
set(RETRACE_PACKAGE_GTEST OFF)
set(RETRACE_PACKAGE_VIEWER OFF)
if(TARGET retrace_gtest)
  list(APPEND retrace_installed retrace_gtest)
  set(RETRACE_PACKAGE_GTEST ON)
endif()
if(TARGET retrace_viewer)
  list(APPEND retrace_installed retrace_viewer retrace_imgui_opengl2 retrace-view)
  set(RETRACE_PACKAGE_VIEWER ON)
endif()

# Imported as retrace::NAME, the names the aliases give inside a build.
foreach(library sim games recorder cli gtest viewer imgui_opengl2)
  if(TARGET retrace_${library})
    set_target_properties(retrace_${library} PROPERTIES EXPORT_NAME ${library})
  endif()
endforeach()

install(TARGETS ${retrace_installed} EXPORT retraceTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/retrace)
# Every header keeps its path from the tree's root, as the sources include them (sim/game.h).
foreach(module sim recorder viewer)
  if(module STREQUAL viewer AND NOT RETRACE_PACKAGE_VIEWER)
    continue()
  endif()
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${module}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/retrace/${module}
    FILES_MATCHING PATTERN "*.h")
endforeach()
install(EXPORT retraceTargets NAMESPACE retrace:: DESTINATION ${retrace_package_dir})
# The golden corpus with its scripts and .expect files: `retrace approve --check` of this folder
# shows that an installed build reproduces every replay bit for bit on the machine it runs on,
# and a game's suite can gate on it (the package's RETRACE_REPLAYS_DIR).
set(RETRACE_INSTALL_REPLAYS_DIR ${CMAKE_INSTALL_DATADIR}/retrace/replays)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/replays/ DESTINATION ${RETRACE_INSTALL_REPLAYS_DIR})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/retraceConfig.cmake.in
  ${PROJECT_BINARY_DIR}/retraceConfig.cmake INSTALL_DESTINATION ${retrace_package_dir}
  PATH_VARS RETRACE_INSTALL_REPLAYS_DIR)
# Before 1.0 a minor version may change the API, so a game asks for the minor version it knows.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/retraceConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/retraceConfig.cmake ${PROJECT_BINARY_DIR}/retraceConfigVersion.cmake
  DESTINATION ${retrace_package_dir})
