# Shared by the per-architecture toolchain files beside it: Debian's cross compiler for
# RETRACE_CROSS_TRIPLE, the foreign -dev packages unpacked into RETRACE_CROSS_SYSROOT
# (scripts/cross-matrix does that), and qemu-user to run what it builds.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${RETRACE_CROSS_PROCESSOR})
set(CMAKE_C_COMPILER ${RETRACE_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${RETRACE_CROSS_TRIPLE}-g++)
set(CMAKE_LIBRARY_ARCHITECTURE ${RETRACE_CROSS_MULTIARCH})

# Passed on to try_compile, which reads this file again in a scratch project.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES RETRACE_CROSS_SYSROOT)
if(NOT RETRACE_CROSS_SYSROOT)
  message(FATAL_ERROR "set RETRACE_CROSS_SYSROOT to the folder the foreign packages are unpacked in")
endif()

# The cross compiler's own libc and libstdc++, then the unpacked packages; never the host's.
set(CMAKE_FIND_ROOT_PATH /usr/${RETRACE_CROSS_TRIPLE} ${RETRACE_CROSS_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(ENV{PKG_CONFIG_LIBDIR}
    "${RETRACE_CROSS_SYSROOT}/usr/lib/${RETRACE_CROSS_MULTIARCH}/pkgconfig:${RETRACE_CROSS_SYSROOT}/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${RETRACE_CROSS_SYSROOT}")

# Under qemu -L the loader comes from the cross compiler's folder, so libc and libstdc++ must
# too: the build tree's RPATH names that folder, which comes before the host's loader cache
# (an x86-64 host's cache lists its own 32-bit libc, which the cross loader hangs on), and the
# sysroot for the rest.
set(CMAKE_BUILD_RPATH /usr/${RETRACE_CROSS_TRIPLE}/lib)
set(CMAKE_CROSSCOMPILING_EMULATOR ${RETRACE_CROSS_QEMU} -L /usr/${RETRACE_CROSS_TRIPLE})
