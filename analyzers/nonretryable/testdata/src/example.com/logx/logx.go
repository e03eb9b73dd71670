// Package logx is a leveled logger with a builder per event, as zerolog.
package logx

type Event struct{ err error }

func Warn() *Event { return &Event{} }

// Err records err on the event; it answers the event, nothing to
// decide on.
func (e *Event) Err(err error) *Event { e.err = err; return e }

func (e *Event) Msg(string) {}
