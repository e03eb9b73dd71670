package retrysite

// primaryOps (see waits/periodic_backoff.go) returns the operations of one site less those retried only
// through a backoff the success path shares, when the site has others:
// a loop that retries its request, and on the first failure also asks
// once for a list of fallback hosts, retries the request; the list's
// lookup comes back through the backoff only because the walk does not
// know the list is set after a success.
func primaryOps(ops []*opGroup) []*opGroup {
	var res []*opGroup
	for _, g := range ops {
		if !g.viaBackoff {
			res = append(res, g)
		}
	}
	if len(res) == 0 {
		return ops
	}
	return res
}
