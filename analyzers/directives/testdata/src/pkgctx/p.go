// Package pkgctx has two package contexts that disagree.
package pkgctx

//retrylint:context webhook

//retrylint:context batch // want `conflicting //retrylint:context directives: package context batch here, webhook at p.go:4`
