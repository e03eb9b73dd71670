package main

import (
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// haveCPUTime: getrusage(2) gives the process's CPU time and, with
// Linux's RUSAGE_THREAD, the calling thread's.
const haveCPUTime = true

// threadTime is the CPU time (user and system) of the calling thread.
func threadTime() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
