#!/usr/bin/env bash
# Shows LibraryApp upgrading a database made with its previous schema (version 1, kept in
# scripts/fixtures/library-app-v1.yaml) to the current one (version 2: Loan.dueAt, filled by a `sql` step).
# The version-1 file is made from `ormgen sql` of the old schema, with Python's sqlite3 module.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

work="$(mktemp -d "${TMPDIR:-/tmp}/ormgen-upgrade.XXXXXX")"
trap 'rm -rf "$work"' EXIT
database="$work/library-v1.db"

swift run ormgen sql scripts/fixtures/library-app-v1.yaml >"$work/v1.sql"
python3 - "$database" "$work/v1.sql" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.executescript(open(sys.argv[2]).read())
db.execute("INSERT INTO authors (name, born) VALUES ('Ursula K. Le Guin', 1929)")
db.execute("INSERT INTO books (title, genre, year, pages, rating, tags, author_id)"
           " VALUES ('The Dispossessed', 'scienceFiction', 1974, 387, 4.5, '[\"hainish\"]', 1)")
db.execute("INSERT INTO loans (member, loaned_at, book_id) VALUES ('Tenar', 1767484800, 1)")  # 2026-01-04
db.execute("PRAGMA user_version = 1")
db.commit()
PY

output="$(swift run LibraryApp "$database")"
echo "$output"
expect() {
    grep -qF "$1" <<<"$output" || { echo "example-upgrade-test: expected the output to contain: $1" >&2; exit 1; }
}
expect "upgraded from schema version 1 to 2 (1 books)"
expect "The Dispossessed -> Tenar, since 2026-01-04, due 2026-01-25"
echo "example-upgrade-test: passed"
