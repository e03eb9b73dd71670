// Package schema is a stub of k8s.io/apimachinery/pkg/runtime/schema for analysistest (GOPATH mode).
// Signatures are copied from k8s.io/apimachinery@v0.37.2; only the API around retries is
// kept, and bodies return zero values.
package schema

type GroupKind struct {
	Group string
	Kind  string
}

func (gk GroupKind) String() string { return "" }

type GroupResource struct {
	Group    string
	Resource string
}

func (gr GroupResource) String() string { return "" }

type GroupVersionKind struct {
	Group   string
	Version string
	Kind    string
}

func (gvk GroupVersionKind) String() string { return "" }

type GroupVersionResource struct {
	Group    string
	Version  string
	Resource string
}

func (gvr GroupVersionResource) String() string { return "" }
