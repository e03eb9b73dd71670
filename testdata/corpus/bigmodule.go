package corpus

// The benchmark (scripts/bench.sh) also runs over k8s.io/client-go/...,
// every package of a big module. Those packages need a few modules that
// the corpus packages do not import (diskv, gomemcache, k8s.io/streaming,
// ...): go.mod requires them and go.sum has their sums, added with
// `go get k8s.io/client-go/...@v0.37.2`. Do not `go mod tidy` this module:
// tidy would drop them.
