#!/usr/bin/env bash
# The behaviour of a tree of retrylint, recorded so that a change meant to
# keep it (a refactoring, a merge of duplicated code) can be checked to:
#
#   scripts/fingerprint.sh [-deps FILE]... OUTDIR
#   diff -r OUTDIR-before OUTDIR-after      # empty: same behaviour
#
# It builds cmd/retrylint from this tree and runs it with -json over the
# packages of testdata/corpus and testdata/unseen and over every
# testdata/src tree of the analyzers and of internal/ (GOPATH mode, every
# package), and writes one file per input: every finding, its message,
# related positions and suggested fixes, sorted, with this tree's path
# replaced by REPO (two clones give the same record). Each -deps FILE
# (import paths, one a line, resolved in testdata/unseen's module) adds
# one more input: the dependency sweeps of issues 31 and 32 were run so.
# Stderr of each run goes to OUTDIR/NAME.err (a crash shows there).
# Needs python3 (the JSON is normalised with it).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

deps=()
while [ $# -gt 1 ]; do
	case $1 in
	-deps) deps+=("$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"); shift 2 ;;
	*) echo "fingerprint.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
[ $# -eq 1 ] || { echo "usage: scripts/fingerprint.sh [-deps FILE]... OUTDIR" >&2; exit 2; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
rm -f "$out"/*
bin=$(mktemp -d)/retrylint
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/retrylint

norm() {
	python3 -c '
import json, sys
raw = sys.stdin.read()
try:
    d = json.loads(raw) if raw.strip() else {}
except ValueError:
    print("not JSON:", raw[:200]); sys.exit()
rows = []
def walk(x, path):
    if isinstance(x, dict):
        if "posn" in x and "message" in x:
            rows.append(" ".join([path, x["posn"], x["message"],
                json.dumps(x.get("suggested_fixes", ""), sort_keys=True),
                json.dumps(x.get("related", ""), sort_keys=True)]))
            return
        for k, v in x.items():
            walk(v, path + "/" + k.split("/")[-1])
    elif isinstance(x, list):
        for v in x:
            walk(v, path)
walk(d, "")
print("\n".join(sorted(rows)))
' | sed "s,$repo,REPO,g"
}

# run NAME DIR ARGS...: retrylint over ARGS in module DIR.
run() {
	local name=$1 dir=$2; shift 2
	(cd "$dir" && GOWORK=off GOFLAGS=-mod=readonly "$bin" -json -test=false "$@" 2>"$out/$name.err" || true) | norm >"$out/$name"
}
run corpus testdata/corpus $(grep -v '^#' testdata/corpus/packages.txt | grep .)
run unseen testdata/unseen $(grep -v '^#' testdata/unseen/packages.txt | grep .)
for f in "${deps[@]}"; do
	run "deps-$(basename "$f")" testdata/unseen $(cat "$f")
done
for tree in $(find analyzers internal -path '*/testdata/src' -type d | sed 's,/src$,,' | sort); do
	name=$(echo "$tree" | tr / _)
	pkgs=$(cd "$tree/src" && find . -name '*.go' -not -name '*_test.go' -exec dirname {} \; | sort -u | sed 's,^\./,,')
	(cd "$tree" && GOPATH=$PWD GO111MODULE=off GOFLAGS= GOWORK=off "$bin" -json -test=false $pkgs 2>"$out/$name.err" || true) |
		norm >"$out/$name"
done
echo "fingerprint: $(cat "$out"/* | wc -l) lines in $out"
