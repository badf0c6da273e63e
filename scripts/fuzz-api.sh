#!/usr/bin/env bash
# Property-based fuzzing of the whole API from its own OpenAPI document
# (schemathesis, from PyPI) as every identity the API knows: fails on any 5xx
# and when operations never get past the credentials check (their parsing
# would go unfuzzed).
#
#   scripts/fuzz-api.sh            # every operation as every identity, 25 examples each
#   scripts/fuzz-api.sh 50         # the same with 50 examples per operation
#   scripts/fuzz-api.sh --quick    # `make test`: 5 examples, each identity on its own operations
#
# A throw-away server (scripts/throwaway-server.sh: a fresh database with the
# demo tenant of api/src/demo_seed.rs) is fuzzed once per identity:
#   anonymous  no credentials; schemathesis generates the session cookies and
#              X-Tenant-Secret the document declares (their parsing);
#   client     the demo client's session cookie (signed in with ?tenant=);
#   machine    a compile agent's token (`Authorization: Bearer rfa_…`, the
#              agent registered as the admin) and the demo tenant's hottok
#              (X-HOTMART-HOTTOK); scripts/fuzz-api-hooks.py names the demo
#              robot in most webhook paths and wraps most generated bodies in
#              a real Hotmart postback, so events are parsed, stored, applied;
#   owner      the demo owner's session cookie and X-Tenant-Secret (signed in
#              at /api/tenant-auth/login with the tenant's security key);
#   admin      the platform admin's session cookie.
# In that order: a later identity may wreck an earlier one's data (the owner
# erases the client, deletes the robot; the admin deletes the tenant).
# Seeded through the API first: a license of the demo robot for the demo
# client, and the agent. Every request carries X-Requested-With, so bodiless
# writes and uploads pass the JSON-or-X-Requested-With guard (http_guards.rs).
# Signed-in runs send the credentials as headers (not generated) and skip the
# stateful phase. Hotmart and Resend are a local stand-in refusing every
# credential, the AI factory gets the OpenAI-compatible stand-in and uploads
# go to a temporary directory: nothing leaves the machine.
#
# Session enders are kept out of their identity's main run, since they would
# end its session mid-run: the logouts, tenantRotateSecurityKey (every owner
# signs in again), the sign-ins (a successful one replaces the session the
# request carries, and schemathesis reuses the credentials createAdmin was
# given), and the operations that end it when they name the caller
# (schemathesis reuses ids from earlier answers, e.g. the admin's own from
# listAdminUsers): deactivateAdminUser, resetAdminPassword,
# tenantUpdateTeamMember, tenantDeleteTeamMember. Each is fuzzed afterwards
# in a run of its own with a new session (and, in the full run, anonymously).
#
# --quick fuzzes each signed-in identity on the operations its credentials
# open (per the document's security), the machine on /api/agents and
# /api/webhooks, and anonymously only the public operations; the default
# fuzzes every operation as every identity (a foreign or missing session
# must be refused cleanly too).
#
# The hooks log every answer; the script prints the requests, the 5xx and the
# operations that answered only 401/403 across all identities (405/415 from
# the method and media-type guards aside), and fails on any 5xx or unanswered
# request, a panic in the server's log (workers), a schemathesis failure, a
# session that ended during its identity's main run, or 5 or more operations
# answering only 401/403. FUZZ_KEEP=<dir> keeps the
# answer log, schemathesis's output and the server's log there.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true

quick=false
examples=25
case "${1:-}" in
  --quick) quick=true examples=5 ;;
  "") ;;
  *[!0-9]* | 0) echo "usage: scripts/fuzz-api.sh [--quick | examples per operation]" >&2; exit 2 ;;
  *) examples=$1 ;;
esac
max_unreached=5

source scripts/throwaway-server.sh
# The hooks and options are schemathesis 4's.
if ! st --version 2>/dev/null | grep -q 'version 4\.'; then
  pip3 install -q 'schemathesis>=4.32,<5' 2>/dev/null || pip3 install -q --break-system-packages 'schemathesis>=4.32,<5'
fi
command -v jq >/dev/null || { apt-get update -qq && apt-get install -y -qq jq >/dev/null; }
admin_url="postgres://roboforge:roboforge@127.0.0.1:$(scripts/ensure-postgres.sh | tail -n 1)/postgres"
cargo build -q -p api

export ADMIN_USERNAME=admin ADMIN_PASSWORD=fuzz-admin-1 RUST_LOG=warn
# The throttle would turn most generated logins into 429s.
export LOGIN_MAX_FAILURES_PER_ACCOUNT=1000000 LOGIN_MAX_FAILURES_PER_IP=1000000 LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP=1000000
work=$(mktemp -d)
stand_ins=()
cleanup() {
  [ ${#stand_ins[@]} -eq 0 ] || kill "${stand_ins[@]}" 2>/dev/null || true
  [ -z "${throwaway_log:-}" ] || cp "$throwaway_log" "$work/server.log" 2>/dev/null || true
  stop_throwaway_server
  if [ -n "${FUZZ_KEEP:-}" ]; then mkdir -p "$FUZZ_KEEP" && cp -r "$work"/. "$FUZZ_KEEP"/; fi
  rm -rf "$work"
}
trap cleanup EXIT
# Nothing leaves the machine, and no outside service decides an answer:
# uploads go to the work directory; Hotmart and Resend are a local stand-in
# that refuses every credential (fuzzed credentials are wrong anyway, and an
# unreachable Hotmart is a deliberate 503); the AI factory has the
# OpenAI-compatible stand-in (without a model it answers 503 by design).
export STORAGE_URL="$work/storage"
python3 - >"$work/outside.url" 2>/dev/null <<'PY' &
import http.server

class Refuse(http.server.BaseHTTPRequestHandler):
    def answer(self):
        self.rfile.read(int(self.headers.get("content-length") or 0))
        body = b'{"error":"invalid_client","error_description":"refused","message":"refused","statusCode":401}'
        self.send_response(401)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = answer

    def log_message(self, *args):
        pass

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
print(f"http://127.0.0.1:{server.server_address[1]}", flush=True)
server.serve_forever()
PY
stand_ins+=($!)
"$CARGO_TARGET_DIR/debug/openai-stand-in" 0 0 >"$work/ai.url" 2>/dev/null &
stand_ins+=($!)
for _ in $(seq 1 40); do [ -s "$work/outside.url" ] && [ -s "$work/ai.url" ] && break; sleep 0.25; done
outside=$(head -n 1 "$work/outside.url")
export HOTMART_API_BASE="$outside" HOTMART_AUTH_BASE="$outside" RESEND_API_BASE="$outside"
export AI_BASE_URL="$(head -n 1 "$work/ai.url")" AI_MODEL=stand-in-fuzz AI_API_KEY=sk-fuzz-stand-in
if ! start_throwaway_server debug; then cleanup; trap - EXIT; exit 1; fi
trap cleanup EXIT

# The demo tenant's published credentials (api/src/demo_seed.rs).
tenant_key=demo0000000000000000000000000000000000000000000000000000000000ff
demo_password=demo123456
hottok=demo-hottok-0000000000

# POST JSON; prints the response body. Extra curl options (headers) last.
post() {
  local path=$1 body=$2
  shift 2
  curl -fsS -H 'content-type: application/json' "$@" -d "$body" "$base$path"
}
# Signs in; prints the session cookie (name=value) the answer sets.
session_cookie() {
  local path=$1 body=$2
  shift 2
  curl -fsS -o /dev/null -D - -H 'content-type: application/json' "$@" -d "$body" "$base$path" |
    sed -n 's/^set-cookie: \(rf_[a-z]*_session=[^;]*\).*/\1/Ip'
}
# sign_in <identity>: a new session; sets creds (curl and st options) and me
# (the path that answers 200 while the session lives).
sign_in() {
  local cookie
  case $1 in
    admin)
      cookie=$(session_cookie /api/auth/login "{\"username\":\"$ADMIN_USERNAME\",\"password\":\"$ADMIN_PASSWORD\"}")
      creds=(-H "Cookie: $cookie") me=/api/auth/me ;;
    owner)
      cookie=$(session_cookie /api/tenant-auth/login "{\"email\":\"owner@demo.localhost\",\"password\":\"$demo_password\"}" \
        -H "X-Tenant-Secret: $tenant_key")
      creds=(-H "Cookie: $cookie" -H "X-Tenant-Secret: $tenant_key") me=/api/tenant-auth/me ;;
    client)
      cookie=$(session_cookie "/api/client-auth/login?tenant=demo.localhost" \
        "{\"email\":\"cliente@demo.localhost\",\"password\":\"$demo_password\"}")
      creds=(-H "Cookie: $cookie") me=/api/client-auth/me ;;
  esac
  [ -n "$cookie" ] || { echo "fuzz-api: signing in as $1 failed" >&2; exit 1; }
}

# Seeding: the demo client gets a license for the demo robot; an agent.
sign_in owner
robot_id=$(curl -fsS "${creds[@]}" "$base/api/tenant/robots" | jq -r '.items[0].id')
client_id=$(curl -fsS "${creds[@]}" "$base/api/tenant/clients" | jq -r '.items[0].id')
post /api/tenant/licenses "{\"clientId\":\"$client_id\",\"robotId\":\"$robot_id\",\"accountNumber\":\"123456\"}" \
  "${creds[@]}" >/dev/null
sign_in admin
agent_token=$(post /api/compile-agents '{"name":"fuzz agent"}' "${creds[@]}" | jq -r .token)
case "$agent_token" in rfa_*) ;; *) echo "fuzz-api: registering the agent failed" >&2; exit 1 ;; esac

curl -fsS "$base/api/openapi.json" >"$work/openapi.json"
# The operations an identity's credentials open, per the document's security
# (--quick fuzzes only those as that identity; "" means the public ones).
operations_for() {
  jq -r --arg schemes "$1" '($schemes | split(",")) as $wanted | .paths[] | to_entries[]
    | select(.value | type == "object" and has("operationId"))
    | [.value.security[]? | keys[]] as $held
    | select(if $wanted == [] then $held == [] else $held | any(. as $s | $wanted | index($s)) end)
    | .value.operationId' "$work/openapi.json"
}

export SCHEMATHESIS_HOOKS="$PWD/scripts/fuzz-api-hooks.py" FUZZ_LOG="$work/answers.tsv" FUZZ_ROBOT_ID="$robot_id"
failed_runs=() lost_sessions=()
# fuzz <run name> <identity> [st options...]: one schemathesis run.
fuzz() {
  local run=$1 identity=$2 started=$SECONDS
  shift 2
  # From the work directory: schemathesis and Hypothesis keep state in the
  # current one (.schemathesis, .hypothesis).
  if ! (cd "$work" && FUZZ_IDENTITY=$identity st run "$work/openapi.json" --url "$base" \
    --checks not_a_server_error --max-examples "$examples" --no-color -H "X-Requested-With: fuzz-api" \
    "$@" >"$work/st-$run.txt" 2>&1); then
    failed_runs+=("$run")
    sed -n '/FAILURES/,$p' "$work/st-$run.txt" >&2
  fi
  local generated
  generated=$(grep -Eo '[0-9]+ generated' "$work/st-$run.txt" | tail -n 1 | grep -Eo '[0-9]+' || echo 0)
  echo "==> $run: $generated requests in $((SECONDS - started)) s"
}

# Operations that end the identity's own session, or may when they name it:
# schemathesis reuses values from earlier answers (the admin's own id from
# listAdminUsers, the owner's from the team list; the credentials of an admin
# createAdmin made, and a sign-in replaces the session its request carries).
# Key rotation comes last: the owner cannot sign in with the demo key after it.
session_enders() {
  case $1 in
    admin) echo adminLogin adminLogout deactivateAdminUser resetAdminPassword ;;
    owner) echo tenantLogin tenantLogout tenantUpdateTeamMember tenantDeleteTeamMember tenantRotateSecurityKey ;;
    client) echo clientLogin clientLoginPurchase clientLogout ;;
  esac
}
# fuzz_signed_in <identity> <security schemes it holds>: its operations (all
# of them, or with --quick those the schemes open) with the credentials as
# headers, not generated, and no stateful phase; then each of its session
# enders in a run of its own, with a new session.
fuzz_signed_in() {
  local identity=$1 schemes=$2 op
  local common=(--generation-with-security-parameters false --phases examples,coverage,fuzzing)
  local main=()
  if $quick; then
    for op in $(operations_for "$schemes"); do main+=(--include-operation-id "$op"); done
  fi
  for op in $(session_enders "$identity"); do main+=(--exclude-operation-id "$op"); done
  sign_in "$identity"
  fuzz "$identity" "$identity" "${common[@]}" "${main[@]}" "${creds[@]}"
  # A session that ended mid-run leaves the rest of the run at 401: an
  # operation missing from session_enders.
  curl -fsS -o /dev/null "${creds[@]}" "$base$me" 2>/dev/null || lost_sessions+=("$identity")
  for op in $(session_enders "$identity"); do
    sign_in "$identity"
    fuzz "$identity-$op" "$identity" "${common[@]}" --include-operation-id "$op" "${creds[@]}"
  done
}

# In this order: later identities can break earlier ones' data (the owner
# erases the client or deletes the robot; the admin deletes the tenant).
anonymous=()
if $quick; then
  for op in $(operations_for ""); do anonymous+=(--include-operation-id "$op"); done
fi
fuzz anonymous anonymous "${anonymous[@]}"
fuzz_signed_in client clientSession
machine=(-H "Authorization: Bearer $agent_token" -H "X-HOTMART-HOTTOK: $hottok")
$quick && machine+=(--include-path-regex '^/api/(agents|webhooks)/')
fuzz machine machine --generation-with-security-parameters false --phases examples,coverage,fuzzing "${machine[@]}"
fuzz_signed_in owner tenantSession,tenantSecret
fuzz_signed_in admin adminSession

# A panic in a worker (an accepted postback applied, a queued e-mail) never
# shows as a 5xx: the server's log tells. Give the workers a moment first.
sleep 2
panics=$(grep -c 'panicked' "$throwaway_log" || true)
[ "$panics" = 0 ] || grep -A3 'panicked' "$throwaway_log" | head -n 40 >&2

python3 - "$work/answers.tsv" "$work/openapi.json" "$max_unreached" "$panics" "${failed_runs[*]}" "${lost_sessions[*]}" <<'PY'
import collections, json, sys

log, document = sys.argv[1], sys.argv[2]
max_unreached, panics = int(sys.argv[3]), int(sys.argv[4])
failed_runs, lost_sessions = sys.argv[5].split(), sys.argv[6].split()
operations = sorted(
    op["operationId"]
    for item in json.load(open(document))["paths"].values()
    for op in item.values()
    if isinstance(op, dict) and "operationId" in op
)
answers = collections.defaultdict(collections.Counter)
server_errors = collections.Counter()
requests = 0
for line in open(log, encoding="utf-8"):
    identity, operation, probe, status = line.rstrip("\n").split("\t")
    requests += 1
    if probe == "0":
        answers[operation][status] += 1
    if status.isdigit() and int(status) >= 500 or status == "network-error":
        server_errors[(identity, operation, status)] += 1
# Never past the credentials check: every answer 401/403 (405 and 415 come
# from the method and media-type guards, before any handler).
unreached = [
    op for op in operations
    if not set(answers[op]) - {"401", "403", "405", "415"}
]
print(f"fuzz-api: {requests} requests, {sum(server_errors.values())} 5xx or unanswered, "
      f"{len(unreached)} operations answered only 401/403 (of {len(operations)})")
for (identity, operation, status), n in sorted(server_errors.items()):
    print(f"  5xx: {operation} as {identity}: {status} x{n}")
for op in unreached:
    print(f"  only 401/403: {op} {dict(answers[op])}")
if panics:
    print(f"fuzz-api: {panics} panics in the server's log (above)")
if failed_runs:
    print(f"fuzz-api: schemathesis failed in: {' '.join(failed_runs)} (see its output above)")
for identity in lost_sessions:
    print(f"fuzz-api: the {identity} session ended during its main run (an operation missing from session_enders)")
if len(unreached) >= max_unreached:
    print(f"fuzz-api: {len(unreached)} operations never got past the credentials check (at most {max_unreached - 1})")
sys.exit(1 if server_errors or panics or failed_runs or lost_sessions or len(unreached) >= max_unreached else 0)
PY
