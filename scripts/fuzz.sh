#!/usr/bin/env bash
# Fuzzes the schema loader, validator, resolver, renderer and migration planner with libFuzzer
# (Fuzz/: FuzzSchema, built with libFuzzer's coverage instrumentation and AddressSanitizer).
#
#   bash scripts/fuzz.sh [SECONDS]        default 60 (CI); scripts/fuzz.sh 3600 for an hour
#
# Steps: build Fuzz/ in release; replay every kept regression input (Tests/ORMGenCoreTests/FuzzRegressions);
# seed a corpus with every schema in the repository (Fuzz/collect-seeds.py) plus what earlier runs on this
# machine found (Fuzz/.corpus, gitignored); then fuzz for SECONDS. Fails on any crash, broken invariant
# (a diagnostic that is not one `path:line:column: severity: message` line, or that leaks Yams/libyaml
# text), hang over 1 s (-timeout=1), memory blow-up over 2 GiB, or leak. The failing input is written to
# Fuzz/artifacts/ (crash-*, timeout-*, oom-*, leak-*): fix the bug, then keep the input as a regression
# (move it to Tests/ORMGenCoreTests/FuzzRegressions/ with a name saying what it was).
#
# Environment: FUZZ_JOBS=N runs N fuzzing processes (libFuzzer -fork=N) instead of one;
# FUZZ_ARGS adds libFuzzer flags (e.g. FUZZ_ARGS="-seed=1").
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# Swift's crash backtracer would run inside AddressSanitizer's process and report its own reads as errors;
# libFuzzer prints the trap's message and the stack.
export SWIFT_BACKTRACE=enable=no
SECONDS_TO_RUN="${1:-60}"
JOBS="${FUZZ_JOBS:-1}"
FUZZ=Fuzz
BINARY="$FUZZ/.build/release/FuzzSchema"
REGRESSIONS=Tests/ORMGenCoreTests/FuzzRegressions

START=$(date +%s)
echo "==> Building $BINARY (release, libFuzzer coverage and AddressSanitizer)"
# The swift driver keeps only the last of several -sanitize= flags, and SwiftPM passes `--sanitize=fuzzer
# --sanitize=address` as two (in no fixed order): one combined -sanitize=fuzzer,address comes last instead.
# --sanitize=fuzzer stays so SwiftPM lets libFuzzer provide `main`; -Xcc instruments libyaml (C) too.
swift build --package-path "$FUZZ" -c release --sanitize=fuzzer \
    -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address
OBJECT="$FUZZ/.build/release/ORMGenCore.build/Generator.swift.o"   # instrumented code calls both runtimes
if [ "$(objdump -h "$OBJECT" | grep -c __sancov_cntrs)" -eq 0 ] || [ "$(nm "$OBJECT" | grep -c ' U __asan_')" -eq 0 ]; then
    echo "error: $OBJECT lacks coverage instrumentation or AddressSanitizer; check the build flags" >&2
    exit 1
fi
echo "build took $(( $(date +%s) - START )) s"

mkdir -p "$FUZZ/.corpus" "$FUZZ/artifacts"
SEEDS="$(mktemp -d "${TMPDIR:-/tmp}/ormgen-fuzz-seeds.XXXXXX")"
LOG="$(mktemp "${TMPDIR:-/tmp}/ormgen-fuzz-log.XXXXXX")"
trap 'rm -rf "$SEEDS" "$LOG"' EXIT
echo "==> Seeds: $(python3 "$FUZZ/collect-seeds.py" "$SEEDS") inputs from the repository"

echo "==> Replaying $(ls "$REGRESSIONS" | wc -l) kept regression inputs"
set +e
"$BINARY" -timeout=1 -rss_limit_mb=2048 "$REGRESSIONS"/* >"$LOG" 2>&1
STATUS=$?
set -e
grep -v '^Running: \|^Executed \|^INFO: \|^\*\*\*' "$LOG" || true
if [ "$STATUS" -ne 0 ]; then
    echo "error: a kept regression input fails again (see above)" >&2
    exit 1
fi

echo "==> Fuzzing for $SECONDS_TO_RUN s ($JOBS process(es))"
FLAGS=(
    -max_total_time="$SECONDS_TO_RUN"
    -timeout=1
    -rss_limit_mb=2048
    -max_len=16384
    -dict="$FUZZ/schema.dict"
    -artifact_prefix="$FUZZ/artifacts/"
    -print_final_stats=1
    -detect_leaks=1
)
if [ "$JOBS" -gt 1 ]; then FLAGS+=(-fork="$JOBS" -ignore_crashes=0); fi
# New interesting inputs go into the first folder (kept between runs on this machine); the seeds are read only.
set +e
# shellcheck disable=SC2086
# Printed: libFuzzer's setup, its progress at powers of two (pulse) and anything going wrong; not every new input.
"$BINARY" "${FLAGS[@]}" ${FUZZ_ARGS:-} "$FUZZ/.corpus" "$SEEDS" 2>&1 | tee "$LOG" \
    | grep --line-buffered -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE)|NEW_FUNC|# Uses: |^"|dictionary. ######$'
STATUS=${PIPESTATUS[0]}
set -e

echo "==> Summary"
grep -E '^#[0-9]+[[:space:]]+DONE|^stat::|^Done [0-9]+ runs' "$LOG" || true
echo "wall time with the build: $(( $(date +%s) - START )) s"
FOUND=$(grep -E '^artifact_prefix=|Test unit written to' "$LOG" || true)
if [ "$STATUS" -ne 0 ] || [ -n "$FOUND" ]; then
    grep -E 'ERROR: libFuzzer|ERROR: AddressSanitizer|ERROR: LeakSanitizer|fuzz invariant broken|Fatal error' "$LOG" | head -20 >&2 || true
    echo "$FOUND" >&2
    echo "error: the fuzzer found a failing input (exit status $STATUS); reproduce with: $BINARY <artifact>" >&2
    exit 1
fi
echo "fuzzing found nothing"
