package knowledge

// Swap attempts: methods, by name, whose first result, a bool, reports
// whether a compare-and-swap was applied, with an error as their last
// result: a key-value store's check-and-set (hashicorp/consul/api
// v1.34.5 kv.go, (*KV).CAS: "returns true if the CAS succeeded", (bool,
// *WriteMeta, error)). A false with a nil error is a conflict: another
// writer came first, and the write was not applied. A loop that calls
// one again after a conflict or an error retries the write (the
// labelled dskit kv/consul cas loop, and etcd's Txn-based ones); the
// model reads the bool as the attempt's outcome only for calls that
// cross an integration boundary (an in-memory CAS, sync/atomic's
// CompareAndSwap with no error, is local work).
var swapNames = map[string]bool{"CAS": true, "CompareAndSwap": true, "CompareAndSet": true}

// IsSwapAttempt reports whether a method named name, returning a bool
// first and an error last, is a compare-and-swap whose bool reports that
// the write was applied.
func IsSwapAttempt(name string) bool { return swapNames[name] }
