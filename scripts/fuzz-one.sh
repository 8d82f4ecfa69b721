#!/usr/bin/env bash
# fuzz-one.sh PKG TARGET FUZZTIME [go test flags...]: one fuzz target (make fuzz).
# Go before 1.27 can fail a -fuzztime run at its deadline with a bare "context deadline
# exceeded" and no input (go.dev/issue/75804, a race in the fuzz coordinator, seen on a
# loaded 2-core CI machine): such a run is tried once more. A run that wrote a failing
# input, or failed any other way, fails.
set -uo pipefail
pkg=$1 target=$2 fuzztime=$3
shift 3
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for attempt in 1 2; do
	go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$@" "$pkg" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	((rc == 0)) && exit 0
	if ((attempt == 1)) && grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
		echo "fuzz: $target: the Go fuzz deadline race (go.dev/issue/75804), no failing input; once more"
		continue
	fi
	exit "$rc"
done
