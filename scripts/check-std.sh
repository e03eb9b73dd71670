#!/usr/bin/env bash
# Runs retrylint over the whole standard library and fails if any analyzer
# panicked or reported an internal error. Findings themselves are fine
# (exit status 3); any other failure is not.
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
case $status in
0|3) exit 0 ;;
*) echo "retrylint std: unexpected exit status $status"; head -50 "$out"; exit 1 ;;
esac
