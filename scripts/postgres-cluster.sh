#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and benchmarks: a primary and a streaming hot standby on free
# loopback ports, trust authentication, everything (data, sockets, logs) in one directory.
#
#   bash scripts/postgres-cluster.sh start [DIR]        start both servers; prints the path of DIR/env
#   bash scripts/postgres-cluster.sh stop [DIR]         stop both, remove DIR (idempotent; DIR defaults to
#                                                       $ORMKIT_POSTGRES_DIR, which DIR/env sets)
#   bash scripts/postgres-cluster.sh run -- COMMAND...  start, run COMMAND with DIR/env exported, stop (also on
#                                                       failure or a signal); exits with COMMAND's status
#   bash scripts/postgres-cluster.sh check [DIR]        check a running cluster the way the tests use it: a row
#                                                       written on the primary is read on the standby, and the
#                                                       standby's stop and start commands work
#
# DIR/env holds `export` lines:
#   ORMKIT_POSTGRES_URL            postgres://postgres@127.0.0.1:PORT/ormkit   (the primary)
#   ORMKIT_POSTGRES_REPLICA_URL    postgres://postgres@127.0.0.1:PORT2/ormkit  (the hot standby)
#   ORMKIT_POSTGRES_REPLICA_STOP   a shell command that stops the standby at once (pg_ctl -m immediate)
#   ORMKIT_POSTGRES_REPLICA_START  a shell command that starts it again and waits until it accepts reads
#   ORMKIT_POSTGRES_PRIMARY_START  a shell command that starts the primary again (after a test killed it)
#   ORMKIT_POSTGRES_REPLICA_PROMOTE  a shell command that promotes the standby to a primary (a failover test's own
#                                  cluster: the shared one's standby must stay one)
#   ORMKIT_POSTGRES_DIR            DIR
#   ORMKIT_PGBOUNCER_URL           postgres://postgres@127.0.0.1:PORT3/ormkit  (PgBouncer in transaction pooling mode
#                                  in front of the primary, every database; only when pgbouncer is installed)
# The two commands work as root (through runuser) and as the cluster's owner.
#
# Installs nothing: the server binaries come from /usr/lib/postgresql/*/bin (the newest), or from
# $ORMKIT_POSTGRES_BINDIR. On Debian: apt-get install -y postgresql (.ci/run does it when they are missing).
# PgBouncer (Debian: apt-get install -y pgbouncer) starts too when `pgbouncer` is on the PATH or in /usr/sbin:
# transaction pooling, 4 server connections per database (1 for the database `ormkit_pooler`, whose test needs two
# clients to share one), so clients share server connections between transactions.
# PostgreSQL refuses to run as root, so as root the servers run as the `postgres` user (which Debian's
# package creates); as any other user, as that user.
#
# The cluster is for throwaway data: fsync is off. Options: ORMKIT_POSTGRES_KEEP_LOGS=1 copies the server
# logs next to DIR on stop (DIR.logs/); ORMKIT_POSTGRES_STARTUP_TIMEOUT (seconds, default 60).
set -euo pipefail
shopt -s inherit_errexit

SCRIPT="$(basename "${BASH_SOURCE[0]}")"
MARKER=".ormkit-postgres-cluster"
DATABASE="ormkit"
SUPERUSER="postgres"
SLOT="ormkit_standby"
TIMEOUT="${ORMKIT_POSTGRES_STARTUP_TIMEOUT:-60}"

say() { printf '%s: %s\n' "$SCRIPT" "$*" >&2; }
die() {
    printf '%s: error: %s\n' "$SCRIPT" "$*" >&2
    exit 1
}
usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//' >&2
}
now_ms() { date +%s%3N; }
# Prints "PHASE: N.NN s" for the phase that started at $1 (milliseconds).
timed() {
    local elapsed=$(( $(now_ms) - $1 ))
    say "$(printf '%-40s %4d.%03d s' "$2" $((elapsed / 1000)) $((elapsed % 1000)))"
}

# The directory of the newest server binaries.
find_bindir() {
    if [ -n "${ORMKIT_POSTGRES_BINDIR:-}" ]; then
        [ -x "$ORMKIT_POSTGRES_BINDIR/postgres" ] || die "ORMKIT_POSTGRES_BINDIR=$ORMKIT_POSTGRES_BINDIR has no postgres binary"
        echo "$ORMKIT_POSTGRES_BINDIR"
        return
    fi
    local candidate newest=""
    for candidate in /usr/lib/postgresql/*/bin; do
        [ -x "$candidate/postgres" ] && [ -x "$candidate/initdb" ] || continue
        if [ -z "$newest" ] || [ "$(printf '%s\n%s\n' "$newest" "$candidate" | sort -V | tail -1)" = "$candidate" ]; then
            newest="$candidate"
        fi
    done
    [ -n "$newest" ] || die "no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (Debian: apt-get update && apt-get install -y postgresql), or set ORMKIT_POSTGRES_BINDIR"
    echo "$newest"
}

# The user the servers run as: `postgres` when we are root, ourselves otherwise.
server_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        id -u postgres >/dev/null 2>&1 \
            || die "running as root, and PostgreSQL refuses to run as root: the servers need an unprivileged user named 'postgres' (Debian's postgresql package creates it), which does not exist. Create it (useradd --system postgres) or run this script as an unprivileged user"
        echo postgres
    else
        id -un
    fi
}

# Runs a command as the cluster's owner, from /, so a working directory the owner cannot read does no harm.
as_owner() {
    local owner="$1"
    shift
    if [ "$(id -u)" -eq 0 ] && [ "$owner" != "root" ]; then
        (cd / && runuser -u "$owner" -- "$@")
    else
        (cd / && "$@")
    fi
}

# A loopback TCP port that nothing listens on now (the server's own bind is the real test; start retries).
free_port() {
    local port attempt
    for attempt in $(seq 1 50); do
        port=$((20000 + RANDOM % 40000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return
        fi
    done
    die "found no free loopback port in 50 tries"
}

# Single-quotes a word for sh.
shell_quote() { printf "'%s'" "${1//\'/\'\\\'\'}"; }

# The shell command (for /bin/sh -c) that runs pg_ctl ARGS as the owner, whether the caller is root or the owner.
owner_command() {
    local owner="$1" word args=""
    shift
    for word in "$@"; do args+="${args:+ }$(shell_quote "$word")"; done
    printf 'cd / && if [ "$(id -u)" -eq 0 ]; then runuser -u %s -- %s; else %s; fi' "$(shell_quote "$owner")" "$args" "$args"
}

# Starts one server (primary or standby), retrying on another port when its port was taken meanwhile.
# Prints the port it listens on.
start_server() {
    local owner="$1" bindir="$2" data="$3" log="$4" name="$5" port attempt
    for attempt in 1 2 3 4 5; do
        port="$(free_port)"
        as_owner "$owner" sh -c "printf '%s\n' \"port = $port\" >> '$data/postgresql.conf'"
        if as_owner "$owner" "$bindir/pg_ctl" -D "$data" -l "$log" -w -t "$TIMEOUT" start >/dev/null; then
            echo "$port"
            return
        fi
        if grep -q "could not bind\|Address already in use" "$log" 2>/dev/null; then
            say "$name: port $port was taken; trying another"
            continue
        fi
        say "$name did not start; last lines of $log:"
        tail -20 "$log" >&2 || true
        return 1
    done
    die "$name: no free port after 5 tries"
}

# psql as the superuser over the Unix socket in DIR; prints unaligned, tuples-only output.
sql() {
    local dir="$1" port="$2" database="$3" query="$4"
    "$BINDIR/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U "$SUPERUSER" -d "$database" -c "$query"
}

cmd_start() {
    local dir="${1:-}" started phase owner primary_port standby_port
    started="$(now_ms)"
    BINDIR="$(find_bindir)"
    owner="$(server_owner)"
    if [ -z "$dir" ]; then
        dir="$(mktemp -d "${TMPDIR:-/tmp}/ormkit-postgres.XXXXXX")"
    else
        mkdir -p "$dir"
        [ -z "$(ls -A "$dir")" ] || die "$dir is not empty; give a new or empty directory (or stop the cluster in it first)"
    fi
    dir="$(cd "$dir" && pwd -P)"
    touch "$dir/$MARKER"
    # A Unix socket path is limited to 107 bytes: DIR/.s.PGSQL.NNNNN must fit.
    [ "${#dir}" -le 90 ] || die "$dir is too long for a Unix socket path (at most 90 characters); give a shorter DIR or TMPDIR"
    # Stop what was started if anything below fails, and say so.
    START_DIR="$dir"
    trap 'status=$?; if [ $status -ne 0 ]; then say "start failed; stopping what was started in $START_DIR"; cmd_stop "$START_DIR" || true; fi' EXIT

    say "$("$BINDIR/postgres" --version | sed 's/^postgres (PostgreSQL) /PostgreSQL /') from $BINDIR, servers run as '$owner', cluster in $dir"
    chmod 755 "$dir"
    if [ "$(id -u)" -eq 0 ]; then
        chown "$owner" "$dir"
        runuser -u "$owner" -- test -w "$dir" \
            || die "user '$owner' cannot write $dir (a parent directory is not searchable by it?); set TMPDIR or give a DIR under /tmp"
    fi

    phase="$(now_ms)"
    as_owner "$owner" "$BINDIR/initdb" -D "$dir/primary" -U "$SUPERUSER" --auth-local=trust --auth-host=trust \
        --no-locale -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 \
        || { tail -20 "$dir/initdb.log" >&2; die "initdb failed (log above, full log in $dir/initdb.log)"; }
    # initdb's pg_hba.conf already trusts local and 127.0.0.1 connections, replication ones included.
    as_owner "$owner" sh -c "cat >> '$dir/primary/postgresql.conf'" <<EOF

# scripts/postgres-cluster.sh: a throwaway primary with a streaming hot standby
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
wal_level = replica
max_wal_senders = 5
max_replication_slots = 5
hot_standby = on
hot_standby_feedback = on
fsync = off
max_connections = 200
log_min_messages = warning
EOF
    timed "$phase" "initdb"

    phase="$(now_ms)"
    primary_port="$(start_server "$owner" "$BINDIR" "$dir/primary" "$dir/primary.log" primary)"
    sql "$dir" "$primary_port" postgres "CREATE DATABASE $DATABASE" >/dev/null
    timed "$phase" "primary up (port $primary_port), database $DATABASE"

    phase="$(now_ms)"
    as_owner "$owner" "$BINDIR/pg_basebackup" -h "$dir" -p "$primary_port" -U "$SUPERUSER" -D "$dir/standby" \
        -R -X stream -C -S "$SLOT" --checkpoint=fast --no-sync >"$dir/basebackup.log" 2>&1 \
        || { tail -20 "$dir/basebackup.log" >&2; die "pg_basebackup failed (log above)"; }
    timed "$phase" "pg_basebackup -R into standby/"

    phase="$(now_ms)"
    standby_port="$(start_server "$owner" "$BINDIR" "$dir/standby" "$dir/standby.log" standby)"
    timed "$phase" "standby up (port $standby_port)"

    phase="$(now_ms)"
    local deadline=$(( $(date +%s) + TIMEOUT )) streaming="" recovering=""
    while :; do
        streaming="$(sql "$dir" "$primary_port" postgres \
            "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'" 2>/dev/null || true)"
        recovering="$(sql "$dir" "$standby_port" postgres "SELECT pg_is_in_recovery()" 2>/dev/null || true)"
        [ "$streaming" = "1" ] && [ "$recovering" = "t" ] && break
        if [ "$(date +%s)" -ge "$deadline" ]; then
            tail -20 "$dir/standby.log" >&2 || true
            die "the standby is not streaming after ${TIMEOUT}s (pg_stat_replication streaming: '${streaming}', pg_is_in_recovery(): '${recovering}')"
        fi
        sleep 0.1
    done
    timed "$phase" "standby streaming"

    local bouncer_port=""
    if PGBOUNCER="$(find_pgbouncer)"; then
        phase="$(now_ms)"
        bouncer_port="$(start_pgbouncer "$owner" "$dir" "$primary_port")"
        timed "$phase" "pgbouncer up (port $bouncer_port, transaction pooling)"
    else
        say "pgbouncer is not installed (Debian: apt-get install -y pgbouncer): no ORMKIT_PGBOUNCER_URL"
    fi

    local pg_ctl="$BINDIR/pg_ctl"
    {
        echo "export ORMKIT_POSTGRES_URL=$(shell_quote "postgres://$SUPERUSER@127.0.0.1:$primary_port/$DATABASE")"
        echo "export ORMKIT_POSTGRES_REPLICA_URL=$(shell_quote "postgres://$SUPERUSER@127.0.0.1:$standby_port/$DATABASE")"
        echo "export ORMKIT_POSTGRES_REPLICA_STOP=$(shell_quote "$(owner_command "$owner" "$pg_ctl" -D "$dir/standby" -m immediate -w stop)")"
        echo "export ORMKIT_POSTGRES_REPLICA_START=$(shell_quote \
            "$(owner_command "$owner" "$pg_ctl" -D "$dir/standby" -l "$dir/standby.log" -w -t "$TIMEOUT" start)")"
        echo "export ORMKIT_POSTGRES_PRIMARY_START=$(shell_quote \
            "$(owner_command "$owner" "$pg_ctl" -D "$dir/primary" -l "$dir/primary.log" -w -t "$TIMEOUT" start)")"
        echo "export ORMKIT_POSTGRES_REPLICA_PROMOTE=$(shell_quote "$(owner_command "$owner" "$pg_ctl" -D "$dir/standby" -w -t "$TIMEOUT" promote)")"
        echo "export ORMKIT_POSTGRES_DIR=$(shell_quote "$dir")"
        if [ -n "$bouncer_port" ]; then
            echo "export ORMKIT_PGBOUNCER_URL=$(shell_quote "postgres://$SUPERUSER@127.0.0.1:$bouncer_port/$DATABASE")"
        fi
    } >"$dir/env"
    chmod 644 "$dir/env"
    trap - EXIT
    timed "$started" "cluster ready"
    cat "$dir/env" >&2
    echo "$dir/env"
}

# The pgbouncer binary, or a failure when there is none.
find_pgbouncer() {
    if command -v pgbouncer >/dev/null 2>&1; then command -v pgbouncer; return; fi
    [ -x /usr/sbin/pgbouncer ] && echo /usr/sbin/pgbouncer
}

# Starts PgBouncer in front of the primary (as the owner: it refuses to run as root), retrying on another port when
# its port was taken meanwhile. Prints the port it listens on.
start_pgbouncer() {
    local owner="$1" dir="$2" primary_port="$3" port attempt deadline
    # trust: no password, but the user must be listed.
    printf '"%s" ""\n' "$SUPERUSER" >"$dir/pgbouncer-users.txt"
    for attempt in 1 2 3 4 5; do
        port="$(free_port)"
        printf '%s\n' \
            "[databases]" \
            "ormkit_pooler = host=127.0.0.1 port=$primary_port dbname=ormkit_pooler pool_size=1" \
            "* = host=127.0.0.1 port=$primary_port" \
            "[pgbouncer]" \
            "listen_addr = 127.0.0.1" \
            "listen_port = $port" \
            "unix_socket_dir =" \
            "auth_type = trust" \
            "auth_file = $dir/pgbouncer-users.txt" \
            "pool_mode = transaction" \
            "default_pool_size = 4" \
            "max_client_conn = 1000" \
            "logfile = $dir/pgbouncer.log" \
            "pidfile = $dir/pgbouncer.pid" >"$dir/pgbouncer.ini"
        if [ "$(id -u)" -eq 0 ]; then chown "$owner" "$dir/pgbouncer.ini" "$dir/pgbouncer-users.txt"; fi
        as_owner "$owner" "$PGBOUNCER" -d "$dir/pgbouncer.ini" >/dev/null 2>&1 || true
        deadline=$(( $(date +%s) + TIMEOUT ))
        until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
            if grep -q "Address already in use" "$dir/pgbouncer.log" 2>/dev/null; then break; fi
            if [ "$(date +%s)" -ge "$deadline" ]; then
                tail -20 "$dir/pgbouncer.log" >&2 || true
                die "pgbouncer did not listen on port $port within ${TIMEOUT}s (log above)"
            fi
            sleep 0.05
        done
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return
        fi
        say "pgbouncer: port $port was taken; trying another"
        : >"$dir/pgbouncer.log"
    done
    die "pgbouncer: no free port after 5 tries"
}

# Stops PgBouncer when it runs: SIGINT (shut down at once), then SIGKILL.
stop_pgbouncer() {
    local dir="$1" pid
    pid="$(cat "$dir/pgbouncer.pid" 2>/dev/null || true)"
    [ -n "$pid" ] && kill -INT "$pid" 2>/dev/null || return 0
    for _ in $(seq 1 100); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.05
    done
    say "pgbouncer did not stop on SIGINT; killing it (pid $pid)"
    kill -KILL "$pid" 2>/dev/null || true
}

# Stops one server: fast shutdown, then immediate, then SIGKILL of the postmaster we started.
stop_server() {
    local owner="$1" data="$2" name="$3" pid
    [ -f "$data/postmaster.pid" ] || return 0
    if [ -n "${BINDIR:-}" ] && as_owner "$owner" "$BINDIR/pg_ctl" -D "$data" -m fast -w -t 30 stop >/dev/null 2>&1; then
        return 0
    fi
    if [ -n "${BINDIR:-}" ] && as_owner "$owner" "$BINDIR/pg_ctl" -D "$data" -m immediate -w -t 30 stop >/dev/null 2>&1; then
        say "$name: fast shutdown failed; stopped it with -m immediate"
        return 0
    fi
    pid="$(head -1 "$data/postmaster.pid" 2>/dev/null || true)"
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        say "$name: pg_ctl could not stop it; killing its postmaster (pid $pid)"
        kill -KILL "$pid" 2>/dev/null || true
    fi
}

cmd_stop() {
    local dir="${1:-${ORMKIT_POSTGRES_DIR:-}}" owner started
    started="$(now_ms)"
    [ -n "$dir" ] || die "stop needs the cluster's directory (or ORMKIT_POSTGRES_DIR, which its env file sets)"
    if [ ! -e "$dir" ]; then
        say "nothing to stop: $dir does not exist"
        return 0
    fi
    [ -f "$dir/$MARKER" ] || die "$dir was not made by $SCRIPT (no $MARKER file); not touching it"
    BINDIR="$(find_bindir 2>/dev/null || true)"
    owner="$(stat -c %U "$dir")"
    stop_pgbouncer "$dir"
    stop_server "$owner" "$dir/standby" standby
    stop_server "$owner" "$dir/primary" primary
    if [ "${ORMKIT_POSTGRES_KEEP_LOGS:-0}" = "1" ]; then
        mkdir -p "$dir.logs" && cp "$dir"/*.log "$dir.logs/" 2>/dev/null || true
        say "server logs kept in $dir.logs"
    fi
    rm -rf "$dir"
    timed "$started" "stopped and removed $dir"
}

cmd_check() {
    local dir="${1:-${ORMKIT_POSTGRES_DIR:-}}" started phase marker deadline seen
    [ -n "$dir" ] || die "check needs the cluster's directory (or ORMKIT_POSTGRES_DIR, which its env file sets)"
    [ -f "$dir/env" ] || die "$dir/env does not exist: no cluster was started in $dir"
    BINDIR="$(find_bindir)"
    # shellcheck disable=SC1091
    . "$dir/env"
    local psql=("$BINDIR/psql" -X -q -A -t -v ON_ERROR_STOP=1)
    started="$(now_ms)"
    marker="check-$$-$(date +%s%N)"

    wait_for_row() { # URL: until the standby has replayed the marker row
        deadline=$(( $(date +%s) + TIMEOUT ))
        until seen="$("${psql[@]}" "$1" -c "SELECT count(*) FROM ormkit_cluster_check WHERE marker = '$marker'" 2>/dev/null)" \
            && [ "$seen" = "1" ]; do
            [ "$(date +%s)" -lt "$deadline" ] || die "the standby did not show the primary's row within ${TIMEOUT}s"
            sleep 0.05
        done
    }

    phase="$(now_ms)"
    "${psql[@]}" "$ORMKIT_POSTGRES_URL" -c "CREATE TABLE IF NOT EXISTS ormkit_cluster_check (marker TEXT PRIMARY KEY)" \
        -c "INSERT INTO ormkit_cluster_check VALUES ('$marker')" >/dev/null
    [ "$("${psql[@]}" "$ORMKIT_POSTGRES_REPLICA_URL" -c "SELECT pg_is_in_recovery()")" = "t" ] \
        || die "$ORMKIT_POSTGRES_REPLICA_URL is not a standby (pg_is_in_recovery() is false)"
    wait_for_row "$ORMKIT_POSTGRES_REPLICA_URL"
    timed "$phase" "primary write seen on the standby"

    phase="$(now_ms)"
    sh -c "$ORMKIT_POSTGRES_REPLICA_STOP" >/dev/null
    if "${psql[@]}" "$ORMKIT_POSTGRES_REPLICA_URL" -c "SELECT 1" >/dev/null 2>&1; then
        die "the standby still answers after ORMKIT_POSTGRES_REPLICA_STOP"
    fi
    timed "$phase" "ORMKIT_POSTGRES_REPLICA_STOP"

    phase="$(now_ms)"
    "${psql[@]}" "$ORMKIT_POSTGRES_URL" -c "UPDATE ormkit_cluster_check SET marker = '$marker-2' WHERE marker = '$marker'" >/dev/null
    marker="$marker-2"
    sh -c "$ORMKIT_POSTGRES_REPLICA_START" >/dev/null
    wait_for_row "$ORMKIT_POSTGRES_REPLICA_URL"
    timed "$phase" "ORMKIT_POSTGRES_REPLICA_START, caught up"

    "${psql[@]}" "$ORMKIT_POSTGRES_URL" -c "DROP TABLE ormkit_cluster_check" >/dev/null
    timed "$started" "cluster check passed"
}

cmd_run() {
    [ "${1:-}" = "--" ] && shift
    [ $# -gt 0 ] || die "run needs a command: $SCRIPT run -- COMMAND..."
    local env_file status=0
    RUN_DIR=""
    RUN_CHILD=""
    # One cleanup for every way out: normal exit, failure, or a signal (which ends the command too).
    run_cleanup() {
        local code=$?
        trap - EXIT INT TERM HUP
        if [ -n "$RUN_CHILD" ] && kill -0 "$RUN_CHILD" 2>/dev/null; then
            kill -TERM "$RUN_CHILD" 2>/dev/null || true
            wait "$RUN_CHILD" 2>/dev/null || true
        fi
        if [ -n "$RUN_DIR" ]; then cmd_stop "$RUN_DIR" || true; fi
        exit "$code"
    }
    trap run_cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    trap 'exit 129' HUP
    RUN_DIR="$(mktemp -d "${TMPDIR:-/tmp}/ormkit-postgres.XXXXXX")"
    env_file="$(cmd_start "$RUN_DIR")"
    # shellcheck disable=SC1090
    . "$env_file"
    # In the background so a signal reaches the trap at once; stdin stays the caller's.
    "$@" <&0 &
    RUN_CHILD=$!
    wait "$RUN_CHILD" || status=$?
    RUN_CHILD=""
    exit "$status"
}

case "${1:-}" in
    start) shift; [ $# -le 1 ] || die "start takes at most one directory"; cmd_start "$@" ;;
    stop) shift; [ $# -le 1 ] || die "stop takes at most one directory"; cmd_stop "$@" ;;
    run) shift; cmd_run "$@" ;;
    check) shift; [ $# -le 1 ] || die "check takes at most one directory"; cmd_check "$@" ;;
    -h | --help | help) usage ;;
    "") usage; exit 2 ;;
    *) usage; die "unknown subcommand '$1'" ;;
esac
