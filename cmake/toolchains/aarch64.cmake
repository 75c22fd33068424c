# aarch64: little-endian, 64-bit ARM.
set(RETRACE_CROSS_PROCESSOR aarch64)
set(RETRACE_CROSS_TRIPLE aarch64-linux-gnu)
set(RETRACE_CROSS_MULTIARCH aarch64-linux-gnu)
set(RETRACE_CROSS_QEMU qemu-aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/linux-cross.cmake)
