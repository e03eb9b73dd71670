package notretry

import (
	"bytes"
	"encoding/json"
	"net/http"
	"time"
)

// Items read from a stream through its iterator (for dec.More() {
// dec.Decode(&raw) }): each iteration sends the next item, a failed one
// is skipped. Not a retry.
func postEach(dec *json.Decoder) error {
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return err
		}
		resp, err := http.Post("http://example.com/items", "application/json", bytes.NewReader(raw))
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusServiceUnavailable {
			time.Sleep(time.Second)
			continue
		}
	}
	return nil
}

// The iterator paces the loop but the request is the same every time:
// a retry of it, with a fixed wait.
func postSame(dec *json.Decoder, body []byte) error {
	for dec.More() { // want `loop ctx=sync bound=\?`
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return err
		}
		resp, err := http.Post("http://example.com/items", "application/json", bytes.NewReader(body))
		if err != nil {
			time.Sleep(time.Second) // want `R-1: retry of http.Post \(POST\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
			continue
		}
		resp.Body.Close()
		return nil
	}
	return nil
}
