// Package uuid is a stub of github.com/google/uuid for analysistest (GOPATH mode).
// Signatures are copied from github.com/google/uuid@v1.6.0; only the API around retries is
// kept, and bodies return zero values.
package uuid

var Nil UUID

type UUID [16]byte

func (uuid UUID) String() string { return "" }

func Must(uuid UUID, err error) UUID { return UUID{} }

func MustParse(s string) UUID { return UUID{} }

func New() UUID { return UUID{} }

func NewRandom() (UUID, error) { return UUID{}, nil }

func NewString() string { return "" }

func NewV7() (UUID, error) { return UUID{}, nil }

func Parse(s string) (UUID, error) { return UUID{}, nil }

func Validate(s string) error { return nil }
