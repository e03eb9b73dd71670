// Package oauthtoken retries OAuth2 token requests: each is an HTTP POST
// to the token endpoint, whose transport errors include certificate
// errors.
package oauthtoken

import (
	"context"
	"errors"
	"net"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

func token(ctx context.Context, cfg *clientcredentials.Config) (*oauth2.Token, error) {
	var err error
	for i := 0; i < 3; i++ { // want `R-9: retry of cfg\.Token retries every error, TLS certificate errors included`
		var tok *oauth2.Token
		if tok, err = cfg.Token(ctx); err == nil {
			return tok, nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return nil, err
}

// Must not flag: only timeouts are retried.
func exchange(ctx context.Context, cfg *oauth2.Config, code string) (*oauth2.Token, error) {
	for i := 0; ; i++ {
		tok, err := cfg.Exchange(ctx, code)
		if err == nil {
			return tok, nil
		}
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() || i >= 2 {
			return nil, err
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
}
