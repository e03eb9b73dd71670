package retrysite

import (
	"go/ast"
)

// This file maps the interpreter names of the library tables
// (knowledge.Models) to the code that reads each settings vocabulary.
// A table picks its interpreters by name; the model never asks which
// library a site is.

// waitModels read the waits a library site's settings configure.
var waitModels = map[string]func(m *model, s *Site) *Wait{
	"cenkalti/v4":         func(m *model, s *Site) *Wait { return m.cenkaltiWait(s, false) },
	"cenkalti/v5":         func(m *model, s *Site) *Wait { return m.cenkaltiWait(s, true) },
	"retry-go":            (*model).retryGoWait,
	"retryablehttp":       (*model).retryableWait,
	"sethvargo":           (*model).sethvargoWait,
	"failsafe":            (*model).failsafeWait,
	"k8s":                 (*model).k8sWait,
	"k8s poll":            (*model).pollWait,
	"k8s backoff manager": (*model).k8sManagerWait,
	"resty/v2":            func(m *model, s *Site) *Wait { return m.restyWait(s, true) },
	"resty/v3":            func(m *model, s *Site) *Wait { return m.restyWait(s, false) },
	"grpc-middleware":     (*model).grpcMwWait,
	"dskit":               (*model).dskitWait,
	"aws": func(m *model, s *Site) *Wait {
		if st := s.Last("Backoff"); st != nil && !m.callsLib(st.Arg(0), "NewExponentialJitterBackoff") {
			return nil
		}
		return &Wait{Kind: WaitLibrary, Pos: s.Pos, Shape: ShapeFullJitter, Desc: "full jitter (aws ExponentialJitterBackoff)"}
	},
	"gax": (*model).gaxWait,
}

// outcomeModels read the outcomes a library site retries.
var outcomeModels = map[string]func(m *model, s *Site, call *ast.CallExpr){
	"grpc service config": (*model).serviceConfigOutcomes,
	"retryablehttp":       func(m *model, s *Site, _ *ast.CallExpr) { m.retryableHTTPOutcomes(s) },
	"resty":               func(m *model, s *Site, _ *ast.CallExpr) { m.restyOutcomes(s) },
	"cenkalti":            (*model).cenkaltiOutcomes,
	"sethvargo":           (*model).sethvargoOutcomes,
	"retry-go":            (*model).retryGoOutcomes,
	"client-go retry":     (*model).clientGoRetryOutcomes,
	"failsafe":            func(m *model, s *Site, call *ast.CallExpr) { m.failsafeOutcomes(s, call) },
	"grpc-middleware":     func(m *model, s *Site, _ *ast.CallExpr) { m.grpcMiddlewareOutcomes(s) },
	"gax":                 func(m *model, s *Site, _ *ast.CallExpr) { m.gaxOutcomes(s) },
	"aws":                 func(m *model, s *Site, _ *ast.CallExpr) { m.awsOutcomes(s) },
	"k8s poll":            (*model).pollOutcomes, // polls_config.go
}
