// Package priorityqueue is a stub of controller-runtime's priority queue for analysistest
// (GOPATH mode). Signatures are copied from sigs.k8s.io/controller-runtime@v0.25.2.
package priorityqueue

import (
	"time"

	"k8s.io/client-go/util/workqueue"
)

type AddOpts struct {
	After       time.Duration
	RateLimited bool
	Priority    *int
}

type PriorityQueue[T comparable] interface {
	workqueue.TypedRateLimitingInterface[T]
	AddWithOpts(o AddOpts, Items ...T)
	GetWithPriority() (item T, priority int, shutdown bool)
}
