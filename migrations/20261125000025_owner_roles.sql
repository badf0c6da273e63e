-- Owner roles (issue 24, docs/owner-roles.md). The api checks every tenant
-- endpoint against the capability matrix (shared::owner_permissions); the
-- database repeats the rule where its policy lives here: only an admin
-- owner writes the tenant's settings (branding, e-mail credentials and
-- templates) and its robots (robots, versions, sales pages, imports, the
-- factory). Support and Financeiro owners can still read them.

-- The role of the owner acting in this transaction (`app.actor` is
-- `owner:<id>`, set with the scope by the api); NULL for anyone else.
CREATE FUNCTION app_owner_role() RETURNS text
LANGUAGE sql STABLE AS $$
    SELECT o.role FROM tenant_owners o
     WHERE current_setting('app.actor', true) LIKE 'owner:%'
       AND o.id = substr(current_setting('app.actor', true), 7)::uuid
       AND o.is_active
$$;
GRANT EXECUTE ON FUNCTION app_owner_role() TO rf_owner;

DO $$
DECLARE
    t text;
    command text;
BEGIN
    FOREACH t IN ARRAY ARRAY['tenant_robots', 'robot_versions', 'tenant_robot_sales_pages', 'compilation_jobs',
                             'robot_projects', 'robot_project_versions', 'robot_generations'] LOOP
        FOREACH command IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
            IF command = 'INSERT' THEN
                EXECUTE format('CREATE POLICY owner_role_admin_%s ON %I AS RESTRICTIVE FOR INSERT TO rf_owner
                                WITH CHECK (app_owner_role() = ''admin'')', lower(command), t);
            ELSE
                EXECUTE format('CREATE POLICY owner_role_admin_%s ON %I AS RESTRICTIVE FOR %s TO rf_owner
                                USING (app_owner_role() = ''admin'')', lower(command), t, command);
            END IF;
        END LOOP;
    END LOOP;
END
$$;

CREATE POLICY owner_role_admin_update ON tenants AS RESTRICTIVE FOR UPDATE TO rf_owner
    USING (app_owner_role() = 'admin') WITH CHECK (app_owner_role() = 'admin');
