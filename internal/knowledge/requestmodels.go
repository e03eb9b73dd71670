package knowledge

import (
	"cmp"
	"slices"
	"strings"
)

// Request vocabularies: how a package's HTTP requests are made, set and
// sent, for the model of a retried request (internal/retrysite/ops: its
// method and its Idempotency-Key header). A table gives its
// RequestVocab (Library.Requests); net/http's is httpRequests (apis.go).
// Package ops reads every vocabulary through the lookups below, never
// naming a package.

// A RequestVocab is a package's vocabulary of HTTP requests.
type RequestVocab struct {
	// Path is the package the names below are in (the table's Paths[0]
	// when empty).
	Path string
	// Types are the request types the model follows ("Request"): their
	// Header field and methods, and the values that flow into them.
	Types []string
	// Senders are the types whose methods send requests (a retrying
	// client's sends are operations); Responses is true when the
	// package's Response type is an HTTP response.
	Senders   []string
	Responses bool
	// Funcs are the functions and methods ("Name", "Type.Method") that
	// send a request.
	Funcs map[string]SendFunc
	// Origins are the functions and methods that make or copy a request:
	// where its HTTP method comes from.
	Origins map[string]Origin
	// Builder is a request type whose methods set the request (its
	// method, headers, hooks: Sets) and send it (BuilderSends); Client
	// is the type whose methods NewRequest make one from a client whose
	// own Sets apply to it (resty's Client.R()).
	Builder      string
	BuilderSends map[string]BuilderSend
	Client       string
	NewRequest   []string
	Sets         map[string]RequestSet
	// KeyTransports are constructors of a transport that gives every
	// POST and PATCH it sends an Idempotency-Key.
	KeyTransports []string
}

// Argument positions of a SendFunc or an Origin besides argument indices.
const (
	// NoArg: none.
	NoArg = -1
	// RecvArg: the receiver.
	RecvArg = -2
)

// A SendFunc is a function that sends an HTTP request.
type SendFunc struct {
	// Req and Client are the positions of the request and of the client
	// or transport (an argument index, RecvArg or NoArg).
	Req, Client int
	// Method is the HTTP method the function sends, when it decides it
	// (http.Post).
	Method string
	// URLFirst is true when argument 0 is the URL the call requests
	// (net/http's Get, Head, Post and PostForm).
	URLFirst bool
	// Wrap is true when the call makes a request value whose Unwrap
	// method sends Req through Client (failsafehttp.NewRequest and
	// Request.Do); Unwrap is that method: it sends the request and
	// client of the Wrap call that made its receiver.
	Wrap, Unwrap bool
}

// An Origin makes or copies a request: its method is the argument at
// MethodArg, or it is the method of the request at From (an argument
// index or RecvArg). Context says where the request's context comes
// from (RequestFuncOf; NotRequestFunc: the timeouts model does not read
// it) and Short names the function in messages.
type Origin struct {
	MethodArg int
	From      int
	Context   RequestKind
	Short     string
}

// Ctx is o with its context kind and short name.
func (o Origin) Ctx(k RequestKind, short string) Origin {
	o.Context, o.Short = k, short
	return o
}

// MethodAt is an origin whose method is argument i and whose URL is
// argument i+1 (net/http's NewRequest(method, url, body) and the
// constructors shaped like it).
func MethodAt(i int) Origin { return Origin{MethodArg: i, From: NoArg} }

// URLArg returns the index of the argument that holds the URL of an
// origin made by MethodAt, or NoArg.
func (o Origin) URLArg() int {
	if o.MethodArg < 0 {
		return NoArg
	}
	return o.MethodArg + 1
}

// CopyOf is an origin that copies the request at i.
func CopyOf(i int) Origin { return Origin{MethodArg: NoArg, From: i} }

// A BuilderSend is a builder method that sends: with Method set, that
// HTTP method; with MethodArg >= 0, the method its argument names; else
// the method the builder was given.
type BuilderSend struct {
	Method    string
	MethodArg int
}

// A RequestSet is what a builder or client method sets.
type RequestSet int

const (
	// SetsNothing the model reads.
	SetsNothing RequestSet = iota
	// SetsHeader sets the header named by argument 0 to argument 1.
	SetsHeader
	// SetsHeaders sets the headers of the map at argument 0.
	SetsHeaders
	// SetsMethod sets the method named by argument 0.
	SetsMethod
	// SetsHook adds a hook that may set headers on every attempt.
	SetsHook
)

var (
	sendFuncs     = map[string]SendFunc{}
	origins       = map[string]Origin{}
	requestTypes  = map[string]bool{}
	builders      = map[string]*RequestVocab{} // by package path
	builderSends  = map[string]BuilderSend{}   // "path.Builder.Method"
	newRequests   = map[string]bool{}          // "path.Client.Method"
	httpSenders   = map[string]bool{}          // "path.Type"
	httpResponses = map[string]bool{}          // package paths
	keyTransports = map[string]bool{}          // "path.Name"
)

func init() {
	vs := []*RequestVocab{httpRequests, httptestRequests, oauth2Requests, clientCredentialsRequests}
	for _, l := range all {
		if l.Requests == nil {
			continue
		}
		v := *l.Requests
		v.Path = cmp.Or(v.Path, l.Paths[0])
		vs = append(vs, &v)
	}
	for _, v := range vs {
		p := v.Path + "."
		addKeyed(sendFuncs, p, v.Funcs)
		addKeyed(origins, p, v.Origins)
		addNames(requestTypes, p, v.Types)
		addNames(httpSenders, p, v.Senders)
		if v.Responses {
			httpResponses[v.Path] = true
		}
		addNames(keyTransports, p, v.KeyTransports)
		if v.Builder != "" {
			builders[v.Path] = v
			requestTypes[p+v.Builder] = true
			addKeyed(builderSends, p+v.Builder+".", v.BuilderSends)
			addNames(newRequests, p+v.Client+".", v.NewRequest)
		}
	}
}

// addKeyed adds the entries of src to dst, each key after prefix.
func addKeyed[V any](dst map[string]V, prefix string, src map[string]V) {
	for k, v := range src {
		dst[prefix+k] = v
	}
}

// addNames adds names to set, each after prefix.
func addNames(set map[string]bool, prefix string, names []string) {
	for _, n := range names {
		set[prefix+n] = true
	}
}

// SendOf returns how the function named by key ("path.Name" or
// "path.Type.Method") sends a request.
func SendOf(key string) (SendFunc, bool) {
	s, ok := sendFuncs[key]
	return s, ok
}

// OriginOf returns how the function named by key makes or copies a
// request.
func OriginOf(key string) (Origin, bool) {
	o, ok := origins[key]
	return o, ok
}

// IsHTTPSender reports whether the named type path.name sends HTTP
// requests through its methods.
func IsHTTPSender(path, name string) bool { return httpSenders[path+"."+name] }

// IsHTTPResponsePackage reports whether the Response type of the package
// at path is an HTTP response.
func IsHTTPResponsePackage(path string) bool { return httpResponses[path] }

// IsKeyTransport reports whether the function named by key ("path.Name")
// makes a transport that adds an Idempotency-Key.
func IsKeyTransport(key string) bool { return keyTransports[key] }

// IsRequestType reports whether the named type path.name is a request
// the model follows.
func IsRequestType(path, name string) bool { return requestTypes[path+"."+name] }

// IsBuilderPackage reports whether the package at path declares a
// request builder: its functions and methods are read by BuilderSendOf,
// IsNewRequest and SetOf.
func IsBuilderPackage(path string) bool { return builders[path] != nil }

// IsBuilderType reports whether path.name is a request builder type.
func IsBuilderType(path, name string) bool {
	v := builders[path]
	return v != nil && v.Builder == name
}

// BuilderSendOf returns how the builder method named by key
// ("path.Builder.Method") sends.
func BuilderSendOf(key string) (BuilderSend, bool) {
	s, ok := builderSends[key]
	return s, ok
}

// IsNewRequest reports whether the client method named by key
// ("path.Client.Method") makes a request builder.
func IsNewRequest(key string) bool { return newRequests[key] }

// SetOf returns what the method name of a builder package at path sets.
func SetOf(path, name string) RequestSet {
	if v := builders[path]; v != nil {
		return v.Sets[name]
	}
	return SetsNothing
}

// headerNeutralPrefixes are the packages, besides the standard library,
// whose interface methods given a request or its header never set an
// Idempotency-Key (OpenTelemetry's propagators inject trace headers
// only: go.opentelemetry.io/otel@v1.38.0/propagation).
var headerNeutralPrefixes = []string{"go.opentelemetry.io/"}

// IsHeaderNeutral reports whether the package at path is one whose
// interface methods leave a request's key alone.
func IsHeaderNeutral(path string) bool {
	return slices.ContainsFunc(headerNeutralPrefixes, func(p string) bool { return strings.HasPrefix(path, p) })
}
