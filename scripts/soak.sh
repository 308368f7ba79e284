#!/usr/bin/env bash
# The contention soak for longer than CI runs it: 8 reader tasks, 1 writer task and a second process writing
# the same WAL file, then the checks of Tests/ORMKitTests/ContentionSoakTests.swift (0 errors, 0 lost writes,
# consistent snapshots, bounded WAL) and its figures.
#
#   scripts/soak.sh [SECONDS]        default 60
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN="${1:-60}"
ORMKIT_SOAK_SECONDS="$SECONDS_TO_RUN" swift test --filter ContentionSoakTests 2>&1 | grep -E "soak:|✘|✔ Test run|error:"
