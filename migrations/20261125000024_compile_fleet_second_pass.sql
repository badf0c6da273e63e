-- Compile fleet, second pass (issue 23, decision 0014): agents belong to
-- pools, the queue is claimed round-robin across tenants, results are tied to
-- the source they compiled, DLL imports are a per-tenant allowance, storage
-- has a per-tenant quota, and a job no agent claims alerts the admin once.

-- ------------------------------------------------------------------- pools
-- A pool either serves every tenant (the default pool) or only the tenants
-- listed for it. A tenant listed in any pool is served only by the pools that
-- list it: dedicated agents are the point of listing it (its source never
-- reaches the shared agents).
CREATE TABLE compile_agent_pools (
    id                  uuid PRIMARY KEY,
    name                text NOT NULL UNIQUE CHECK (length(btrim(name)) BETWEEN 1 AND 100),
    serves_all_tenants  boolean NOT NULL DEFAULT false,
    created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE compile_agent_pool_tenants (
    pool_id    uuid NOT NULL REFERENCES compile_agent_pools (id) ON DELETE CASCADE,
    tenant_id  uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    PRIMARY KEY (pool_id, tenant_id)
);
CREATE INDEX compile_agent_pool_tenants_tenant_idx ON compile_agent_pool_tenants (tenant_id);

INSERT INTO compile_agent_pools (id, name, serves_all_tenants)
VALUES ('00000000-0000-7000-8000-000000000001', 'Padrão', true);

ALTER TABLE compile_agents ADD COLUMN pool_id uuid NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001'
    REFERENCES compile_agent_pools (id);

-- Whether agents of `pool` may take jobs of `tenant` (the rule above). Runs
-- with the caller's rights: only platform scopes (agents, the admin) use it.
CREATE FUNCTION compile_pool_serves(pool uuid, tenant uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT CASE
        WHEN EXISTS (SELECT 1 FROM compile_agent_pool_tenants WHERE tenant_id = tenant)
            THEN EXISTS (SELECT 1 FROM compile_agent_pool_tenants WHERE tenant_id = tenant AND pool_id = pool)
        ELSE EXISTS (SELECT 1 FROM compile_agent_pools WHERE id = pool AND serves_all_tenants)
    END
$$;

-- Round-robin: the tenant whose turn came longest ago goes next.
CREATE TABLE compile_queue_turns (
    tenant_id        uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
    last_claimed_at  timestamptz NOT NULL
);
CREATE INDEX compilation_jobs_tenant_queue_idx ON compilation_jobs (tenant_id, created_at) WHERE status = 'pending';
CREATE INDEX compilation_jobs_tenant_leases_idx ON compilation_jobs (tenant_id) WHERE status = 'processing';

DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['compile_agent_pools', 'compile_agent_pool_tenants', 'compile_queue_turns'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY platform_only ON %I USING (app_platform()) WITH CHECK (app_platform())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO rf_platform_admin, rf_worker', t);
    END LOOP;
END
$$;
GRANT EXECUTE ON FUNCTION compile_pool_serves(uuid, uuid) TO rf_platform_admin, rf_worker;

-- ------------------------------------------------- results tied to sources
-- The hash of what the agent is given; its result must name it, and the
-- version it becomes keeps it with the job that made it.
-- (convert_to is only STABLE because of encodings; to UTF-8 of a UTF-8 text
-- it is a pure function, which a generated column needs.)
CREATE FUNCTION utf8_sha256_hex(source text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT encode(sha256(convert_to(coalesce(source, ''), 'UTF8')), 'hex') $$;
ALTER TABLE compilation_jobs ADD COLUMN source_sha256 text GENERATED ALWAYS AS (utf8_sha256_hex(source_code)) STORED;
ALTER TABLE robot_versions ADD COLUMN compile_job_id uuid;
ALTER TABLE robot_versions ADD COLUMN source_sha256 text CHECK (source_sha256 ~ '^[0-9a-f]{64}$');
-- Whether the version's source imports a DLL (shown to buyers).
ALTER TABLE robot_versions ADD COLUMN loads_dll boolean NOT NULL DEFAULT false;
GRANT SELECT (compile_job_id, source_sha256, loads_dll) ON robot_versions TO rf_owner, rf_client;
-- The public sales page tells buyers when the active version loads a DLL.
GRANT SELECT (tenant_id, robot_id, version, loads_dll) ON robot_versions TO rf_anonymous;
GRANT INSERT (compile_job_id, source_sha256, loads_dll) ON robot_versions TO rf_owner;

-- ------------------------------------------------------ per-tenant limits
-- `#import` of a DLL: refused unless the platform admin allows it.
-- Storage quota in bytes; NULL: the platform default (STORAGE_QUOTA_MB).
ALTER TABLE tenants ADD COLUMN dll_imports_allowed boolean NOT NULL DEFAULT false;
ALTER TABLE tenants ADD COLUMN storage_quota_bytes bigint CHECK (storage_quota_bytes > 0);
GRANT SELECT (dll_imports_allowed, storage_quota_bytes) ON tenants TO rf_owner, rf_client, rf_anonymous;

-- ------------------------------------------------------------ stall alerts
-- Alerts for the platform admin, raised once per subject (a job no agent
-- claimed in time): the unique key is what makes it once.
ALTER TABLE compilation_jobs ADD COLUMN stall_alerted_at timestamptz;
CREATE TABLE platform_alerts (
    id               uuid PRIMARY KEY,
    kind             text NOT NULL CHECK (kind IN ('compile_job_stalled')),
    subject_id       uuid NOT NULL,
    tenant_id        uuid REFERENCES tenants (id) ON DELETE CASCADE,
    message          text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    acknowledged_at  timestamptz,
    UNIQUE (kind, subject_id)
);
CREATE INDEX platform_alerts_open_idx ON platform_alerts (created_at DESC) WHERE acknowledged_at IS NULL;
ALTER TABLE platform_alerts ENABLE ROW LEVEL SECURITY;
ALTER TABLE platform_alerts FORCE ROW LEVEL SECURITY;
CREATE POLICY platform_only ON platform_alerts USING (app_platform()) WITH CHECK (app_platform());
GRANT SELECT, INSERT, UPDATE, DELETE ON platform_alerts TO rf_platform_admin, rf_worker;
