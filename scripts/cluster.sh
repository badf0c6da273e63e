#!/usr/bin/env bash
# A multi-instance RoboForge on one machine, from Debian packages: its own
# PostgreSQL, PgBouncer in transaction mode, 3 api instances (--no-workers),
# 2 workers, a compile agent with the MetaEditor stand-in, an S3-compatible
# server (moto) for files, and HAProxy balancing the api instances on
# /api/ready. The way to try a multi-instance deployment (docs/scaling.md);
# `make test-cluster` runs its scenarios against it.
#
#   scripts/cluster.sh up            # builds (CLUSTER_PROFILE=release|debug), starts, prints the URL
#   scripts/cluster.sh status        # every process, the balancer's view, each instance's readiness
#   scripts/cluster.sh down          # stops everything and removes CLUSTER_DIR
#   scripts/cluster.sh kill api 2    # SIGKILL one process (api 1-3, worker 1-2, agent 1)
#   scripts/cluster.sh stop worker 1 # SIGTERM and wait for it to exit (prints its exit status)
#   scripts/cluster.sh start api 2   # (re)start one process
#   scripts/cluster.sh restart-postgres
#
# CLUSTER_DIR (default $TMPDIR/roboforge-cluster) holds data, logs, pids and
# cluster.env (ports and URLs for tools); CLUSTER_PORT is the balancer's
# port (default 8090), the others follow it. Two clusters side by side need
# two CLUSTER_DIRs and CLUSTER_PORTs at least 40 apart.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true
dir="${CLUSTER_DIR:-${TMPDIR:-/tmp}/roboforge-cluster}"
profile="${CLUSTER_PROFILE:-release}"
bin="$CARGO_TARGET_DIR/$profile"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
# PostgreSQL and PgBouncer refuse to run as root.
as_service() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

load_ports() {
  base="${CLUSTER_PORT:-8090}"
  if [ -f "$dir/cluster.env" ]; then
    # shellcheck disable=SC1091
    source "$dir/cluster.env"
    base=$CLUSTER_BALANCER_PORT
  fi
  balancer=$base stats=$((base + 1)) pg=$((base + 2)) bouncer=$((base + 3)) s3=$((base + 4))
  api_port() { echo $((base + 10 + $1)); }
  worker_metrics_port() { echo $((base + 20 + $1)); }
}

install_missing() {
  local missing=()
  [ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
  command -v haproxy >/dev/null || missing+=(haproxy)
  command -v bwrap >/dev/null || missing+=(bubblewrap)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "==> installing ${missing[*]} (apt)"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  command -v moto_server >/dev/null || {
    echo "==> installing moto (pip)"
    pip3 install -q "moto[server]" 2>/dev/null || pip3 install -q --break-system-packages "moto[server]"
  }
}

pg_bin() { ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1; }

wait_for() { # description, tries (0.25 s each), command...
  local what=$1 tries=$2
  shift 2
  for _ in $(seq 1 "$tries"); do "$@" >/dev/null 2>&1 && return 0; sleep 0.25; done
  echo "$what did not come up; logs in $dir/logs" >&2
  return 1
}

# The environment every api and worker process shares.
write_env() {
  local app_password owner_password secrets_key
  app_password=$(cat "$dir/secrets/app-password")
  owner_password=$(cat "$dir/secrets/owner-password")
  secrets_key=$(cat "$dir/secrets/secrets-key")
  cat >"$dir/cluster.env" <<ENV
CLUSTER_BALANCER_PORT=$balancer
CLUSTER_STATS_URL="http://127.0.0.1:$stats/stats;csv"
CLUSTER_URL=http://127.0.0.1:$balancer
CLUSTER_API_URLS="http://127.0.0.1:$(api_port 1) http://127.0.0.1:$(api_port 2) http://127.0.0.1:$(api_port 3)"
CLUSTER_SUPERUSER_URL=postgres://postgres:$(cat "$dir/secrets/superuser-password")@127.0.0.1:$pg/roboforge
CLUSTER_S3_URL=http://127.0.0.1:$s3/roboforge-cluster
CLUSTER_ADMIN_PASSWORD=cluster-admin-1
DATABASE_URL=postgres://roboforge:$owner_password@127.0.0.1:$pg/roboforge
DATABASE_APP_URL=postgres://roboforge_app:$app_password@127.0.0.1:$bouncer/roboforge
DATABASE_LISTEN_URL=postgres://roboforge_app:$app_password@127.0.0.1:$pg/roboforge
DATABASE_POOLER=transaction
DATABASE_POOL_SIZE=10
SECRETS_KEY=$secrets_key
STORAGE_URL=s3://roboforge-cluster
AWS_ENDPOINT=http://127.0.0.1:$s3
AWS_ALLOW_HTTP=true
AWS_ACCESS_KEY_ID=cluster
AWS_SECRET_ACCESS_KEY=cluster
AWS_DEFAULT_REGION=us-east-1
AWS_REGION=us-east-1
DEV_HOSTS=localhost,127.0.0.1
BIND_ADDRESS=127.0.0.1
TRUST_PROXY=1
ADMIN_USERNAME=admin
ADMIN_PASSWORD=cluster-admin-1
LICENSE_CHECKS_PER_MINUTE_PER_IP=100000000
LOG_FORMAT=json
RUST_LOG=info,sqlx=warn,apalis=warn,tower_http=warn
WEB_DIST=$root/web/dist
ENV
}

start_postgres() {
  as_service "$(pg_bin)/pg_ctl" -D "$dir/pg" -l "$dir/logs/postgres.log" -w -t 30 \
    -o "-p $pg -k $dir/run -c listen_addresses=127.0.0.1 -c max_connections=300" start >/dev/null
}

init_postgres() {
  openssl rand -hex 16 >"$dir/secrets/superuser-password"
  openssl rand -hex 16 >"$dir/secrets/owner-password"
  openssl rand -hex 16 >"$dir/secrets/app-password"
  openssl rand -hex 32 >"$dir/secrets/secrets-key"
  touch "$dir/logs/postgres.log" "$dir/logs/pgbouncer.log"
  if [ "$(id -u)" = 0 ]; then
    chown -R postgres "$dir/pg" "$dir/run" "$dir/secrets" "$dir/logs/postgres.log" "$dir/logs/pgbouncer.log"
  fi
  as_service "$(pg_bin)/initdb" -D "$dir/pg" -U postgres -A scram-sha-256 \
    --pwfile="$dir/secrets/superuser-password" >/dev/null
  start_postgres
  # The roles of a real deployment: the owner migrates (CREATEROLE, not
  # superuser); the authenticator logs in for requests, with its own password
  # (DATABASE_APP_URL) so that PgBouncer can hold it.
  PGPASSWORD=$(cat "$dir/secrets/superuser-password") psql -q -h 127.0.0.1 -p "$pg" -U postgres -d postgres \
    -v ON_ERROR_STOP=1 <<SQL
CREATE ROLE roboforge LOGIN PASSWORD '$(cat "$dir/secrets/owner-password")' CREATEROLE NOSUPERUSER;
CREATE DATABASE roboforge OWNER roboforge;
CREATE ROLE roboforge_app LOGIN NOINHERIT PASSWORD '$(cat "$dir/secrets/app-password")';
SQL
}

start_pgbouncer() {
  cat >"$dir/pgbouncer.ini" <<INI
[databases]
roboforge = host=127.0.0.1 port=$pg dbname=roboforge

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $bouncer
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $dir/secrets/userlist.txt
pool_mode = transaction
; Every transaction leaves its server connection as it found it: prepared
; statements (sqlx prepares per transaction with DATABASE_POOLER=transaction)
; and any session setting are gone before another client gets it.
server_reset_query = DISCARD ALL
server_reset_query_always = 1
; sqlx sends it at start-up; PgBouncer 1.18 does not track it.
ignore_startup_parameters = extra_float_digits
max_client_conn = 2000
default_pool_size = 40
server_login_retry = 1
logfile = $dir/logs/pgbouncer.log
pidfile = $dir/run/pgbouncer.pid
INI
  printf '"roboforge_app" "%s"\n' "$(cat "$dir/secrets/app-password")" >"$dir/secrets/userlist.txt"
  chmod 600 "$dir/secrets/userlist.txt"
  if [ "$(id -u)" = 0 ]; then chown postgres "$dir/secrets/userlist.txt" "$dir/pgbouncer.ini"; fi
  as_service /usr/sbin/pgbouncer -d "$dir/pgbouncer.ini"
  wait_for PgBouncer 40 pg_isready -q -h 127.0.0.1 -p "$bouncer"
}

start_s3() {
  moto_server -H 127.0.0.1 -p "$s3" >"$dir/logs/s3.log" 2>&1 &
  echo $! >"$dir/run/s3.pid"
  wait_for "the S3 server" 60 curl -fs "http://127.0.0.1:$s3/"
  curl -fs -X PUT "http://127.0.0.1:$s3/roboforge-cluster" >/dev/null || true
}

start_haproxy() {
  cat >"$dir/haproxy.cfg" <<CFG
global
  maxconn 4096
  pidfile $dir/run/haproxy.pid

defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  # Live streams (SSE) stay open.
  timeout tunnel 1h
  option forwardfor
  option redispatch
  # A request an instance never took (refused connection, killed before any
  # answer) goes to another; one that got an answer is never repeated.
  retries 2
  retry-on conn-failure empty-response

frontend roboforge
  bind 127.0.0.1:$balancer
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2
  server api1 127.0.0.1:$(api_port 1) check
  server api2 127.0.0.1:$(api_port 2) check
  server api3 127.0.0.1:$(api_port 3) check

listen stats
  bind 127.0.0.1:$stats
  stats enable
  stats uri /stats
CFG
  haproxy -D -f "$dir/haproxy.cfg"
  wait_for HAProxy 40 curl -fs "http://127.0.0.1:$stats/stats"
}

# Runs one of our processes in the background with the cluster's environment.
start_process() { # kind n
  local kind=$1 n=$2 name="$1$2"
  (
    set -a
    # shellcheck disable=SC1091
    source "$dir/cluster.env"
    set +a
    case "$kind" in
      api) PORT=$(api_port "$n") exec "$dir/bin/api" serve --no-workers ;;
      worker) METRICS_ADDR="127.0.0.1:$(worker_metrics_port "$n")" exec "$dir/bin/worker" ;;
      agent)
        AGENT_API_URL="$CLUSTER_URL" AGENT_TOKEN=$(cat "$dir/secrets/agent-token") AGENT_WORK_DIR="$dir/agent" \
          METAEDITOR_PATH="$dir/bin/metaeditor-stand-in" exec "$dir/bin/compiler-agent"
        ;;
    esac
  ) >>"$dir/logs/$name.log" 2>&1 &
  echo $! >"$dir/run/$name.pid"
}

pid_of() { cat "$dir/run/$1.pid" 2>/dev/null || true; }
alive() { local pid; pid=$(pid_of "$1"); [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; }

up() {
  if [ -f "$dir/cluster.env" ] && alive api1; then
    echo "already up in $dir (scripts/cluster.sh down first)" >&2
    exit 1
  fi
  install_missing
  # The portals' pages (the tests need only the API).
  [ -d web/dist ] || [ -n "${CLUSTER_SKIP_BUILD:-}" ] || { scripts/install-deps.sh && (cd web && npm run build --silent); }
  echo "==> building ($profile)"
  if [ -n "${CLUSTER_SKIP_BUILD:-}" ]; then
    : # the caller built the binaries (make test-cluster)
  elif [ "$profile" = release ]; then
    cargo build -q --release -p api -p worker -p compiler-agent --bins
  else
    cargo build -q -p api -p worker -p compiler-agent --bins
  fi
  rm -rf "$dir"
  mkdir -p "$dir"/{pg,run,logs,secrets,agent,bin}
  # The cluster keeps its own copies: a restart runs what `up` started,
  # whatever is built in between.
  cp "$bin"/{api,worker,compiler-agent,metaeditor-stand-in} "$dir/bin/"
  # PostgreSQL and PgBouncer (as postgres) reach their files through it.
  chmod 755 "$dir"
  load_ports
  echo "==> PostgreSQL on $pg, PgBouncer on $bouncer, S3 on $s3"
  init_postgres
  write_env
  start_pgbouncer
  start_s3
  echo "==> migrating"
  # The demo tenant (published key and password: a cluster to try, not to sell from).
  (set -a && source "$dir/cluster.env" && set +a && "$dir/bin/api" migrate && "$dir/bin/api" seed-demo) >>"$dir/logs/migrate.log" 2>&1
  echo "==> 3 api instances, 2 workers"
  for n in 1 2 3; do start_process api "$n"; done
  for n in 1 2 3; do wait_for "api $n" 240 curl -fs "http://127.0.0.1:$(api_port "$n")/api/ready"; done
  for n in 1 2; do start_process worker "$n"; done
  start_haproxy
  echo "==> a compile agent (MetaEditor stand-in)"
  register_agent
  start_process agent 1
  echo "RoboForge cluster up: $(grep '^CLUSTER_URL=' "$dir/cluster.env" | cut -d= -f2) (admin / cluster-admin-1)"
  echo "  state and logs: $dir; scripts/cluster.sh status | down"
}

register_agent() {
  local jar url
  jar=$(mktemp)
  url="http://127.0.0.1:$balancer"
  curl -fsS -c "$jar" -H 'content-type: application/json' \
    -d '{"username":"admin","password":"cluster-admin-1"}' "$url/api/auth/login" >/dev/null
  curl -fsS -b "$jar" -H 'content-type: application/json' -d '{"name":"agente-cluster","platform":"wine"}' \
    "$url/api/compile-agents" | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])' \
    >"$dir/secrets/agent-token"
  rm -f "$jar"
}

status() {
  load_ports
  local name
  for name in api1 api2 api3 worker1 worker2 agent1 s3; do
    if alive "$name"; then echo "$name: running (pid $(pid_of "$name"))"; else echo "$name: stopped"; fi
  done
  pg_isready -q -h 127.0.0.1 -p "$pg" && echo "postgres: accepting on $pg" || echo "postgres: down"
  pg_isready -q -h 127.0.0.1 -p "$bouncer" && echo "pgbouncer: accepting on $bouncer" || echo "pgbouncer: down"
  for n in 1 2 3; do
    echo "api$n ready: $(curl -s "http://127.0.0.1:$(api_port "$n")/api/ready" || echo unreachable)"
  done
  echo "balancer (HAProxy) on $balancer:"
  curl -s "http://127.0.0.1:$stats/stats;csv" | awk -F, '$1=="api" && $2 ~ /^api/ {print "  " $2 ": " $18}'
}

down() {
  load_ports
  local name pid
  for name in agent1 worker1 worker2 api1 api2 api3 s3; do
    pid=$(pid_of "$name")
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  for pidfile in haproxy pgbouncer; do
    pid=$(cat "$dir/run/$pidfile.pid" 2>/dev/null || true)
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  [ -d "$dir/pg" ] && as_service "$(pg_bin)/pg_ctl" -D "$dir/pg" -m immediate stop >/dev/null 2>&1 || true
  sleep 0.5
  if [ -n "${KEEP_CLUSTER_DIR:-}" ]; then echo "kept $dir"; else rm -rf "$dir"; fi
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  kill)
    load_ports
    kill -KILL "$(pid_of "$2$3")"
    ;;
  stop)
    load_ports
    pid=$(pid_of "$2$3")
    kill -TERM "$pid"
    # Not our child: wait by polling, then read how it ended from its log.
    for _ in $(seq 1 240); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    if kill -0 "$pid" 2>/dev/null; then echo "still running after 60 s" >&2; exit 1; fi
    echo "stopped"
    ;;
  start)
    load_ports
    start_process "$2" "$3"
    ;;
  restart-postgres)
    load_ports
    as_service "$(pg_bin)/pg_ctl" -D "$dir/pg" -m fast -w stop >/dev/null
    start_postgres
    ;;
  *)
    echo "usage: scripts/cluster.sh up|down|status|kill <kind> <n>|stop <kind> <n>|start <kind> <n>|restart-postgres" >&2
    exit 2
    ;;
esac
