#!/usr/bin/env bash
# Builds the DocC documentation of the runtime products (ORMKit, ORMKitPostgres, ORMKitTelemetry) with
# swift-docc-plugin, failing on any warning (an unresolved symbol link, a malformed article).
#
#   bash scripts/documentation.sh   archives in .build/plugins/Swift-DocC/outputs/*.doccarchive
#                                   (further arguments go to generate-documentation, e.g. --transform-for-static-hosting)
#
# The guides in docs/ are the catalog's articles: Sources/ORMKit/ORMKit.docc holds a symbolic link to each, so the
# Markdown in docs/ is the one text (read on GitHub, type-checked by the tests, rendered by DocC). This script checks
# that every guide has its link and its place in the landing page's topics.
#
# No target uses the plugin, so an app's resolution leaves it out (scripts/consumer-test.sh checks the list).
# TRAITS (default PostgreSQLTools) must enable PostgreSQL and Telemetry. The plugin builds each target without
# -enable-testing and builds its own snippet-extract tool, so it reuses little of a `swift test` build: about 4 minutes
# on 2 cores (150 s of it the tool).
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

swift package --traits "${TRAITS:-PostgreSQLTools}" generate-documentation \
    --target ORMKit --target ORMKitPostgres --target ORMKitTelemetry --warnings-as-errors "$@"
