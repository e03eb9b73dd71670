// Package peerbench benchmarks package retry beside other Go retry
// libraries: cenkalti/backoff v4 and v5, avast/retry-go v5,
// sethvargo/go-retry and failsafe-go. It is a module of its own so that
// those libraries never enter retrylint's go.mod. Run it from this
// directory:
//
//	go test -run '^$' -bench . -benchmem -count 10 -cpu 1,2 | tee new.txt
//	benchstat -col /impl new.txt
//
// The numbers are kept in retry/BENCHMARKS.md.
package peerbench
