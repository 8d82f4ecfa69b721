#!/bin/sh
# poold-db-checks.sh: what /metrics does not tell, read from the pool's database, in
# the Prometheus text format for node_exporter's textfile collector
# (--collector.textfile.directory). Run it every minute (deploy/systemd/
# poold-db-checks.timer); alerts.yml's "poold-db-checks" group reads its metrics.
#
#   poold-db-checks.sh DB [OUT]
#     DB   the poold --db value: a SQLite file (read with the sqlite3 CLI) or a
#          postgres:// URL (read with psql; a read-only role is enough)
#     OUT  file to write (atomically, via OUT.tmp); default: standard output
#
# Metrics (coin = the coin's type):
#   poold_check_settlement_days_behind{coin}     due days not settled yet (0 normally)
#   poold_check_open_withdrawals{coin,status}    withdrawals in review, requested,
#                                                batched, signed or broadcast
#   poold_check_oldest_open_withdrawal_age_seconds{coin,status}
#   poold_check_payouts_with_error{coin}         unfinished payouts that recorded an error
#   poold_check_payout_max_attempts{coin}        their highest attempt count
#   poold_check_last_run_timestamp_seconds       when this script last succeeded
set -eu

db=${1:?usage: poold-db-checks.sh DB [OUT]}
out=${2:-}

query() {
	case "$db" in
	postgres://* | postgresql://*) psql "$db" -X -q -A -t -F '|' -v ON_ERROR_STOP=1 -c "$1" ;;
	*) sqlite3 -readonly -batch -noheader -separator '|' -cmd '.timeout 10000' "$db" "$1" ;;
	esac
}

now=$(date +%s)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# A failed query stops the script before OUT is replaced, so the stale file's
# poold_check_last_run_timestamp_seconds tells (alert PooldDBChecksStale).
{
	echo '# HELP poold_check_settlement_days_behind Days whose settlement time has passed but are not settled (coins that have settled before).'
	echo '# TYPE poold_check_settlement_days_behind gauge'
	# Settlement days and times are Beijing time (docs/earnings.md). The last due day is
	# yesterday once today's settle time has passed, else the day before (LastDue).
	today=$(TZ=Asia/Shanghai date +%Y-%m-%d)
	hhmm=$(TZ=Asia/Shanghai date +%H:%M)
	rows=$(query "SELECT c.type, c.settle_time, (SELECT MAX(s.day) FROM settlements s WHERE s.coin = c.type) FROM coins c")
	printf '%s\n' "$rows" |
		while IFS='|' read -r coin settle last; do
			[ -n "$last" ] || continue
			if [ "$hhmm" \> "$settle" ] || [ "$hhmm" = "$settle" ]; then back=1; else back=2; fi
			due=$(date -u -d "$today -$back day" +%s)
			have=$(date -u -d "$last" +%s)
			behind=$(((due - have) / 86400))
			[ "$behind" -ge 0 ] || behind=0
			echo "poold_check_settlement_days_behind{coin=\"$coin\"} $behind"
		done

	echo '# HELP poold_check_open_withdrawals Withdrawals not yet confirmed or failed, by status.'
	echo '# TYPE poold_check_open_withdrawals gauge'
	echo '# HELP poold_check_oldest_open_withdrawal_age_seconds Age of the oldest open withdrawal, by status.'
	echo '# TYPE poold_check_oldest_open_withdrawal_age_seconds gauge'
	rows=$(query "SELECT coin, status, COUNT(*), MIN(created_at) FROM withdrawals
	       WHERE status IN ('review', 'requested', 'batched', 'signed', 'broadcast') GROUP BY coin, status")
	printf '%s\n' "$rows" |
		while IFS='|' read -r coin status n oldest; do
			[ -n "$coin" ] || continue
			echo "poold_check_open_withdrawals{coin=\"$coin\",status=\"$status\"} $n"
			echo "poold_check_oldest_open_withdrawal_age_seconds{coin=\"$coin\",status=\"$status\"} $((now - oldest / 1000))"
		done

	echo '# HELP poold_check_payouts_with_error Unfinished payouts whose last attempt recorded an error.'
	echo '# TYPE poold_check_payouts_with_error gauge'
	echo '# HELP poold_check_payout_max_attempts Highest attempt count among those payouts.'
	echo '# TYPE poold_check_payout_max_attempts gauge'
	rows=$(query "SELECT coin, COUNT(*), MAX(attempts) FROM payouts
	       WHERE status NOT IN ('confirmed', 'failed') AND last_error <> '' GROUP BY coin")
	printf '%s\n' "$rows" |
		while IFS='|' read -r coin n attempts; do
			[ -n "$coin" ] || continue
			echo "poold_check_payouts_with_error{coin=\"$coin\"} $n"
			echo "poold_check_payout_max_attempts{coin=\"$coin\"} $attempts"
		done

	echo '# HELP poold_check_last_run_timestamp_seconds When poold-db-checks.sh last read the database.'
	echo '# TYPE poold_check_last_run_timestamp_seconds gauge'
	echo "poold_check_last_run_timestamp_seconds $now"
} >"$tmp"

if [ -z "$out" ]; then
	cat "$tmp"
else
	cp "$tmp" "$out.tmp"
	chmod 0644 "$out.tmp"
	mv "$out.tmp" "$out"
fi
