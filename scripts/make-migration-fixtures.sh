#!/bin/sh
# Rebuilds Tests/MigrationTests/Fixtures/library-v1.sqlite: the version-1 example schema
# (Tests/MigrationTests/Fixtures/schema-v1/, DDL from the real `ormgen sql`) with a few rows,
# PRAGMA user_version = 1. Needs the sqlite3 command-line tool.
#
# Usage: scripts/make-migration-fixtures.sh [scratch path, default .build-fixtures]
set -eu
cd "$(dirname "$0")/.."
scratch="${1:-.build-fixtures}"
fixtures=Tests/MigrationTests/Fixtures
database="$fixtures/library-v1.sqlite"

swift build --scratch-path "$scratch" --product ormgen >/dev/null
ormgen="$scratch/debug/ormgen"

rm -f "$database"
{
    echo "BEGIN;"
    "$ormgen" sql "$fixtures/schema-v1"
    cat <<'SQL'
INSERT INTO "authors" ("id", "full_name", "email", "born", "rating", "nick_name", "is_active") VALUES
    (1, 'Anonymous', 'anon@example.org', NULL, NULL, NULL, 1),
    (2, 'Ursula K. Le Guin', 'ursula@example.org', -1268524800.0, 4.9, 'UKL', 1),
    (3, 'Terry Pratchett', 'terry@example.org', -675216000.0, 4.5, NULL, 0);
INSERT INTO "patron" ("id", "card_number", "name", "email", "member_since", "favorite_color", "preferences", "referrer_id") VALUES
    (1, 1001, 'Ged', 'ged@example.org', 1577836800.0, NULL, NULL, NULL),
    (2, 1002, 'Tenar', NULL, 1600000000.0, '#aa0000', '{"theme":"dark"}', 1);
INSERT INTO "lists" ("id", "title", "is_public", "owner_id") VALUES (1, 'To read', 0, 2);
INSERT INTO "series" ("id", "title", "is_complete") VALUES (1, 'Earthsea', 0), (2, 'Discworld', 0);
INSERT INTO "books" ("isbn", "title", "genre", "format", "pages", "price", "tags", "uid", "shelf_row", "shelf_column",
        "shelf_room", "color", "added_on", "copies", "legacy_code", "author_id", "series_id") VALUES
    ('9780553383041', 'A Wizard of Earthsea', 'fiction', 2, 183, 8.99, '["fantasy","classic"]',
        X'6F1C0B5E8D2A4C5E9B1F2A3D4E5F6A7B', 3, 7, 'main', '#336699', 1700000000.0, 1, 'EA-1', 2, 1),
    ('0552131067', 'The Colour of Magic', 'fiction', 1, 288, NULL, '[]',
        X'00112233445566778899AABBCCDDEEFF', 1, 2, 'annex', '#228822', 1700000100.0, 2, 'DW-1', 3, 2);
PRAGMA user_version = 1;
COMMIT;
SQL
} | sqlite3 "$database"

echo "wrote $database (version $(sqlite3 "$database" 'PRAGMA user_version'))"
