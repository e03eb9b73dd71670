package report

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/policy"
)

// Subject names a site for the first words of a finding: what is
// retried and how, in the user's terms.
//
//	retry of client.Do (POST /payments)       a hand-written loop (or goto)
//	recursive retry of client.Post (POST)     a function that calls itself
//	retry helper retryHelper of f             a call of a same-package helper
//	backoff.Retry of op                       a retry library call and its operation
//	go-retryablehttp retry of c.Do (GET)      a retrying client
//	failsafe-go retry policy                  a retry configuration whose operation is elsewhere
//	gRPC service config retry policy
//
// info is the package's type information, to find a library call's
// operation among its arguments.
func Subject(s *site.Site, info *types.Info) string {
	op := opPhrase(s, info)
	switch s.Kind {
	case site.Loop:
		if op != "" {
			return "retry of " + op
		}
		return "retry loop"
	case site.Recursion:
		if op != "" {
			return "recursive retry of " + op
		}
		return "recursive retry"
	case site.HelperCall:
		t := "retry helper"
		if call, ok := s.Node.(*ast.CallExpr); ok {
			t += " " + shortExpr(call.Fun)
		}
		if op != "" {
			t += " of " + op
		}
		return t
	case site.Library:
		call, _ := s.Node.(*ast.CallExpr)
		if op == "" && call != nil {
			op = funcArgPhrase(info, call)
		}
		name := "retry"
		if s.Lib != nil {
			name = strings.TrimSuffix(s.Lib.Name, " retry")
		}
		switch {
		case op == "":
			return name + " retry policy"
		case call != nil && !opIsCall(s, call) && isLibraryEntry(call):
			return shortExpr(call.Fun) + " of " + op
		}
		return name + " retry of " + op
	}
	return "retry"
}

// opPhrase names the site's operations: "client.Do (POST /payments)",
// "a and b" for two; "" when none is known. Operations that send an HTTP
// request with a known method are named before (and instead of) the
// others, and calls into the reference retry package (a classifier such
// as retry.CheckResponse, a mark such as retry.Retryable) are never
// named: they are not what is retried.
func opPhrase(s *site.Site, info *types.Info) string {
	var names, withMethod []string
	for _, o := range s.Ops {
		// o.Users: the users' sends of a client handed out (keptcount.go)
		if o == nil || o.Call == nil || o.Users ||
			o.Callee != nil && o.Callee.Pkg() != nil && o.Callee.Pkg().Path() == knowledge.RetryPackage {
			continue
		}
		n := shortExpr(o.Call.Fun)
		if lit, ok := ast.Unparen(o.Call.Fun).(*ast.FuncLit); ok {
			n = litSend(info, lit) // an attempt written in place
		}
		if o.Method != "" && o.Method != site.MethodAny { // idemkey says it
			m := o.Method
			if p := urlPath(s, o); p != "" {
				m += " " + p
			}
			n += " (" + m + ")"
			if !slices.Contains(withMethod, n) {
				withMethod = append(withMethod, n)
			}
		}
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	if len(withMethod) > 0 {
		names = withMethod
	}
	if len(names) > 2 {
		names = names[:2]
	}
	return strings.Join(names, " and ")
}

// litSend names a function literal called in place as the attempt
// (loopErr := func() error { ...; resp, err = hc.Do(req); ... }()): by
// the first call in it that returns an HTTP response, else "a func
// literal".
func litSend(info *types.Info, lit *ast.FuncLit) string {
	name := "a func literal"
	if info == nil {
		return name
	}
	found := false
	typesx.InspectNoLitsUntil(&found, lit.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		t, _ := info.TypeOf(c).(*types.Tuple)
		for i := 0; t != nil && i < t.Len(); i++ {
			if typesx.IsNamed(typesx.Deref(t.At(i).Type()), "net/http", "Response") {
				name, found = shortExpr(c.Fun), true
			}
		}
		return !found
	})
	return name
}

// opIsCall reports whether one of the site's operations is call itself
// (a retrying client's c.Do).
func opIsCall(s *site.Site, call *ast.CallExpr) bool {
	return slices.ContainsFunc(s.Ops, func(o *site.Op) bool { return o != nil && o.Call == call })
}

// isLibraryEntry reports whether call is a package-level function of
// the retry library (backoff.Retry, retry.Do, retry.OnError), which names
// the retry better than the library's name.
func isLibraryEntry(call *ast.CallExpr) bool {
	fun := call.Fun
	if ix, ok := fun.(*ast.IndexExpr); ok { // backoff.Retry[T]
		fun = ix.X
	}
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	_, ok = sel.X.(*ast.Ident)
	return ok
}

// funcArgPhrase names the operation a library call retries: its first
// function argument ("op"), or in a function literal the first call it
// makes ("work").
func funcArgPhrase(info *types.Info, call *ast.CallExpr) string {
	for _, a := range call.Args {
		a = ast.Unparen(a)
		if !opReturnsError(info, a) {
			continue // a callback that configures, not an operation
		}
		if lit, ok := a.(*ast.FuncLit); ok {
			var name string
			ast.Inspect(lit.Body, func(n ast.Node) bool {
				if name != "" {
					return false
				}
				if c, ok := n.(*ast.CallExpr); ok {
					if tv, ok := info.Types[c.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
						return true // a conversion or a builtin
					}
					name = shortExpr(c.Fun)
					return false
				}
				return true
			})
			if name != "" {
				return name
			}
			return "a func literal"
		}
		switch a.(type) {
		case *ast.Ident, *ast.SelectorExpr:
			return shortExpr(a)
		}
	}
	return ""
}

// urlPath returns the path of the URL the operation's request is made
// with, when it is written in the request's constructor call
// (http.NewRequest("POST", "https://api/payments", body) or
// base+"/payments"): "/payments"; "" otherwise.
func urlPath(s *site.Site, o *site.Op) string {
	if !o.MethodPos.IsValid() || s.Func == nil {
		return ""
	}
	var ctor *ast.CallExpr
	ast.Inspect(s.Func, func(n ast.Node) bool {
		if ctor != nil {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok || !(c.Lparen < o.MethodPos && o.MethodPos < c.Rparen) {
			return n == nil || n.Pos() <= o.MethodPos && o.MethodPos < n.End()
		}
		if id := typesx.NameIdent(c.Fun); id != nil && (id.Name == "NewRequest" || id.Name == "NewRequestWithContext") {
			ctor = c
			return false
		}
		return true
	})
	if ctor == nil {
		return ""
	}
	for i, a := range ctor.Args {
		if a.Pos() <= o.MethodPos && o.MethodPos < a.End() && i+1 < len(ctor.Args) {
			return pathOf(ctor.Args[i+1])
		}
	}
	return ""
}

// opReturnsError reports whether e is a function whose last result is an
// error: an operation a retry library runs.
func opReturnsError(info *types.Info, e ast.Expr) bool {
	if info == nil {
		return false
	}
	t := info.TypeOf(e)
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	return ok && sig.Results().Len() > 0 && typesx.IsErrorIface(sig.Results().At(sig.Results().Len()-1).Type())
}

// pathOf returns the path of a URL written as a string literal, or of
// the literal that ends a concatenation ("…/payments").
func pathOf(e ast.Expr) string {
	e = ast.Unparen(e)
	prefix := ""
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.ADD {
		e, prefix = ast.Unparen(b.Y), "…"
	}
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return ""
	}
	v, err := strconv.Unquote(lit.Value)
	if err != nil {
		return ""
	}
	if prefix == "" {
		u, err := url.Parse(v)
		if err != nil || u.Path == "" {
			return ""
		}
		v = u.Path
	} else if i := strings.IndexAny(v, "?#"); i >= 0 {
		v = v[:i]
	}
	if v == "" || len(v) > 40 || strings.ContainsAny(v, " \t\n") {
		return ""
	}
	return prefix + v
}

// shortExpr renders a called expression for messages: "client.Do",
// and for long chains the last selector ("c.R()….Post" is "Post").
func shortExpr(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) <= 32 {
		return s
	}
	switch e := e.(type) {
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.IndexExpr:
		return shortExpr(e.X)
	}
	return s[:31] + "…"
}

// Message lengths: a finding is one line, read in a pull request's
// annotation. MessageTarget is what Message aims for; MessageLimit is
// the hard limit the message tests enforce.
const (
	MessageTarget = 120
	MessageLimit  = 160
)

// Message builds a finding's message: "R-1: " + subject + " " + evidence
// (the evidence may start with ":" or ";"), then the first of the hints
// that keeps the message within MessageTarget, if any. The standard's
// text and the full recipe are in `retrylint -explain RULE`.
//
// A message over MessageTarget loses the parenthesized details of its
// evidence, longest first, until it fits; one still over MessageLimit is
// cut at the last clause that fits.
func Message(rule, subject, evidence string, hints ...string) string {
	head := rule + ": " + subject
	join := func(ev string) string {
		if ev == "" {
			return head
		}
		if ev[0] != ':' && ev[0] != ';' && ev[0] != ',' {
			return head + " " + ev
		}
		return head + ev
	}
	for len(join(evidence)) > MessageTarget {
		shorter, ok := dropLongestParen(evidence)
		if !ok {
			break
		}
		evidence = shorter
	}
	msg := join(evidence)
	if len(msg) > MessageLimit {
		msg = cutClause(msg, MessageLimit)
	}
	for _, h := range hints {
		if len(msg)+len(h) <= MessageTarget {
			return msg + h
		}
	}
	return msg
}

// dropLongestParen removes the longest parenthesized remark (a group
// after a space, with the space) from s.
func dropLongestParen(s string) (string, bool) {
	best, bestEnd := -1, -1
	var stack []int
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			stack = append(stack, i)
		case ')':
			if len(stack) == 0 {
				continue
			}
			start := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			// Only remarks, " (...)": not a call's arguments.
			if len(stack) == 0 && start > 0 && s[start-1] == ' ' && (best < 0 || i-start > bestEnd-best) {
				best, bestEnd = start, i
			}
		}
	}
	if best < 0 {
		return s, false
	}
	start := best
	if start > 0 && s[start-1] == ' ' {
		start--
	}
	return s[:start] + s[bestEnd+1:], true
}

// cutClause cuts s at the last clause boundary ("; ", ": ", " and ",
// else ", ") that keeps it within limit bytes, or at a word.
func cutClause(s string, limit int) string {
	cut := -1
	for _, seps := range [][]string{{"; ", ": ", " and "}, {", "}} {
		for _, sep := range seps {
			if i := strings.LastIndex(s[:limit], sep); i > cut && i > limit/2 {
				cut = i
			}
		}
		if cut >= 0 {
			break
		}
	}
	if cut < 0 {
		cut = strings.LastIndex(s[:limit-len("…")], " ")
		if cut <= 0 {
			cut = limit - len("…")
		}
		return s[:cut] + "…"
	}
	return strings.TrimRight(s[:cut], ",;:") // "..., and more" cut at " and "
}

// ContextPhrase names a retry context for "outside 1-5 for ...":
// "a synchronous API call", "async event processing".
func ContextPhrase(c policy.Context) string {
	t := c.Title()
	if c == policy.AsyncEvent {
		return t
	}
	return "a " + t
}

// FormatDuration prints a duration without trailing zero units, for
// messages: 15m, 1h, 1.5s.
func FormatDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-2]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-2]
	}
	return s
}

// Plural returns one when n is 1, else many: "1 attempt", "3 attempts".
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
