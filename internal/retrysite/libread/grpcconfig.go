package libread

import (
	"encoding/json"
	"go/ast"
	"strconv"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/policy"
)

// ServiceConfig returns the retry policies of the gRPC service config x
// evaluates to, one per methodConfig with a retryPolicy the model can
// read, with maxCall the cap of grpc.WithMaxCallAttempts (5 by
// default). ok is false when x is no service config the model can
// read; a policy that holds a string the model cannot know is left out.
func (r *Reader) ServiceConfig(x ast.Expr, maxCall int) (ps []*site.GRPCRetryPolicy, ok bool) {
	text, ok := r.serviceConfigText(x, 0) // grpcconfig_build.go
	if !ok {
		return nil, false
	}
	var doc any
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		return nil, false // gRPC rejects it at dial time (or a placeholder broke it)
	}
	for _, mc := range jsonList(jsonField(doc, "methodConfig")) {
		rp := jsonField(mc, "retryPolicy")
		if rp == nil || hasUnknownJSON(rp) {
			continue
		}
		p := &site.GRPCRetryPolicy{}
		for _, n := range jsonList(jsonField(mc, "name")) {
			name, _ := jsonField(n, "service").(string)
			if meth, _ := jsonField(n, "method").(string); meth != "" {
				name += "/" + meth
			}
			p.Methods = append(p.Methods, name)
		}
		if f, ok := jsonField(rp, "maxAttempts").(float64); ok {
			p.MaxAttempts = int(f)
		}
		p.Timeout = jsonDuration(jsonField(mc, "timeout"))
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
		ps = append(ps, p)
	}
	return ps, true
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
