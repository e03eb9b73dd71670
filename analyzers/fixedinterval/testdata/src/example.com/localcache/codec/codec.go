// Package codec decodes what it is handed: it reads a reader, no service.
package codec

import (
	"encoding/json"
	"io"
)

func Unmarshal(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }
