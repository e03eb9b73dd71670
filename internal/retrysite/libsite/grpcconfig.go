package libsite

import (
	"fmt"
	"go/ast"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// serviceConfigSites makes one site per valid retryPolicy of a service
// config the model can read (libread.Reader.ServiceConfig), with the cap
// of a grpc.WithMaxCallAttempts written in the same function.
func (m *Reader) serviceConfigSites(base *site.Site) []*site.Site {
	call := base.Node.(*ast.CallExpr)
	if len(call.Args) != 1 {
		return nil
	}
	maxCall := base.Lib.CapDefault
	if base.Func != nil {
		ast.Inspect(base.Func, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if fn := typesx.Callee(m.info, c); fn != nil && fn.Pkg() != nil && m.copies.Path(fn.Pkg()) == base.Lib.Paths[0] && fn.Name() == base.Lib.CapOption && len(c.Args) == 1 {
				if v, ok := m.IntValue(c.Args[0]); ok {
					maxCall = int(v)
					if maxCall < 2 {
						maxCall = base.Lib.CapDefault
					}
				}
			}
			return true
		})
	}
	ps, ok := m.libread().ServiceConfig(call.Args[0], maxCall)
	if !ok {
		return nil
	}
	var sites []*site.Site
	for _, p := range ps {
		if !p.Valid {
			continue
		}
		s := *base
		s.GRPCPolicy = p
		s.Settings = nil
		s.Bound = site.Bound{Kind: site.BoundKnown, Retries: p.Attempts - 1, Expr: call.Args[0]}
		s.Bound.Counted = fmt.Sprintf("maxAttempts %d = %s", p.MaxAttempts, site.CountedAttempts(p.Attempts))
		if p.Attempts != p.MaxAttempts {
			s.Bound.Counted = fmt.Sprintf("maxAttempts %d, capped by gRPC to %s", p.MaxAttempts, site.CountedAttempts(p.Attempts))
		}
		m.libWaits(&s)
		m.libOutcomes(&s)
		m.timeouts.Library(&s)
		sites = append(sites, &s)
	}
	return sites
}
