package a

import (
	"net/http"
	"time"
)

func Get(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = c.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(2 * time.Second) // want `R-1`
	}
	return resp, err
}
