package periodic

import (
	"context"
	"net/http"
	"time"
)

// The error a successful result carries in a field is nil on success: a
// loop that retries while the call fails or its result reports an error
// is a retry.

type produceResponse struct {
	Error    error
	Throttle time.Duration
}

func produce(ctx context.Context, batch []string) (*produceResponse, error) {
	resp, err := http.Post("https://kafka.example.com/produce", "text/plain", nil)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &produceResponse{}, nil
}

func writeBatch(ctx context.Context, batch []string) error {
	var res *produceResponse
	var err error
	for attempt := 0; attempt < 4; attempt++ { // want `loop ctx=sync retries=3`
		if attempt != 0 {
			time.Sleep(time.Duration(attempt*attempt) * 100 * time.Millisecond) // want `R-1: retry of produce \(POST\): its wait grows polynomially with the attempt, without jitter; use full jitter`
		}
		res, err = produce(ctx, batch)
		if res != nil {
			err = res.Error
		}
		if err == nil {
			break
		}
	}
	return err
}

type jobState struct {
	Err  error
	Done bool
}

func fetchJob(ctx context.Context, id string) (*jobState, error) {
	resp, err := http.Get("https://api.example.com/jobs/" + id)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &jobState{Done: resp.StatusCode == 200}, nil
}

// Not a retry: the job's error field ends the poll, and success comes
// back until the job is done.
func pollJob(ctx context.Context, id string) error {
	for {
		st, err := fetchJob(ctx, id)
		if err != nil {
			return err
		}
		if st.Err != nil {
			return st.Err
		}
		if st.Done {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Not a retry: the error read is the previous job's, a value the loop
// carries; each round submits the next job.
func submitAll(ctx context.Context, ids []string) error {
	var last *jobState
	for _, id := range ids {
		st, err := fetchJob(ctx, id)
		if err != nil {
			continue
		}
		if last != nil && last.Err != nil {
			time.Sleep(time.Second)
		}
		last = st
	}
	return nil
}
