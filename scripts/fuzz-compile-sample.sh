#!/usr/bin/env bash
# Schemas the fuzzer made that `ormgen check` accepts must generate Swift that compiles: this takes a random
# sample of them, runs `ormgen generate` on each and type-checks the output against the built ORMKit module.
#
#   bash scripts/fuzz-compile-sample.sh [COUNT] [CORPUS_DIR...]
#
# COUNT defaults to 20; the corpus defaults to Fuzz/.corpus (what scripts/fuzz.sh kept on this machine) and the
# seeds from the repository. Each input is split into its schema files as FuzzSchema does (`#== file`; the part
# after `#== previous` is left out). Access levels alternate between public and internal. Types the schema
# names but the app writes (converter and json fields) get stand-ins when swiftc cannot find them. Fails listing every
# accepted schema whose code does not type-check; each is copied with swiftc's output to
# Fuzz/artifacts/compile-<name>/. Set FUZZ_SAMPLE_SEED for another sample (default: 1).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
COUNT="${1:-20}"
shift || true
WORK="$(mktemp -d "${TMPDIR:-/tmp}/ormgen-fuzz-compile.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
if [ "$#" -eq 0 ]; then
    mkdir -p "$WORK/seeds"
    python3 Fuzz/collect-seeds.py "$WORK/seeds" >/dev/null
    set -- "$WORK/seeds"
    if [ -d Fuzz/.corpus ]; then set -- Fuzz/.corpus "$@"; fi
fi

echo "==> Building ormgen and ORMKit (debug)"
swift build --product ormgen
swift build --target ORMKit
BIN="$(swift build --show-bin-path)"
ORMGEN="$BIN/ormgen"

echo "==> Splitting the inputs and keeping those ormgen check accepts"
# One folder per input: WORK/schemas/NAME/schema.yaml, schema-2.yaml, …
python3 - "$WORK/schemas" "$@" <<'EOF'
import os, sys
output, corpora = sys.argv[1], sys.argv[2:]
os.makedirs(output, exist_ok=True)
for corpus in corpora:
    for name in sorted(os.listdir(corpus)):
        data = open(os.path.join(corpus, name), "rb").read()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        files, lines = [], []
        for line in text.split("\n"):
            if line == "#== previous":
                break
            if line == "#== file":
                files.append("\n".join(lines)); lines = []
            else:
                lines.append(line)
        files.append("\n".join(lines))
        folder = os.path.join(output, name)
        os.makedirs(folder, exist_ok=True)
        for index, contents in enumerate(files):
            path = os.path.join(folder, "schema.yaml" if index == 0 else "schema-%d.yaml" % (index + 1))
            with open(path, "w", encoding="utf-8", newline="") as handle:
                handle.write(contents)
EOF
TOTAL=0
ACCEPTED=()
for folder in "$WORK"/schemas/*/; do
    TOTAL=$((TOTAL + 1))
    if "$ORMGEN" check "$folder" --quiet >/dev/null 2>&1; then ACCEPTED+=("$folder"); fi
done
echo "$TOTAL inputs, ${#ACCEPTED[@]} accepted by ormgen check"
if [ "${#ACCEPTED[@]}" -eq 0 ]; then
    echo "error: no accepted input to compile" >&2
    exit 1
fi
mapfile -t SAMPLE < <(printf '%s\n' "${ACCEPTED[@]}" | python3 -c '
import random, sys
lines = sys.stdin.read().split()
random.Random(int(sys.argv[1])).shuffle(lines)
print("\n".join(sorted(lines[:int(sys.argv[2])])))' "${FUZZ_SAMPLE_SEED:-1}" "$COUNT")

echo "==> Generating and type-checking ${#SAMPLE[@]} of them"
FAILED=()
INDEX=0
for folder in "${SAMPLE[@]}"; do
    INDEX=$((INDEX + 1))
    name="$(basename "$folder")"
    access=public
    if [ $((INDEX % 2)) -eq 0 ]; then access=internal; fi
    out="$WORK/out/$name"
    "$ORMGEN" generate "$folder" --output "$out" --access "$access" --quiet 2>/dev/null   # warnings only
    mapfile -t sources < <(find "$out" -name '*.swift' | sort)
    if [ "${#sources[@]}" -eq 0 ]; then
        echo "ok (no models)  $name"
        continue
    fi
    typecheck() {
        swiftc -typecheck -swift-version 6 -I "$BIN/Modules" -I "$ROOT/Sources/ORMKitCSQLite" \
            -module-cache-path "$WORK/module-cache" -module-name FuzzSample "$@" >"$WORK/swiftc.log" 2>&1
    }
    if typecheck "${sources[@]}"; then
        echo "ok ($access, ${#sources[@]} files)  $name"
        continue
    fi
    # The app's own types (`converter: true`, `storage: json`) are not generated: stand-ins that are both
    # DatabaseValueConvertible and Codable, as an app would write them, and a second try.
    mapfile -t missing < <(grep -o "cannot find type '[A-Za-z_][A-Za-z0-9_]*' in scope" "$WORK/swiftc.log" | cut -d"'" -f2 | sort -u)
    stubs="$WORK/stubs-$name.swift"
    {
        echo "public import ORMKit"
        for type in "${missing[@]}"; do
            printf 'public struct %s: ORMKit.DatabaseValueConvertible, Codable, Hashable, Sendable {\n' "$type"
            printf '    public var databaseValue: Swift.String { "" }\n'
            printf '    public init(databaseValue: Swift.String) throws {}\n}\n'
        done
    } >"$stubs"
    if [ "${#missing[@]}" -gt 0 ] && typecheck "${sources[@]}" "$stubs"; then
        echo "ok ($access, ${#sources[@]} files, app types stood in for: ${missing[*]})  $name"
    else
        echo "FAILED ($access)  $name"
        kept="Fuzz/artifacts/compile-$name"
        rm -rf "$kept" && mkdir -p "$kept"
        cp "$folder"/*.yaml "$stubs" "$kept/" && cp -R "$out" "$kept/generated" && cp "$WORK/swiftc.log" "$kept/swiftc.log"
        head -20 "$WORK/swiftc.log"
        FAILED+=("$kept")
    fi
done
echo "${#SAMPLE[@]} accepted schemas generated; ${#FAILED[@]} did not compile"
if [ "${#FAILED[@]}" -gt 0 ]; then
    printf 'error: generated code does not compile: %s\n' "${FAILED[@]}" >&2
    exit 1
fi
