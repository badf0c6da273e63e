-- One policy per kind of principal instead of one `platform OR tenant`
-- policy for everyone (decision 0009). Same rows visible to each role as
-- before; what changes is what the planner can see:
--   * the platform admin role sees every row (`USING (true)`): it is reached
--     only by Scope::platform_admin, which always meant every tenant. The
--     planner drops the qual, estimates from the table's statistics and may
--     use any index. Under the OR policy it guessed 0.5 % of every table
--     visible and planned the admin's sales list as a nested loop over a
--     million rows (8.9 s) instead of reading 20 entries of the created_at
--     index (under 2 ms);
--   * tenant principals get `tenant_id = <setting>`, estimated as one
--     tenant's share, which an index can serve;
--   * the worker works both ways: all tenants with the platform flag, or one.
-- A client or owner that sets the platform flag gains nothing: no policy
-- that reads it applies to their roles. The login role holds no table
-- privilege of its own (NOINHERIT), so after RESET ROLE it reads nothing.
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY[
        'tenant_owners', 'tenant_robots', 'robot_versions', 'tenant_clients',
        'tenant_sales', 'tenant_subscriptions', 'tenant_client_robots',
        'tenant_robot_sales_pages', 'robot_generations', 'compilation_jobs',
        'robot_projects', 'robot_project_versions', 'sessions', 'hotmart_inbox',
        'license_checks', 'email_outbox', 'audit_log'
    ] LOOP
        EXECUTE format('DROP POLICY tenant_isolation ON %I', t);
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

DROP POLICY tenant_self_read ON tenants;
DROP POLICY tenant_self_update ON tenants;
CREATE POLICY tenant_self_read ON tenants FOR SELECT TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY tenant_self_update ON tenants FOR UPDATE TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_read ON tenants FOR SELECT TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_update ON tenants FOR UPDATE TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_admin_read ON tenants FOR SELECT TO rf_platform_admin USING (true);
CREATE POLICY platform_admin_update ON tenants FOR UPDATE TO rf_platform_admin USING (true) WITH CHECK (true);

-- The lists' filters, each able to hand out a page in list order from its
-- index alone (the page's ids are chosen before anything is joined).
DROP INDEX tenant_sales_status_idx;
DROP INDEX tenant_sales_tenant_status_idx;
CREATE INDEX tenant_sales_status_idx ON tenant_sales (status, created_at DESC, id DESC);
CREATE INDEX tenant_sales_tenant_status_idx ON tenant_sales (tenant_id, status, created_at DESC, id DESC);
CREATE INDEX tenant_sales_origin_idx ON tenant_sales (origin, created_at DESC, id DESC);
CREATE INDEX tenant_clients_status_idx ON tenant_clients (status, created_at DESC, id DESC);
CREATE INDEX tenant_client_robots_status_idx ON tenant_client_robots (status, created_at DESC, id DESC);
