package retry

import "time"

// RequestAt and AllowRetryAt let benchmarks leave the clock out.
func (b *Budget) RequestAt(dep string, now time.Time) { b.dep(dep).add(now, 0) }

func (b *Budget) AllowRetryAt(dep string, now time.Time) bool {
	d := b.dep(dep)
	reqs, rets := d.sum(now)
	if !b.allows(reqs, rets) {
		return false
	}
	d.add(now, 1)
	return true
}
