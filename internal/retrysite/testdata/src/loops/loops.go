package loops

import (
	"context"
	"errors"
	"net/http"
	"time"
)

func do() error                        { return nil }
func get() (*http.Response, error)     { return nil, nil }
func try() bool                        { return false }
func status(id string) (string, error) { return "", nil }

const maxAttempts = 4

func classic() error {
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		err = do()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func lessEqual() error {
	var err error
	for i := 0; i <= 6; i++ { // want `loop ctx=sync retries=6`
		if err = do(); err == nil {
			break
		}
	}
	return err
}

func countdown() (err error) {
	for n := 5; n > 0; n-- { // want `loop ctx=sync retries=4`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

func namedConst() (err error) {
	for attempt := 1; attempt <= maxAttempts; attempt++ { // want `loop ctx=sync retries=3`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

func forever() {
	for { // want `loop ctx=sync unbounded`
		if err := do(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func counterInBody() error {
	attempts := 0
	for { // want `loop ctx=sync retries=5`
		err := do()
		if err == nil {
			return nil
		}
		attempts++
		if attempts > 5 {
			return err
		}
	}
}

func fromParam(n int) error {
	var err error
	for i := 0; i < n; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

type client struct{ max int }

func (c *client) fromField() error {
	var err error
	for i := 0; i < c.max; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

func ctxOnly(ctx context.Context) error {
	for { // want `loop ctx=sync unbounded`
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func httpStatus() (*http.Response, error) {
	for i := 0; i < 4; i++ { // want `loop ctx=sync retries=3`
		resp, err := get()
		if err != nil {
			continue
		}
		if resp.StatusCode >= 500 {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

func boolOp() bool {
	for i := range 3 { // want `loop ctx=sync retries=2`
		_ = i
		if try() {
			return true
		}
	}
	return false
}

func sliceOfWaits() error {
	for _, d := range []time.Duration{time.Second, 2 * time.Second} { // want `loop ctx=sync retries=1`
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return errors.New("x")
}

func retryable(err error) bool { return err != nil }

func predicate() error {
	for i := 0; i < 20; i++ { // want `loop ctx=sync retries=19`
		err := do()
		if err == nil {
			return nil
		}
		if !retryable(err) {
			return err
		}
	}
	return nil
}

func gotoLoop() error {
	n := 0
again: // want `loop ctx=sync retries=2`
	err := do()
	if err != nil && n < 2 {
		n++
		goto again
	}
	return err
}

func recursive() error { // want `recursion ctx=sync unbounded`
	if err := do(); err != nil {
		time.Sleep(time.Second)
		return recursive()
	}
	return nil
}

func recursiveN(n int) error { // want `recursion ctx=sync bound=\?`
	if err := do(); err != nil && n > 0 {
		return recursiveN(n - 1)
	}
	return nil
}

func retryHelper(attempts int, f func() error) error {
	var err error
	for i := 0; i < attempts; i++ { // want `loop ctx=sync bound=\?`
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}

func useHelper() error {
	return retryHelper(8, do) // want `helper call ctx=sync retries=7`
}

// Not retries.

func polling(id string) error {
	for {
		st, err := status(id)
		if err != nil {
			return err
		}
		if st == "done" {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func periodic(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	for {
		if err := do(); err != nil {
			println(err.Error())
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func process(string) error { return nil }

func perItem(items []string) {
	for _, it := range items {
		if err := process(it); err != nil {
			continue
		}
	}
}

func perIndex(items []string) error {
	for i := 0; i < len(items); i++ {
		if err := process(items[i]); err != nil {
			continue
		}
	}
	return nil
}

func list(tok string) (string, error) { return "", nil }

func pagination() error {
	tok := ""
	for {
		next, err := list(tok)
		if err != nil {
			return err
		}
		if next == "" {
			return nil
		}
		tok = next
	}
}

func pacing(items []string) {
	for _, it := range items {
		_ = process(it)
		time.Sleep(100 * time.Millisecond)
	}
}

func worker(ch chan string) {
	for m := range ch {
		if err := process(m); err != nil {
			println("failed")
		}
	}
}

// An outer worker loop around an inner retry: only the inner loop retries.
func outer() {
	for {
		for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
			if err := do(); err == nil {
				break
			}
		}
		time.Sleep(time.Minute)
	}
}

//retrylint:context webhook
func webhookRetry() error {
	for i := 0; i < 12; i++ { // want `loop ctx=webhook retries=11`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}
