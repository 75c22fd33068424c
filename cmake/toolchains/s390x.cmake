# s390x: big-endian, 64-bit.
set(RETRACE_CROSS_PROCESSOR s390x)
set(RETRACE_CROSS_TRIPLE s390x-linux-gnu)
set(RETRACE_CROSS_MULTIARCH s390x-linux-gnu)
set(RETRACE_CROSS_QEMU qemu-s390x)
include(${CMAKE_CURRENT_LIST_DIR}/linux-cross.cmake)
