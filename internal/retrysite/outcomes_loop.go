package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/outcomes"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waits"
)

// The outcomes a hand-written site retries are described by package
// outcomes; this file gives it the site's operation and a Try that runs
// the interpreter (sim.go) under one of its scenarios.

// loopOutcomes finds the outcomes that lead a hand-written site to
// another attempt (outcomes.Describer.Loop).
func (m *model) loopOutcomes(s *Site, fi *funcInfo, g *opGroup) {
	if len(g.calls) == 0 {
		return
	}
	ref, ok := fi.CallNode(g.calls[0])
	if !ok {
		return
	}
	var in scope
	target := g.set
	switch n := s.Node.(type) {
	case *ast.ForStmt:
		in = fi.LoopScope(n)
	case *ast.RangeStmt:
		in = fi.LoopScope(n)
	case *ast.FuncDecl:
		if self, _ := m.info.Defs[n.Name].(*types.Func); self != nil {
			target = typesx.Union(g.set, waits.SelfCalls(m.info, m.ReentryDecl, n.Body, self))
		}
	}
	try := func(o outcomes.Scenario, certain bool) outcomes.Reach {
		goal := goalAgain
		if certain {
			goal = interp.GoalCertain
		}
		// A list the loop tests the status against may be one of
		// several: each decides (interp's membership.go).
		again, certain := m.OverListChoices(func() (bool, bool) {
			r := fi.Reach(g.set, target, ref, outcomeScenario(o), in, goal)
			return r.Again, r.AgainCertain
		})
		return outcomes.Reach{Again: again, AgainCertain: certain}
	}
	call := g.calls[0]
	outcomes.New(m.info, m.pkg, m).Loop(s, outcomes.Loop{
		Call:            call,
		Body:            fi.Body,
		ReturnsResponse: fi.ReportsStatus(g.set),
		Try:             try,
	})
}

// failureOutcomes finds, for a site retried only on a failure path of a
// loop that comes back on success too, the error statuses that certainly
// lead back (a 4xx a same-package helper turned into an error the failure
// path retries, helpererr.go). What else the loop repeats is its own
// business: when a 2xx or 3xx certainly comes back, the loop repeats
// responses of every kind and nothing is listed; gRPC codes and
// certificate errors are not listed either.
func (m *model) failureOutcomes(s *Site, fi *funcInfo, g *opGroup) {
	m.loopOutcomes(s, fi, g)
	o := s.Retried

	s.Retried = nil
	if o == nil || len(o.HTTP) == 0 || o.HTTP[0] < 400 {
		return
	}
	s.Retried = &site.Outcomes{HTTP: o.HTTP, Pos: o.Pos, Decision: o.Decision}
}

// outcomeScenario is the interpreter's scenario for one of package
// outcomes'.
func outcomeScenario(o outcomes.Scenario) scenario {
	switch o.Kind {
	case outcomes.HTTPStatus:
		return statusScenario(o.Code)
	case outcomes.GRPCCode:
		return interp.GrpcScenario(o.Code)
	case outcomes.ErrStatus:
		return interp.ErrStatusScenario(o.Code)
	case outcomes.CertError:
		return errClassScenario(interp.ErrCert)
	default:
		return errClassScenario(interp.ErrOther)
	}
}
