package retrysite

import (
	"encoding/json"
	"fmt"
	"github.com/retrylint/retrylint/internal/knowledge"
	"go/ast"
	"strconv"
	"strings"
	"time"

	"github.com/retrylint/retrylint/policy"
)

// serviceConfigSites makes one site per retryPolicy of a constant
// service config. Keys are matched case-insensitively, as gRPC's JSON
// decoding does.
func (m *model) serviceConfigSites(base *Site) []*Site {
	call := base.Node.(*ast.CallExpr)
	if len(call.Args) != 1 {
		return nil
	}
	text, ok := m.serviceConfigText(call.Args[0], 0) // grpcconfig_build.go
	if !ok {
		return nil
	}
	var doc any
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		return nil // gRPC rejects it at dial time (or a placeholder broke it)
	}
	maxCall := 5
	if base.Func != nil {
		ast.Inspect(base.Func, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if fn := typeutilCallee(m.info, c); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == knowledge.PathGRPC && fn.Name() == "WithMaxCallAttempts" && len(c.Args) == 1 {
				if v, ok := m.intValue(c.Args[0]); ok {
					maxCall = int(v)
					if maxCall < 2 {
						maxCall = 5
					}
				}
			}
			return true
		})
	}
	var sites []*Site
	for _, mc := range jsonList(jsonField(doc, "methodConfig")) {
		rp := jsonField(mc, "retryPolicy")
		if rp == nil || hasUnknownJSON(rp) {
			continue
		}
		p := &GRPCRetryPolicy{}
		for _, n := range jsonList(jsonField(mc, "name")) {
			svc, _ := jsonField(n, "service").(string)
			meth, _ := jsonField(n, "method").(string)
			switch {
			case meth != "":
				p.Methods = append(p.Methods, svc+"/"+meth)
			default:
				p.Methods = append(p.Methods, svc)
			}
		}
		if f, ok := jsonField(rp, "maxAttempts").(float64); ok {
			p.MaxAttempts = int(f)
		}
		p.InitialBackoff = jsonDuration(jsonField(rp, "initialBackoff"))
		p.MaxBackoff = jsonDuration(jsonField(rp, "maxBackoff"))
		if f, ok := jsonField(rp, "backoffMultiplier").(float64); ok {
			p.BackoffMultiplier = f
		}
		for _, c := range jsonList(jsonField(rp, "retryableStatusCodes")) {
			switch c := c.(type) {
			case string:
				p.RetryableStatusCodes = append(p.RetryableStatusCodes, c)
				if code, ok := policy.ParseGRPCCode(c); ok {
					p.Codes = append(p.Codes, code)
				} else if n, err := strconv.Atoi(c); err == nil {
					p.Codes = append(p.Codes, policy.GRPCCode(n))
				}
			case float64:
				p.RetryableStatusCodes = append(p.RetryableStatusCodes, strconv.Itoa(int(c)))
				p.Codes = append(p.Codes, policy.GRPCCode(c))
			}
		}
		p.Valid = p.MaxAttempts > 1 && p.InitialBackoff > 0 && p.MaxBackoff > 0 && p.BackoffMultiplier > 0 && len(p.Codes) > 0
		p.Attempts = min(p.MaxAttempts, maxCall)
		if !p.Valid {
			continue
		}
		s := *base
		s.GRPCPolicy = p
		s.Settings = nil
		s.Bound = Bound{Kind: BoundKnown, Retries: p.Attempts - 1, Expr: call.Args[0]}
		if p.Attempts != p.MaxAttempts {
			s.Bound.Counted = fmt.Sprintf("maxAttempts %d, capped by gRPC to %s", p.MaxAttempts, countedAttempts(p.Attempts))
		} else {
			s.Bound.Counted = fmt.Sprintf("maxAttempts %d = %s", p.MaxAttempts, countedAttempts(p.Attempts))
		}
		m.libWaits(&s)
		m.libOutcomes(&s)
		m.timeouts.Library(&s)
		sites = append(sites, &s)
	}
	return sites
}

// jsonField returns the field of a JSON object, matching the key
// case-insensitively.
func jsonField(v any, key string) any {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	if x, ok := obj[key]; ok {
		return x
	}
	for k, x := range obj {
		if strings.EqualFold(k, key) {
			return x
		}
	}
	return nil
}

func jsonList(v any) []any {
	l, _ := v.([]any)
	return l
}

// jsonDuration parses a protobuf JSON duration ("0.1s").
func jsonDuration(v any) time.Duration {
	s, ok := v.(string)
	if !ok || !strings.HasSuffix(s, "s") {
		return 0
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(s, "s"), 64)
	if err != nil {
		return 0
	}
	return time.Duration(f * float64(time.Second))
}
