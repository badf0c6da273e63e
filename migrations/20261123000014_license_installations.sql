-- Installations: each MetaTrader account that ran a license, summarised from
-- the check log as it is written (the log writer upserts one row per
-- license × account per batch). The owner's "who runs this robot" view reads
-- these few rows instead of scanning the tenant's check log, which keeps one
-- index only (decision 0007). Like the log, the license id is a recorded
-- fact, not a foreign key: a batch must never fail because a license was
-- deleted meanwhile (readers join the licenses that exist).
CREATE TABLE license_installations (
    tenant_id       uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    license_id      uuid NOT NULL,
    account_number  text NOT NULL,
    robot_id        uuid,
    first_seen      timestamptz NOT NULL,
    last_seen       timestamptz NOT NULL,
    last_valid      boolean NOT NULL,
    last_code       text NOT NULL,
    last_ip         inet,
    checks          bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, license_id, account_number));
CREATE INDEX license_installations_seen_idx ON license_installations (tenant_id, last_seen DESC);

ALTER TABLE license_installations ENABLE ROW LEVEL SECURITY;
ALTER TABLE license_installations FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON license_installations TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_scope ON license_installations TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_admin ON license_installations TO rf_platform_admin USING (true) WITH CHECK (true);

GRANT SELECT, INSERT, UPDATE ON license_installations TO rf_worker;
GRANT SELECT ON license_installations TO rf_owner, rf_platform_admin;

-- The password-reset e-mail is rendered by the anonymous service (the owner
-- is not signed in): it reads the tenant's own version of the template.
GRANT SELECT (email_templates) ON tenants TO rf_anonymous;

-- An owner who changes a client's password or suspends them ends that
-- client's sessions (their tenant's rows only, by the sessions policy).
GRANT DELETE ON sessions TO rf_owner;
