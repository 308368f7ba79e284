#!/usr/bin/env bash
# The I/O fault sweep of Tests/ReliabilityTests/IOFaultTests.swift at every position instead of CI's sample:
# the workload runs once per read, write, sync, lock, shm-lock and truncate it makes (in WAL and rollback-journal
# modes, one-shot and persistent), with that operation failing through the fault VFS of Tests/FaultVFS; each
# run must surface a DatabaseError naming the code, roll back, keep the Database usable, and leave a file that
# passes integrity_check with exactly the committed data. Prints each configuration's figures.
#
#   scripts/io-faults.sh             every position (a few minutes on a 2-core machine)
set -euo pipefail
cd "$(dirname "$0")/.."
ORMKIT_FAULT_SWEEP=full swift test --filter "IOFaultTests|BatchCommitFailureTests|FaultWorkloadTests" 2>&1 \
    | grep -E "I/O fault|problems|✘|✔ Test run|error:"
