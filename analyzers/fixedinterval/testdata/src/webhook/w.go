// A webhook sender may follow R-3's increasing schedule.
//
//retrylint:context webhook
package webhook

import (
	"net/http"
	"time"
)

var schedule = []time.Duration{0, time.Second, 5 * time.Second, 30 * time.Second, 2 * time.Minute}

func deliver(url string) error {
	var err error
	for attempt := 0; attempt < len(schedule); attempt++ {
		time.Sleep(schedule[attempt])
		var resp *http.Response
		resp, err = http.Post(url, "application/json", nil)
		if err == nil && resp.StatusCode < 300 {
			return nil
		}
	}
	return err
}
