#!/usr/bin/env bash
# End-to-end test of ORMGen as a user sees it: a throwaway package in a temp dir depends on this
# package by path and
#   1. applies the ORMGenPlugin build plugin to an executable target with a schema/ folder,
#   2. generates a second target's files with the command plugin (`generate-orm`) and compiles them
#      (without --target it must skip the build-plugin target),
#   3. builds and runs the app and checks its output,
#   4. rebuilds with nothing changed: the generator must not run,
#   5. edits the YAML: the generator must run and the new field must appear,
#   6. breaks the YAML: `swift build` must fail with `path:line:column: error:` pointing at the file,
#   7. resolves only Yams and swift-argument-parser besides this package (PostgreSQL is behind a trait), while a
#      second consumer that enables the `PostgreSQL` trait resolves postgres-nio and SwiftNIO.
# Usage: bash scripts/consumer-test.sh   (KEEP_CONSUMER=1 keeps the temp dir for inspection)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACKAGE_ID="$(basename "$ROOT" | tr '[:upper:]' '[:lower:]')"  # SwiftPM names a path dependency by its folder
WORK="$(cd "$(mktemp -d "${TMPDIR:-/tmp}/ormgen-consumer.XXXXXX")" && pwd -P)"
CONSUMER="$WORK/MyApp"
SCRATCH="$WORK/.build"
LOG="$WORK/log"
mkdir -p "$LOG"

cleanup() {
    if [ "${KEEP_CONSUMER:-0}" = "1" ]; then echo "consumer-test: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

say() { echo "consumer-test: $*"; }
fail() {
    echo "consumer-test: FAIL: $*" >&2
    if [ -n "${2:-}" ] && [ -f "$2" ]; then
        echo "----- errors in $2 -----" >&2
        grep -E "error:" "$2" | head -20 >&2 || true
        echo "----- last lines of $2 -----" >&2
        tail -25 "$2" >&2
    fi
    exit 1
}
# `swift SUBCOMMAND ARGS...` in the consumer with its own scratch path, output kept in $LOG/<name>.log;
# fails the test on a non-zero exit.
swift_in_consumer() {
    local name="$1" subcommand="$2"; shift 2
    if ! (cd "$CONSUMER" && swift "$subcommand" --scratch-path "$SCRATCH" "$@") >"$LOG/$name.log" 2>&1; then
        fail "'swift $subcommand $*' failed" "$LOG/$name.log"
    fi
}
generated_file() { find "$SCRATCH" -path '*ORMGenPlugin*' -name ORMGen.swift -print -quit; }
mtime() { stat -c %Y "$1" 2>/dev/null || stat -f %m "$1"; }

say "creating $CONSUMER (depends on $ROOT as package '$PACKAGE_ID')"
mkdir -p "$CONSUMER/Sources/MyApp/schema" "$CONSUMER/Sources/Catalog/schema"
cat >"$CONSUMER/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MyApp",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "$ROOT"),
    ],
    targets: [
        // Generated at build time by the build plugin from Sources/MyApp/schema/*.yaml.
        .executableTarget(
            name: "MyApp",
            dependencies: ["Catalog", .product(name: "ORMKit", package: "$PACKAGE_ID")],
            exclude: ["schema/README.md"],  // YAML needs no entry; any other file in schema/ does
            plugins: [.plugin(name: "ORMGenPlugin", package: "$PACKAGE_ID")]
        ),
        // Generated on demand by \`generate-orm\` into Sources/Catalog/Generated and compiled as-is.
        .target(
            name: "Catalog",
            dependencies: [.product(name: "ORMKit", package: "$PACKAGE_ID")],
            exclude: ["schema"]
        ),
    ]
)
SWIFT

cat >"$CONSUMER/Sources/MyApp/schema/notes.yaml" <<'YAML'
name: NotesSchema
models:
  Note:
    table: notes
    fields:
      id: Int64
      title: String
      stars: { type: Int, default: 0 }
    indexes: [title]
YAML

echo "The MyApp schema: every .yaml/.yml file here is an input of the ORMGenPlugin build plugin." \
    >"$CONSUMER/Sources/MyApp/schema/README.md"

cat >"$CONSUMER/Sources/Catalog/schema/catalog.yaml" <<'YAML'
name: CatalogSchema
models:
  Shelf:
    table: shelves
    fields:
      id: Int64
      label: String
YAML
# A wide model (80 fields, more than the generator's 64): its initializer, row decoder and column list take the
# shape whose compile time is linear in the fields (WideModelTests compiles 1,000 columns); here it round-trips.
{
    echo "  Gauge:"
    echo "    fields:"
    kinds=('{ type: Int, default: 0 }' 'String?' '{ type: Bool, storage: text, default: false }' \
        '{ type: Decimal, scale: 2, default: "0.00" }' '{ type: Date?, storage: iso8601Text }')
    for i in $(seq 0 79); do echo "      f$i: ${kinds[$((i % 5))]}"; done
} >>"$CONSUMER/Sources/Catalog/schema/catalog.yaml"
cat >"$CONSUMER/Sources/Catalog/Catalog.swift" <<'SWIFT'
/// The Catalog module: its models are generated into Generated/ by `generate-orm`.
public enum Catalog {}
SWIFT

cat >"$CONSUMER/Sources/MyApp/main.swift" <<'SWIFT'
import Catalog
import Foundation
import ORMKit

// Note and NotesSchema come from schema/notes.yaml through the build plugin; Shelf from Catalog.
let directory = CommandLine.arguments.dropFirst().first ?? "."
let db = try Database(path: directory + "/notes.db")
try await db.migrate(NotesSchema.self)
try await db.transaction { tx in
    _ = try await Note.deleteAll(tx)
    try await Note.insert(tx, contentsOf: [Note(title: "plugins", stars: 3), Note(title: "yaml", stars: 5), Note(title: "sql")])
}
let starred = try await Note.filter(Note.stars > 0).order(Note.stars.desc).fetchAll(db)
print("notes: \(try await Note.count(db)), starred: \(starred.map(\.title).joined(separator: ","))")

// Synchronous code takes the connection of a read/write closure.
func fillCatalog(_ catalog: Database, with gauge: inout Gauge) throws -> [Gauge] {
    try catalog.writeWithoutTransaction { conn in try conn.migrate(CatalogSchema.self) }
    try catalog.write { conn in
        try Shelf.deleteAll(conn)
        var shelf = Shelf(label: "A1")
        try shelf.insert(conn)
        try Gauge.deleteAll(conn)
        try gauge.insert(conn)
    }
    print("shelves: \(try catalog.read { conn in try Shelf.fetchAll(conn) }.map(\.label).joined(separator: ","))")
    return try catalog.read { conn in try Gauge.fetchAll(conn) }
}

var gauge = Gauge(f0: 1, f1: "first", f2: true, f3: Decimal(string: "12.34")!, f4: Date(timeIntervalSince1970: 1_700_000_000))
gauge.f75 = 75
gauge.f76 = "last"
gauge.f78 = Decimal(string: "56.78")!
gauge.f79 = Date(timeIntervalSince1970: 1_800_000_000.5)
let catalog = try Database(path: directory + "/catalog.db")
let gauges = try fillCatalog(catalog, with: &gauge)
print("gauges: \(gauges.count), equal: \(gauges == [gauge]), columns: \(Gauge.schema.columns.count)")
SWIFT

say "1/7 command plugin: generate-orm --target Catalog --access public"
swift_in_consumer generate-orm package --allow-writing-to-package-directory generate-orm --target Catalog --access public
for file in Shelf.swift Gauge.swift CatalogSchema.swift; do
    [ -f "$CONSUMER/Sources/Catalog/Generated/$file" ] || fail "generate-orm did not write Sources/Catalog/Generated/$file" "$LOG/generate-orm.log"
done

grep -q "try Self.decodeColumns4(row)" "$CONSUMER/Sources/Catalog/Generated/Gauge.swift" \
    || fail "Gauge (80 fields) was not generated in the wide-model shape"

# Without --target: Catalog (schema/ excluded) is generated, MyApp (build-plugin inputs) is skipped.
swift_in_consumer generate-orm-all package --allow-writing-to-package-directory generate-orm --access public
grep -q "skipping MyApp" "$LOG/generate-orm-all.log" || fail "generate-orm did not skip the build-plugin target MyApp" "$LOG/generate-orm-all.log"
grep -q "generate-orm: Catalog:" "$LOG/generate-orm-all.log" || fail "generate-orm without --target did not generate Catalog" "$LOG/generate-orm-all.log"
[ ! -e "$CONSUMER/Sources/MyApp/Generated" ] || fail "generate-orm wrote into the build-plugin target MyApp"

say "2/7 first build (build plugin generates ORMGen.swift)"
swift_in_consumer build-1 build
grep -q "Generating ORMGen.swift for MyApp" "$LOG/build-1.log" || fail "the build plugin did not run" "$LOG/build-1.log"
if grep -q "unhandled" "$LOG/build-1.log"; then fail "SwiftPM warned about unhandled files" "$LOG/build-1.log"; fi
# Warnings in the consumer's own code, the generated ORMGen.swift or the command plugin's output.
if grep "warning:" "$LOG/build-1.log" | grep -q -e "$CONSUMER" -e "ORMGen.swift"; then
    fail "the consumer's build has warnings" "$LOG/build-1.log"
fi
GENERATED="$(generated_file)"
[ -n "$GENERATED" ] || fail "no ORMGen.swift under $SCRATCH" "$LOG/build-1.log"
# MyApp is an executable target: its models are internal unless the schema says `access:`.
grep -q "^struct Note: " "$GENERATED" || fail "the build plugin did not generate internal models for an executable target"
grep -q "^public struct" "$GENERATED" && fail "the build plugin generated public models for an executable target"

say "3/7 run the app"
swift_in_consumer run run MyApp "$WORK"
grep -qx "notes: 3, starred: yaml,plugins" "$LOG/run.log" || fail "unexpected output from MyApp" "$LOG/run.log"
grep -qx "shelves: A1" "$LOG/run.log" || fail "unexpected output from MyApp" "$LOG/run.log"
grep -qx "gauges: 1, equal: true, columns: 81" "$LOG/run.log" || fail "the wide model did not round-trip" "$LOG/run.log"

say "4/7 rebuild with nothing changed: the generator must not run"
BEFORE="$(mtime "$GENERATED")"
sleep 1
swift_in_consumer build-2 build -v
if grep -q "Generating ORMGen.swift" "$LOG/build-2.log" || grep -Eq "/ormgen(-generate)?(-tool)? generate " "$LOG/build-2.log"; then
    fail "the generator ran although no schema file changed" "$LOG/build-2.log"
fi
[ "$(mtime "$GENERATED")" = "$BEFORE" ] || fail "ORMGen.swift was rewritten although no schema file changed"

say "5/7 edit the YAML: the generator must run again"
cat >"$CONSUMER/Sources/MyApp/schema/notes.yaml" <<'YAML'
name: NotesSchema
models:
  Note:
    table: notes
    fields:
      id: Int64
      title: String
      stars: { type: Int, default: 0 }
      pinned: { type: Bool, default: false }
    indexes: [title]
YAML
swift_in_consumer build-3 build
grep -q "Generating ORMGen.swift for MyApp" "$LOG/build-3.log" || fail "the generator did not run after the YAML changed" "$LOG/build-3.log"
grep -q "pinned" "$GENERATED" || fail "ORMGen.swift does not contain the new field 'pinned'"

say "6/7 a schema error fails the build with path:line:column: error:"
cat >"$CONSUMER/Sources/MyApp/schema/notes.yaml" <<'YAML'
name: NotesSchema
models:
  Note:
    table: notes
    fields:
      id: Int64
      title: Strng
YAML
if (cd "$CONSUMER" && swift build --scratch-path "$SCRATCH") >"$LOG/build-error.log" 2>&1; then
    fail "swift build succeeded with an invalid schema" "$LOG/build-error.log"
fi
PATTERN="$CONSUMER/Sources/MyApp/schema/notes.yaml:7:[0-9]+: error: "
grep -E "$PATTERN" "$LOG/build-error.log" || fail "no '$PATTERN' line in the build output" "$LOG/build-error.log"

say "7/7 a SQLite-only consumer resolves no PostgreSQL or NIO package; one with the PostgreSQL trait does"
swift_in_consumer dependencies package show-dependencies --format flatlist
RESOLVED="$(grep -v -e '^Fetch' -e '^Comput' -e '^Creating' -e '^Working' "$LOG/dependencies.log" | sort -u | tr '\n' ' ')"
echo "consumer-test: SQLite-only consumer resolves: $RESOLVED"
for package in postgres-nio swift-nio swift-nio-ssl swift-crypto swift-log swift-docc-plugin swift-docc-symbolkit; do
    if grep -qx "$package" "$LOG/dependencies.log"; then fail "a SQLite-only consumer resolves $package" "$LOG/dependencies.log"; fi
done
for package in yams swift-argument-parser; do
    grep -qix "$package" "$LOG/dependencies.log" || fail "the consumer does not resolve $package" "$LOG/dependencies.log"
done
POSTGRES_CONSUMER="$WORK/PostgresApp"
mkdir -p "$POSTGRES_CONSUMER/Sources/PostgresApp"
cat >"$POSTGRES_CONSUMER/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "PostgresApp",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "$ROOT", traits: ["PostgreSQL"]),
    ],
    targets: [
        .executableTarget(name: "PostgresApp", dependencies: [.product(name: "ORMKitPostgres", package: "$PACKAGE_ID")]),
    ]
)
SWIFT
echo 'import ORMKitPostgres' >"$POSTGRES_CONSUMER/Sources/PostgresApp/main.swift"
if ! (cd "$POSTGRES_CONSUMER" && swift package --scratch-path "$WORK/.build-postgres" show-dependencies --format flatlist) \
    >"$LOG/postgres-dependencies.log" 2>&1; then
    fail "the PostgreSQL consumer does not resolve" "$LOG/postgres-dependencies.log"
fi
for package in postgres-nio swift-nio; do
    grep -qx "$package" "$LOG/postgres-dependencies.log" || fail "the PostgreSQL trait does not bring $package" "$LOG/postgres-dependencies.log"
done

say "passed"
