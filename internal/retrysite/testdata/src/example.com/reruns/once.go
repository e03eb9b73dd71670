package reruns

import "errors"

// A re-run once after reconfiguration: the path back sets a flag that
// its condition requires unset, and changes the endpoints first. The loop
// goes back at most once, to another configuration.

var errMoved = errors.New("moved")

type fetcher interface {
	Fetch() (int, error)
	Reseed(seeds []string) error
}

func fetchMeta(f fetcher, seeds func() ([]string, error)) (int, error) {
	var reseeded bool
start:
	n, err := f.Fetch()
	if !reseeded && errors.Is(err, errMoved) {
		s, serr := seeds()
		if serr == nil {
			if serr = f.Reseed(s); serr == nil {
				reseeded = true
				goto start
			}
		}
	}
	return n, err
}

// Going back once with nothing changed on the way is a retry, however
// short.
func fetchTwice(f fetcher) (int, error) {
	var retried bool
start: // want `loop ctx=sync retries=1`
	n, err := f.Fetch()
	if err != nil && !retried {
		retried = true
		goto start
	}
	return n, err
}

// A flag the loop clears again does not bound it: both sides of the
// reseed go round again, and the loop ends only on success (joinfork.go).
func fetchReset(f fetcher, seeds []string) (int, error) {
	reseeded := false
	for { // want `loop ctx=sync unbounded`
		n, err := f.Fetch()
		if err == nil {
			return n, nil
		}
		if !reseeded {
			if f.Reseed(seeds) == nil {
				reseeded = true
				continue
			}
		}
		reseeded = false
	}
}
