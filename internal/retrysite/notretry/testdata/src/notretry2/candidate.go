package notretry2

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"net"
	"net/http"
	"strings"
)

// A loop that draws a new random name before each attempt and goes on
// while the name is taken searches for a free name: each iteration is a
// new request, not the same one again.

var errExists = errors.New("already exists")

type object struct{ name string }

func (o *object) SetName(n string) { o.name = n }

// create stands for a store's Create: a function value the model cannot
// see into.
type create func(ctx context.Context, o *object) error

func createGenerated(ctx context.Context, s create, o *object, base string) error {
	var err error
	for range 7 {
		o.SetName(fmt.Sprintf("%s%d", base, rand.Intn(100000)))
		err = s(ctx, o)
		if !errors.Is(err, errExists) {
			break
		}
	}
	return err
}

func createNamed(ctx context.Context, base string) error {
	var err error
	for range 7 {
		name := base + fmt.Sprint(rand.Int63())
		var resp *http.Response
		resp, err = http.Post("https://api.example.com/objects/"+name, "text/plain", strings.NewReader(""))
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return err
}

// The same loops with the same name each time, or with a random value
// only in a header or in the wait, retry the same request.

func createSame(ctx context.Context, s create, o *object) error {
	var err error
	for range 7 { // want `loop ctx=sync retries=6`
		err = s(ctx, o)
		if !errors.Is(err, errExists) {
			break
		}
	}
	return err
}

func requestID(req *http.Request) error {
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		req.Header.Set("X-Request-Id", fmt.Sprint(rand.Int63()))
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return nil
}

// A loop that runs the call again only when the attempt's own
// cancel-only context was cancelled (a switch-over) restarts it on
// request; the same loop on a per-attempt timeout retries it, with no
// count (context.DeadlineExceeded is a sentinel of the standard library,
// compared with, not a count).

func restartOnSwitch(ctx context.Context, fn func(context.Context) error) error {
	for {
		attempt, cancel := context.WithCancel(ctx)
		err := fn(attempt)
		cancel()
		if err == nil {
			return nil
		}
		if attempt.Err() == context.Canceled && ctx.Err() == nil {
			continue
		}
		return err
	}
}

func retryOnTimeout(ctx context.Context, fn func(context.Context) error) error {
	for { // want `loop ctx=sync unbounded`
		attempt, cancel := context.WithTimeout(ctx, 0)
		err := fn(attempt)
		cancel()
		if err == nil {
			return nil
		}
		if attempt.Err() == context.DeadlineExceeded && ctx.Err() == nil {
			continue
		}
		return err
	}
}

// A random port set on the address the call takes: a new candidate; the
// same address each time retries.

type listener interface{ Close() error }

type remote func(addr *net.TCPAddr) (listener, error)

func listenRandomPort(listen remote, laddr *net.TCPAddr) (listener, error) {
	var err error
	for i := 0; i < 10; i++ {
		addr := *laddr
		addr.Port = 1024 + rand.Intn(60000)
		var l listener
		if l, err = listen(&addr); err == nil {
			return l, nil
		}
	}
	return nil, err
}

func listenSamePort(listen remote, laddr *net.TCPAddr) (listener, error) {
	var err error
	for i := 0; i < 10; i++ { // want `loop ctx=sync retries=9`
		addr := *laddr
		addr.Port = 8080
		var l listener
		if l, err = listen(&addr); err == nil {
			return l, nil
		}
	}
	return nil, err
}
