// Package store is a package of a module named without a dot (go mod
// init myservice): its functions cross integration boundaries as any
// other module's do (typesx.IsStd).
package store

import "net/http"

// Query reads a row.
func Query(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
