package a

import (
	"encoding/json"
	"fmt"

	"google.golang.org/grpc"
)

// gRPC service configs that are not a constant string (issue 15): a Go
// map or struct marshalled to JSON, a document built with fmt.Sprintf.

func grpcConfigMap() {
	cfg := map[string]any{
		"methodConfig": []map[string]any{{
			"name": []map[string]string{{"service": "a.B"}},
			"retryPolicy": map[string]any{
				"maxAttempts":          4,
				"initialBackoff":       "0.1s",
				"maxBackoff":           "1s",
				"backoffMultiplier":    2.0,
				"retryableStatusCodes": []string{"UNAVAILABLE", "INVALID_ARGUMENT"},
			},
		}},
	}
	b, _ := json.Marshal(cfg)
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(string(b))) // want `R-4: gRPC service config retry policy retries gRPC INVALID_ARGUMENT \(retryableStatusCodes UNAVAILABLE, INVALID_ARGUMENT\)`
}

type serviceConfig struct {
	MethodConfig  []methodConfig `json:"methodConfig"`
	LoadBalancing string         `json:"loadBalancingPolicy,omitempty"`
}

type methodConfig struct {
	Name        []methodName `json:"name"`
	RetryPolicy *retryPolicy `json:"retryPolicy,omitempty"`
}

type methodName struct {
	Service string `json:"service"`
	Method  string `json:"method,omitempty"`
}

type retryPolicy struct {
	MaxAttempts          int      `json:"maxAttempts"`
	InitialBackoff       string   `json:"initialBackoff"`
	MaxBackoff           string   `json:"maxBackoff"`
	BackoffMultiplier    float64  `json:"backoffMultiplier"`
	RetryableStatusCodes []string `json:"retryableStatusCodes"`
}

// The service name comes from the caller: unknown, but it does not
// decide what the policy retries.
func grpcConfigStruct(service string) {
	sc := serviceConfig{MethodConfig: []methodConfig{{
		Name: []methodName{{Service: service}},
		RetryPolicy: &retryPolicy{
			MaxAttempts:          3,
			InitialBackoff:       "0.2s",
			MaxBackoff:           "2s",
			BackoffMultiplier:    2,
			RetryableStatusCodes: []string{"UNAVAILABLE", "PERMISSION_DENIED"},
		},
	}}}
	b, err := json.MarshalIndent(&sc, "", "  ")
	if err != nil {
		return
	}
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(string(b))) // want `R-4: gRPC service config retry policy retries gRPC PERMISSION_DENIED`
}

const configTemplate = `{"methodConfig": [{"name": [{"service": "%s"}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE", "%s"]}}]}`

func grpcConfigSprintf(service string) {
	cfg := fmt.Sprintf(configTemplate, service, "UNAUTHENTICATED")
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(cfg)) // want `R-4: gRPC service config retry policy retries gRPC UNAUTHENTICATED`
}

// Must not flag.

// Retryable codes only.
func grpcConfigMapRetryable() {
	b, _ := json.Marshal(map[string]any{
		"methodConfig": []any{map[string]any{
			"name": []any{map[string]any{"service": "a.B"}},
			"retryPolicy": map[string]any{
				"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2,
				"retryableStatusCodes": []string{"UNAVAILABLE", "RESOURCE_EXHAUSTED"},
			},
		}},
	})
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(string(b)))
}

// A code from the caller: the model cannot tell what is retried.
func grpcConfigSprintfUnknownCode(code string) {
	cfg := fmt.Sprintf(configTemplate, "a.B", code)
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(cfg))
}

// Codes from the caller in a struct.
func grpcConfigStructUnknownCodes(codes []string) {
	sc := serviceConfig{MethodConfig: []methodConfig{{
		Name:        []methodName{{Service: "a.B"}},
		RetryPolicy: &retryPolicy{MaxAttempts: 3, InitialBackoff: "0.1s", MaxBackoff: "1s", BackoffMultiplier: 2, RetryableStatusCodes: codes},
	}}}
	b, _ := json.Marshal(sc)
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(string(b)))
}

// The document is changed after it is built: not followed.
func grpcConfigReassigned(extra bool) {
	cfg := fmt.Sprintf(configTemplate, "a.B", "NOT_FOUND")
	if extra {
		cfg = numericConfig
	}
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(cfg))
}
