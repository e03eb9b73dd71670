package sdkloops

import (
	"context"
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"time"
)

// An S3-style client: every response is parsed for an error in its body,
// a 2xx included (a 200 may carry one), and the error's code is retried.

type s3Error struct {
	StatusCode int
	Code       string `xml:"Code"`
}

func (e s3Error) Error() string { return e.Code }

var successCodes = map[int]bool{200: true, 204: true}

func decodeBody(r io.Reader, v any) error { return xml.NewDecoder(r).Decode(v) }

// respToError returns nil for a 2xx whose body holds no error.
func respToError(resp *http.Response) error {
	e := s3Error{StatusCode: resp.StatusCode}
	if err := decodeBody(resp.Body, &e); err != nil {
		var ue xml.UnmarshalError
		if successCodes[resp.StatusCode] && errors.As(err, &ue) {
			return nil
		}
		return err
	}
	return e
}

func codeRetryable(code string) bool { return code == "SlowDown" || code == "InternalError" }

type s3Client struct {
	hc *http.Client
}

func (c *s3Client) execute(ctx context.Context, req *http.Request, expect200Err bool) (*http.Response, error) {
	var err error
	for i := 0; i < 10; i++ { // want `loop ctx=sync retries=9` `sleep no wait: no wait after some failures`
		var res *http.Response
		res, err = c.hc.Do(req.WithContext(ctx))
		if err != nil {
			continue
		}
		if successCodes[res.StatusCode] && !expect200Err {
			return res, nil
		}
		apiErr := respToError(res)
		if apiErr == nil {
			return res, nil
		}
		err = apiErr
		var se s3Error
		if errors.As(apiErr, &se) && codeRetryable(se.Code) {
			time.Sleep(time.Second) // want `sleep fixed interval: a fixed 1s \[attempt i\]`
			continue
		}
		break
	}
	return nil, err
}

// pollState reads a state from every response: a 2xx that is not done yet
// goes round again. A state poll, not a retry: the error is settled under
// success, the state is not.
func respState(resp *http.Response) (string, error) {
	var st struct {
		State string `xml:"State"`
	}
	err := decodeBody(resp.Body, &st)
	return st.State, err
}

func (c *s3Client) pollState(ctx context.Context, req *http.Request) (*http.Response, error) {
	for {
		res, err := c.hc.Do(req.WithContext(ctx))
		if err != nil {
			return nil, err
		}
		st, err := respState(res)
		if err != nil {
			return nil, err
		}
		if st != "done" {
			time.Sleep(time.Second)
			continue
		}
		return res, nil
	}
}

// respToSentinel turns a 2xx body into an error too, but a sentinel that
// carries no status: whether a 2xx leaves is the body's to say.
func respToSentinel(resp *http.Response) error {
	var e s3Error
	if err := decodeBody(resp.Body, &e); err != nil {
		return err
	}
	if e.Code != "" {
		return errPending
	}
	return nil
}

// Must not flag: the same loop through a sentinel: a 2xx may come back.
func (c *s3Client) executeSentinel(ctx context.Context, req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 10; i++ {
		var res *http.Response
		res, err = c.hc.Do(req.WithContext(ctx))
		if err != nil {
			continue
		}
		if err = respToSentinel(res); err == nil {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}
