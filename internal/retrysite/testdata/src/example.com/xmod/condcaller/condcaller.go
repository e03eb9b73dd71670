package condcaller

import (
	"net/http"
	"time"

	"example.com/xmod/internal/condretry"
	"example.com/xmod/internal/third_party/wait"
)

var defaultBackoff = wait.Backoff{Duration: time.Second, Factor: 3, Jitter: 0.1, Steps: 3}

func temporary(err error) bool { return err != nil }

// A helper that passes its func, wrapped in a condition adapter, to a
// retry library (a copy of k8s wait) makes this call a retry site.
func get(c *http.Client, url string) (res *http.Response, err error) {
	do := func() error {
		res, err = c.Get(url)
		return err
	}
	condretry.Retry(do, temporary, defaultBackoff) // want `helper call ctx=sync`
	return
}

// Trap: a condition that returns (ready, nil) polls a state and stops
// on a failure; waiting for a resource to be ready is no retry.
func ready(c *http.Client, url string) error {
	return condretry.Until(func() (bool, error) {
		res, err := c.Get(url)
		if err != nil {
			return false, err
		}
		return res.StatusCode == http.StatusOK, nil
	}, defaultBackoff)
}

// Trap: a helper that runs its func once per item is no retry.
func each(c *http.Client, urls []string) error {
	return condretry.Each(urls, func(u string) error { _, err := c.Get(u); return err })
}
