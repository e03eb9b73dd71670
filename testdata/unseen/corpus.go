// Package unseen pins the thirty public modules of issue 31's unseen set
// (see README.md and packages.txt). It is never built: the blank imports
// only keep every module, and the dependencies of the packages that
// packages.txt lists, in go.mod and go.sum, so that `go mod download`
// fetches them from the Go module proxy. Internal packages cannot be
// imported from here; they are listed in packages.txt and reached through
// a public package of the same module imported below.
package unseen

import (
	_ "github.com/AzureAD/microsoft-authentication-library-for-go/apps/managedidentity"
	_ "github.com/IBM/go-sdk-core/v5/core"
	_ "github.com/PuerkitoBio/rehttp"
	_ "github.com/acaloiaro/neoq/backends/postgres"
	_ "github.com/acaloiaro/neoq/backends/redis"
	_ "github.com/aerospike/aerospike-client-go/v8"
	_ "github.com/argoproj/notifications-engine/pkg/services"
	_ "github.com/axiomhq/axiom-go/axiom"
	_ "github.com/caddyserver/certmagic"
	_ "github.com/camunda/zeebe/clients/go/v8/pkg/commands"
	_ "github.com/camunda/zeebe/clients/go/v8/pkg/worker"
	_ "github.com/camunda/zeebe/clients/go/v8/pkg/zbc"
	_ "github.com/centrifugal/centrifuge-go"
	_ "github.com/cschleiden/go-workflows/client"
	_ "github.com/cschleiden/go-workflows/workflow"
	_ "github.com/disgoorg/disgo/rest"
	_ "github.com/disgoorg/disgo/webhook"
	_ "github.com/exoscale/egoscale/v3"
	_ "github.com/fluent/fluent-logger-golang/fluent"
	_ "github.com/gofiber/fiber/v3/addon/retry"
	_ "github.com/gofiber/fiber/v3/client"
	_ "github.com/google/go-containerregistry/pkg/v1/remote"
	_ "github.com/google/go-containerregistry/pkg/v1/remote/transport"
	_ "github.com/grafana/loki-client-go/loki"
	_ "github.com/grafana/loki-client-go/pkg/backoff"
	_ "github.com/luthermonson/go-proxmox"
	_ "github.com/mholt/acmez/v3"
	_ "github.com/mholt/acmez/v3/acme"
	_ "github.com/newrelic/newrelic-client-go/v2/pkg/nrdb"
	_ "github.com/openfga/go-sdk"
	_ "github.com/openfga/go-sdk/client"
	_ "github.com/opsgenie/opsgenie-go-sdk-v2/client"
	_ "github.com/regclient/regclient/scheme/reg"
	_ "github.com/tarantool/go-tarantool/v3"
	_ "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common"
	_ "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common/http"
	_ "github.com/vgarvardt/gue/v5"
	_ "github.com/ydb-platform/ydb-go-sdk/v3"
	_ "github.com/ydb-platform/ydb-go-sdk/v3/retry"
	_ "maunium.net/go/mautrix"
	_ "maunium.net/go/mautrix/federation"
	_ "oras.land/oras-go/v2/registry/remote"
	_ "oras.land/oras-go/v2/registry/remote/auth"
	_ "oras.land/oras-go/v2/registry/remote/retry"
	_ "sigs.k8s.io/release-sdk/github"
)
