// Package workqueue is a stub of k8s.io/client-go/util/workqueue for analysistest (GOPATH mode).
// Signatures are copied from k8s.io/client-go@v0.37.2; only the rate-limited queue and its
// limiters are kept, and bodies return zero values.
package workqueue

import "time"

type TypedInterface[T comparable] interface {
	Add(item T)
	Len() int
	Get() (item T, shutdown bool)
	Done(item T)
	ShutDown()
}

type TypedDelayingInterface[T comparable] interface {
	TypedInterface[T]
	AddAfter(item T, duration time.Duration)
}

type TypedRateLimitingInterface[T comparable] interface {
	TypedDelayingInterface[T]
	AddRateLimited(item T)
	Forget(item T)
	NumRequeues(item T) int
}

type RateLimitingInterface TypedRateLimitingInterface[any]

type TypedRateLimiter[T comparable] interface {
	When(item T) time.Duration
	Forget(item T)
	NumRequeues(item T) int
}

type RateLimiter TypedRateLimiter[any]

type TypedRateLimitingQueueConfig[T comparable] struct {
	Name string
}

func NewTypedRateLimitingQueue[T comparable](rateLimiter TypedRateLimiter[T]) TypedRateLimitingInterface[T] {
	return nil
}

func NewTypedRateLimitingQueueWithConfig[T comparable](rateLimiter TypedRateLimiter[T], config TypedRateLimitingQueueConfig[T]) TypedRateLimitingInterface[T] {
	return nil
}

func DefaultTypedControllerRateLimiter[T comparable]() TypedRateLimiter[T] { return nil }

func NewTypedItemExponentialFailureRateLimiter[T comparable](baseDelay time.Duration, maxDelay time.Duration) TypedRateLimiter[T] {
	return nil
}

func NewTypedItemFastSlowRateLimiter[T comparable](fastDelay, slowDelay time.Duration, maxFastAttempts int) TypedRateLimiter[T] {
	return nil
}

func NewTypedMaxOfRateLimiter[T comparable](limiters ...TypedRateLimiter[T]) TypedRateLimiter[T] {
	return nil
}

type TypedBucketRateLimiter[T comparable] struct {
	Limiter any
}

func (r *TypedBucketRateLimiter[T]) When(item T) time.Duration { return 0 }
func (r *TypedBucketRateLimiter[T]) NumRequeues(item T) int    { return 0 }
func (r *TypedBucketRateLimiter[T]) Forget(item T)             {}
