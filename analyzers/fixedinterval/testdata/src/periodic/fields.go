package periodic

import (
	"context"
	"net/http"
	"time"
)

// A retry while the call fails or its result reports an error in a field.

type produceResponse struct{ Error error }

func produce(ctx context.Context, batch []string) (*produceResponse, error) {
	resp, err := http.Post("https://kafka.example.com/produce", "text/plain", nil)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &produceResponse{}, nil
}

func writeBatch(ctx context.Context, batch []string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if attempt != 0 {
			time.Sleep(500 * time.Millisecond) // want `R-1.*fixed 500ms`
		}
		var res *produceResponse
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

// A state poll: the job's error field ends it, success comes back until
// the job is done.
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
