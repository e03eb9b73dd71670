// Package requeuecount gives up on an item after some requeues: the count
// is the package's (NumRequeues), which the model does not read.
package requeuecount

import (
	"context"
	"net/http"

	"k8s.io/client-go/util/workqueue"
)

type Controller struct {
	client *http.Client
	q      workqueue.TypedRateLimitingInterface[string]
}

func (c *Controller) sync(ctx context.Context, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://api/"+key, nil)
	if err != nil {
		return err
	}
	resp, err := c.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Must not flag: the example controller's handleErr, inline.
func (c *Controller) processNext(ctx context.Context) bool {
	key, quit := c.q.Get()
	if quit {
		return false
	}
	defer c.q.Done(key)
	if err := c.sync(ctx, key); err != nil {
		if c.q.NumRequeues(key) < 5 {
			c.q.AddRateLimited(key) // want `library workqueue ctx=sync bound=\?`
			return true
		}
	}
	c.q.Forget(key)
	return true
}
