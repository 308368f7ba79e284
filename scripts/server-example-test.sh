#!/usr/bin/env bash
# Drives Examples/ServerApp with real HTTP requests (curl), on SQLite and, when ORMKIT_POSTGRES_URL is set, on
# PostgreSQL (a database of its own on that server):
#   - every route of its README, the status each input earns (201, 200, 204, 400, 404, 409, 422; never a 5xx);
#   - the live query: a book one client creates reaches another client's server-sent event stream;
#   - a graceful shutdown (SIGTERM) in the middle of 120 concurrent creates, with a live stream open: the server
#     exits 0, the stream ends, and after a restart every create that was answered 201 is there, and nothing else.
#
#   bash scripts/server-example-test.sh                      SQLite only (PostgreSQL too when ORMKIT_POSTGRES_URL is set)
#   bash scripts/postgres-cluster.sh run -- bash scripts/server-example-test.sh      both engines
#
# SERVER_SCRATCH_PATH builds the example in that folder (CI passes the main package's .build to reuse its SwiftNIO).
# ORMKIT_REQUIRE_POSTGRES=1 fails when there is no PostgreSQL to run against.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"

work="$(mktemp -d "${TMPDIR:-/tmp}/ormgen-server.XXXXXX")"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill -KILL "$server_pid" 2>/dev/null || true; fi
    jobs -p | xargs -r kill 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

fail() { echo "server-example-test: $*" >&2; if [ -f "$work/server.log" ]; then tail -20 "$work/server.log" >&2; fi; exit 1; }

build_args=(--package-path Examples/ServerApp)
if [ -n "${SERVER_SCRATCH_PATH:-}" ]; then build_args+=(--scratch-path "$SERVER_SCRATCH_PATH"); fi
swift build "${build_args[@]}"
server="$(swift build "${build_args[@]}" --show-bin-path)/ServerApp"

# Starts the server on a free port (PORT=0: the log names the port) with the engine setting given (VAR=value).
# launch_server: the built executable; the README's pass starts it with `swift run`, as the README does.
# start_wait: tenths of a second to wait for "listening". `swift run --skip-build` loads the package graph (Hummingbird,
# SwiftNIO, postgres-nio) before it starts the server: 10.4 s of the 11.7 s to "listening" here, so that pass waits 60 s.
launch_server=("$server")
start_wait=100
start_server() {
    : >"$work/server.log"
    env PORT=0 LOG_LEVEL=info "$@" "${launch_server[@]}" >>"$work/server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 "$start_wait"); do
        port="$(sed -nE 's/.*listening on 127\.0\.0\.1:([0-9]+).*/\1/p' "$work/server.log" | head -1)"
        if [ -n "$port" ]; then base="http://127.0.0.1:$port"; return; fi
        kill -0 "$server_pid" 2>/dev/null || fail "the server exited at start"
        sleep 0.1
    done
    fail "the server did not start listening within $((start_wait / 10)) s"
}

# Sends SIGTERM and waits for the server to exit by itself (a graceful shutdown must not need SIGKILL).
stop_server() {
    kill -TERM "$server_pid"
    for _ in $(seq 1 150); do
        if ! kill -0 "$server_pid" 2>/dev/null; then
            local status=0
            wait "$server_pid" || status=$?
            server_pid=""
            [ "$status" -eq 0 ] || fail "the server exited with status $status after SIGTERM"
            return
        fi
        sleep 0.1
    done
    fail "the server did not exit within 15 s of SIGTERM"
}

# request METHOD PATH [BODY]: sets $status and $body.
request() {
    local args=(-s -o "$work/body" -w '%{http_code}' -X "$1" "$base$2")
    if [ $# -ge 3 ]; then args+=(-H 'content-type: application/json' -d "$3"); fi
    status="$(curl "${args[@]}")"
    body="$(cat "$work/body")"
}

# expect METHOD PATH [BODY] STATUS TEXT: the response has that status and its body contains TEXT.
expect() {
    local expected_status="${*: -2:1}" expected_text="${*: -1}"
    request "${@:1:$#-2}"
    [ "$status" = "$expected_status" ] || fail "$1 $2: status $status, expected $expected_status; body: $body"
    grep -qF -- "$expected_text" <<<"$body" || fail "$1 $2: the body does not contain '$expected_text': $body"
    echo "ok  $1 $2 -> $status"
}

json_field() { python3 -c 'import json, sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"; }

# Runs the curl lines of the README's "Use it" block (each ends with `# → STATUS`) against a new database.
run_readme() {
    launch_server=(swift run "${build_args[@]}" --skip-build ServerApp)
    start_wait=600
    start_server "$@"
    launch_server=("$server")
    start_wait=100
    local line command count=0
    while IFS= read -r line; do
        command="${line%%#*}"
        command="${command//localhost:8080/127.0.0.1:$port}"
        status="$(bash -c "$command -o '$work/body' -w '%{http_code}'")" || fail "README: curl failed: $line"
        [ "$status" = "${line##*# → }" ] || fail "README: status $status for: $line ($(cat "$work/body"))"
        count=$((count + 1))
    done < <(sed -n '/^## Use it/,/^## /p' Examples/ServerApp/README.md | grep -E '^curl .*# → [0-9]{3}$')
    [ "$count" -ge 10 ] || fail "found only $count commands in the README's \"Use it\" block"
    echo "ok  the README's $count curl commands answer the statuses it shows"
    stop_server
}

# run_engine NAME SETTING1 SETTING2: the README on a new database (SETTING1), then everything else on another.
run_engine() {
    echo
    echo "== ServerApp on $1"
    run_readme "$2"
    start_server "$3"
    expect GET /health 200 "ok"

    expect POST /authors '{"name": "Ursula K. Le Guin"}' 201 '"name":"Ursula K. Le Guin"'
    local author
    author="$(json_field "$body" id)"
    expect POST /authors '{"name": "Ursula K. Le Guin"}' 409 "authors"
    expect POST /authors '{"name": "  "}' 422 "name must not be empty"
    expect POST /books "{\"title\": \"A Wizard of Earthsea\", \"isbn\": \"978-0-547-77374-3\", \"year\": 1968, \"rating\": 4.5, \"authorID\": $author}" \
        201 '"title":"A Wizard of Earthsea"'
    local book
    book="$(json_field "$body" id)"
    expect POST /books "{\"title\": \"The Tombs of Atuan\", \"isbn\": \"978-0-689-84536-2\", \"year\": 1970, \"authorID\": $author}" 201 '"rating":0'
    # Constraints the database enforces: 409 with its message (the table and column).
    expect POST /books "{\"title\": \"Copy\", \"isbn\": \"978-0-547-77374-3\", \"year\": 1968, \"authorID\": $author}" 409 "isbn"
    expect POST /books "{\"title\": \"Out of range\", \"isbn\": \"1-1\", \"year\": 1968, \"rating\": 9, \"authorID\": $author}" 409 "books"
    expect POST /books '{"title": "Orphan", "isbn": "1-2", "year": 1968, "authorID": 999999}' 409 "author_id"
    # Values the API refuses (422), bodies that are not a book (400).
    expect POST /books "{\"title\": \"\", \"isbn\": \"1-3\", \"year\": 1968, \"authorID\": $author}" 422 "title must not be empty"
    expect POST /books "{\"title\": \"Later\", \"isbn\": \"1-4\", \"year\": 3000, \"authorID\": $author}" 422 "year must be from 1450 to 2100"
    expect POST /books '{"title": "No isbn"' 400 "not valid"
    expect POST /books '{"title": "No isbn"}' 400 "isbn"
    expect POST /books "{\"title\": 5, \"isbn\": \"1-5\", \"year\": 1968, \"authorID\": $author}" 400 "title"

    expect GET "/books?from=1969" 200 '"total":1'
    expect GET "/books?author=$author&per=1&page=2" 200 '"title":"The Tombs of Atuan"'
    grep -qF '"pages":2' <<<"$body" || fail "GET /books?per=1: expected 2 pages: $body"
    expect GET "/books?title=Wizard" 200 '"total":1'
    expect GET "/books?minRating=4" 200 '"total":1'
    expect GET "/books?per=500" 422 "per must be a number from 1 to 100"
    expect GET "/books?year=1968" 422 "unknown query parameter 'year'"
    expect GET "/books?from=soon" 422 "from must be a number"
    expect GET "/books?page=9223372036854775807&per=100" 422 "past any table's end"
    expect GET "/books/$book" 200 '"isbn":"978-0-547-77374-3"'
    expect GET /books/999999 404 "no book with id 999999"
    expect GET /books/abc 400 "abc"
    expect PATCH "/books/$book" '{"rating": 5}' 200 '"rating":5'
    expect PATCH "/books/$book" '{"rating": -1}' 409 "books"
    expect PATCH "/books/$book" '{"year": 1}' 422 "year must be from 1450 to 2100"
    expect PATCH /books/999999 '{"rating": 1}' 404 "no book with id 999999"
    expect GET "/books/$book" 200 '"rating":5'
    expect GET "/authors/$author/books" 200 '"title":"The Tombs of Atuan"'
    expect GET /authors/999999/books 404 "no author with id 999999"
    expect GET /authors 200 '"Ursula K. Le Guin"'
    expect DELETE "/books/$book" 204 ""
    expect DELETE "/books/$book" 404 "no book"
    expect GET /metrics 200 "db_client_operation_duration"
    grep -qF "hb_requests" <<<"$body" || fail "GET /metrics: no hb_requests (Hummingbird's MetricsMiddleware)"

    # The live query: one client's create reaches another client's stream.
    curl -s -N "$base/books/live" >"$work/live.txt" &
    local live_pid=$!
    for _ in $(seq 1 100); do grep -q "^event: books" "$work/live.txt" && break; sleep 0.1; done
    grep -q "The Tombs of Atuan" "$work/live.txt" || fail "the live stream did not start with the current books: $(cat "$work/live.txt")"
    expect POST /books "{\"title\": \"The Farthest Shore\", \"isbn\": \"978-0-689-84534-8\", \"year\": 1972, \"authorID\": $author}" 201 "Farthest"
    for _ in $(seq 1 100); do grep -q "The Farthest Shore" "$work/live.txt" && break; sleep 0.1; done
    grep -q "The Farthest Shore" "$work/live.txt" || fail "the book another client created did not reach the live stream"
    echo "ok  GET /books/live: another client's create arrived as an event"

    # A graceful shutdown in the middle of the load: 120 creates, 8 at a time, SIGTERM once 30 are answered.
    request GET "/books?per=1"
    local before
    before="$(json_field "$body" total)"
    mkdir -p "$work/load"
    seq 1 120 | xargs -P 8 -I{} sh -c '
        curl -s -o "$1/load/{}.body" -w "%{http_code}" -H "content-type: application/json" \
            -d "{\"title\": \"Load {}\", \"isbn\": \"9-{}\", \"year\": 2000, \"authorID\": $3}" "$2/books" >"$1/load/{}.status" || true
    ' _ "$work" "$base" "$author" &
    local load_pid=$!
    for _ in $(seq 1 300); do
        [ "$(grep -l '^201$' "$work"/load/*.status 2>/dev/null | wc -l)" -ge 30 ] && break
        sleep 0.05
    done
    stop_server
    wait "$load_pid" || true
    for _ in $(seq 1 50); do kill -0 "$live_pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$live_pid" 2>/dev/null; then fail "the live stream was still open after the server exited"; fi
    wait "$live_pid" || true
    local created=0 refused=0 other=""
    for file in "$work"/load/*.status; do
        case "$(cat "$file")" in
            201) created=$((created + 1)) ;;
            000) refused=$((refused + 1)) ;;   # no connection: the server had stopped accepting
            *) other="$other $(basename "$file" .status):$(cat "$file")" ;;
        esac
    done
    [ -z "$other" ] || fail "creates during the shutdown answered other than 201 or no connection:$other"
    [ "$created" -ge 30 ] || fail "only $created creates were answered before the shutdown"
    echo "ok  SIGTERM during 120 creates: $created answered 201, $refused found the server gone; exit status 0; the live stream ended"

    # After a restart: exactly the answered creates are there.
    start_server "$3"
    request GET "/books?per=1"
    local after
    after="$(json_field "$body" total)"
    [ "$after" -eq $((before + created)) ] \
        || fail "after the restart: $after books, expected $before + $created answered creates"
    for file in "$work"/load/*.status; do
        [ "$(cat "$file")" = 201 ] || continue
        local id
        id="$(json_field "$(cat "${file%.status}.body")" id)"
        request GET "/books/$id"
        [ "$status" = 200 ] || fail "book $id was answered 201 and is missing after the restart"
    done
    echo "ok  after the restart: the $created answered creates are all there ($after books)"
    stop_server
    rm -rf "$work/load"
}

run_engine SQLite DATABASE_PATH="$work/readme.db" DATABASE_PATH="$work/bookshop.db"

if [ -n "${ORMKIT_POSTGRES_URL:-}" ]; then
    for name in server_readme server_example; do
        psql -X -q -v ON_ERROR_STOP=1 "$ORMKIT_POSTGRES_URL" -c "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name"
    done
    run_engine PostgreSQL DATABASE_URL="${ORMKIT_POSTGRES_URL%/*}/server_readme" DATABASE_URL="${ORMKIT_POSTGRES_URL%/*}/server_example"
    psql -X -q "$ORMKIT_POSTGRES_URL" -c "DROP DATABASE server_readme" -c "DROP DATABASE server_example"
elif [ "${ORMKIT_REQUIRE_POSTGRES:-}" = 1 ]; then
    fail "ORMKIT_REQUIRE_POSTGRES=1 and no ORMKIT_POSTGRES_URL: start a cluster (scripts/postgres-cluster.sh)"
else
    echo "server-example-test: PostgreSQL skipped (no ORMKIT_POSTGRES_URL; scripts/postgres-cluster.sh run -- … runs it)"
fi
echo
echo "server-example-test: passed"
