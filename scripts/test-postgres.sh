#!/usr/bin/env bash
# Run a command (the test suite) with a throwaway PostgreSQL server, when one can be had.
#
#   scripts/test-postgres.sh [--durable] COMMAND [ARGS...]
#
# Starts a private cluster from the distribution's packages (initdb + pg_ctl) in a temporary
# directory, listening only on a unix socket there, exports PARLOR_TEST_POSTGRES_DSN for
# COMMAND, and stops and deletes the cluster afterwards, whatever COMMAND did. Exits with
# COMMAND's status.
#
# The test cluster trades durability for speed (fsync off). --durable keeps PostgreSQL's
# defaults (fsync, synchronous_commit), for benchmarks whose figures should mean something.
#
# When PARLOR_TEST_POSTGRES_DSN is already set, that server is used and none is started. When
# the server binaries are missing they are installed (apt-get) only as root under CI=true;
# otherwise COMMAND runs without the DSN and the PostgreSQL tests skip themselves.
set -euo pipefail

durable=0
if [[ "${1:-}" == "--durable" ]]; then
    durable=1
    shift
fi
if [[ $# -eq 0 ]]; then
    echo "usage: $0 [--durable] COMMAND [ARGS...]" >&2
    exit 64
fi

say() { echo "test-postgres: $*" >&2; }

if [[ -n "${PARLOR_TEST_POSTGRES_DSN:-}" ]]; then
    say "using the server in PARLOR_TEST_POSTGRES_DSN"
    exec "$@"
fi

# The newest server of the distribution's packages (/usr/lib/postgresql/NN/bin), else PATH.
find_bindir() {
    local dir best=""
    for dir in /usr/lib/postgresql/*/bin; do
        [[ -x "$dir/initdb" && -x "$dir/pg_ctl" && -x "$dir/postgres" ]] || continue
        if [[ -z "$best" ]] || (( $(basename "$(dirname "$dir")") > $(basename "$(dirname "$best")") )); then
            best="$dir"
        fi
    done
    if [[ -z "$best" ]] && command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
        best="$(dirname "$(command -v initdb)")"
    fi
    echo "$best"
}

bindir="$(find_bindir)"
if [[ -z "$bindir" && "$(id -u)" == 0 && "${CI:-}" == "true" ]] && command -v apt-get >/dev/null; then
    say "PostgreSQL server not found; installing it from the distribution's packages (CI)"
    if DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null \
        && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; then
        bindir="$(find_bindir)"
    else
        say "apt-get install postgresql failed"
    fi
fi
if [[ -z "$bindir" ]]; then
    say "no PostgreSQL server binaries (initdb, pg_ctl): PostgreSQL tests will be skipped"
    exec "$@"
fi

# PostgreSQL refuses to run as root: as root, the cluster belongs to the packages' postgres user
# (or nobody), and only its files and socket live in the temporary directory.
run_as=()
owner=""
if [[ "$(id -u)" == 0 ]]; then
    owner="postgres"
    id "$owner" >/dev/null 2>&1 || owner="nobody"
    run_as=(runuser -u "$owner" --)
fi

# /tmp rather than $TMPDIR: the socket path must stay under 108 bytes.
workdir="$(mktemp -d /tmp/parlor-pg.XXXXXX)"
[[ -n "$owner" ]] && chown "$owner" "$workdir"
data="$workdir/data"
log="$workdir/server.log"
started=0

cleanup() {
    if (( started )); then
        "${run_as[@]}" "$bindir/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$workdir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

server_settings() {
    echo "listen_addresses = ''"
    echo "unix_socket_directories = '$workdir'"
    echo "max_connections = 100"
    if (( ! durable )); then
        echo "fsync = off"
        echo "synchronous_commit = off"
        echo "full_page_writes = off"
    fi
}

if "${run_as[@]}" "$bindir/initdb" -D "$data" -U parlor --auth=trust --encoding=UTF8 \
        --no-locale --no-sync >"$workdir/initdb.log" 2>&1 \
    && server_settings >>"$data/postgresql.conf" \
    && "${run_as[@]}" "$bindir/pg_ctl" -D "$data" -l "$log" -w -t 30 start >/dev/null 2>&1; then
    started=1
    export PARLOR_TEST_POSTGRES_DSN="postgresql://parlor@/postgres?host=$workdir&port=5432"
    say "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on $workdir"
else
    say "could not start PostgreSQL; PostgreSQL tests will be skipped. Its last words:"
    tail -n 20 "$workdir/initdb.log" "$log" 2>/dev/null | sed 's/^/  /' >&2 || true
fi

status=0
"$@" || status=$?
exit "$status"
