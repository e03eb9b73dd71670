// Package oauth2 is a stub of golang.org/x/oauth2 (v0.36.0) for the tests:
// the token requests that POST to the token endpoint.
package oauth2

import "context"

type Token struct{ AccessToken string }

type Config struct{ ClientID, ClientSecret string }

func (c *Config) Exchange(ctx context.Context, code string) (*Token, error) { return &Token{}, nil }

func (c *Config) PasswordCredentialsToken(ctx context.Context, username, password string) (*Token, error) {
	return &Token{}, nil
}
