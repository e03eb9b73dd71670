package decide

import (
	"context"
	"time"
)

// An API's response embeds a pointer to its error type: a success is a
// response without one, also when the loop keeps it in a named result.

type apiError struct{ Code int }

func (e *apiError) Error() string { return "api error" }

type apiResponse struct {
	*apiError
	Result []byte
}

type APICaller interface {
	Call(ctx context.Context, method string) (*apiResponse, error)
}

type retryCaller struct {
	next APICaller
	max  int
}

func (r *retryCaller) Call(ctx context.Context, method string) (resp *apiResponse, err error) {
	for i := 0; i < r.max; i++ {
		resp, err = r.next.Call(ctx, method)
		if err == nil && (resp.apiError == nil || resp.Code == 0) {
			return resp, nil
		}
		if err == nil {
			err = resp.apiError
		}
		time.Sleep(time.Second) // want `R-1: retry of r\.next\.Call waits a fixed 1s between attempts`
	}
	return nil, err
}

// Must not flag: the loop goes round while the API answers without an
// error (a poll until it reports one).
func (r *retryCaller) untilError(ctx context.Context, method string) (resp *apiResponse, err error) {
	for {
		resp, err = r.next.Call(ctx, method)
		if err != nil || resp.apiError != nil {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}
