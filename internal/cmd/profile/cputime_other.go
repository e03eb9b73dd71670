//go:build !linux

package main

import "time"

// haveCPUTime: CPU times are read with getrusage(2) and Linux's
// RUSAGE_THREAD, on Linux only; elsewhere the command prints wall-clock
// times, allocation and heap, and says the CPU time is unknown.
const haveCPUTime = false

func threadTime() time.Duration { return 0 }

func cpuTime() time.Duration { return 0 }
