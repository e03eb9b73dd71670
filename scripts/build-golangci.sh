#!/usr/bin/env bash
# Builds golangci-lint v2 with the retrylint linters built in, from the Go
# module proxy alone: `golangci-lint custom` would clone golangci-lint
# with git, which CI and many corporate networks cannot do. The wrapper
# main and the plugin live in the nested module golangci/, so that
# golangci-lint's dependencies never enter retrylint's go.mod.
#
#	bash scripts/build-golangci.sh [output]   # default: bin/golangci-lint-retrylint
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bin/golangci-lint-retrylint}
case $out in
/*) ;;
*) out=$PWD/$out ;;
esac
start=$(date +%s)
(cd golangci && go build -o "$out" .)
echo "built $out in $(( $(date +%s) - start ))s: $("$out" version)"
