-- The client portal: account changes a client makes (limited per period and
-- by a cooldown, so a license cannot be passed around) and robot downloads
-- (who took which version when, for the owner's view and the client's
-- "newer version" mark).
CREATE TABLE license_account_changes (
    id           uuid PRIMARY KEY,
    tenant_id    uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    license_id   uuid NOT NULL,
    client_id    uuid,
    old_account  text,
    new_account  text NOT NULL,
    changed_at   timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (tenant_id, license_id) REFERENCES tenant_client_robots (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, client_id) REFERENCES tenant_clients (tenant_id, id) ON DELETE SET NULL (client_id)
);
CREATE INDEX license_account_changes_license_idx ON license_account_changes (tenant_id, license_id, changed_at DESC);

CREATE TABLE robot_downloads (
    id             uuid PRIMARY KEY,
    tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    license_id     uuid,
    client_id      uuid,
    robot_id       uuid,
    version_id     uuid,
    version        text NOT NULL,
    downloaded_at  timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (tenant_id, license_id) REFERENCES tenant_client_robots (tenant_id, id) ON DELETE SET NULL (license_id),
    FOREIGN KEY (tenant_id, client_id) REFERENCES tenant_clients (tenant_id, id) ON DELETE SET NULL (client_id)
);
CREATE INDEX robot_downloads_client_idx ON robot_downloads (tenant_id, client_id, downloaded_at DESC);
CREATE INDEX robot_downloads_license_idx ON robot_downloads (tenant_id, license_id, downloaded_at DESC);

DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['license_account_changes', 'robot_downloads'] LOOP
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
        -- A client reads and writes only their own rows.
        EXECUTE format('CREATE POLICY client_own ON %I AS RESTRICTIVE TO rf_client
                            USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id())', t);
    END LOOP;
END
$$;

GRANT SELECT, INSERT ON license_account_changes, robot_downloads TO rf_client;
GRANT SELECT, INSERT ON license_account_changes, robot_downloads TO rf_owner;
GRANT SELECT ON license_account_changes, robot_downloads TO rf_platform_admin, rf_worker;
