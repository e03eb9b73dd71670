// Package corpus pins the real modules that retrylint's corpus regression
// test and benchmark run over (see packages.txt). It is never built: the
// blank imports only keep every corpus module in go.mod and go.sum, so that
// `go mod download` fetches them from the Go module proxy. Packages that
// cannot be imported from here (internal packages, commands) are listed in
// packages.txt and reached through go.mod's require and tool directives.
package corpus

import (
	_ "cloud.google.com/go/storage"
	_ "github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	_ "github.com/aws/aws-sdk-go-v2/aws/retry"
	_ "github.com/aws/aws-sdk-go-v2/feature/s3/manager"
	_ "github.com/aws/aws-sdk-go-v2/service/s3"
	_ "github.com/digitalocean/godo"
	_ "github.com/failsafe-go/failsafe-go/failsafegrpc"
	_ "github.com/failsafe-go/failsafe-go/failsafehttp"
	_ "github.com/google/go-github/v72/github"
	_ "github.com/hashicorp/consul/api"
	_ "github.com/hashicorp/consul/api/watch"
	_ "github.com/hashicorp/go-retryablehttp"
	_ "github.com/hashicorp/nomad/api"
	_ "github.com/hashicorp/vault/api"
	_ "github.com/linode/linodego"
	_ "github.com/minio/minio-go/v7"
	_ "github.com/nats-io/nats.go"
	_ "github.com/nats-io/nats.go/jetstream"
	_ "github.com/olivere/elastic/v7"
	_ "github.com/pressly/goose/v3/lock"
	_ "github.com/redis/go-redis/v9"
	_ "github.com/segmentio/kafka-go"
	_ "github.com/slack-go/slack"
	_ "github.com/slack-go/slack/socketmode"
	_ "github.com/stripe/stripe-go/v82"
	_ "go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	_ "go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	_ "k8s.io/client-go/discovery"
	_ "k8s.io/client-go/rest"
	_ "k8s.io/client-go/restmapper"
	_ "k8s.io/client-go/tools/cache"
	_ "k8s.io/client-go/tools/leaderelection"
	_ "k8s.io/client-go/tools/record"
	_ "k8s.io/client-go/tools/watch"
	_ "k8s.io/client-go/transport"
	_ "k8s.io/client-go/util/certificate"
	_ "k8s.io/client-go/util/certificate/csr"
	_ "k8s.io/client-go/util/retry"
	_ "k8s.io/client-go/util/workqueue"
)
