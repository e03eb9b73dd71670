package retrysite

import "github.com/retrylint/retrylint/internal/retrysite/libread"

// libread returns the library reader of package libread over m's view of
// the code.
func (m *model) libread() *libread.Reader {
	return libread.New(m.info, m.pkg, m.pass.Files, m)
}

// gaxWait reads a gax-go Backoff (libread.Reader.GaxWait).
func (m *model) gaxWait(s *Site) *Wait { return m.libread().GaxWait(s) }
