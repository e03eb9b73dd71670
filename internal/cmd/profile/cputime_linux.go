package main

import (
	"time"

	"golang.org/x/sys/unix"
)

// haveCPUTime: getrusage(2) gives the process's CPU time and, with
// Linux's RUSAGE_THREAD, the calling thread's.
const haveCPUTime = true

// threadTime is the CPU time (user and system) of the calling thread.
func threadTime() time.Duration { return rusageTime(unix.RUSAGE_THREAD) }

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration { return rusageTime(unix.RUSAGE_SELF) }

// rusageTime is the user and system CPU time getrusage(2) reports for
// who, or 0 when it fails.
func rusageTime(who int) time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(who, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
