-- Issue 37: sales the webhook never delivered, found in the platform's own
-- sales history (Hotmart's API, with the tenant's stored credentials) and fed
-- through the same intake. One row per run: what was asked, what was found,
-- what was recovered and why the rest was not.
CREATE TABLE sales_reconciliations (
    id          uuid PRIMARY KEY,
    tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    platform    text NOT NULL CHECK (platform IN ('hotmart')),
    -- 'daily' (the worker) or 'owner' (on demand from the owner's screen).
    trigger     text NOT NULL CHECK (trigger IN ('daily', 'owner')),
    days        integer NOT NULL CHECK (days BETWEEN 1 AND 30),
    started_at  timestamptz NOT NULL DEFAULT now(),
    -- Sales the history listed; of those, already here; fed now (recovered);
    -- of a product no robot of this tenant has received a webhook for.
    found       integer NOT NULL DEFAULT 0,
    already     integer NOT NULL DEFAULT 0,
    recovered   integer NOT NULL DEFAULT 0,
    unmapped    integer NOT NULL DEFAULT 0,
    -- Why the run could not ask (no credentials, Hotmart refused or did not answer), in pt-BR.
    error       text CHECK (error IS NULL OR length(error) <= 500)
);
CREATE INDEX sales_reconciliations_latest_idx ON sales_reconciliations (tenant_id, platform, started_at DESC);

ALTER TABLE sales_reconciliations ENABLE ROW LEVEL SECURITY;
ALTER TABLE sales_reconciliations FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sales_reconciliations TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_scope ON sales_reconciliations TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_admin ON sales_reconciliations TO rf_platform_admin USING (true) WITH CHECK (true);
GRANT SELECT, INSERT ON sales_reconciliations TO rf_owner;
GRANT SELECT, INSERT, UPDATE, DELETE ON sales_reconciliations TO rf_worker, rf_platform_admin;
