#!/usr/bin/env bash
# Runs retrylint over the whole standard library and fails if any analyzer
# panicked or reported an internal error, or if its findings differ from
# scripts/std-findings.txt (file and message, without line numbers, so that
# a newer Go's line shifts do not matter): the standard library's own loops
# (os.MkdirTemp's name collisions, sync and runtime internals) are local
# work, and a new finding there is a precision regression. Exit status 3
# (findings) is fine; any other failure is not.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/retrylint
go build -o "$bin" ./cmd/retrylint
out=$(mktemp)
start=$(date +%s)
"$bin" std >/dev/null 2>"$out"
status=$?
echo "retrylint std: exit $status in $(( $(date +%s) - start ))s"
if grep -E "^panic: |internal error|^goroutine [0-9]+ \[" "$out"; then
	echo "retrylint std: an analyzer crashed"; exit 1
fi
got=$(grep -E '^[^ ]+\.go:[0-9]+:[0-9]+: ' "$out" | sed -E "s#^$(go env GOROOT)/src/##; s#:[0-9]+:[0-9]+: #: #" | sort)
if ! diff <(echo "$got") <(sort scripts/std-findings.txt); then
	echo "retrylint std: findings differ from scripts/std-findings.txt (< got, > want)"; exit 1
fi
case $status in
0|3) exit 0 ;;
*) echo "retrylint std: unexpected exit status $status"; head -50 "$out"; exit 1 ;;
esac
