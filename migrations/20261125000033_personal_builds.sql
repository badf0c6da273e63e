-- Personal builds (issue 26, decision 0015): one .ex5 per license for robots
-- whose source the platform holds, compiled on the fleet with the license id
-- and a random per-build mark injected as constants, so a leaked file names
-- its buyer and the robot's check names its license.

-- A personal build is a compile job of its own kind: the fair claim serves
-- it only when no import or factory compile of any tenant is waiting.
ALTER TABLE compilation_jobs DROP CONSTRAINT compilation_jobs_source_check;
ALTER TABLE compilation_jobs ADD CONSTRAINT compilation_jobs_source_check
    CHECK (source IN ('import', 'ai-factory', 'personal-build'));
-- The claim walks the waiting tenants of one tier at a time on this index
-- (a loose index scan), so 1,000 waiting builds cost an import's claim
-- nothing.
CREATE INDEX compilation_jobs_tier_queue_idx ON compilation_jobs ((source = 'personal-build'), tenant_id, created_at)
    WHERE status = 'pending';

CREATE TABLE license_builds (
    id                 uuid PRIMARY KEY,
    tenant_id          uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    license_id         uuid NOT NULL,
    robot_version_id   uuid NOT NULL,
    compilation_job_id uuid,
    -- Random, 32 hex characters, embedded in the source (and so in the
    -- .ex5's bytes) next to the license id: what a found file is traced by.
    build_mark         text NOT NULL UNIQUE CHECK (build_mark ~ '^[0-9a-f]{32}$'),
    status             text NOT NULL DEFAULT 'queued'
                       CHECK (status IN ('queued', 'compiling', 'ready', 'failed', 'superseded', 'revoked')),
    file_key           text,
    file_sha256        text CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
    file_size          bigint CHECK (file_size >= 0),
    error_message      text,
    -- Set when the owner revokes it after a leak: its check fails from then on.
    revoked_at         timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    ready_at           timestamptz,
    updated_at         timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, id),
    FOREIGN KEY (tenant_id, license_id) REFERENCES tenant_client_robots (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, robot_version_id) REFERENCES robot_versions (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, compilation_job_id) REFERENCES compilation_jobs (tenant_id, id)
        ON DELETE SET NULL (compilation_job_id)
);
-- One live build per (license, version): queueing twice (a retried sale, a
-- version activated again) finds the first.
CREATE UNIQUE INDEX license_builds_live_idx ON license_builds (tenant_id, license_id, robot_version_id)
    WHERE status IN ('queued', 'compiling', 'ready');
CREATE INDEX license_builds_license_idx ON license_builds (tenant_id, license_id, created_at DESC);
CREATE INDEX license_builds_job_idx ON license_builds (tenant_id, compilation_job_id);
-- A found file is traced by its hash first.
CREATE INDEX license_builds_sha_idx ON license_builds (tenant_id, file_sha256) WHERE file_sha256 IS NOT NULL;

CREATE TABLE license_build_downloads (
    id             uuid PRIMARY KEY,
    tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    build_id       uuid NOT NULL,
    ip             text,
    downloaded_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, id),
    FOREIGN KEY (tenant_id, build_id) REFERENCES license_builds (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX license_build_downloads_build_idx ON license_build_downloads (tenant_id, build_id, downloaded_at DESC);

-- Role-scoped policies (decision 0009), as every tenant-owned table.
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['license_builds', 'license_build_downloads'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
        EXECUTE format($p$
            CREATE POLICY tenant_isolation ON %I TO rf_anonymous, rf_client, rf_owner, rf_worker
                USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
                WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
        $p$, t);
        EXECUTE format($p$
            CREATE POLICY platform_scope ON %I TO rf_worker
                USING (current_setting('app.platform_admin', true) = 'on')
                WITH CHECK (current_setting('app.platform_admin', true) = 'on')
        $p$, t);
        EXECUTE format('CREATE POLICY platform_admin ON %I TO rf_platform_admin USING (true) WITH CHECK (true)', t);
    END LOOP;
END
$$;

-- Builds are made and moved on by the platform (worker scopes); owners read
-- them and revoke one; clients read their own licenses' builds and record
-- their downloads; the license check (anonymous in the tenant) reads the
-- status of the build a robot names.
GRANT SELECT, INSERT, UPDATE, DELETE ON license_builds, license_build_downloads TO rf_worker, rf_platform_admin;
GRANT SELECT ON license_builds, license_build_downloads TO rf_owner, rf_client;
GRANT UPDATE (status, revoked_at, updated_at) ON license_builds TO rf_owner;
GRANT INSERT ON license_build_downloads TO rf_client;
GRANT SELECT (id, tenant_id, license_id, build_mark, status) ON license_builds TO rf_anonymous;

-- The license check's cache drops the tenant's answers when a build is
-- revoked (or un-revoked), as for any other fact a check reads.
CREATE TRIGGER license_facts_changed AFTER UPDATE OF status ON license_builds
    FOR EACH ROW WHEN (NEW.status = 'revoked' OR OLD.status = 'revoked')
    EXECUTE FUNCTION notify_license_facts_changed();
