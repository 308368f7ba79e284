#!/usr/bin/env bash
# The crash-consistency suites for longer than CI runs them: a worker process SIGKILLed at random moments while
# it commits batches, saves object graphs or migrates a big table, then the checks of Tests/CrashTests on the
# reopened file (integrity_check ok, every reported batch or graph whole, none partial, a migration at the old
# or the new version) and their figures.
#
#   scripts/crash-test.sh [KILLS] [SEED]    default 500 kills for the batches (a quarter for the graphs, an
#                                           eighth for the migration); SEED replays the kill delays of a run
set -euo pipefail
cd "$(dirname "$0")/.."
export ORMKIT_CRASH_KILLS="${1:-500}"
if [ -n "${2:-}" ]; then export ORMKIT_CRASH_SEED="$2"; fi
swift build --build-tests
swift test --skip-build --filter CrashTests 2>&1 | grep -E "^crash |✘|✔ Test run|error:"
