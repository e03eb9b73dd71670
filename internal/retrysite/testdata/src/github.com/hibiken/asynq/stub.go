// Package asynq is a stub of github.com/hibiken/asynq for analysistest (GOPATH mode).
// Signatures are copied from github.com/hibiken/asynq@v0.24.0; only the API around a task's
// retries is kept, and bodies return zero values, but DefaultRetryDelayFunc's formula, which is
// asynq's (server.go:369).
package asynq

import (
	"context"
	"math"
	"math/rand"
	"time"
)

// Task is a unit of work (asynq.go:22).
type Task struct {
	typename string
	payload  []byte
}

// NewTask returns a task (asynq.go:47).
func NewTask(typename string, payload []byte, opts ...Option) *Task {
	return &Task{typename: typename, payload: payload}
}

func (t *Task) Type() string    { return t.typename }
func (t *Task) Payload() []byte { return t.payload }

// TaskInfo describes a task (asynq.go).
type TaskInfo struct {
	ID       string
	MaxRetry int
	Retried  int
}

// RedisConnOpt is a redis connection option (asynq.go).
type RedisConnOpt interface {
	MakeRedisClient() interface{}
}

// RedisClientOpt is used to create a redis client (asynq.go).
type RedisClientOpt struct {
	Addr     string
	Password string
	DB       int
}

func (opt RedisClientOpt) MakeRedisClient() interface{} { return nil }

// OptionType is an option's kind (client.go:39).
type OptionType int

// Option specifies the task processing behavior (client.go:55).
type Option interface {
	String() string
	Type() OptionType
	Value() interface{}
}

type retryOption int

func (n retryOption) String() string     { return "MaxRetry" }
func (n retryOption) Type() OptionType   { return 0 }
func (n retryOption) Value() interface{} { return int(n) }

type taskIDOption string

func (id taskIDOption) String() string     { return "TaskID" }
func (id taskIDOption) Type() OptionType   { return 7 }
func (id taskIDOption) Value() interface{} { return string(id) }

type deadlineOption time.Time

func (t deadlineOption) String() string     { return "Deadline" }
func (t deadlineOption) Type() OptionType   { return 3 }
func (t deadlineOption) Value() interface{} { return time.Time(t) }

type timeoutOption time.Duration

func (d timeoutOption) String() string     { return "Timeout" }
func (d timeoutOption) Type() OptionType   { return 2 }
func (d timeoutOption) Value() interface{} { return time.Duration(d) }

// MaxRetry sets the max number of times the task is retried (client.go:84);
// a negative count is zero retries.
func MaxRetry(n int) Option {
	if n < 0 {
		n = 0
	}
	return retryOption(n)
}

// TaskID sets the task's ID (client.go).
func TaskID(id string) Option { return taskIDOption(id) }

// Deadline sets the task's deadline (client.go).
func Deadline(t time.Time) Option { return deadlineOption(t) }

// Timeout sets how long a task may run (client.go).
func Timeout(d time.Duration) Option { return timeoutOption(d) }

// Client enqueues tasks (client.go:26).
type Client struct{}

// NewClient returns a client (client.go:31).
func NewClient(r RedisConnOpt) *Client { return &Client{} }

// Enqueue enqueues a task (client.go:325); with no MaxRetry option the
// task is retried 25 times (client.go:296).
func (c *Client) Enqueue(task *Task, opts ...Option) (*TaskInfo, error) {
	return c.EnqueueContext(context.Background(), task, opts...)
}

// EnqueueContext enqueues a task (client.go:341).
func (c *Client) EnqueueContext(ctx context.Context, task *Task, opts ...Option) (*TaskInfo, error) {
	return &TaskInfo{}, nil
}

func (c *Client) Close() error { return nil }

// Handler processes tasks (server.go / servemux.go).
type Handler interface {
	ProcessTask(context.Context, *Task) error
}

// HandlerFunc is an adapter to use a function as a Handler.
type HandlerFunc func(context.Context, *Task) error

func (fn HandlerFunc) ProcessTask(ctx context.Context, task *Task) error { return fn(ctx, task) }

// SkipRetry, returned by a handler, archives the task without retrying it
// (processor.go:322).
var SkipRetry error

// RetryDelayFunc calculates the retry delay of a failed task, n the
// number of times it has been retried (server.go:265).
type RetryDelayFunc func(n int, e error, t *Task) time.Duration

// Config is the server's configuration (server.go:94).
type Config struct {
	Concurrency     int
	BaseContext     func() context.Context
	RetryDelayFunc  RetryDelayFunc
	IsFailure       func(error) bool
	Queues          map[string]int
	ShutdownTimeout time.Duration
}

// DefaultRetryDelayFunc is the RetryDelayFunc NewServer uses when the
// Config has none (server.go:367-374).
func DefaultRetryDelayFunc(n int, e error, t *Task) time.Duration {
	r := rand.New(rand.NewSource(time.Now().UnixNano()))
	// Formula taken from https://github.com/mperham/sidekiq.
	s := int(math.Pow(float64(n), 4)) + 15 + (r.Intn(30) * (n + 1))
	return time.Duration(s) * time.Second
}

// Server processes tasks, retrying failed ones (server.go).
type Server struct{}

// NewServer returns a server (server.go:394).
func NewServer(r RedisConnOpt, cfg Config) *Server { return &Server{} }

func (srv *Server) Run(handler Handler) error   { return nil }
func (srv *Server) Start(handler Handler) error { return nil }
func (srv *Server) Shutdown()                   {}
