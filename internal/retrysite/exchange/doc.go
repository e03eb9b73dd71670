// Package exchange tells whether a function makes an exchange with the
// package's own event loop that crosses an integration boundary: a
// request handed to the loop over a channel, whose reply the sender
// awaits,
//
//	req := &getInfoRequest{doneCh: make(chan struct{})}
//	c.eventsCh <- req
//	<-req.doneCh
//	return req.res, req.err
//
// while the loop that receives from the same channel field dispatches on
// the request's type and hands it to a handler that makes the call:
//
//	case ev := <-c.eventsCh:
//		switch v := ev.(type) {
//		case *getInfoRequest:
//			c.handleGetInfo(v) // calls the server, sets v.err
//
// The exchange crosses an integration boundary when that handler does:
// the sender is a client of its own event loop, and a literal that makes
// the exchange is an operation like one that calls the handler itself.
// Only a send of a request the sender then waits on (a receive from one
// of its fields) and reads a field of counts; a request the package
// handles nowhere, or whose handler makes no integration call, does not.
//
// The retry-site model asks IsIntegration when it decides whether a
// function or literal of the package is an operation (retrysite's
// integration.go, funclits.go), and answers whether a handler's callee
// crosses a boundary. Its tests run the retrysite Analyzer over
// testdata/src/example.com/exchange.
package exchange

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// model is the exchange reader of one package: its type information and
// the model's answer to whether a function of the package may cross an
// integration boundary (depth as the model counts it).
type model struct {
	pass              *analysis.Pass
	info              *types.Info
	pkg               *types.Package
	funcIsIntegration func(fn *types.Func, depth int) bool
}

// IsIntegration reports whether body (outside nested literals) makes an
// exchange whose handler may cross an integration boundary
// (exchangeIsIntegration); info and pkg are those of the package the
// model reads, funcIsIntegration the model's test of a callee.
func IsIntegration(pass *analysis.Pass, info *types.Info, pkg *types.Package, funcIsIntegration func(fn *types.Func, depth int) bool, body *ast.BlockStmt) bool {
	m := model{pass: pass, info: info, pkg: pkg, funcIsIntegration: funcIsIntegration}
	return m.exchangeIsIntegration(body)
}
