-- Forced row-level security (DESIGN section 3).
--
-- Every query of the running app runs as a runtime role that is neither
-- superuser, nor BYPASSRLS, nor owner of any table. FORCE makes the policies
-- apply to the table owner as well, so even a connection that forgot to drop
-- to the runtime role cannot read across tenants.
--
-- The scope of a transaction is two settings, set with SET LOCAL by the app:
--   app.tenant_id       the caller's tenant (tenant owner, client, tenant job)
--   app.platform_admin  'on' for the platform admin and platform-wide jobs
-- NULLIF matters: once a pooled connection has used app.tenant_id it reads ''
-- (not NULL) in later transactions, and ''::uuid would raise.

DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY[
        'tenant_owners', 'tenant_robots', 'robot_versions', 'tenant_clients',
        'tenant_sales', 'tenant_subscriptions', 'tenant_client_robots',
        'tenant_robot_sales_pages', 'robot_generations', 'compilation_jobs',
        'robot_projects', 'robot_project_versions', 'sessions', 'hotmart_inbox',
        'license_checks', 'email_outbox'
    ] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
        EXECUTE format($p$
            CREATE POLICY tenant_isolation ON %I
                USING (
                    current_setting('app.platform_admin', true) = 'on'
                    OR tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid
                )
                WITH CHECK (
                    current_setting('app.platform_admin', true) = 'on'
                    OR tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid
                )
        $p$, t);
    END LOOP;
END
$$;

-- A tenant sees (and its owner may edit) its own tenant row; only the platform
-- creates or deletes tenants.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_self_read ON tenants FOR SELECT
    USING (current_setting('app.platform_admin', true) = 'on'
           OR id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY tenant_self_update ON tenants FOR UPDATE
    USING (current_setting('app.platform_admin', true) = 'on'
           OR id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (current_setting('app.platform_admin', true) = 'on'
           OR id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_insert ON tenants FOR INSERT
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_delete ON tenants FOR DELETE
    USING (current_setting('app.platform_admin', true) = 'on');

-- Platform-only tables: invisible to any tenant scope.
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['users', 'compile_agents'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
        EXECUTE format($p$
            CREATE POLICY platform_only ON %I
                USING (current_setting('app.platform_admin', true) = 'on')
                WITH CHECK (current_setting('app.platform_admin', true) = 'on')
        $p$, t);
    END LOOP;
END
$$;

-- The auth template is read by every tenant's injection step, written only by
-- the platform admin.
ALTER TABLE robot_auth_template ENABLE ROW LEVEL SECURITY;
ALTER TABLE robot_auth_template FORCE ROW LEVEL SECURITY;
CREATE POLICY template_read ON robot_auth_template FOR SELECT USING (true);
CREATE POLICY template_write ON robot_auth_template FOR ALL
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
