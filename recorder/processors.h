#pragma once
// How many processors a thread may run on, for work that only pays when it runs beside other work.

namespace retrace::recorder {

/// The processors the calling thread may run on: its affinity mask where the system keeps one
/// (taskset and container cpusets narrow it), else the processors online; at least 1. A CPU
/// quota is not counted: under one, threads still run at once (BENCHMARKS.md, "A CPU quota").
[[nodiscard]] unsigned countUsableProcessors() noexcept;

}  // namespace retrace::recorder
