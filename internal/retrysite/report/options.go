package report

import (
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"net/textproto"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/policy"
)

// Options are the settings shared by every retrylint analyzer. They are
// defined once, as the flags of this package's Analyzer; the drivers
// expose them as top-level flags (-context, -ranges) and golangci-lint
// settings map onto them.
type Options struct {
	// Context is the retry context of code with no directive;
	// ContextSet says the run named it (-context), so that the model
	// does not infer one (an asynchronous worker's).
	Context    policy.Context
	ContextSet bool
	// Ranges override the standard's allowed retry ranges per context
	// (a team may tighten them).
	Ranges map[policy.Context]policy.Range
	// KeyHeaders are extra header names accepted as idempotency keys,
	// in canonical form, besides Idempotency-Key.
	KeyHeaders []string
}

// Limits returns the limits in force for c: the standard's, with the
// run's range override if any.
func (o *Options) Limits(c policy.Context) policy.Limits {
	l := policy.For(c)
	if o != nil {
		if r, ok := o.Ranges[c]; ok {
			l.Retries = r
		}
	}
	return l
}

// ContextValue is a flag.Value holding a policy.Context.
type ContextValue struct {
	C   policy.Context
	set bool
}

func (v *ContextValue) String() string {
	if v == nil {
		return policy.SyncAPI.String()
	}
	return v.C.String()
}

func (v *ContextValue) Set(s string) error {
	c, err := policy.ParseContext(s)
	if err != nil {
		return err
	}
	v.C, v.set = c, true
	return nil
}

// RangesValue is a flag.Value holding per-context retry range
// overrides: "sync=1-3,webhook=3-6".
type RangesValue struct {
	M map[policy.Context]policy.Range
}

func (v *RangesValue) String() string {
	if v == nil || len(v.M) == 0 {
		return ""
	}
	var parts []string
	for c, r := range v.M {
		parts = append(parts, c.String()+"="+r.String())
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func (v *RangesValue) Set(s string) error {
	m := make(map[policy.Context]policy.Range)
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, rng, ok := strings.Cut(part, "=")
		if !ok {
			return fmt.Errorf("range %q: want context=min-max, as in sync=1-3", part)
		}
		c, err := policy.ParseContext(name)
		if err != nil {
			return err
		}
		lo, hi, ok := strings.Cut(rng, "-")
		if !ok {
			return fmt.Errorf("range %q: want min-max, as in 1-3", rng)
		}
		min, err1 := strconv.Atoi(strings.TrimSpace(lo))
		max, err2 := strconv.Atoi(strings.TrimSpace(hi))
		if err1 != nil || err2 != nil || min < 0 || max < min {
			return fmt.Errorf("range %q: want 0 <= min <= max", rng)
		}
		std := policy.For(c).Retries
		if min < std.Min || max > std.Max {
			return fmt.Errorf("range %s=%d-%d is wider than the standard's %s (R-2 allows only tightening it)", c, min, max, std)
		}
		m[c] = policy.Range{Min: min, Max: max}
	}
	v.M = m
	return nil
}

// HeadersValue is a flag.Value holding a comma-separated list of header
// names.
type HeadersValue struct{ H []string }

func (v *HeadersValue) String() string {
	if v == nil {
		return ""
	}
	return strings.Join(v.H, ",")
}

func (v *HeadersValue) Set(s string) error {
	var hs []string
	for _, h := range strings.Split(s, ",") {
		h = strings.TrimSpace(h)
		if h == "" {
			continue
		}
		for _, r := range h {
			if !(r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
				return fmt.Errorf("header name %q: only letters, digits and '-' are allowed", h)
			}
		}
		hs = append(hs, textproto.CanonicalMIMEHeaderKey(h))
	}
	v.H = hs
	return nil
}

// Flags are the values behind the retrysite Analyzer's Flags.
type Flags struct {
	context ContextValue
	ranges  RangesValue
	headers HeadersValue
}

// Register defines the flags in fs.
func (f *Flags) Register(fs *flag.FlagSet) {
	fs.Var(&f.context, "context", "retry `context` of code with no //retrylint:context directive: sync, async, webhook, batch or grpc (R-2, R-3)")
	fs.Var(&f.ranges, "ranges", "tighten the allowed retry ranges per context, as in `sync=1-3,webhook=3-6` (R-2)")
	fs.Var(&f.headers, "key-headers", "extra `headers` accepted as idempotency keys, comma-separated (R-6)")
}

// Options returns the options the flags set.
func (f *Flags) Options() *Options {
	return &Options{Context: f.context.C, ContextSet: f.context.set, Ranges: f.ranges.M, KeyHeaders: f.headers.H}
}

// directivePrefix starts a context directive.
const directivePrefix = "//retrylint:context"

// Contexts resolves //retrylint:context directives: in a function's doc
// comment or body they set that function's context; elsewhere in a file
// they set the package's.
type Contexts struct {
	pkg   policy.Context
	funcs []funcContext
	// named: a package directive names the package's context.
	named bool
}

type funcContext struct {
	pos, end token.Pos
	c        policy.Context
}

// Named reports whether a directive names the context in force at pos.
func (cs *Contexts) Named(pos token.Pos) bool {
	return cs.named || slices.ContainsFunc(cs.funcs, func(f funcContext) bool { return f.pos <= pos && pos < f.end })
}

// At returns the context in force at pos.
func (cs *Contexts) At(pos token.Pos) policy.Context {
	best := -1
	for i, f := range cs.funcs {
		if f.pos <= pos && pos < f.end {
			if best < 0 || f.pos > cs.funcs[best].pos {
				best = i
			}
		}
	}
	if best >= 0 {
		return cs.funcs[best].c
	}
	return cs.pkg
}

// parseContexts reads the directives of a package. A malformed directive
// or an unknown context name is a problem of the directive, reported by
// rules.DirectiveOwner as a finding (so that every run of every driver
// fails on it, go vet's cache included); the directive is then ignored.
func parseContexts(fset *token.FileSet, files []*ast.File, def policy.Context) (*Contexts, []directiveProblem) {
	const want = "want //retrylint:context <sync|async|webhook|batch|grpc>"
	cs := &Contexts{pkg: def}
	var problems []directiveProblem
	var pkgSet token.Pos
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				rest, ok := strings.CutPrefix(c.Text, directivePrefix)
				if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
					continue // another directive, such as //retrylint:contextual
				}
				// A comment may follow: //retrylint:context webhook // why
				rest, _, _ = strings.Cut(rest, "//")
				fields := strings.Fields(rest)
				if len(fields) != 1 {
					problems = append(problems, directiveProblem{c.Pos(), fmt.Sprintf("malformed //retrylint:context directive %q: %s", clip(c.Text), want)})
					continue
				}
				ctx, err := policy.ParseContext(fields[0])
				if err != nil {
					problems = append(problems, directiveProblem{c.Pos(), fmt.Sprintf("malformed //retrylint:context directive: unknown context %q; %s", clip(fields[0]), want)})
					continue
				}
				if fd := enclosingFunc(f, c.Pos()); fd != nil {
					cs.funcs = append(cs.funcs, funcContext{fd.Pos(), fd.End(), ctx})
					continue
				}
				if pkgSet.IsValid() && cs.pkg != ctx {
					problems = append(problems, directiveProblem{c.Pos(), fmt.Sprintf("conflicting //retrylint:context directives: package context %s here, %s at %s", ctx, cs.pkg, shortPosition(fset, pkgSet))})
					continue
				}
				cs.pkg, pkgSet, cs.named = ctx, c.Pos(), true
			}
		}
	}
	return cs, problems
}

// shortPosition is "file.go:12", for messages.
func shortPosition(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// enclosingFunc returns the function declaration whose doc comment or
// body holds pos.
func enclosingFunc(f *ast.File, pos token.Pos) *ast.FuncDecl {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		start := fd.Pos()
		if fd.Doc != nil {
			start = fd.Doc.Pos()
		}
		if start <= pos && pos < fd.End() {
			return fd
		}
	}
	return nil
}
