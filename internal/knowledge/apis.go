package knowledge

import "strings"

// Packages the model reads besides the retry libraries' entry points:
// the request and client types of retrying HTTP clients, the outcome
// vocabularies (gRPC status, Kubernetes API errors), and key generators.
// Each import path the model names is written once, here.
const (
	PathGRPC               = "google.golang.org/grpc"
	PathGRPCStatus         = "google.golang.org/grpc/status"
	PathGRPCInternalStatus = "google.golang.org/grpc/internal/status"
	PathGRPCCodes          = "google.golang.org/grpc/codes"
	PathK8sAPIErrors       = "k8s.io/apimachinery/pkg/api/errors"
	PathK8sWait            = "k8s.io/apimachinery/pkg/util/wait"
	PathGax                = "github.com/googleapis/gax-go/v2"
	PathAWSRetry           = "github.com/aws/aws-sdk-go-v2/aws/retry"
	PathGoogleUUID         = "github.com/google/uuid"
)

// A MarkerKind is what a library's marker function does to an error.
type MarkerKind int

const (
	NoMarker MarkerKind = iota
	// MarkPermanent marks an error the library does not retry
	// (backoff.Permanent, retry.Unrecoverable).
	MarkPermanent
	// MarkRetryable marks the only errors the library retries
	// (sethvargo's retry.RetryableError).
	MarkRetryable
	// MarkIsRecoverable reports whether an error is not marked
	// permanent (retry-go's IsRecoverable).
	MarkIsRecoverable
)

// A PredicateKind is a library's built-in retry predicate.
type PredicateKind int

const (
	NoPredicate PredicateKind = iota
	// PredHTTPDefaultPolicy is the default policy of a retrying HTTP
	// client: every error but a certificate one, and responses 429 and
	// 5xx but 501 (go-retryablehttp's DefaultRetryPolicy,
	// github.com/hashicorp/go-retryablehttp@v0.7.8/client.go
	// baseRetryPolicy; failsafehttp's NewRetryPolicyBuilder).
	PredHTTPDefaultPolicy
	// PredNotPermanent retries every error not marked permanent.
	PredNotPermanent
)

var (
	markers    = map[string]MarkerKind{}
	predicates = map[string]PredicateKind{}
)

func init() {
	for _, l := range all {
		for _, p := range l.Paths {
			addKeyed(markers, p+".", l.Markers)
			addKeyed(predicates, p+".", l.Predicates)
		}
	}
}

// MarkerOf returns what the function named by key ("path.Name") marks.
func MarkerOf(key string) MarkerKind { return markers[key] }

// PredicateOf returns the built-in predicate named by key.
func PredicateOf(key string) PredicateKind { return predicates[key] }

// keyGenerators are the functions that return a new value on every call,
// by package (a key made by one inside a retried function changes on
// every attempt). "*" stands for every function but the listed
// exceptions (prefixed "!" or "!prefix*").
var keyGenerators = map[string][]string{
	PathGoogleUUID:                      {"New", "NewString", "NewRandom", "NewRandomFromReader", "NewUUID", "NewV6", "NewV7", "NewV7FromReader"},
	"github.com/gofrs/uuid":             {"NewV1", "NewV4", "NewV6", "NewV7"},
	"github.com/gofrs/uuid/v5":          {"NewV1", "NewV4", "NewV6", "NewV7"},
	"github.com/satori/go.uuid":         {"NewV1", "NewV4", "NewV6", "NewV7"},
	"github.com/hashicorp/go-uuid":      {"GenerateUUID", "GenerateRandomBytes"},
	"github.com/oklog/ulid":             {"New", "Make", "MustNew", "MustNewDefault"},
	"github.com/oklog/ulid/v2":          {"New", "Make", "MustNew", "MustNewDefault"},
	"github.com/rs/xid":                 {"New", "NewWithTime"},
	"github.com/segmentio/ksuid":        {"New", "NewRandom", "NewRandomWithTime"},
	"github.com/lithammer/shortuuid":    {"New"},
	"github.com/lithammer/shortuuid/v3": {"New"},
	"github.com/lithammer/shortuuid/v4": {"New"},
	"github.com/matoous/go-nanoid":      {"New", "Generate", "Must", "MustGenerate"},
	"github.com/matoous/go-nanoid/v2":   {"New", "Generate", "Must", "MustGenerate"},
	"github.com/jaevor/go-nanoid":       {"New", "Generate", "Must", "MustGenerate"},
	"crypto/rand":                       {"Text", "Int", "Prime", "Read"},
	"math/rand":                         {"*", "!New*", "!Seed"},
	"math/rand/v2":                      {"*", "!New*", "!Seed"},
	"time":                              {"Now"},
}

// IsKeyGenerator reports whether the function name of package path
// returns a new value on every call.
func IsKeyGenerator(path, name string) bool {
	names, ok := keyGenerators[path]
	if !ok {
		return false
	}
	all := false
	for _, n := range names {
		switch {
		case n == "*":
			all = true
		case strings.HasPrefix(n, "!"):
			ex := n[1:]
			if strings.HasSuffix(ex, "*") && strings.HasPrefix(name, ex[:len(ex)-1]) || ex == name {
				return false
			}
		case n == name:
			return true
		}
	}
	return all
}

// Sleep functions besides time.Sleep: a library function that sleeps
// the duration at argument Arg of Arity arguments (gax-go's
// Sleep(ctx, d), github.com/googleapis/gax-go/v2@v2.27.0/call_option.go).
var sleepFuncs = map[string][2]int{
	"time.Sleep":       {0, 1},
	PathGax + ".Sleep": {1, 2},
}

// SleepArg returns the index of the duration a sleep function named by
// key ("path.Name") sleeps, given a call with n arguments.
func SleepArg(key string, n int) (arg int, ok bool) {
	s, ok := sleepFuncs[key]
	if !ok || n != s[1] {
		return 0, false
	}
	return s[0], true
}

// A RequestFunc makes or copies an HTTP request: how the request's
// context is set.
type RequestFunc struct {
	Kind RequestKind
	// Short names the function in messages ("http.NewRequest").
	Short string
}

// RequestKind says where a request's context comes from.
type RequestKind int

const (
	// NotRequestFunc: not a function the table knows.
	NotRequestFunc RequestKind = iota
	// RequestNoContext: a request with no context (Background).
	RequestNoContext
	// RequestContextArg: the context is argument 0.
	RequestContextArg
	// RequestFrom: a copy of the request at argument 0 (its context).
	RequestFrom
)

// RequestFuncOf returns what the function named by key
// ("path.Name" or "path.Type.Method") does to a request's context.
func RequestFuncOf(key string) RequestFunc {
	o := origins[key]
	return RequestFunc{o.Context, o.Short}
}

// The gRPC status vocabulary (google.golang.org/grpc@v1.85.0/status):
// the functions that give an error's code (status.Code(err)), that
// convert an error into a *Status (status.FromError(err) with an ok
// result, status.Convert(err)), and the Status type whose Code method
// gives the code.
var (
	grpcCodeFuncs      = map[string]bool{PathGRPCStatus + ".Code": true}
	grpcStatusFromErrs = map[string]bool{PathGRPCStatus + ".FromError": true, PathGRPCStatus + ".Convert": true}
)

// IsStatusCodeFunc reports whether the function named by key returns
// the gRPC code of its error argument.
func IsStatusCodeFunc(key string) bool { return grpcCodeFuncs[key] }

// IsStatusFromError reports whether the function named by key converts
// its error argument into a gRPC status; withOK says it also returns
// whether the error carried one (status.FromError).
func IsStatusFromError(key string) (ok, withOK bool) {
	return grpcStatusFromErrs[key], key == PathGRPCStatus+".FromError"
}

// IsStatusType reports whether the named type path.name is the gRPC
// status type, whose method Code gives the code.
func IsStatusType(path, name string) bool { return path == PathGRPCInternalStatus && name == "Status" }

// The packages that only build or read outcomes (gRPC status and codes, Kubernetes API
// errors, UUIDs: a call of theirs is no operation), and the error types
// that carry an HTTP status (apimachinery's StatusError and APIStatus).
var (
	outcomePackages  = map[string]bool{PathGRPCStatus: true, PathGRPCCodes: true, PathK8sAPIErrors: true, PathGoogleUUID: true}
	statusErrorTypes = map[string]bool{PathK8sAPIErrors + ".StatusError": true, PathK8sAPIErrors + ".APIStatus": true}
	// upwardJitterFuncs are functions Jitter(d, f) returning d plus a
	// random [0, f×d) (f <= 0 means 1)
	// (k8s.io/apimachinery@v0.37.2/pkg/util/wait/backoff.go Jitter).
	upwardJitterFuncs = map[string]bool{PathK8sWait + ".Jitter": true}
)

// IsOutcomePackage reports whether the package at path only builds or
// reads outcomes.
func IsOutcomePackage(path string) bool { return outcomePackages[path] }

// IsStatusErrorType reports whether the named type path.name is an
// error that carries an HTTP status.
func IsStatusErrorType(path, name string) bool { return statusErrorTypes[path+"."+name] }

// IsUpwardJitterFunc reports whether the function named by key returns
// its duration argument plus up to its factor argument times it more.
func IsUpwardJitterFunc(key string) bool { return upwardJitterFuncs[key] }

// httpRequests is net/http's request vocabulary: the sends of a Client,
// a Transport or RoundTripper and the package-level helpers (their
// method when they decide it), and the constructors and copies of a
// Request.
var httpRequests = &RequestVocab{
	Path:      "net/http",
	Types:     []string{"Request"},
	Senders:   []string{"Client"},
	Responses: true,
	Funcs:     clientSends("Transport.RoundTrip", "RoundTripper.RoundTrip"),
	Origins: map[string]Origin{
		"NewRequest":            MethodAt(0).Ctx(RequestNoContext, "http.NewRequest"),
		"NewRequestWithContext": MethodAt(1).Ctx(RequestContextArg, "http.NewRequestWithContext"),
		"Request.WithContext":   CopyOf(RecvArg).Ctx(RequestContextArg, "http.Request.WithContext"),
		"Request.Clone":         CopyOf(RecvArg).Ctx(RequestContextArg, "http.Request.Clone"),
	},
}

// oauth2Requests and clientCredentialsRequests are golang.org/x/oauth2's
// token requests (v0.36.0): Config.Exchange, Config.PasswordCredentialsToken
// and clientcredentials' Config.Token POST to the token endpoint
// (internal/token.go:215 RetrieveToken) through the HTTP client the context
// carries, else http.DefaultClient. A retry of one retries an HTTP
// request, whose transport errors include certificate errors. Their
// method is left unknown: a token request creates no resource the server
// could duplicate, and R-6 does not ask it for a key.
var oauth2Requests = &RequestVocab{
	Path:  "golang.org/x/oauth2",
	Funcs: map[string]SendFunc{"Config.Exchange": {Req: NoArg, Client: NoArg}, "Config.PasswordCredentialsToken": {Req: NoArg, Client: NoArg}},
}

var clientCredentialsRequests = &RequestVocab{
	Path:  "golang.org/x/oauth2/clientcredentials",
	Funcs: map[string]SendFunc{"Config.Token": {Req: NoArg, Client: NoArg}},
}

var httptestRequests = &RequestVocab{
	Path:    "net/http/httptest",
	Origins: map[string]Origin{"NewRequest": MethodAt(0), "NewRequestWithContext": MethodAt(1)},
}

// clientSends are the sends of a package shaped like net/http: a
// Client's Do(req) and Get, Head, Post, PostForm, the package-level
// helpers on a default client, and the round trippers named (their
// RoundTrip(req)).
func clientSends(roundTrips ...string) map[string]SendFunc {
	m := map[string]SendFunc{"Client.Do": {Req: 0, Client: RecvArg}}
	for _, rt := range roundTrips {
		m[rt] = SendFunc{Req: 0, Client: RecvArg}
	}
	for name, method := range map[string]string{"Post": "POST", "PostForm": "POST", "Get": "GET", "Head": "HEAD"} {
		m[name] = SendFunc{Req: NoArg, Client: NoArg, Method: method, URLFirst: true}
		m["Client."+name] = SendFunc{Req: NoArg, Client: RecvArg, Method: method, URLFirst: true}
	}
	return m
}
