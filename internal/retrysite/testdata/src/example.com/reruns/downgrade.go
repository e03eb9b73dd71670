package reruns

import "errors"

// A downgrade: every path back sets the mode the call is given to one
// constant, while the mode otherwise comes from the caller. The next run
// is another request (a commit finished as an abort), not the same one.

var (
	errNotAttempted = errors.New("not attempted")
	errAbortable    = errors.New("abortable")
)

type ender interface {
	End(commit bool) error
}

func finish(e ender, wantCommit, healthy bool) error {
	commit := wantCommit && healthy
	tries := 0
again:
	err := e.End(commit)
	tries++
	if err != nil && tries < 10 {
		switch {
		case errors.Is(err, errNotAttempted):
			commit = false
			goto again
		case errors.Is(err, errAbortable):
			commit = false
			goto again
		}
	}
	return err
}

// The same loop with one path back that keeps the mode retries the
// request as it was.
func finishKeeping(e ender, wantCommit bool) error {
	commit := wantCommit
	tries := 0
again: // want `loop ctx=sync retries=9`
	err := e.End(commit)
	tries++
	if err != nil && tries < 10 {
		if errors.Is(err, errNotAttempted) {
			commit = false
			goto again
		}
		goto again
	}
	return err
}

// A flag that only ever holds constants marks the retry: the call is told
// it is a repeat, and it is one.
type sender interface {
	Send(retrying bool) error
}

func sendMarked(s sender) error {
	retrying := false
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		if err = s.Send(retrying); err == nil {
			return nil
		}
		retrying = true
	}
	return err
}

// A request rebuilt the same way before each attempt, and an attempt
// number given to the call, are retries of the same request.
type doer interface {
	Do(req string, attempt int) error
}

func build(path string) string { return "GET " + path }

func sendRebuilt(d doer, path string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ { // want `loop ctx=sync retries=3`
		req := build(path)
		if err = d.Do(req, attempt); err == nil {
			return nil
		}
	}
	return err
}
