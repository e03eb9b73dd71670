// Package insecure is a stub of google.golang.org/grpc/credentials/insecure for analysistest (GOPATH mode).
// Signatures are copied from google.golang.org/grpc@v1.85.0; only the API around retries is
// kept, and bodies return zero values.
package insecure

import (
	"google.golang.org/grpc/credentials"
)

func NewCredentials() credentials.TransportCredentials { return nil }
