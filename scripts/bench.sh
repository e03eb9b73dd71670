#!/usr/bin/env bash
# Speed and memory of retrylint next to the floor, side by side in one run.
#
#   scripts/bench.sh [-n RUNS] [-s SETS] [-m MODES]
#
# SETS (comma-separated, default corpus,client-go):
#   corpus     the packages of testdata/corpus/packages.txt (real modules
#              that retry)
#   client-go  k8s.io/client-go/... (388 packages), a big module
# MODES (comma-separated, default standalone,vet):
#   standalone noopcheck (the floor: load, parse, type-check, build the
#              inspector; internal/cmd/noopcheck) and retrylint, each as
#              its own driver over the packages, with -test=false
#   vet        go vet with its default analyzers, then go vet -vettool with
#              noopcheck (the vet floor) and with retrylint
#
# Every run is timed with /usr/bin/time (wall clock, peak RSS of the
# largest process). The tools are interleaved run by run (floor, retrylint,
# floor, retrylint, ...) so that load from other work on the machine falls
# on both alike; the report gives medians and retrylint's ratio to the
# floor. One untimed run first warms the build cache (export data), which
# every tool then reads alike.
#
# go vet caches its results: to measure work and not cache hits, each vet
# run gets its own copy of the vet tool, with a name and content no other
# run shares (see fresh), so every vet run is cold for the analysis and
# warm for compilation. go vet runs the tool on every
# dependency too (for facts); retrylint and noopcheck declare none.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

runs=5
sets=corpus,client-go
modes=standalone,vet
while getopts "n:s:m:" opt; do
	case $opt in
	n) runs=$OPTARG ;;
	s) sets=$OPTARG ;;
	m) modes=$OPTARG ;;
	*) echo "usage: $0 [-n RUNS] [-s corpus,client-go] [-m standalone,vet]" >&2; exit 2 ;;
	esac
done
[ -x /usr/bin/time ] || { echo "bench: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/noopcheck" ./internal/cmd/noopcheck
go build -o "$work/retrylint" ./cmd/retrylint
vettool=$(go env GOTOOLDIR)/vet

corpus=$root/testdata/corpus
export GOFLAGS=-mod=readonly GOWORK=off

echo "bench: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $runs runs per tool, go $(go env GOVERSION)"
echo "bench: retrylint $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet 2>/dev/null || echo '+dirty')"

# measure NAME CMD... runs CMD in the corpus module and appends
# "NAME wall_seconds peak_kb" to $work/results.
measure() {
	local name=$1
	shift
	local status=0
	(cd "$corpus" && /usr/bin/time -o "$work/time" -f "%e %M" "$@" >/dev/null 2>"$work/stderr") || status=$?
	case $status in
	0 | 1 | 3) ;; # clean, findings (go vet: 1), findings (retrylint: 3)
	*) echo "bench: $name failed (exit $status)"; tail -5 "$work/stderr"; exit 1 ;;
	esac
	if grep -qE "^panic: |internal error|^goroutine [0-9]+ \[" "$work/stderr"; then
		echo "bench: $name crashed"; grep -m5 -E "^panic: |internal error" "$work/stderr"; exit 1
	fi
	echo "$name $(tail -1 "$work/time")" >>"$work/results"
}

# A copy of a vet tool that go vet cannot find in its cache. go vet keys
# its cache on what `tool -V=full` prints: for retrylint and noopcheck the
# name and a hash of the executable, for a released toolchain's vet only
# the name and the Go version. So the copy's name and its content are
# both unique to this run of the script (its work directory's random
# suffix, the run number and the time), and neither an earlier run nor an
# earlier bench.sh answers from the cache.
fresh() {
	local src=$1 n=$2
	local dst=$work/tool.${work##*.}.$n.$(basename "$src")
	cp "$src" "$dst"
	printf 'bench %s %s %s' "$work" "$(date +%s%N)" "$n" >>"$dst"
	echo "$dst"
}

median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.2f\n", (a[NR/2]+a[NR/2+1])/2}'; }

report() {
	local set=$1 floor=$2
	shift 2
	local fw fm
	fw=$(awk -v n="$floor" '$1==n {print $2}' "$work/results" | median)
	fm=$(awk -v n="$floor" '$1==n {print $3}' "$work/results" | median)
	printf "%-28s %10s %12s %8s %8s   %s\n" "$set" "wall (s)" "peak RSS" "wall/x" "RSS/x" "runs (wall s)"
	for name in "$floor" "$@"; do
		local w m all
		w=$(awk -v n="$name" '$1==n {print $2}' "$work/results" | median)
		m=$(awk -v n="$name" '$1==n {print $3}' "$work/results" | median)
		all=$(awk -v n="$name" '$1==n {printf "%s ", $2}' "$work/results")
		printf "%-28s %10s %9d MB %8.2f %8.2f   %s\n" "${name#*:}" "$w" "$(echo "$m" | awk '{printf "%d", $1/1024}')" \
			"$(echo "$w $fw" | awk '{print $1/$2}')" "$(echo "$m $fm" | awk '{print $1/$2}')" "$all"
	done
	echo
}

for set in ${sets//,/ }; do
	case $set in
	corpus) pkgs=$(grep -v '^#' "$corpus/packages.txt" | tr '\n' ' ') ;;
	client-go) pkgs="k8s.io/client-go/..." ;;
	*) echo "bench: unknown set $set" >&2; exit 2 ;;
	esac
	: >"$work/results"
	# shellcheck disable=SC2086
	(cd "$corpus" && "$work/noopcheck" -test=false $pkgs >/dev/null 2>&1) || true # warm the build cache
	for mode in ${modes//,/ }; do
		for i in $(seq "$runs"); do
			case $mode in
			standalone)
				# shellcheck disable=SC2086
				measure "$set:noopcheck" "$work/noopcheck" -test=false $pkgs
				# shellcheck disable=SC2086
				measure "$set:retrylint" "$work/retrylint" -test=false $pkgs
				;;
			vet)
				# shellcheck disable=SC2086
				measure "$set:go-vet-noopcheck" go vet -vettool="$(fresh "$work/noopcheck" "$i")" $pkgs
				# shellcheck disable=SC2086
				measure "$set:go-vet-retrylint" go vet -vettool="$(fresh "$work/retrylint" "$i")" $pkgs
				# shellcheck disable=SC2086
				measure "$set:go-vet-default" go vet -vettool="$(fresh "$vettool" "$i")" $pkgs
				;;
			*) echo "bench: unknown mode $mode" >&2; exit 2 ;;
			esac
		done
		case $mode in
		standalone) report "$set standalone (floor x=noopcheck)" "$set:noopcheck" "$set:retrylint" ;;
		vet) report "$set go vet (floor x=-vettool noopcheck)" "$set:go-vet-noopcheck" "$set:go-vet-retrylint" "$set:go-vet-default" ;;
		esac
	done
done
