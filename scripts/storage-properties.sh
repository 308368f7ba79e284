#!/usr/bin/env bash
# The long mode of StoragePropertyTests: random and edge values through every declared storage and every write
# path (insert, update, updateAll with set(to:), filters), several seeds, many values each. CI runs the suite with
# its fixed seed and 150 values per storage; this runs more.
#
# usage: scripts/storage-properties.sh [VALUES_PER_STORAGE] [SEEDS]     (defaults: 3000 values, 5 random seeds)
# A failure prints the seed; ORMKIT_PROPERTY_SEED=<seed> swift test --filter StoragePropertyTests reruns it.
set -euo pipefail
cd "$(dirname "$0")/.."
values="${1:-3000}"
seeds="${2:-5}"
swift build --build-tests >/dev/null
for _ in $(seq "$seeds"); do
    seed=$(( (RANDOM << 30) ^ (RANDOM << 15) ^ RANDOM ))
    echo "storage-properties: seed $seed, $values values per storage"
    ORMKIT_PROPERTY_SEED="$seed" ORMKIT_PROPERTY_VALUES="$values" \
        swift test --skip-build --filter StoragePropertyTests 2>&1 | grep -E "storage properties|recorded an issue|Test run with"
done
