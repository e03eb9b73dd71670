package reruns

import (
	"errors"
	"net/http"
	"time"
)

// A repeat once after a repair: a loop whose count allows one repeat and
// whose way back builds anew the client the operation is called on. The
// repeat talks to a repaired client: no retry storm.

type apiClient struct{ hc *http.Client }

func newAPIClient() *apiClient { return &apiClient{hc: &http.Client{Timeout: 5 * time.Second}} }

func dialHTTP() (*http.Client, error) { return &http.Client{Timeout: 5 * time.Second}, nil }

func sendRepaired(c *apiClient, req *http.Request) (*http.Response, error) {
	for i := 0; i < 2; i++ {
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		c = newAPIClient()
	}
	return nil, errors.New("failed")
}

type holder struct{ hc *http.Client }

// The field the operation is called through, rebuilt by a call that may
// fail too.
func (h *holder) sendRedial(req *http.Request) (*http.Response, error) {
	var err error
	for attempt := 0; attempt <= 1; attempt++ {
		var resp *http.Response
		resp, err = h.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		if h.hc, err = dialHTTP(); err != nil {
			return nil, err
		}
	}
	return nil, err
}

// One repeat with nothing repaired is a retry.
func sendAgain(c *apiClient, req *http.Request) (*http.Response, error) {
	for i := 0; i < 2; i++ { // want `loop ctx=sync retries=1`
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("failed")
}

// A client rebuilt before each of several repeats: a retry.
func sendRepairedMany(c *apiClient, req *http.Request) (*http.Response, error) {
	for i := 0; i < 4; i++ { // want `loop ctx=sync retries=3`
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		c = newAPIClient()
	}
	return nil, errors.New("failed")
}

// The request rebuilt, the client the same: a retry.
func sendRebuiltRequest(c *apiClient, url string) (*http.Response, error) {
	req, _ := http.NewRequest("GET", url, nil)
	for i := 0; i < 2; i++ { // want `loop ctx=sync retries=1`
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		req, _ = http.NewRequest("GET", url, nil)
	}
	return nil, errors.New("failed")
}

// Only some paths back repair: a retry.
func sendSometimes(c *apiClient, req *http.Request, fresh bool) (*http.Response, error) {
	for i := 0; i < 2; i++ { // want `loop ctx=sync retries=1`
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		if fresh {
			c = newAPIClient()
		}
	}
	return nil, errors.New("failed")
}
