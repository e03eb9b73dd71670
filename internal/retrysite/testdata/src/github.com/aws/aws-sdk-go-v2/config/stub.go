// Package config is a stub of github.com/aws/aws-sdk-go-v2/config for analysistest (GOPATH mode).
// Signatures are copied from github.com/aws/aws-sdk-go-v2/config@v1.33.15; only the API around retries is
// kept, and bodies return zero values.
package config

import (
	"context"
	"github.com/aws/aws-sdk-go-v2/aws"
	"net/http"
)

type HTTPClient interface {
	Do(*http.Request) (*http.Response, error)
}

type LoadOptions struct {
	Region              string
	Credentials         aws.CredentialsProvider
	HTTPClient          HTTPClient
	RetryMaxAttempts    int
	RetryMode           aws.RetryMode
	Retryer             func() aws.Retryer
	SharedConfigProfile string
	DefaultRegion       string
	AppID               string
	BaseEndpoint        string
}

func (o LoadOptions) GetRetryMaxAttempts(ctx context.Context) (int, bool, error) {
	return 0, false, nil
}

func (o LoadOptions) GetRetryMode(ctx context.Context) (aws.RetryMode, bool, error) {
	return aws.RetryMode(""), false, nil
}

type LoadOptionsFunc func(*LoadOptions) error

func LoadDefaultConfig(ctx context.Context, optFns ...func(*LoadOptions) error) (cfg aws.Config, err error) {
	return
}

func WithCredentialsProvider(v aws.CredentialsProvider) LoadOptionsFunc { return nil }

func WithHTTPClient(v HTTPClient) LoadOptionsFunc { return nil }

func WithRegion(v string) LoadOptionsFunc { return nil }

func WithRetryMaxAttempts(v int) LoadOptionsFunc { return nil }

func WithRetryMode(v aws.RetryMode) LoadOptionsFunc { return nil }

func WithRetryer(v func() aws.Retryer) LoadOptionsFunc { return nil }
