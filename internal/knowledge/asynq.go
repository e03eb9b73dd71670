package knowledge

import (
	"time"

	"github.com/retrylint/retrylint/policy"
)

// hibiken/asynq: a Redis task queue whose server retries the tasks its
// handlers fail (github.com/hibiken/asynq@v0.24.0). A task is enqueued by
// a Client, carrying its own attempt bound, and run by a Server, which
// holds the waits between its attempts:
//
//	client.Enqueue(asynq.NewTask("email", payload), asynq.MaxRetry(5))
//	srv := asynq.NewServer(redisOpt, asynq.Config{RetryDelayFunc: delay})
//	srv.Run(mux)
//
// A handler's error puts the task back in the retry set, to run again
// after RetryDelayFunc(n, err, task), n the retries so far from 0
// (processor.go:324-361), until it has been retried MaxRetry times or the
// error wraps asynq.SkipRetry; it is then archived (processor.go:333-335). The retries are an async
// job's, like a job store's (workqueue.go JobStore): the context is
// AsyncEvent whatever the code around.
//
// Each half is a site of its own, for what it holds:
//
//   - asynq.NewServer(r, cfg) for the waits and the total
//     duration: Config.RetryDelayFunc, or DefaultRetryDelayFunc
//     when the Config leaves it nil (server.go:407-410). The server sets
//     no attempt bound (a task's own) and no total cap: a task's Timeout
//     and Deadline options are per task (client.go:354-365).
//   - client.Enqueue(task, opts...) and EnqueueContext(ctx, task,
//     opts...) for the attempt bound: MaxRetry(n) among the
//     options, the task's NewTask options overridden by the call's
//     (client.go:349-350: append(task.opts, opts...), composeOptions);
//     with none, defaultMaxRetry 25 (client.go:237, 296). An option appended under an if from the
//     user's value (`if job.MaxRetries != nil { opts = append(opts,
//     asynq.MaxRetry(*job.MaxRetries)) }` in a helper that builds the
//     options) is the user's choice: the default holds until the user
//     gives one (internal/retrysite/libsite libs.go, userOption).
var Asynq = register(&Library{
	Name:          "asynq",
	Module:        "github.com/hibiken/asynq",
	Versions:      "v0.24.0",
	Paths:         []string{"github.com/hibiken/asynq"},
	ForcesContext: true,
	Context:       policy.AsyncEvent,
	Entries: []Entry{
		// server.go:394: NewServer(r RedisConnOpt, cfg Config).
		Run("NewServer", -1, 1),
		// client.go:325, 341: the task (its NewTask options) and the
		// options configure the task's retries.
		Run("Client.Enqueue", -1, 0, -1),
		Run("Client.EnqueueContext", -1, 1, -2),
	},
	Waits:    asynqWaits,
	Timeouts: asynqTimeouts,
	Bound: BoundTable{
		// client.go:84: MaxRetry(n) is n retries; a negative n is 0.
		Groups: [][]Count{{{Setting: "MaxRetry"}}},
		Defaults: []DefaultBound{{IfAny: []string{"Enqueue", "EnqueueContext"}, NotOpaque: true,
			Fixed: &Fixed{25, "asynq's default 25 retries"}}},
	},
	// client.go:296 (defaultMaxRetry 25: 26 attempts), client.go:299
	// (defaultTimeout 30m per attempt when neither Timeout nor Deadline is
	// set); server.go:369 (DefaultRetryDelayFunc: 15s and more at n = 0);
	// processor.go:324-335 (every handler error but one wrapping
	// SkipRetry; Config.IsFailure, err != nil by default, says which
	// count towards MaxRetry).
	Defaults: Defaults{
		Attempts: 26,
		Initial:  15 * time.Second,
		Retries:  "every error a handler returns but one wrapping asynq.SkipRetry",
	},
	Advice: Advice{
		Stop:     "return an error wrapping asynq.SkipRetry for them",
		TotalCap: "set MaxRetry and a RetryDelayFunc whose waits add up to less than %s",
	},
})

// asynqPolynomial is DefaultRetryDelayFunc's schedule (server.go:367-374):
// n^4 + 15 + rand(30)×(n+1) seconds, Sidekiq's formula, n the retries so
// far from 0. The wait vocabulary has no polynomial kind: it is a
// KindAddedJitter (a growing floor, n^4 + 15s, plus a random draw above
// it, never from 0), which the model reports as partial jitter, with the
// growth in the message.
var asynqPolynomial = WaitKind{Shape: KindAddedJitter,
	Desc: "DefaultRetryDelayFunc: polynomial n^4+15s plus a random rand(30)×(n+1)s above that floor"}

// asynqWaits (SpreadWaits): Config.RetryDelayFunc takes the delay
// function; DefaultRetryDelayFunc, given or left to NewServer
// (server.go:407-410), is asynqPolynomial; one of the package's is run
// by the wait interpreter with n, its parameter 0, from 0
// (processor.go:347: retryDelayFunc(msg.Retried, ...)). Only NewServer
// has waits: an Enqueue site's are its server's.
var asynqWaits = &WaitVocab{
	Model:    SpreadWaits,
	AnyOrder: true,
	Funcs: &WaitFuncs{
		Setting: []string{"RetryDelayFunc"},
		Local:   &LocalWait{Attempt: 0, Start: 0},
		Kinds:   map[string]WaitKind{"DefaultRetryDelayFunc": asynqPolynomial},
	},
	Default:     &asynqPolynomial,
	DefaultIf:   []string{"NewServer"},
	DefaultAtIf: true,
	DefaultNote: " (no RetryDelayFunc in the Config)",
}

// asynqTimeouts: the server has no total cap (server.go Config); a
// task's Timeout (30m by default) and Deadline bound its attempts, and
// are per task (client.go:354-365). DefaultRetryDelayFunc's waits over
// the default 25 retries add up to about 20 days: sum of n^4 for n from
// 0 to 24 is 1,763,020s, plus 15s and on average 14.5×(n+1)s each. An
// Enqueue site's total time is its server's: no rule applies there.
var asynqTimeouts = &TimeoutVocab{
	Caps: []CapRule{
		{Kinds: []string{"RetryDelayFunc"}, AbsentIf: []string{"NewServer"},
			Absent: "asynq's server has none (a task's Timeout and Deadline are per task)"},
		{AbsentIf: []string{"NewServer"},
			Absent: "DefaultRetryDelayFunc's waits add up to ~3 weeks over 25 retries"},
	},
}
