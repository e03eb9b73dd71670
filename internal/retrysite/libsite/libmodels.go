package libsite

import (
	"go/ast"
)

// This file maps the interpreter names of the library tables
// (knowledge.Models) to the code that reads each settings vocabulary.
// A table picks its interpreters by name; the model never asks which
// library a site is.

// waitModels read the waits a library site's settings configure.
var waitModels = map[string]func(m *Reader, s *Site) *Wait{
	"retry-go":        (*Reader).retryGoWait,
	"retryablehttp":   (*Reader).retryableWait,
	"sethvargo":       (*Reader).sethvargoWait,
	"failsafe":        (*Reader).failsafeWait,
	"k8s poll":        (*Reader).pollWait,
	"resty/v2":        func(m *Reader, s *Site) *Wait { return m.restyWait(s, true) },
	"resty/v3":        func(m *Reader, s *Site) *Wait { return m.restyWait(s, false) },
	"grpc-middleware": (*Reader).grpcMwWait,
	"dskit":           (*Reader).dskitWait,
	"aws": func(m *Reader, s *Site) *Wait {
		if st := s.Last("Backoff"); st != nil && !m.callsLib(st.Arg(0), "NewExponentialJitterBackoff") {
			return nil
		}
		return &Wait{Kind: WaitLibrary, Pos: s.Pos, Shape: ShapeFullJitter, Desc: "full jitter (aws ExponentialJitterBackoff)"}
	},
	"gax": (*Reader).gaxWait,
}

// outcomeModels read the outcomes a library site retries.
var outcomeModels = map[string]func(m *Reader, s *Site, call *ast.CallExpr){
	"grpc service config": (*Reader).serviceConfigOutcomes,
	"retryablehttp":       func(m *Reader, s *Site, _ *ast.CallExpr) { m.retryableHTTPOutcomes(s) },
	"resty":               func(m *Reader, s *Site, _ *ast.CallExpr) { m.restyOutcomes(s) },
	"cenkalti":            (*Reader).cenkaltiOutcomes,
	"sethvargo":           (*Reader).sethvargoOutcomes,
	"retry-go":            (*Reader).retryGoOutcomes,
	"client-go retry":     (*Reader).clientGoRetryOutcomes,
	"failsafe":            func(m *Reader, s *Site, call *ast.CallExpr) { m.failsafeOutcomes(s, call) },
	"grpc-middleware":     func(m *Reader, s *Site, _ *ast.CallExpr) { m.grpcMiddlewareOutcomes(s) },
	"gax":                 func(m *Reader, s *Site, _ *ast.CallExpr) { m.gaxOutcomes(s) },
	"aws":                 func(m *Reader, s *Site, _ *ast.CallExpr) { m.awsOutcomes(s) },
	"k8s poll":            (*Reader).pollOutcomes, // polls_config.go
}
