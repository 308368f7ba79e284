#!/usr/bin/env bash
# Builds the DocC documentation of the runtime products (ORMKit, ORMKitPostgres, ORMKitTelemetry), failing on any
# warning (an unresolved symbol link, a malformed article).
#
#   bash scripts/documentation.sh   archives in .build/documentation/{ORMKit,ORMKitPostgres,ORMKitTelemetry}.doccarchive
#                                   (further arguments go to `docc convert`, e.g. --transform-for-static-hosting)
#
# The guides in docs/ are the catalog's articles: Sources/ORMKit/ORMKit.docc holds a symbolic link to each, so the
# Markdown in docs/ is the one text (read on GitHub, type-checked by the tests, rendered by DocC). This script checks
# that every guide has its link and its place in the landing page's topics.
#
# How: `swift-symbolgraph-extract` reads the public symbol graphs (what swift-docc-plugin extracts: public symbols,
# synthesized members, extension blocks) from built modules, then `docc convert` renders each catalog. ORMKit's
# comes from a build with the SQLCipher trait (so `EncryptionKey` and the encryption calls are in it), the others'
# from the debug build with PostgreSQLTools:
#   SQLCIPHER_BUILD  scratch path of the SQLCipher build (default .build-docs; CI passes its AddressSanitizer build's)
#   POSTGRES_BUILD   scratch path of the PostgreSQLTools build (default .build)
#   BUILT=1          both are built already: CI, whose test step (`swift test`) plans the build differently from
#                    `swift build`, so building here again would recompile everything
# (swift-docc-plugin, used before, built each target again without -enable-testing, plus its snippet tool: about
# 6 minutes on 2 cores, where this takes seconds after the test builds.)
set -euo pipefail
cd "$(dirname "$0")/.."

CATALOG=Sources/ORMKit/ORMKit.docc
status=0
for guide in docs/*.md; do
    name="$(basename "$guide" .md)"
    if [ "$(readlink "$CATALOG/$name.md" 2>/dev/null)" != "../../../docs/$name.md" ]; then
        echo "error: $CATALOG/$name.md must be a symbolic link to ../../../docs/$name.md (ln -s ../../../docs/$name.md $CATALOG/)" >&2
        status=1
    fi
    if ! grep -qx -- "- <doc:$name>" "$CATALOG/ORMKit.md"; then
        echo "error: $CATALOG/ORMKit.md does not list <doc:$name> under Guides" >&2
        status=1
    fi
done
for link in "$CATALOG"/*.md; do
    if [ -L "$link" ] && [ ! -e "$link" ]; then
        echo "error: $link links to a guide that no longer exists" >&2
        status=1
    fi
done
[ "$status" -eq 0 ] || exit "$status"

SQLCIPHER_BUILD="${SQLCIPHER_BUILD:-.build-docs}"
POSTGRES_BUILD="${POSTGRES_BUILD:-.build}"
if [ -z "${BUILT:-}" ]; then
    swift build --traits SQLCipher --scratch-path "$SQLCIPHER_BUILD" --target ORMKit
    swift build --traits PostgreSQLTools --scratch-path "$POSTGRES_BUILD" --target ORMKitPostgres --target ORMKitTelemetry
fi
OUTPUT=.build/documentation
GRAPHS="$OUTPUT/symbol-graphs"
rm -rf "$OUTPUT" && mkdir -p "$GRAPHS"

# The C modules a build's Swift modules import (SwiftNIO's, swift-crypto's, SQLite's), as SwiftPM passes them: the
# module maps it generates per C target (not the `-tool.build` copies of a plugin's tool) and those that
# dependencies ship in their include/ folders.
clang_module_maps() {
    local map
    for map in "$1"/*.build/module.modulemap "$2"/checkouts/*/Sources/*/include/module.modulemap; do
        case "$map" in *-tool.build/*) continue ;; /*) ;; *) map="$PWD/$map" ;; esac
        if [ -f "$map" ]; then printf '%s\n' -Xcc "-fmodule-map-file=$map"; fi
    done
}
TRIPLE="$(swift -print-target-info | sed -nE 's/.*"triple": "([^"]+)".*/\1/p' | head -1)"

for module in ORMKit ORMKitPostgres ORMKitTelemetry; do
    scratch="$POSTGRES_BUILD"
    if [ "$module" = ORMKit ]; then scratch="$SQLCIPHER_BUILD"; fi
    bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
    mapfile -t maps < <(clang_module_maps "$bin" "$scratch")
    mkdir -p "$GRAPHS/$module"
    swift-symbolgraph-extract -module-name "$module" -target "$TRIPLE" -I "$bin/Modules" \
        -I Sources/ORMKitCSQLite -I Sources/ORMKitCSQLCipher "${maps[@]}" \
        -minimum-access-level public -emit-extension-block-symbols -output-dir "$GRAPHS/$module"
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$GRAPHS/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
        --emit-lmdb-index --warnings-as-errors --output-path "$OUTPUT/$module.doccarchive" "$@"
done
