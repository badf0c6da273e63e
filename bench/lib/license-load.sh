# Sourced by bench/license-check.sh and bench/cluster-license-check.sh: the
# same steady-state load for both. Needs `sql` (runs SQL past RLS) and
# $licenses; sets $tenant, $robot and $lua (a wrk script: a random bound
# license per request, protocol ${protocol:-2}; protocol 3 also says the
# account's server and trade mode).
seed_bench_licenses() {
  # Steady state: each license's seat knows its server (protocol 3). Below v3
  # the seats are as bound before servers were known.
  local seat_server="NULL"
  if [ "${protocol:-2}" = 3 ]; then seat_server="'Bench-Real'"; fi
  tenant=$(sql "SELECT id FROM tenants LIMIT 1")
  robot=$(sql "SELECT id FROM tenant_robots LIMIT 1")
  sql "INSERT INTO tenant_clients (id, tenant_id, name, email)
       SELECT gen_random_uuid(), '$tenant', 'Cliente ' || i, 'bench' || i || '@example.com' FROM generate_series(1, $licenses) i;
       INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, status, account_number, account_server, activation_date)
       SELECT gen_random_uuid(), c.tenant_id, c.id, '$robot', 'active', substr(c.email, 6, strpos(c.email, '@') - 6),
              $seat_server, now()
         FROM tenant_clients c WHERE c.email LIKE 'bench%';
       ANALYZE;" >/dev/null
  local terminal=""
  if [ "${protocol:-2}" = 3 ]; then terminal=',"server":"Bench-Real","tradeMode":"real","terminalBuild":4755'; fi
  lua=$(mktemp --suffix .lua)
  cat >"$lua" <<LUA
math.randomseed(os.time())
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  local i = math.random(1, $licenses)
  local body = string.format('{"email":"bench%d@example.com","mtAccount":%d,"robotId":"$robot","tenantId":"$tenant","nonce":"n%d","protocol":${protocol:-2}$terminal}', i, i, i)
  return wrk.format(nil, nil, nil, body)
end
LUA
  # The warm-up: every license checked once, in order, split between wrk's
  # two threads (each stops after its half), so the measured run starts in
  # the steady state it claims rather than in however much a timed warm-up
  # happened to reach.
  warm_lua=$(mktemp --suffix .lua)
  cat >"$warm_lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local threads = 0
function setup(thread)
  thread:set("first", threads)
  threads = threads + 1
end
local sent, answered = 0, 0
request = function()
  local i = first + 2 * sent + 1
  sent = sent + 1
  if i > $licenses then i = $licenses end
  local body = string.format('{"email":"bench%d@example.com","mtAccount":%d,"robotId":"$robot","tenantId":"$tenant","nonce":"w%d","protocol":${protocol:-2}$terminal}', i, i, i)
  return wrk.format(nil, nil, nil, body)
end
response = function()
  answered = answered + 1
  if 2 * answered >= $licenses then wrk.thread:stop() end
end
LUA
}
