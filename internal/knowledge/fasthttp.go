package knowledge

// fasthttp sends requests with its own Request and Response types:
// Client.Do(req, resp) and the package-level Do, each with DoTimeout,
// DoDeadline and DoRedirects (github.com/valyala/fasthttp@v1.69.0
// client.go:36-113 and :407-493; HostClient, LBClient and PipelineClient
// alike). A retry of one is a retry of an HTTP request: its transport
// errors include certificate errors. Its method and headers are
// set on req.Header (RequestHeader.SetMethod, Set), which the request
// model does not follow: they stay unknown. fasthttp's own retry of
// idempotent requests (HostClient.MaxIdemponentCallAttempts) is not
// modelled.
var FastHTTP = register(&Library{
	Name:     "fasthttp",
	Module:   "github.com/valyala/fasthttp",
	Versions: "v1.69.0",
	Paths:    []string{"github.com/valyala/fasthttp"},
	Requests: &RequestVocab{
		Senders: []string{"Client", "HostClient", "LBClient", "PipelineClient"},
		Funcs:   fasthttpSends(),
	},
})

// fasthttpSends are the sends of fasthttp: Do and its timed variants, on
// each client type and at package level; the request is argument 0.
func fasthttpSends() map[string]SendFunc {
	m := map[string]SendFunc{}
	for _, name := range []string{"Do", "DoTimeout", "DoDeadline", "DoRedirects"} {
		m[name] = SendFunc{Req: 0, Client: NoArg}
		for _, c := range []string{"Client", "HostClient", "LBClient", "PipelineClient"} {
			m[c+"."+name] = SendFunc{Req: 0, Client: RecvArg}
		}
	}
	return m
}
