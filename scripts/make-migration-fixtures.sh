#!/bin/sh
# Rebuilds the migration fixtures in Tests/MigrationTests/Fixtures: one database per older version of the
# example schema, made from that version's schema files (schema-vN/, DDL from the real `ormgen sql`) plus
# a few rows, with PRAGMA user_version = N. Needs the sqlite3 command-line tool.
#
# Usage: scripts/make-migration-fixtures.sh [scratch path, default .build-fixtures]
set -eu
cd "$(dirname "$0")/.."
scratch="${1:-.build-fixtures}"
fixtures=Tests/MigrationTests/Fixtures

swift build --scratch-path "$scratch" --product ormgen >/dev/null
ormgen="$scratch/debug/ormgen"

# make VERSION: the DDL of schema-vVERSION, then the SQL on standard input, in one transaction.
make() {
    database="$fixtures/library-v$1.sqlite"
    rm -f "$database"
    {
        echo "BEGIN;"
        "$ormgen" sql "$fixtures/schema-v$1"
        cat
        echo "PRAGMA user_version = $1;"
        echo "COMMIT;"
    } | sqlite3 "$database"
    echo "wrote $database (version $(sqlite3 "$database" 'PRAGMA user_version'))"
}

make 1 <<'SQL'
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
SQL

# `ormgen sql` prints version 2's addIndex index (books_genre_format) with the books table.
make 2 <<'SQL'
INSERT INTO "authors" ("id", "name", "email", "born", "rating", "nick_name", "is_active", "website") VALUES
    (1, 'Anonymous', 'anon@example.org', NULL, NULL, NULL, 1, NULL),
    (2, 'Ursula K. Le Guin', 'ursula@example.org', -1268524800.0, 4.9, 'UKL', 1, 'https://www.ursulakleguin.com');
INSERT INTO "author_profiles" ("biography", "photo", "links", "updated_at", "author_id") VALUES
    ('Wrote Earthsea', NULL, '{}', 1700000000.0, 2);
INSERT INTO "readers" ("id", "card_number", "name", "email", "member_since", "favorite_color", "preferences", "referrer_id") VALUES
    (1, 1001, 'Ged', NULL, 1577836800.0, NULL, NULL, NULL);
INSERT INTO "order" ("id", "default", "count", "group", "class", "index", "all", "reader_id") VALUES
    (1, 0, 2, 'walk-in', 'express', 1, 1, 1);
INSERT INTO "lists" ("id", "title", "is_public", "owner_id") VALUES (1, 'Favourites', 1, 1);
INSERT INTO "series" ("id", "title", "is_complete") VALUES (1, 'Earthsea', 1);
INSERT INTO "books" ("isbn", "title", "genre", "format", "pages", "price", "weight", "tags", "uid", "shelf_row",
        "shelf_column", "shelf_room", "color", "added_on", "copies", "author_id", "series_id") VALUES
    ('9780553383041', 'A Wizard of Earthsea', 'fiction', 2, 183, 8.99, 0.25, '["fantasy"]',
        X'6F1C0B5E8D2A4C5E9B1F2A3D4E5F6A7B', 3, 7, 'main', '#336699', 1700000000.0, 1, 2, 1);
INSERT INTO "book_readers" ("book_isbn", "reader_id") VALUES ('9780553383041', 1);
INSERT INTO "loan" ("loaned_at", "due_at", "returned_at", "fee", "renewals", "book_isbn", "reader_id") VALUES
    (1700000000.0, 1701000000.0, NULL, '0.50', 0, '9780553383041', 1);
SQL
