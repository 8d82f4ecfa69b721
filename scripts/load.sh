#!/usr/bin/env bash
# The load test (make load; not in CI). For each database in LOAD_DB, a fresh pool:
# poold serve --demo (devnet coins, the demo account, its earnings and simulated rigs) on
# free loopback ports, then the API load (poolload api) and the stratum load
# (poolload stratum) against it, then poold stops and the database is dropped. Progress
# goes to the terminal; the markdown blocks for docs/performance.md also go to LOAD_OUT.
#
# Settings (environment; make passes its variables):
#   LOAD_API_DURATION (10m) LOAD_API_RATE (1000) LOAD_API_FLAGS ("")
#   LOAD_STRATUM_CONNS (10000) LOAD_STRATUM_DURATION (1h) LOAD_STRATUM_FLAGS ("", e.g. --storm)
#   LOAD_DB ("sqlite postgres") LOAD_PG ("-h 127.0.0.1 -p 5432 -U postgres": psql's options)
#   LOAD_MIN_DIFFICULTY (1e-9): the demo Bitcoin's min_difficulty, which the load's miners
#     ask for (mining.suggest_difficulty), so a valid share costs the generator a few hashes;
#     the demo's own rigs keep their vardiff difficulty
#   LOAD_OUT (bin/load-<time>.md) POOLD (bin/poold) POOLLOAD (bin/poolload)
#   LOAD_POOLD_FLAGS (""): more flags for poold serve, e.g. --stratum-invalid-share-limit 0
set -euo pipefail
cd "$(dirname "$0")/.."

API_DURATION=${LOAD_API_DURATION:-10m}
API_RATE=${LOAD_API_RATE:-1000}
STRATUM_CONNS=${LOAD_STRATUM_CONNS:-10000}
STRATUM_DURATION=${LOAD_STRATUM_DURATION:-1h}
DBS=${LOAD_DB:-sqlite postgres}
PG=${LOAD_PG:--h 127.0.0.1 -p 5432 -U postgres}
MIN_DIFF=${LOAD_MIN_DIFFICULTY:-1e-9}
POOLD=${POOLD:-bin/poold}
POOLLOAD=${POOLLOAD:-bin/poolload}
POOLD_FLAGS=${LOAD_POOLD_FLAGS:-}
OUT=${LOAD_OUT:-bin/load-$(date -u +%Y%m%dT%H%M%SZ).md}

say() { printf '\n== %s\n' "$*"; }

pid="" dir="" pgdb=""
cleanup() {
	local rc=$?
	if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
		kill -TERM "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
	if [[ -n $pgdb ]]; then
		# shellcheck disable=SC2086
		psql $PG -d postgres -qc "DROP DATABASE IF EXISTS \"$pgdb\"" >/dev/null || echo "load: could not drop database $pgdb"
	fi
	if [[ -n $dir ]]; then
		if ((rc == 0)); then rm -rf "$dir"; else echo "load: logs kept in $dir"; fi
	fi
	pid="" dir="" pgdb=""
	return "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# wait_for FILE PATTERN SECONDS: until a line of FILE matches, while poold runs.
wait_for() {
	local file=$1 pattern=$2 n=$(($3 * 10))
	for ((i = 0; i < n; i++)); do
		grep -q -- "$pattern" "$file" 2>/dev/null && return 0
		kill -0 "$pid" 2>/dev/null || { echo "load: poold stopped:"; tail -20 "$dir"/*.log; return 1; }
		sleep 0.1
	done
	echo "load: no '$pattern' in $file after $3 s"
	return 1
}

stop_poold() {
	kill -TERM "$pid"
	wait "$pid" || true
	pid=""
}

run_one() {
	local kind=$1 db label url btc
	dir=$(mktemp -d "${TMPDIR:-/tmp}/poolload.XXXXXX")
	case $kind in
	sqlite)
		db=$dir/poold.db label=SQLite
		;;
	postgres)
		pgdb=poolload_$(date -u +%Y%m%d%H%M%S)_$$
		# shellcheck disable=SC2086
		psql $PG -d postgres -qc "CREATE DATABASE \"$pgdb\"" >/dev/null
		db="postgres://postgres@127.0.0.1:5432/$pgdb?sslmode=disable" label=PostgreSQL
		;;
	*)
		echo "load: LOAD_DB names $kind; it takes sqlite and postgres"
		return 1
		;;
	esac
	local common=(--db "$db" --outbox "$dir/outbox.log" --secret-key-file "$dir/secret.key")
	say "$label: seeding the demo in $dir"

	# 1. The demo's data, from a start without the stratum role (the demo's coins have fixed
	#    ports, 1234-1238, which must not be bound here). Once its coins are in, it is
	#    stopped; the full start below completes whatever it had not seeded yet.
	"$POOLD" serve --demo --roles api --http 127.0.0.1:0 "${common[@]}" --log-level warn >"$dir/seed.log" 2>&1 &
	pid=$!
	wait_for "$dir/seed.log" "poold: listening on" 60
	for ((i = 0; ; i++)); do
		"$POOLD" admin "${common[@]:0:2}" coin list 2>/dev/null | grep -q '^LTC ' && break
		((i < 600)) || { echo "load: the demo coins never appeared"; return 1; }
		sleep 0.2
	done
	stop_poold

	# 2. Every stratum and solo port of the demo coins moved to free loopback ports; the
	#    demo Bitcoin, which the stratum load mines, gets a low min_difficulty.
	local line typ ports n free
	while read -r line; do
		typ=${line%% *}
		ports=$(grep -o '\[[0-9 ]*\]' <<<"$line" | tr -d '[]')
		n=$(wc -w <<<"$ports")
		((n > 0)) || continue
		free=$("$POOLLOAD" freeport "$n" | paste -sd,)
		"$POOLD" admin "${common[@]:0:2}" coin set "$typ" --ports "$free" --reason "load test: free ports" >/dev/null
	done < <("$POOLD" admin "${common[@]:0:2}" coin list | tail -n +2)
	"$POOLD" admin "${common[@]:0:2}" coin set BTC --solo-ports "$("$POOLLOAD" freeport)" --driver-config "min_difficulty=$MIN_DIFF" --reason "load test: solo port" >/dev/null
	"$POOLD" admin "${common[@]:0:2}" coin list | sed 's/^/   /'

	# 3. The pool, all roles, with the demo's rigs. One client address holds every miner of
	#    the load, and one port takes them all: the caps per address and port are lifted.
	"$POOLD" serve --demo --http 127.0.0.1:0 --stratum-bind 127.0.0.1 --stratum-max-per-address 0 --max-new-devices-per-address 0 \
		--stratum-max-per-port $((STRATUM_CONNS + 1024)) "${common[@]}" $POOLD_FLAGS --log-level warn >"$dir/poold.log" 2>&1 &
	pid=$!
	wait_for "$dir/poold.log" "poold: stratum for BTC (devnet) on" 180
	url=$(sed -n 's/^poold: listening on //p' "$dir/poold.log" | head -1)
	btc=$(sed -n 's/^poold: stratum for BTC (devnet) on //p' "$dir/poold.log" | head -1)
	say "$label: poold (pid $pid) on $url, BTC stratum on $btc"

	say "$label: API load, $API_RATE requests/s for $API_DURATION"
	# shellcheck disable=SC2086
	"$POOLLOAD" api --base "$url" --rate "$API_RATE" --duration "$API_DURATION" --pid "$pid" \
		--label "$label" --markdown "$OUT" ${LOAD_API_FLAGS:-}

	say "$label: stratum load, $STRATUM_CONNS miners for $STRATUM_DURATION"
	# shellcheck disable=SC2086
	"$POOLLOAD" stratum --addr "$btc" --api "$url" --conns "$STRATUM_CONNS" --duration "$STRATUM_DURATION" \
		--suggest-difficulty "$MIN_DIFF" --pid "$pid" --label "$label" --markdown "$OUT" ${LOAD_STRATUM_FLAGS:-}

	say "$label: stopping poold"
	stop_poold
	echo "   poold logged $(grep -cv '^poold: ' "$dir/poold.log" || true) warning or error lines"
	cleanup
}

{
	echo "### make load, $(date -u '+%Y-%m-%d %H:%M UTC'), $(git describe --always --dirty 2>/dev/null || echo '?')"
	echo
	echo "$(nproc) CPUs, $(free -g | awk '/^Mem:/ {print $2}') GiB; generator and poold on the same machine."
	echo
} >>"$OUT"
for kind in $DBS; do
	run_one "$kind"
done
say "markdown for docs/performance.md: $OUT"
