#!/usr/bin/env bash
# Browser journeys: builds the web app and the api, starts the real server on
# a fresh database with the demo tenant, and drives Chromium through the three
# portals (web/e2e). Needs TEST_DATABASE_URL (set by scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true
source scripts/throwaway-server.sh

(cd web && npm run build --silent >/dev/null)
# E2E_PREBUILT=1: use the binaries already in $CARGO_TARGET_DIR/debug (web
# work beside a Rust change that does not build yet).
[ -n "${E2E_PREBUILT:-}" ] || cargo build -q -p api -p compiler-agent --bins

admin_url="${TEST_DATABASE_URL:?TEST_DATABASE_URL não definido}"
export DATABASE_APP_ROLE=roboforge_test_app WEB_DIST="$PWD/web/dist"
export ADMIN_USERNAME=admin ADMIN_PASSWORD=admin-e2e-123 RUST_LOG=warn
# E-mail goes to a local stand-in of the Resend API that the tenant journey starts on this port
# (from the second phase on: the first is a platform with no e-mail key at all).
export E2E_RESEND_PORT=$((21000 + RANDOM % 2000))
resend_api_base="http://127.0.0.1:$E2E_RESEND_PORT"
unset RESEND_API_BASE RESEND_API_KEY
export STORAGE_URL="$(mktemp -d)"
# The AI factory's model: the OpenAI-compatible stand-in (real HTTP, streamed answers).
ai_port=$((23000 + RANDOM % 2000))
# 100 ms between pieces: each answer takes seconds, so the journey sees the text arrive.
"$CARGO_TARGET_DIR/debug/openai-stand-in" "$ai_port" 100 >/dev/null 2>&1 &
ai_pid=$!
export AI_BASE_URL="http://127.0.0.1:$ai_port/v1" AI_MODEL=stand-in-e2e AI_API_KEY=sk-e2e-stand-in
for _ in $(seq 1 40); do
  curl -s -o /dev/null "http://127.0.0.1:$ai_port/" 2>/dev/null && break # any answer: it listens
  sleep 0.25
done
start_throwaway_server debug || { kill "$ai_pid"; exit 1; }
trap 'kill "$ai_pid" 2>/dev/null || true; stop_throwaway_server' EXIT

export E2E_BASE_URL="$base"
export E2E_ADMIN_USER=admin E2E_ADMIN_PASSWORD=admin-e2e-123
export E2E_OWNER_EMAIL=owner@demo.localhost E2E_OWNER_PASSWORD=demo123456
export E2E_TENANT_SECRET=demo0000000000000000000000000000000000000000000000000000000000ff
export E2E_TENANT=demo.localhost E2E_TENANT_NAME="Demo Robôs"
export E2E_CLIENT_EMAIL=cliente@demo.localhost E2E_CLIENT_PASSWORD=demo123456 E2E_PURCHASE_ID=HP-DEMO-0001

# Two phases. The first is a reseller's first day on a new platform: NO compile
# agent (an import waits in the queue, and the admin's health panel shows 0
# agents) and NO e-mail key anywhere (a sale says "não enviado: remetente não
# configurado" and the owner hands the buyer an access link). The second runs on
# a fresh server with the Resend stand-in, registers and starts the real agent,
# and runs the rest. E2E_ONLY runs only the journeys it names, each in its phase.
no_agent_journeys="e2e/compile-queue-journey.e2e.mjs e2e/no-sender-journey.e2e.mjs"
if [ -n "${E2E_ONLY:-}" ]; then
  phase1="" phase2=""
  for journey in $E2E_ONLY; do
    case " $no_agent_journeys " in
      *" $journey "*) phase1="$phase1 $journey" ;;
      *) phase2="$phase2 $journey" ;;
    esac
  done
else
  phase1="$no_agent_journeys" phase2="" # phase 2: package.json's default list
fi
if [ -n "${phase1// /}" ]; then
  (cd web && E2E_NO_PLATFORM_MAIL=1 E2E_ONLY="$phase1" npm run e2e --silent)
fi
[ -z "${E2E_ONLY:-}" ] || [ -n "${phase2// /}" ] || exit 0

# The second phase: a platform with its e-mail (the Resend stand-in), on a
# fresh server and database.
stop_throwaway_server
export RESEND_API_BASE="$resend_api_base" RESEND_API_KEY=re_e2e_stand_in
start_throwaway_server debug || { kill "$ai_pid"; exit 1; }
trap 'kill "$ai_pid" 2>/dev/null || true; stop_throwaway_server' EXIT
export E2E_BASE_URL="$base"

# A compile agent for the import journey: the real compiler-agent with the
# MetaEditor stand-in, registered through the admin API like an operator does.
jar=$(mktemp)
curl -fsS -c "$jar" -H 'content-type: application/json' \
  -d '{"username":"admin","password":"admin-e2e-123"}' "$base/api/auth/login" >/dev/null
agent_token=$(curl -fsS -b "$jar" -H 'content-type: application/json' \
  -d '{"name":"agente-e2e","platform":"wine"}' "$base/api/compile-agents" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
rm -f "$jar"
# With the tester stand-in as its MetaTrader 5 terminal, it runs backtests too.
AGENT_API_URL="$base" AGENT_TOKEN="$agent_token" AGENT_WORK_DIR="$(mktemp -d)" \
  METAEDITOR_PATH="$CARGO_TARGET_DIR/debug/metaeditor-stand-in" \
  TERMINAL_PATH="$CARGO_TARGET_DIR/debug/tester-stand-in" "$CARGO_TARGET_DIR/debug/compiler-agent" \
  >/dev/null 2>&1 &
agent_pid=$!
trap 'kill "$agent_pid" "$ai_pid" 2>/dev/null || true; stop_throwaway_server' EXIT

if [ -n "${E2E_ONLY:-}" ]; then
  (cd web && E2E_ONLY="$phase2" npm run e2e --silent)
else
  (cd web && npm run e2e --silent)
fi
