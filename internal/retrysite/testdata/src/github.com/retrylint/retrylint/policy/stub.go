// Package policy is a stub of github.com/retrylint/retrylint/policy for analysistest (GOPATH mode):
// the retry contexts, numbered as in the package.
package policy

type Context int

const (
	SyncAPI Context = iota
	AsyncEvent
	Webhook
	Batch
	GRPCUnary
)
