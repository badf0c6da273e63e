-- Backtests on the fleet (issue 26 part 2, decision 0016): an agent with a
-- MetaTrader 5 terminal runs the Strategy Tester on a compiled .ex5 and the
-- report's numbers and equity curve are kept with the file they describe.

-- Tester minutes a tenant may use per calendar month (Brazil's time), set by
-- the platform admin.
ALTER TABLE tenants
    ADD COLUMN tester_monthly_minutes integer NOT NULL DEFAULT 600 CHECK (tester_monthly_minutes BETWEEN 0 AND 100000);
GRANT SELECT (tester_monthly_minutes) ON tenants TO rf_owner;

-- The project's default tester profile and thresholds (the factory's gate);
-- null: the platform's defaults.
ALTER TABLE robot_projects
    ADD COLUMN tester_profile jsonb,
    ADD COLUMN tester_thresholds jsonb;

-- What the tester said when it sent a factory version back to the model
-- (zero trades): at most one such round per version.
ALTER TABLE robot_project_versions ADD COLUMN tester_feedback text;

CREATE TABLE backtests (
    id                 uuid PRIMARY KEY,
    tenant_id          uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    robot_id           uuid,
    robot_name         text NOT NULL,
    -- The stored .ex5 tested: robot_versions.file_path of the version, or the
    -- factory version's compiled_file_url (the same key once published).
    file_key           text NOT NULL,
    -- The factory version this run gates (null: asked for by the owner).
    factory_version_id uuid,
    origin             text NOT NULL CHECK (origin IN ('factory', 'owner')),
    status             text NOT NULL DEFAULT 'queued'
                       CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
    profile            jsonb NOT NULL,
    thresholds         jsonb NOT NULL,
    requested_by       uuid,
    agent_id           uuid REFERENCES compile_agents (id) ON DELETE SET NULL,
    attempts           integer NOT NULL DEFAULT 0,
    lease_expires_at   timestamptz,
    started_at         timestamptz,
    completed_at       timestamptz,
    -- Counted against the month's tester minutes: measured by the server
    -- from the lease to the result (or the cancellation), not told by the agent.
    tester_seconds     integer NOT NULL DEFAULT 0 CHECK (tester_seconds >= 0),
    report_key         text,
    summary            jsonb,
    equity_curve       jsonb,
    recommended        boolean,
    reasons            jsonb,
    error_message      text,
    on_sales_page      boolean NOT NULL DEFAULT false,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, id),
    FOREIGN KEY (tenant_id, robot_id) REFERENCES tenant_robots (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, factory_version_id) REFERENCES robot_project_versions (tenant_id, id) ON DELETE CASCADE
);
-- One run waiting or running per file: asking twice finds the first.
CREATE UNIQUE INDEX backtests_live_idx ON backtests (tenant_id, file_key) WHERE status IN ('queued', 'running');
CREATE INDEX backtests_file_idx ON backtests (tenant_id, file_key, created_at DESC);
CREATE INDEX backtests_queue_idx ON backtests (created_at) WHERE status IN ('queued', 'running');
CREATE INDEX backtests_month_idx ON backtests (tenant_id, started_at) WHERE started_at IS NOT NULL;

ALTER TABLE backtests ENABLE ROW LEVEL SECURITY;
ALTER TABLE backtests FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON backtests TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_scope ON backtests TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_admin ON backtests TO rf_platform_admin USING (true) WITH CHECK (true);

-- Agents (worker scopes) lease and finish runs; owners ask for them, cancel
-- them and choose the ones shown on the sales page; clients and the public
-- sales page read finished numbers only.
GRANT SELECT, INSERT, UPDATE, DELETE ON backtests TO rf_worker, rf_platform_admin;
GRANT SELECT, INSERT ON backtests TO rf_owner;
GRANT UPDATE (status, lease_expires_at, agent_id, completed_at, tester_seconds, error_message, on_sales_page, updated_at)
    ON backtests TO rf_owner;
GRANT SELECT (id, tenant_id, robot_id, file_key, status, profile, summary, equity_curve, recommended, reasons,
              completed_at, on_sales_page)
    ON backtests TO rf_client, rf_anonymous;

-- An agent running a backtest says so.
ALTER TABLE compile_agents DROP CONSTRAINT IF EXISTS compile_agents_state_check;
ALTER TABLE compile_agents ADD CONSTRAINT compile_agents_state_check CHECK (state IN ('offline', 'idle', 'compiling', 'testing'));

-- The public sales page finds the active version's backtest by its stored
-- file. A storage key is not a secret (object storage is private, and public
-- files serve only logos and favicons), so the anonymous role may read it.
GRANT SELECT (file_path) ON robot_versions TO rf_anonymous;
