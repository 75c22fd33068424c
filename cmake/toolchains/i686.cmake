# i686: 32-bit x86 (no __int128, a 32-bit size_t). Debian names its libraries' folder i386.
set(RETRACE_CROSS_PROCESSOR i686)
set(RETRACE_CROSS_TRIPLE i686-linux-gnu)
set(RETRACE_CROSS_MULTIARCH i386-linux-gnu)
set(RETRACE_CROSS_QEMU qemu-i386)
include(${CMAKE_CURRENT_LIST_DIR}/linux-cross.cmake)
