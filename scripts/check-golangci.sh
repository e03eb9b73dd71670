#!/usr/bin/env bash
# The golangci-lint part of the drivers' integration test, run by .ci/run:
# builds golangci-lint with the retrylint plugin from the Go module proxy
# (scripts/build-golangci.sh), tests the plugin, and runs the binary over
# testdata/drivers, where it must report what the standalone driver and
# go vet report (cmd/retrylint's TestDriversGolangci). Building
# golangci-lint takes minutes with a cold build cache.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bin=$(mktemp -d)/golangci-lint-retrylint
bash scripts/build-golangci.sh "$bin"
(cd golangci && go vet ./... && go test -count=1 ./...)
RETRYLINT_GOLANGCI=$bin go test -count=1 -run '^TestDriversGolangci$' -v ./cmd/retrylint
echo "golangci-lint check: $(( $(date +%s) - start ))s"
