package libsite

import (
	"go/ast"
)

// This file maps the interpreter names of the library tables
// (knowledge.Models) to the code that reads each outcome vocabulary.
// A table picks its interpreters by name; the model never asks which
// library a site is.

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
