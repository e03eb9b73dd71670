// Package companions: loops whose success needs a second result of the
// operation beside a nil error (a status, a byte count): retries. The
// traps compare a decoded field or a state int: polls, which must stay
// silent.
package companions

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

func get(ctx context.Context, url string) (bytes.Buffer, int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return bytes.Buffer{}, 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return bytes.Buffer{}, 0, err
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	_, err = b.ReadFrom(resp.Body)
	return b, resp.StatusCode, err
}

// Success needs the status returned beside the error: a retry.
func region(ctx context.Context, url string) (string, error) {
	var err error
	for try := 0; try < 8; try++ { // want `loop ctx=sync retries=7`
		body, code, e := get(ctx, url)
		if e == nil && code == 200 {
			return body.String(), nil
		}
		err = e
		time.Sleep(time.Second)
	}
	return "", err
}

type part struct{ buf bytes.Buffer }

type uploader interface {
	Upload(ctx context.Context, p []byte, size int) (int, error)
}

// Success needs the whole length written: a retry of a short write.
func writeAll(ctx context.Context, u uploader, c *part) error {
	for i := 0; i < 5; i++ { // want `loop ctx=sync retries=4`
		n, err := u.Upload(ctx, c.buf.Bytes(), c.buf.Len())
		if n != c.buf.Len() || err != nil {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errors.New("short write")
}

type job struct{ Status string }

type store interface {
	GetJob(ctx context.Context, id string) (*job, error)
	LockHolder(ctx context.Context, key string) (int, error)
	Ready(ctx context.Context, ids []string) (int, error)
}

// Trap: a status-field poll. The criterion is a field of the decoded
// payload (the job's state), not the operation's own result: not a retry.
func waitJob(ctx context.Context, s store, id string) error {
	for i := 0; i < 30; i++ {
		j, err := s.GetJob(ctx, id)
		if err == nil && j.Status == "done" {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("timeout")
}

// Trap: a lock held by someone else. The int beside the error is the
// holder, a state compared with a constant that is no status: not a retry.
func waitLock(ctx context.Context, s store, key string) error {
	for i := 0; i < 30; i++ {
		holder, err := s.LockHolder(ctx, key)
		if err == nil && holder == 0 {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("lock held")
}

// Trap: an int state compared with a length that is no argument of the
// call: a count of ready nodes, not a short write.
func waitReady(ctx context.Context, s store, ids, nodes []string) error {
	for i := 0; i < 30; i++ {
		ready, err := s.Ready(ctx, ids)
		if err == nil && ready == len(nodes) {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("not ready")
}

// A response type of an SDK's own, its status copied from the wire.
type apiResponse struct {
	StatusCode int
	Code       int
	Progress   int
	Body       string
}

type api interface {
	Send(ctx context.Context, method, path string) (*apiResponse, error)
}

// A field of the operation's result compared with a status net/http
// declares: re-sent while rate-limited, a retry of a 429.
func sendRetry(ctx context.Context, c api) (*apiResponse, error) {
	retry := 0
	for { // want `loop ctx=sync retries=6`
		resp, err := c.Send(ctx, "POST", "/mail")
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		if retry > 5 {
			return nil, errors.New("rate limited")
		}
		retry++
		time.Sleep(1100 * time.Millisecond)
	}
}

// A StatusCode field is a status whatever constant it is compared with.
func sendUntilOK(ctx context.Context, c api) error {
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		resp, err := c.Send(ctx, "GET", "/health")
		if err == nil && resp.StatusCode < 300 {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("unhealthy")
}

// Trap: a progress field compared with a number: the state of a job
// polled until it completes, not a retry.
func waitProgress(ctx context.Context, c api) error {
	for i := 0; i < 30; i++ {
		resp, err := c.Send(ctx, "GET", "/job")
		if err == nil && resp.Progress == 100 {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("timeout")
}

// Trap: a code field compared with a literal is an answer's content, no
// status unless net/http names it or the field is a StatusCode: a poll
// for the code the job reports when done.
func waitCode(ctx context.Context, c api) error {
	for i := 0; i < 30; i++ {
		resp, err := c.Send(ctx, "GET", "/job")
		if err == nil && resp.Code == 200 {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("timeout")
}
