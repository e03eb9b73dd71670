// Package plainhttp retries requests to a cloud metadata service, which
// answers on plain HTTP: with no TLS there is no certificate error to
// retry, whatever the loop retries (R-9 silent). The URL is followed from
// the request to a constant through a parameter (every call of the
// unexported helper), a field the package sets, and url.Parse.
package plainhttp

import (
	"context"
	"net/http"
	"net/url"
	"path"
	"time"
)

const metadataURL = "http://169.254.169.254/latest/meta-data/iam/security-credentials/"

type provider struct {
	credURL string
	role    string
	tries   int
}

func newProvider(role string) *provider {
	return &provider{credURL: metadataURL, role: role, tries: 3}
}

// get retries every error of a GET to the URL its callers give it: all
// of them plain HTTP.
func (p *provider) get(ctx context.Context, u string) (*http.Response, error) {
	c := &http.Client{Timeout: time.Second}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < p.tries; i++ {
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return nil, err
}

func (p *provider) roleName(ctx context.Context) (*http.Response, error) {
	return p.get(ctx, p.credURL)
}

func (p *provider) creds(ctx context.Context) (*http.Response, error) {
	u, err := url.Parse(p.credURL)
	if err != nil {
		return nil, err
	}
	u.Path = path.Join(u.Path, p.role)
	return p.get(ctx, u.String())
}

// token retries a constant plain-HTTP URL with http.Get.
func token() (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = http.Get(metadataURL + "token"); err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return nil, err
}

// secureToken is the same retry over https: certificate errors come
// back as errors, and the loop retries every one.
func secureToken() (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ { // want `R-9: retry of http\.Get \(GET\) retries every error, TLS certificate errors included`
		var resp *http.Response
		if resp, err = http.Get("https://sts.example.com/token"); err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return nil, err
}

// mixed is called with a plain and a TLS URL: certificate errors may come
// back through the second.
func (p *provider) mixed(ctx context.Context, u string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < p.tries; i++ { // want `R-9: retry of http\.DefaultClient\.Do \(GET\) retries every error, TLS certificate errors included`
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return nil, err
}

func (p *provider) both(ctx context.Context) {
	p.mixed(ctx, p.credURL)
	p.mixed(ctx, "https://sts.example.com/token")
}

// schemed upgrades the URL it parsed to https before it sends.
func (p *provider) schemed(ctx context.Context) (*http.Response, error) {
	u, err := url.Parse(p.credURL)
	if err != nil {
		return nil, err
	}
	u.Scheme = "https"
	return p.getURL(ctx, u)
}

func (p *provider) getURL(ctx context.Context, u *url.URL) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < p.tries; i++ { // want `R-9: retry of http\.DefaultClient\.Do \(GET\) retries every error, TLS certificate errors included`
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return nil, err
}
