// Package jobstore holds job queues that retry a failed job through their
// store (reschedule.go): the failure handler writes the job back with a
// run time now + backoff(count) and the count, and the store's poll runs
// it again. No loop in the code; the site is the write.
package jobstore

import (
	"context"
	"math"
	"math/rand"
	"time"
)

// DB is the job store.
type DB interface {
	Exec(ctx context.Context, q string, args ...any) error
}

type Job struct {
	ID         int64
	Attempts   int
	MaxRetries *int
	Interval   time.Duration
	Created    time.Time
	db         DB
}

// Handler is the user's work for a job.
type Handler func(ctx context.Context, j *Job) error

type Worker struct {
	db DB
	h  Handler
}

// Fail reschedules the failed job: the whole function handles failures
// (it never tests err); its callers call it after a failure only.
func (j *Job) Fail(ctx context.Context, err error) error {
	attempts := j.Attempts + 1
	now := time.Now().UTC()
	return j.db.Exec(ctx, "UPDATE jobs SET attempts = $1, run_at = $2, error = $3 WHERE id = $4", attempts, j.runAt(now, attempts), err.Error(), j.ID) // want `library job store ctx=async unbounded` `library fixed interval: a fixed 30s` `R-1: job store retry of w.h waits a fixed 30s between attempts` `R-2: job store retry of w.h has no maximum retry count: a failure writes it back to run later and nothing caps its count attempts` `R-3: job store retry of w.h has no total duration cap.*: nothing caps the job's count nor its age`
}

func (j *Job) runAt(now time.Time, attempts int) time.Time {
	if attempts < 0 {
		return time.Time{}
	}
	return now.Add(30 * time.Second)
}

func (w *Worker) WorkOne(ctx context.Context, j *Job) {
	if err := w.h(ctx, j); err != nil {
		_ = j.Fail(ctx, err)
		return
	}
	_ = w.db.Exec(ctx, "DELETE FROM jobs WHERE id = $1", j.ID)
}

// backoff is polynomial with an added random part above a fixed floor.
func backoff(n int) time.Time {
	p := int(math.Pow(float64(n), 4))
	return time.Now().UTC().Add(time.Duration(p+15+rand.Intn(30)*n) * time.Second)
}

// update records a job's outcome: only a failure sets the status that
// reschedules it; a nil MaxRetries (the caller's) leaves the count unknown.
func (w *Worker) update(ctx context.Context, j *Job, jobErr error) error {
	status := "done"
	if jobErr != nil {
		status = "failed"
	}
	if j.MaxRetries != nil && j.Attempts >= *j.MaxRetries {
		return w.db.Exec(ctx, "INSERT INTO dead_jobs (id) VALUES ($1)", j.ID)
	}
	var runAfter time.Time
	if status == "failed" {
		runAfter = backoff(j.Attempts)                                                                                                        // want `library polynomial backoff: grows polynomially` `R-1: job store retry of w.h: its wait grows polynomially with the attempt, never below 34% of it`
		return w.db.Exec(ctx, "UPDATE jobs SET status = $1, attempts = $2, run_after = $3 WHERE id = $4", status, j.Attempts, runAfter, j.ID) // want `library job store ctx=async bound=\?`
	}
	return w.db.Exec(ctx, "UPDATE jobs SET status = $1 WHERE id = $2", status, j.ID)
}

func (w *Worker) handle(ctx context.Context, j *Job) error {
	var jobErr error
	jobErr = w.h(ctx, j)
	return w.update(ctx, j, jobErr)
}

// retryCapped: an attempt cap and full jitter: compliant, no finding.
func (w *Worker) retryCapped(ctx context.Context, j *Job, err error) error {
	if err == nil {
		return nil
	}
	if j.Attempts >= 5 {
		return w.db.Exec(ctx, "INSERT INTO dead_jobs (id) VALUES ($1)", j.ID)
	}
	next := time.Now().Add(fullJitter(j.Attempts))                                                              // want `library full jitter: full jitter over a backoff that doubles`
	return w.db.Exec(ctx, "UPDATE jobs SET attempts = $1, run_at = $2 WHERE id = $3", j.Attempts+1, next, j.ID) // want `library job store ctx=async bound=\?`
}

func fullJitter(n int) time.Duration {
	return time.Duration(rand.Int63n(int64(min(30*time.Second, time.Second<<n))))
}

func (w *Worker) handleCapped(ctx context.Context, j *Job) error {
	err := w.h(ctx, j)
	return w.retryCapped(ctx, j, err)
}

// retryAged: no count, but a job older than a day goes to the dead
// letters: a total cap (R-3 silent), the R-2 finding stays.
func (w *Worker) retryAged(ctx context.Context, j *Job, err error) error {
	if err == nil {
		return nil
	}
	if time.Since(j.Created) > 24*time.Hour {
		return w.db.Exec(ctx, "INSERT INTO dead_jobs (id) VALUES ($1)", j.ID)
	}
	return w.db.Exec(ctx, "UPDATE jobs SET attempts = $1, run_at = $2 WHERE id = $3", j.Attempts+1, time.Now().Add(fullJitter(j.Attempts)), j.ID) // want `library job store ctx=async unbounded` `library full jitter` `R-2: job store retry of w.h has no maximum retry count`
}

func (w *Worker) handleAged(ctx context.Context, j *Job) error {
	err := w.h(ctx, j)
	return w.retryAged(ctx, j, err)
}

// Not retries.

// finish is a recurring job: run again at its interval after a SUCCESS
// (the count is its run number). Trap: a schedule written on success is
// no retry, even with a count and a run time from now.
func (w *Worker) finish(ctx context.Context, j *Job, err error) error {
	if err != nil {
		return w.db.Exec(ctx, "UPDATE jobs SET status = 'failed' WHERE id = $1", j.ID)
	}
	return w.db.Exec(ctx, "UPDATE jobs SET runs = $1, run_at = $2 WHERE id = $3", j.Attempts+1, time.Now().Add(j.Interval*time.Duration(j.Attempts+1)), j.ID)
}

func (w *Worker) handleRecurring(ctx context.Context, j *Job) error {
	err := w.h(ctx, j)
	return w.finish(ctx, j, err)
}

// reschedule writes the next run whatever the outcome (cron-like, its
// callers call it after success and failure alike). Trap: the handler
// never tests err and is reached on success too.
func (j *Job) reschedule(ctx context.Context, err error) error {
	return j.db.Exec(ctx, "UPDATE jobs SET runs = $1, run_at = $2, last_error = $3 WHERE id = $4", j.Attempts+1, time.Now().Add(j.Interval*time.Duration(j.Attempts+1)), err, j.ID)
}

func (w *Worker) runPeriodic(ctx context.Context, j *Job) {
	err := w.h(ctx, j)
	_ = j.reschedule(ctx, err)
}

// snooze returns early on success only when asked to: otherwise it
// writes the next run after a success too. Trap: a nested `if err == nil
// { return }` does not keep the write for failures.
func (w *Worker) snooze(ctx context.Context, j *Job, err error, quiet bool) error {
	if quiet {
		if err == nil {
			return nil
		}
	}
	return w.db.Exec(ctx, "UPDATE jobs SET runs = $1, run_at = $2 WHERE id = $3", j.Attempts+1, time.Now().Add(fullJitter(j.Attempts)), j.ID)
}

func (w *Worker) handleSnooze(ctx context.Context, j *Job) error {
	err := w.h(ctx, j)
	return w.snooze(ctx, j, err, false)
}

// bury moves a failed job to the dead-letter table without a new run
// time. Trap: a dead-letter move is no retry (time.Now is no later run).
func (j *Job) bury(ctx context.Context, err error) error {
	return j.db.Exec(ctx, "INSERT INTO dead_jobs (id, attempts, error, died_at) VALUES ($1, $2, $3, $4)", j.ID, j.Attempts+1, err.Error(), time.Now())
}

func (w *Worker) workOnce(ctx context.Context, j *Job) {
	if err := w.h(ctx, j); err != nil {
		_ = j.bury(ctx, err)
	}
}
