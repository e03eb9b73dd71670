package libread

import (
	"fmt"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
	"go/ast"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/policy"
)

// PolicyWait is the wait of a site of one gRPC retryPolicy:
// min(initialBackoff×backoffMultiplier^n, maxBackoff) × random[0.8, 1.2)
// (google.golang.org/grpc@v1.85.0/stream.go).
func (r *Reader) PolicyWait(s *site.Site) *site.Wait {
	p := s.GRPCPolicy
	w := &site.Wait{Kind: site.WaitLibrary, Pos: s.Pos, Base: p.InitialBackoff, Cap: p.MaxBackoff}
	if call, ok := s.Node.(*ast.CallExpr); ok && len(call.Args) == 1 {
		w.Expr = call.Args[0]
	}
	if p.BackoffMultiplier <= 1 || p.InitialBackoff >= p.MaxBackoff {
		w.Shape = site.ShapeConstant
		d := min(p.InitialBackoff, p.MaxBackoff)
		w.Desc = fmt.Sprintf("a fixed %s ±20%% (backoffMultiplier %s, initialBackoff %s, maxBackoff %s; gRPC's own jitter is ±20%%)", d, waitshape.Float(p.BackoffMultiplier), p.InitialBackoff, p.MaxBackoff)
		return w
	}
	w.Shape = site.ShapePartialJitter
	w.Desc = fmt.Sprintf("partial jitter: gRPC scales each backoff by a random 0.8-1.2 (never below 67%% of the longest); the backoff %s",
		waitshape.Expo(p.BackoffMultiplier, p.InitialBackoff, p.MaxBackoff))
	return w
}

// PolicyOutcomes are the outcomes a site of one gRPC retryPolicy
// retries: its retryableStatusCodes.
func (r *Reader) PolicyOutcomes(s *site.Site) *site.Outcomes {
	if s.GRPCPolicy == nil {
		return nil
	}
	o := &site.Outcomes{GRPC: append([]policy.GRPCCode(nil), s.GRPCPolicy.Codes...), Pos: s.Pos, Decision: "retryableStatusCodes " + strings.Join(s.GRPCPolicy.RetryableStatusCodes, ", ")}
	if call, ok := s.Node.(*ast.CallExpr); ok && len(call.Args) == 1 {
		o.Pos = call.Args[0].Pos()
	}
	return o
}
