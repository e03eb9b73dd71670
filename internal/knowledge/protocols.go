package knowledge

// Protocol answers that say "not yet", not "failed".
//
// The OAuth 2.0 Device Authorization Grant (RFC 8628, section 3.5) has
// the client poll the token endpoint while the user approves the device;
// until then the server answers the error codes below, and the client
// must poll again (slowing down on slow_down). A loop that goes back to
// the token request only on these answers is the protocol's poll, not a
// retry of a failure (internal/retrysite/notretry pending.go). The
// values are the protocol's wire values; a constant of any package that
// holds one (zitadel's oidc.AuthorizationPending, golang.org/x/oauth2's
// errAuthorizationPending) is read by its value.
var pendingAnswers = map[string]bool{"authorization_pending": true, "slow_down": true}

// IsPendingAnswer reports whether s is a protocol's "not yet" answer.
func IsPendingAnswer(s string) bool { return pendingAnswers[s] }

// notYetErrors are the standard library's error values that say "no data
// yet", not "failed": io.ErrNoProgress, which readers return when a Read
// gave neither data nor an error (io.go). No transport fails with one: a
// loop that goes back only when its operation answers one polls for data
// (go-tfe's LogReader.Read: `if _, err := r.read(l); !errors.Is(err,
// io.ErrNoProgress) { return }`), it does not retry a failure.
var notYetErrors = map[string]bool{"io.ErrNoProgress": true}

// IsNotYetError reports whether the package-level variable path.name is
// an error value that says "no data yet".
func IsNotYetError(path, name string) bool { return notYetErrors[path+"."+name] }
