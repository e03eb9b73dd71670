// Package credentials is a stub of google.golang.org/grpc/credentials for analysistest (GOPATH mode).
// Signatures are copied from google.golang.org/grpc@v1.85.0; only the API around retries is
// kept, and bodies return zero values.
package credentials

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net"
)

const IntegrityOnly SecurityLevel = 2
const InvalidSecurityLevel SecurityLevel = 0
const NoSecurity SecurityLevel = 1
const PrivacyAndIntegrity SecurityLevel = 3

type AuthInfo interface {
	AuthType() string
}

type PerRPCCredentials interface {
	GetRequestMetadata(ctx context.Context, uri ...string) (map[string]string, error)
	RequireTransportSecurity() bool
}

type ProtocolInfo struct {
	ProtocolVersion  string
	SecurityProtocol string
	SecurityVersion  string
	ServerName       string
}

type SecurityLevel int

func (s SecurityLevel) String() string { return "" }

type TransportCredentials interface {
	ClientHandshake(context.Context, string, net.Conn) (net.Conn, AuthInfo, error)
	Clone() TransportCredentials
	Info() ProtocolInfo
	OverrideServerName(string) error
	ServerHandshake(net.Conn) (net.Conn, AuthInfo, error)
}

func NewClientTLSFromCert(cp *x509.CertPool, serverNameOverride string) TransportCredentials {
	return nil
}

func NewClientTLSFromFile(certFile string, serverNameOverride string) (TransportCredentials, error) {
	return nil, nil
}

func NewTLS(c *tls.Config) TransportCredentials { return nil }
