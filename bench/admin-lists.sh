#!/usr/bin/env bash
# The admin's lists (sales, clients, licenses) over every tenant, against the
# release server with a platform-sized database: 100 tenants, 1,000,000
# sales, 200,000 clients, 300,000 licenses. Each list is measured unfiltered,
# with each of its filters, with its searches and on a deep page, as the
# signed-in admin; p95 under 50 ms is the target.
#
#   bench/admin-lists.sh                      # 10 s per URL, 8 connections
#   DURATION=30s CONNECTIONS=16 bench/admin-lists.sh
#   SALES=100000 CLIENTS=20000 LICENSES=30000 bench/admin-lists.sh   # quick
#   AFTER_SEED_SQL=try.sql bench/admin-lists.sh   # measure an index or policy
#                                                 # before writing its migration
set -euo pipefail
if [ -n "${AFTER_SEED_SQL:-}" ]; then AFTER_SEED_SQL=$(realpath "$AFTER_SEED_SQL"); fi
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true
duration="${DURATION:-10s}"
warmup="${WARMUP:-2s}"
connections="${CONNECTIONS:-8}"
tenants="${TENANTS:-100}"
clients="${CLIENTS:-200000}"
sales="${SALES:-1000000}"
licenses="${LICENSES:-300000}"

source scripts/throwaway-server.sh
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
port=$(scripts/ensure-postgres.sh | tail -n 1)
admin_url="postgres://roboforge:roboforge@127.0.0.1:${port}/postgres"
cargo build -q --release -p api --bin api
export ADMIN_USERNAME=admin ADMIN_PASSWORD=bench-admin-1 RUST_LOG=error
start_throwaway_server release --no-workers
work=$(mktemp -d)
trap 'rm -rf "$work"; stop_throwaway_server' EXIT

# Seeding past RLS needs the cluster's superuser.
psql_su() {
  runuser -u postgres -- psql -p "$port" -d "$throwaway_db" -X -q -v ON_ERROR_STOP=1 \
    -v tenants="$tenants" -v clients="$clients" -v sales="$sales" -v licenses="$licenses" "$@"
}
sql() { psql_su -tAc "$1"; }
# The SQL on stdin in two sessions at once, `:part` 0 and 1 (each inserts
# every other row): both cores work, as two writers would in production.
in_two_sessions() {
  local script pids=() pid
  script=$(cat)
  for part in 0 1; do
    psql_su -v part="$part" <<<"SET synchronous_commit = off; SET work_mem = '256MB'; SET jit = off;
      SELECT setseed(0.3 + $part * 0.4); $script" >/dev/null &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
}

echo "== seeding $tenants tenants, $clients clients, $sales sales, $licenses licenses"
seed_started=$(date +%s.%N)
# Generators shared by both sessions, dropped at the end. Ids are UUIDv7 as
# the app makes them (time first), so every table fills in time order, as in
# production; all dates spread over the last 24 months.
psql_su >/dev/null <<'SQL'
CREATE SCHEMA bench_seed;
CREATE FUNCTION bench_seed.v7(ts timestamptz, salt bigint) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT (lpad(to_hex((extract(epoch FROM ts) * 1000)::bigint), 12, '0') || '7' || substr(md5(salt::text), 1, 3)
          || '8' || substr(md5(salt::text), 4, 15))::uuid
$$;
CREATE FUNCTION bench_seed.ascii(s text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT translate(lower(s), 'áàâãéêíóôõúüç', 'aaaaeeiooouuc')
$$;
CREATE UNLOGGED TABLE bench_seed.words AS SELECT
  ARRAY['Ana','Maria','Francisca','Antônia','Adriana','Juliana','Márcia','Fernanda','Patrícia','Aline',
        'Camila','Amanda','Bruna','Letícia','Beatriz','Larissa','Heloísa','Gabriela','Vitória','Luíza',
        'José','João','Antônio','Francisco','Carlos','Paulo','Pedro','Lucas','Luiz','Marcos',
        'Luís','Gabriel','Rafael','Daniel','Marcelo','Bruno','Eduardo','Felipe','Raimundo','Rodrigo',
        'Thiago','Gustavo','Mateus','Diego','Leonardo','Vinícius','Otávio','Caio','Henrique','Sérgio'] AS firsts,
  ARRAY['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes',
        'Costa','Ribeiro','Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa',
        'Rocha','Dias','Nascimento','Andrade','Moreira','Nunes','Marques','Machado','Mendes','Freitas',
        'Cardoso','Ramos','Gonçalves','Santana','Teixeira','Araújo','Cavalcanti','Monteiro','Moura','Correia',
        'Nogueira','Batista','Pinto','Campos','Barros','Castro','Farias','Brandão','Queiroz','Sampaio'] AS lasts,
  ARRAY['gmail.com','gmail.com','gmail.com','gmail.com','hotmail.com','hotmail.com','outlook.com',
        'yahoo.com.br','uol.com.br','bol.com.br','icloud.com','terra.com.br'] AS domains,
  ARRAY['Falcon','Atlas','Titan','Phoenix','Orion','Apex','Vortex','Sniper','Hunter','Quantum',
        'Alpha','Nexus','Zeus','Kraken','Spartan','Jaguar','Condor','Ômega','Delta','Pegasus'] AS robot_heads,
  ARRAY['Scalper','Trend','Grid','Breakout','Hedge','Martingale','Swing','Momentum','Reversal','News'] AS robot_kinds,
  ARRAY['XAUUSD','EURUSD','GBPUSD','USDJPY','WIN','WDO','US30','NAS100','BTCUSD','Multi'] AS symbols,
  ARRAY[97, 147, 197, 297, 397, 497, 697, 997, 1497, 1997]::numeric[] AS prices;

CREATE UNLOGGED TABLE bench_seed.tenants AS
SELECT n, bench_seed.v7(now() - interval '760 days' + n * interval '6 hours', n) AS id,
       (ARRAY['Trader','Robôs','Invest','Quant','Forex','Bolsa','Scalp','Capital','Alpha','Mercado'])[1 + n % 10]
         || ' ' || (ARRAY['Pro','Brasil','Lab','Max','Prime','Hub','Tech','Academy','Club','Systems'])[1 + (n / 10) % 10]
         || ' ' || n AS name,
       now() - interval '760 days' + n * interval '6 hours' AS created_at,
       2 + n % 5 AS robots
  FROM generate_series(1, :tenants) n;
INSERT INTO tenants (id, name, url, secret_hash, secret_prefix, status, activation_date, created_at, updated_at)
SELECT id, name, 'https://' || bench_seed.ascii(replace(name, ' ', '-')) || '.com.br',
       encode(sha256(convert_to('bench-tenant-secret-' || n, 'UTF8')), 'hex'), 'rf_' || lpad(n::text, 4, '0'),
       CASE WHEN n % 40 = 0 THEN 'suspended' WHEN n % 33 = 0 THEN 'inactive' ELSE 'active' END,
       created_at, created_at, created_at
  FROM bench_seed.tenants;

-- Two to six robots per tenant. The signing key is a placeholder: nothing
-- here checks a license.
CREATE UNLOGGED TABLE bench_seed.robots AS
SELECT t.id AS tenant_id, k, bench_seed.v7(t.created_at + k * interval '3 days', t.n * 100 + k) AS id,
       w.robot_heads[1 + (t.n * 7 + k * 3) % 20] || ' ' || w.robot_kinds[1 + (t.n + k) % 10] || ' '
         || w.symbols[1 + (t.n * 3 + k) % 10] AS name,
       t.created_at + k * interval '3 days' AS created_at
  FROM bench_seed.tenants t CROSS JOIN bench_seed.words w CROSS JOIN LATERAL generate_series(1, t.robots) k;
INSERT INTO tenant_robots (id, tenant_id, name, description, version, active_version, active, license_signing_key,
                           file_path, created_at, updated_at)
SELECT id, tenant_id, name, 'Robô automatizado para MetaTrader 5 (' || name || ')', '1.' || k || '.0', '1.' || k || '.0',
       k <> 4, 'bench-placeholder-' || md5(id::text) || md5(name), 'robots/' || id || '/1.' || k || '.0.ex5',
       created_at, created_at
  FROM bench_seed.robots;

-- Clients: tenant n gets a share falling with n (the first ~10 %, the last
-- ~0.5 %); Brazilian names from 50 first names and 50 surnames (a name
-- search for two surnames finds tens of people), e-mails in four usual shapes.
SELECT setseed(0.7);
CREATE UNLOGGED TABLE bench_seed.clients AS
SELECT c, t.id AS tenant_id, bench_seed.v7(g.ts, c) AS id, g.ts,
       w.firsts[g.f] || ' ' || w.lasts[g.l1] || ' ' || w.lasts[g.l2] AS name,
       CASE c % 4
         WHEN 0 THEN bench_seed.ascii(w.firsts[g.f]) || '.' || bench_seed.ascii(w.lasts[g.l2]) || c
         WHEN 1 THEN bench_seed.ascii(w.firsts[g.f]) || bench_seed.ascii(w.lasts[g.l1]) || c
         WHEN 2 THEN bench_seed.ascii(w.firsts[g.f]) || '_' || bench_seed.ascii(w.lasts[g.l2]) || '_' || c
         ELSE substr(bench_seed.ascii(w.firsts[g.f]), 1, 1) || bench_seed.ascii(w.lasts[g.l2]) || c
       END || '@' || w.domains[g.d] AS email,
       g.r
  FROM (SELECT c, now() - interval '730 days' + (c - 1 + random()) / :clients * interval '730 days' AS ts,
               1 + least(:tenants - 1, floor(:tenants * random() ^ 2))::int AS tenant_n,
               1 + floor(random() * 50)::int AS f, 1 + floor(random() * 50)::int AS l1,
               1 + floor(random() * 50)::int AS l2, 1 + floor(random() * 12)::int AS d, random() AS r
          FROM generate_series(1, :clients) c) g
  JOIN bench_seed.tenants t ON t.n = g.tenant_n CROSS JOIN bench_seed.words w;
CREATE UNIQUE INDEX ON bench_seed.clients (c);
ANALYZE bench_seed.clients;
SQL

in_two_sessions <<'SQL'
INSERT INTO tenant_clients (id, tenant_id, name, email, phone, password, status, registration_date, last_login, created_at)
SELECT id, tenant_id, name, email,
       CASE WHEN r < 0.8 THEN '+55' || (11 + floor(r * 80)::int) || '9' || lpad((c * 7919 % 100000000)::text, 8, '0') END,
       CASE WHEN r < 0.6 THEN '$argon2id$v=19$m=19456,t=2,p=1$' || substr(md5(email), 1, 22) || '$'
                              || md5(name) || substr(md5(c::text), 1, 11) END,
       CASE WHEN r < 0.90 THEN 'active' WHEN r < 0.97 THEN 'inactive' ELSE 'suspended' END,
       ts, CASE WHEN r < 0.6 THEN ts + (now() - ts) * r END, ts
  FROM bench_seed.clients
 WHERE c % 2 = :part
 ORDER BY c;
SQL

# Sales: each bought by a client registered by then (older clients bought
# more); 85 % Hotmart with its transaction code (HP + 14 digits) and a
# payload of the provider's shape, 15 % manual; 88 % confirmed, 5 % pending,
# 7 % refunded; 2 % whose client was deleted.
in_two_sessions <<'SQL'
SET enable_mergejoin = off;  -- a hash join keeps generate_series' (time) order
INSERT INTO tenant_sales (id, external_id, tenant_id, client_id, origin, original_payload, amount_paid_by_customer,
                          gross_amount, hotmart_commission, coproducer_commission, affiliate_commission, other_fees,
                          net_amount, original_currency, exchange_rate, sale_date, cancellation_date, status, created_at)
SELECT bench_seed.v7(s.ts, 1000000000 + s.i),
       CASE WHEN s.hotmart THEN s.code WHEN s.r2 < 0.4 THEN 'MAN-' || s.i END,
       c.tenant_id, CASE WHEN s.r2 > 0.02 THEN c.id END,
       CASE WHEN s.hotmart THEN 'hotmart' ELSE 'manual' END,
       CASE WHEN s.hotmart THEN format(
         '{"id":"%s","event":"%s","version":"2.0.0","creation_date":%s,"data":{'
         '"buyer":{"name":%s,"email":"%s","checkout_phone":"11987654321"},'
         '"product":{"id":%s,"name":"Robô MT5 %s"},'
         '"purchase":{"transaction":"%s","status":"%s","approved_date":%s,'
         '"price":{"value":%s,"currency_value":"BRL"},"payment":{"type":"%s","installments_number":%s}},'
         '"commissions":[{"source":"MARKETPLACE","value":%s},{"source":"PRODUCER","value":%s}]}}',
         md5(s.code),
         CASE s.status WHEN 'refunded' THEN 'PURCHASE_REFUNDED' WHEN 'pending' THEN 'PURCHASE_BILLET_PRINTED'
                       ELSE 'PURCHASE_APPROVED' END,
         s.ms, to_json(c.name), c.email, 4000000 + s.price::int, s.price::int, s.code, upper(s.status), s.ms,
         s.price, CASE WHEN s.r3 < 0.7 THEN 'CREDIT_CARD' WHEN s.r3 < 0.9 THEN 'PIX' ELSE 'BILLET' END,
         CASE WHEN s.r3 < 0.7 THEN 1 + s.i % 12 ELSE 1 END, s.fee, s.price - s.fee)::jsonb
       END,
       s.price, s.price, CASE WHEN s.hotmart THEN s.fee ELSE 0 END, s.coproducer, s.affiliate, 0,
       s.price - CASE WHEN s.hotmart THEN s.fee ELSE 0 END - s.coproducer - s.affiliate,
       CASE WHEN s.r3 > 0.97 THEN 'USD' ELSE 'BRL' END,
       CASE WHEN s.r3 > 0.97 THEN round((5.0 + s.r2 * 0.6)::numeric, 6) END,
       s.ts - s.r2 * interval '10 minutes',
       CASE WHEN s.status = 'refunded' THEN s.ts + s.r3 * interval '7 days' END,
       s.status, s.ts
  FROM (SELECT x.*, (extract(epoch FROM ts) * 1000)::bigint AS ms,
               r1 < 0.85 AS hotmart,
               -- i ↦ i·m mod 9·10¹³ is one-to-one (m is prime to it): unique codes.
               'HP' || (10000000000000 + i * 61803398874989::numeric % 90000000000000) AS code,
               CASE WHEN r4 < 0.88 THEN 'confirmed' WHEN r4 < 0.93 THEN 'pending' ELSE 'refunded' END AS status,
               w.prices[1 + floor(r3 * 10)::int] AS price,
               round(w.prices[1 + floor(r3 * 10)::int] * 0.099 + 1, 2) AS fee,
               CASE WHEN r3 < 0.1 THEN round(w.prices[1 + floor(r3 * 10)::int] * 0.1, 2) ELSE 0 END AS coproducer,
               CASE WHEN r3 > 0.7 THEN round(w.prices[1 + floor(r3 * 10)::int] * 0.3, 2) ELSE 0 END AS affiliate,
               1 + floor(random() * greatest(1, (i::float8 / :sales) * :clients))::int AS client_c
          FROM (SELECT i, now() - interval '730 days' + (i - 1 + random()) / :sales * interval '730 days' AS ts,
                       random() AS r1, random() AS r2, random() AS r3, random() AS r4
                  FROM generate_series(1 + :part, :sales, 2) i) x CROSS JOIN bench_seed.words w) s
  JOIN bench_seed.clients c ON c.c = s.client_c;
SQL

# Licenses: spread evenly over the sales with a client (same tenant, client
# and time), each for a robot of that tenant; refunded sales' licenses are
# cancelled, pending ones and 4 % more are trials (no sale), 10 % expired;
# 85 % were activated (bound to an account), the rest never started.
in_two_sessions <<'SQL'
SET enable_mergejoin = off;
INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, sale_id, activation_date, expiration_date,
                                  status, account_number, created_at)
SELECT bench_seed.v7(l.created_at, 2000000000 + l.rn), l.tenant_id, l.client_id, r.id,
       CASE WHEN l.status <> 'trial' THEN l.sale_id END,
       CASE WHEN l.activated THEN l.created_at + l.r2 * interval '3 days' END,
       CASE l.status WHEN 'trial' THEN l.created_at + interval '7 days'
                     WHEN 'expired' THEN l.created_at + interval '30 days'
                     WHEN 'active' THEN CASE WHEN l.r2 < 0.3 THEN l.created_at + interval '1 year' END END,
       l.status,
       CASE WHEN l.activated THEN (10000000 + floor(l.r2 * 89999999))::bigint::text END,
       l.created_at
  FROM (SELECT s.*, s.sale_created_at + (1 + s.r1 * 9) * interval '1 minute' AS created_at,
               s.r1 < 0.85 AS activated,
               CASE WHEN s.sale_status = 'refunded' THEN 'cancelled'
                    WHEN s.sale_status = 'pending' OR s.r2 < 0.04 THEN 'trial'
                    WHEN s.r2 < 0.14 THEN 'expired' ELSE 'active' END AS status,
               1 + floor(s.r3 * t.robots)::int AS robot_k
          FROM (SELECT id AS sale_id, tenant_id, client_id, created_at AS sale_created_at, status AS sale_status,
                       row_number() OVER (ORDER BY created_at) AS rn, random() AS r1, random() AS r2, random() AS r3
                  FROM tenant_sales WHERE client_id IS NOT NULL) s
          JOIN bench_seed.tenants t ON t.id = s.tenant_id
         CROSS JOIN (SELECT count(*) AS m FROM tenant_sales WHERE client_id IS NOT NULL) m
         WHERE (s.rn * :licenses) / m.m <> ((s.rn - 1) * :licenses) / m.m AND s.rn % 2 = :part) l
  JOIN bench_seed.robots r ON r.tenant_id = l.tenant_id AND r.k = l.robot_k
 ORDER BY l.rn;
SQL

# As autovacuum would leave them (hint bits, visibility map, statistics), and
# so that it does not start in the middle of a measurement.
psql_su >/dev/null <<'SQL'
SET client_min_messages = warning;
DROP SCHEMA bench_seed CASCADE;
VACUUM (ANALYZE) tenants, tenant_robots, tenant_clients, tenant_sales, tenant_client_robots;
SQL
seed_finished=$(date +%s.%N)
printf 'seeded in %.0f s: ' "$(echo "$seed_finished - $seed_started" | bc)"
sql "SELECT (SELECT count(*) FROM tenants) || ' tenants, ' || (SELECT count(*) FROM tenant_robots) || ' robots, '
         || (SELECT count(*) FROM tenant_clients) || ' clients, ' || (SELECT count(*) FROM tenant_sales) || ' sales, '
         || (SELECT count(*) FROM tenant_client_robots) || ' licenses; tenant_sales '
         || pg_size_pretty(pg_total_relation_size('tenant_sales')) || ' with indexes'"

if [ -n "${AFTER_SEED_SQL:-}" ]; then
  echo "== applying $AFTER_SEED_SQL (not part of the schema: a what-if)"
  psql_su <"$AFTER_SEED_SQL" >/dev/null
fi

# Filter values taken from the data: the biggest tenant, and search terms
# cut from real rows (8 digits of a transaction code; two surnames; the
# "first.last" part of an e-mail; a robot's first two words).
tenant=$(sql "SELECT tenant_id FROM tenant_sales GROUP BY 1 ORDER BY count(*) DESC LIMIT 1")
code_part=$(sql "SELECT substr(external_id, 6, 8) FROM tenant_sales WHERE origin = 'hotmart'
                  ORDER BY created_at DESC OFFSET 5000 LIMIT 1")
name_part=$(sql "SELECT split_part(name, ' ', 2) || ' ' || left(split_part(name, ' ', 3), 4) FROM tenant_clients
                  ORDER BY created_at DESC OFFSET 1000 LIMIT 1")
email_part=$(sql "SELECT substring(email FROM '^[a-z]+\.[a-z]+') FROM tenant_clients
                   WHERE email ~ '^[a-z]+\.[a-z]+[0-9]+@' ORDER BY created_at DESC OFFSET 1000 LIMIT 1")
robot_part=$(sql "SELECT split_part(name, ' ', 1) || ' ' || split_part(name, ' ', 2) FROM tenant_robots
                   ORDER BY created_at OFFSET 150 LIMIT 1")
urlencode() { jq -rn --arg v "$1" '$v | @uri' 2>/dev/null || python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }

# The admin signs in as the web app does; the session cookie rides on every
# request below.
login_headers="$work/login-headers"
status=$(curl -s -o /dev/null -D "$login_headers" -w '%{http_code}' -H 'content-type: application/json' \
  -H 'X-Requested-With: fetch' -d "{\"username\":\"$ADMIN_USERNAME\",\"password\":\"$ADMIN_PASSWORD\"}" \
  "$base/api/auth/login")
cookie=$(grep -io 'rf_admin_session=[^;]*' "$login_headers" | head -n 1 || true)
[ "$status" = 200 ] && [ -n "$cookie" ] || { echo "admin login failed: HTTP $status" >&2; exit 1; }

p="page=1&pageSize=20"
urls=(
  "/api/sales?$p"
  "/api/sales?$p&tenantId=$tenant"
  "/api/sales?$p&status=refunded"
  "/api/sales?$p&origin=manual"
  "/api/sales?$p&q=$(urlencode "$code_part")"
  "/api/sales?$p&tenantId=$tenant&status=confirmed"
  "/api/sales?page=500&pageSize=20"
  "/api/clients?$p"
  "/api/clients?$p&tenantId=$tenant"
  "/api/clients?$p&status=suspended"
  "/api/clients?$p&q=$(urlencode "$name_part")"
  "/api/clients?$p&q=$(urlencode "$email_part")"
  "/api/client-robots?$p"
  "/api/client-robots?$p&tenantId=$tenant"
  "/api/client-robots?$p&status=trial"
  "/api/client-robots?$p&q=$(urlencode "$name_part")"
  "/api/client-robots?$p&q=$(urlencode "$robot_part")"
  "/api/client-robots?$p&from=2026-01-01&to=2026-06-30"
)
# ONLY=<regex> measures the matching URLs alone (e.g. ONLY='q=Kraken').
if [ -n "${ONLY:-}" ]; then
  chosen=()
  for url in "${urls[@]}"; do [[ $url =~ $ONLY ]] && chosen+=("$url"); done
  urls=("${chosen[@]}")
fi
echo "tenant $tenant; searches: code '$code_part', name '$name_part', e-mail '$email_part', robot '$robot_part'"

# Every URL must answer 200 before anything is measured.
failed=0
for url in "${urls[@]}"; do
  status=$(curl -s -o "$work/body" -w '%{http_code} %{time_total}' -H "Cookie: $cookie" "$base$url")
  total=$(grep -o '"total":[0-9]*' "$work/body" | head -n 1 | cut -d: -f2 || true)
  capped=$(grep -o '"totalCapped":[a-z]*' "$work/body" | head -n 1 | cut -d: -f2 || true)
  items=$(grep -o '"id":"' "$work/body" | wc -l)
  printf '%s %ss  total=%s%s  %s\n' "${status% *}" "${status#* }" "${total:-?}" \
    "$([ "$capped" = true ] && echo +)" "$url"
  [ "${status% *}" = 200 ] || failed=1
  [ "$items" -gt 0 ] || echo "   (no rows on this page)"
done
[ "$failed" = 0 ] || { echo "some lists did not answer 200" >&2; exit 1; }

lua="$work/admin-lists.lua"
cat >"$lua" <<LUA
wrk.headers["Cookie"] = "$cookie"
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %.0f %.1f %.1f %.1f %d %d\n", summary.requests,
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, e.status, e.connect + e.read + e.write + e.timeout))
end
LUA

# Queries of a URL that wrk stopped waiting for still run in PostgreSQL: the
# next URL starts once the database is idle again.
settle() {
  for _ in $(seq 1 120); do
    [ "$(sql "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
                AND state = 'active' AND pid <> pg_backend_pid()")" = 0 ] && return 0
    sleep 0.5
  done
}

table="$work/table"
{
  echo "| list and filter | req/s | p50 ms | p95 ms | p99 ms | not 2xx | p95 < 50 ms |"
  echo "|---|---:|---:|---:|---:|---:|:-:|"
} >"$table"
echo "load average before measuring: $(cut -d' ' -f1-3 /proc/loadavg)"
# wrk's timeout is above the server's (30 s): slow answers are measured, not dropped.
for url in "${urls[@]}"; do
  settle
  wrk -t2 -c"$connections" -d"$warmup" --timeout 40s -s "$lua" "$base$url" >/dev/null
  settle
  read -r _ requests rps p50 p95 p99 not_2xx socket_errors < <(
    wrk -t2 -c"$connections" -d"$duration" --timeout 40s -s "$lua" "$base$url" | grep '^RESULT')
  ok=$(echo "$p95 < 50" | bc)
  if [ "$requests" = 0 ]; then
    # Nothing finished within the run: no percentiles to speak of.
    p50="—" p95="> ${duration}" p99="—" ok=0 failed=1
  fi
  if [ "$not_2xx" != 0 ] || [ "$socket_errors" != 0 ]; then
    failed=1 ok=0
    echo "$url: $not_2xx answers not 2xx, $socket_errors connection errors or timeouts" >&2
  fi
  label=${url//$tenant/<tenant>}
  label=${label/page=1&pageSize=20&/}
  label=${label/\?page=1&pageSize=20/}
  printf '| `%s` | %s | %s | %s | %s | %s | %s |\n' "$label" "$rps" "$p50" "$p95" "$p99" "$not_2xx" \
    "$([ "$ok" = 1 ] && echo yes || echo '**no**')" >>"$table"
  echo "measured $label: $rps req/s, p95 $p95 ms"
done
echo
cat "$table"
[ "$failed" = 0 ] || exit 1
