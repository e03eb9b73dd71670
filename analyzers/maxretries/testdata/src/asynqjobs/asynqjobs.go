// Package asynqjobs enqueues asynq tasks: each task carries its attempt
// bound, MaxRetry(n) among the options of Enqueue or NewTask, and asynq's
// default 25 retries without one. asynq's retries are an async job's
// (1-10).
package asynqjobs

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
)

type Backend struct {
	client *asynq.Client
	server *asynq.Server
}

// No MaxRetry: asynq's default 25 retries.
func (b *Backend) sendDefault(payload []byte) error {
	_, err := b.client.Enqueue(asynq.NewTask("email", payload)) // want `R-2: asynq retry policy makes asynq's default 25 retries, outside 1-10 for async event processing`
	return err
}

// Must not flag: 5 retries.
func (b *Backend) sendFive(payload []byte) error {
	_, err := b.client.Enqueue(asynq.NewTask("email", payload), asynq.MaxRetry(5))
	return err
}

// 50 retries, set at the option.
func (b *Backend) sendFifty(ctx context.Context, payload []byte) error {
	_, err := b.client.EnqueueContext(ctx, asynq.NewTask("email", payload), asynq.Timeout(time.Minute), asynq.MaxRetry(50)) // want `R-2: asynq retry policy makes MaxRetry\(50\) = 50 retries, outside 1-10 for async event processing`
	return err
}

// Must not flag: the task's own NewTask options bound it.
func (b *Backend) sendTaskOption(ctx context.Context, payload []byte) error {
	task := asynq.NewTask("email", payload, asynq.MaxRetry(3))
	_, err := b.client.EnqueueContext(ctx, task)
	return err
}

// The call's options override the task's: 30 retries.
func (b *Backend) sendOverride(payload []byte) error {
	task := asynq.NewTask("email", payload, asynq.MaxRetry(3))
	_, err := b.client.Enqueue(task, asynq.MaxRetry(30)) // want `R-2: asynq retry policy makes MaxRetry\(30\) = 30 retries`
	return err
}

// Must not flag: a task built by the caller may carry its own MaxRetry.
func (b *Backend) sendTask(task *asynq.Task) error {
	_, err := b.client.Enqueue(task)
	return err
}

// Job is a job of the package's users; MaxRetries is nil unless they set
// it.
type Job struct {
	Queue       string
	Fingerprint string
	Payload     []byte
	Deadline    *time.Time
	MaxRetries  *int
}

// The options come from a helper that sets MaxRetry only when the user
// gave one: asynq's default 25 holds until then.
func (b *Backend) Enqueue(ctx context.Context, job *Job) (string, error) {
	task := asynq.NewTask(job.Queue, job.Payload)
	_, err := b.client.EnqueueContext(ctx, task, jobToTaskOptions(job)...) // want `R-2: asynq retry policy makes asynq's default 25 retries, outside 1-10 for async event processing`
	return job.Fingerprint, err
}

func jobToTaskOptions(job *Job) (opts []asynq.Option) {
	opts = append(opts, asynq.TaskID(job.Fingerprint))
	if job.Deadline != nil {
		opts = append(opts, asynq.Deadline(*job.Deadline))
	}
	if job.MaxRetries != nil {
		opts = append(opts, asynq.MaxRetry(*job.MaxRetries))
	}
	return
}

// The same helper returning its slice by name.
func (b *Backend) EnqueueNamed(ctx context.Context, job *Job) error {
	_, err := b.client.EnqueueContext(ctx, asynq.NewTask(job.Queue, job.Payload), jobOptions(job)...) // want `R-2: asynq retry policy makes asynq's default 25 retries`
	return err
}

func jobOptions(job *Job) []asynq.Option {
	opts := []asynq.Option{asynq.TaskID(job.Fingerprint)}
	if job.MaxRetries != nil {
		opts = append(opts, asynq.MaxRetry(*job.MaxRetries))
	}
	return opts
}

// Must not flag: a helper that always sets 3, returned bare.
func (b *Backend) enqueueBounded(ctx context.Context, job *Job) error {
	_, err := b.client.EnqueueContext(ctx, asynq.NewTask(job.Queue, job.Payload), boundedOptions(job)...)
	return err
}

func boundedOptions(job *Job) (opts []asynq.Option) {
	opts = append(opts, asynq.TaskID(job.Fingerprint), asynq.MaxRetry(3))
	return
}

// A helper that sets 40 under a test of its own state, not the user's
// value: 40 retries when it holds, 25 when not; the model reads the
// last it sees.
func (b *Backend) enqueueUrgent(job *Job, urgent bool) error {
	_, err := b.client.Enqueue(asynq.NewTask(job.Queue, job.Payload), urgentOptions(urgent)...) // want `R-2: asynq retry policy makes MaxRetry\(40\) = 40 retries`
	return err
}

func urgentOptions(urgent bool) []asynq.Option {
	var opts []asynq.Option
	if urgent {
		opts = append(opts, asynq.MaxRetry(40))
	}
	return opts
}

// Must not flag: the server holds no attempt bound (each task's).
func newServer(addr string) *asynq.Server {
	return asynq.NewServer(asynq.RedisClientOpt{Addr: addr}, asynq.Config{Concurrency: 4})
}
