#!/bin/sh
# poold-backup.sh: an online backup of the pool's database and secret key
# (docs/deployment.md "Backups"). poold keeps running; nothing is locked.
#
#   poold-backup.sh DB DEST [KEEP_DAYS]
#     DB         the poold --db value: a SQLite file or a postgres:// URL
#     DEST       backup folder (created); files older than KEEP_DAYS (14) are removed
#
# Environment:
#   POOLD_SECRET_KEY_FILE  the key of --secret-key-file, copied beside the backup
#                          (default: secret.key beside the SQLite file)
#   TEXTFILE_DIR           node_exporter textfile folder: poold_backup_* metrics
#
# SQLite: sqlite3's online backup (.backup) of a consistent snapshot, checked with
# PRAGMA integrity_check, then gzip. PostgreSQL: pg_dump -Fc (one consistent
# snapshot, compressed), checked by listing it with pg_restore -l.
set -eu

db=${1:?usage: poold-backup.sh DB DEST [KEEP_DAYS]}
dest=${2:?usage: poold-backup.sh DB DEST [KEEP_DAYS]}
keep=${3:-14}
ts=$(date -u +%Y%m%dT%H%M%SZ)
umask 077
mkdir -p "$dest"

case "$db" in
postgres://* | postgresql://*)
	file="$dest/poold-$ts.dump"
	pg_dump -Fc -d "$db" -f "$file.part"
	pg_restore -l "$file.part" >/dev/null
	key=${POOLD_SECRET_KEY_FILE:-}
	;;
*)
	# sqlite3 would make an empty database of a wrong path, and back that up.
	[ -f "$db" ] || { echo "poold-backup: no SQLite file $db" >&2; exit 1; }
	file="$dest/poold-$ts.db.gz"
	copy="$dest/poold-$ts.db.copy"
	sqlite3 "$db" ".timeout 10000" ".backup '$copy'"
	check=$(sqlite3 "$copy" "PRAGMA integrity_check")
	if [ "$check" != ok ]; then
		echo "poold-backup: integrity check of the copy failed: $check" >&2
		exit 1
	fi
	gzip -c "$copy" >"$file.part"
	rm -f "$copy"
	key=${POOLD_SECRET_KEY_FILE:-$(dirname "$db")/secret.key}
	;;
esac
mv "$file.part" "$file"
if [ -n "$key" ] && [ -f "$key" ]; then
	cp "$key" "$dest/secret-$ts.key"
fi
find "$dest" -maxdepth 1 -type f \( -name 'poold-*' -o -name 'secret-*.key' \) -mtime +"$keep" -delete
echo "poold-backup: $file ($(wc -c <"$file") bytes)"

if [ -n "${TEXTFILE_DIR:-}" ]; then
	cat >"$TEXTFILE_DIR/poold_backup.prom.tmp" <<EOF
# HELP poold_backup_last_success_timestamp_seconds When poold-backup.sh last finished.
# TYPE poold_backup_last_success_timestamp_seconds gauge
poold_backup_last_success_timestamp_seconds $(date +%s)
# HELP poold_backup_last_size_bytes Size of the last backup file.
# TYPE poold_backup_last_size_bytes gauge
poold_backup_last_size_bytes $(wc -c <"$file")
EOF
	chmod 0644 "$TEXTFILE_DIR/poold_backup.prom.tmp"
	mv "$TEXTFILE_DIR/poold_backup.prom.tmp" "$TEXTFILE_DIR/poold_backup.prom"
fi
