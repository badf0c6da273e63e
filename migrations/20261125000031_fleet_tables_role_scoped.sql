-- The fleet tables of migration 24 that carry a tenant_id follow the
-- role-scoped model of decision 0009 like every other tenant-owned table
-- (one policy per kind of principal), instead of one platform-only policy
-- for every role: the platform roles see every tenant, a worker in one
-- tenant's scope that tenant's rows, and no owner or client holds a grant.
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['compile_agent_pool_tenants', 'compile_queue_turns', 'platform_alerts'] LOOP
        EXECUTE format('DROP POLICY platform_only ON %I', t);
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
