-- Database roles per principal (DESIGN section 3; the PostgREST/Supabase
-- "authenticator" pattern).
--
-- The app logs in as an authenticator role (DATABASE_APP_ROLE) that owns
-- nothing, has no privileges of its own (NOINHERIT) and is only a member of
-- the five principal roles below. Every transaction does SET LOCAL ROLE to the
-- principal of its caller; a RESET ROLE falls back to the authenticator, which
-- can read nothing. Each principal is granted only what it needs:
--
--   rf_anonymous       logins, session lookup, branding, password resets
--   rf_client          a signed-in client: their own rows of their tenant
--   rf_owner           a signed-in tenant owner: their tenant's rows
--   rf_platform_admin  the platform admin: every row (app.platform_admin)
--   rf_worker          background jobs: every row, plus the job queue
--
-- Roles are cluster-wide, grants and policies per database, so two databases
-- on one cluster share the role names safely.

DO $$
DECLARE
    r text;
BEGIN
    FOREACH r IN ARRAY ARRAY['rf_anonymous', 'rf_client', 'rf_owner', 'rf_platform_admin', 'rf_worker'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
            BEGIN
                EXECUTE format('CREATE ROLE %I NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT', r);
            EXCEPTION WHEN duplicate_object THEN
                -- Another database on this cluster created it a moment ago.
                NULL;
            END;
        END IF;
    END LOOP;
END
$$;

-- ------------------------------------------------------------------ secrets at rest
-- The tenant security key and the Hotmart hottok are kept only as SHA-256 (hex);
-- both are compared by hashing what the caller sends. The prefixes let a
-- person recognise a key without the key being readable. The Resend key is
-- sent onward, so it is encrypted by the app (AES-256-GCM, SECRETS_KEY).
UPDATE tenants SET secret_hash = encode(sha256(convert_to(secret_hash, 'UTF8')), 'hex');
ALTER TABLE tenants ADD COLUMN secret_prefix text;
ALTER TABLE tenants DROP COLUMN secret_lookup;
ALTER TABLE tenants ADD CONSTRAINT tenants_secret_hash_key UNIQUE (secret_hash);
ALTER TABLE tenants DROP CONSTRAINT IF EXISTS tenants_secret_hash_check;
ALTER TABLE tenants ADD CONSTRAINT tenants_secret_hash_is_sha256 CHECK (secret_hash ~ '^[0-9a-f]{64}$');
UPDATE tenants SET hotmart_webhook_secret = encode(sha256(convert_to(hotmart_webhook_secret, 'UTF8')), 'hex')
 WHERE hotmart_webhook_secret IS NOT NULL;
ALTER TABLE tenants ADD COLUMN hotmart_secret_prefix text;
-- Existing plain-text keys cannot be encrypted in SQL: they are dropped and
-- must be entered again (none exist before this migration in practice).
UPDATE tenants SET resend_api_key = NULL;
ALTER TABLE tenants ADD COLUMN resend_configured boolean GENERATED ALWAYS AS (resend_api_key IS NOT NULL) STORED;
ALTER TABLE tenants ADD COLUMN hotmart_configured boolean GENERATED ALWAYS AS (hotmart_webhook_secret IS NOT NULL) STORED;

-- Admin sessions idle out: the lookup refreshes this at most once a minute.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();

-- Login throttling keys attempts by account and by (account, IP) pair.
CREATE INDEX login_failures_pair_idx ON login_failures (account_key, ip, failed_at);

-- ------------------------------------------------------------------ scope helpers
-- The platform setting is honoured only for the two platform principals: a
-- client or owner transaction that sets it (an injection) still sees one tenant.
-- Simple SQL functions: the planner inlines them into the policies.
CREATE FUNCTION app_platform() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT current_setting('app.platform_admin', true) = 'on'
       AND current_user IN ('rf_platform_admin', 'rf_worker')
$$;
CREATE FUNCTION app_client_id() RETURNS uuid LANGUAGE sql STABLE AS $$
    SELECT NULLIF(current_setting('app.client_id', true), '')::uuid
$$;

-- Rewrite every policy on the platform helper (same shape, one place).
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
        EXECUTE format('DROP POLICY tenant_isolation ON %I', t);
        EXECUTE format($p$
            CREATE POLICY tenant_isolation ON %I
                USING (app_platform() OR tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
                WITH CHECK (app_platform() OR tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
        $p$, t);
    END LOOP;
END
$$;

DROP POLICY tenant_self_read ON tenants;
DROP POLICY tenant_self_update ON tenants;
DROP POLICY platform_insert ON tenants;
DROP POLICY platform_delete ON tenants;
CREATE POLICY tenant_self_read ON tenants FOR SELECT
    USING (app_platform() OR id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY tenant_self_update ON tenants FOR UPDATE
    USING (app_platform() OR id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (app_platform() OR id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_insert ON tenants FOR INSERT WITH CHECK (app_platform());
CREATE POLICY platform_delete ON tenants FOR DELETE USING (app_platform());

DROP POLICY platform_only ON users;
DROP POLICY platform_only ON compile_agents;
CREATE POLICY platform_only ON users USING (app_platform()) WITH CHECK (app_platform());
CREATE POLICY platform_only ON compile_agents USING (app_platform()) WITH CHECK (app_platform());
DROP POLICY template_write ON robot_auth_template;
CREATE POLICY template_write ON robot_auth_template FOR ALL USING (app_platform()) WITH CHECK (app_platform());

-- Anonymous lookups cross tenants by an unguessable key (a session token's
-- hash, a security key's hash, a host): the lookup itself is the point.
CREATE POLICY anonymous_lookup ON sessions FOR SELECT TO rf_anonymous USING (true);
CREATE POLICY anonymous_sign_in ON sessions FOR INSERT TO rf_anonymous WITH CHECK (true);
CREATE POLICY anonymous_sign_out ON sessions FOR DELETE TO rf_anonymous USING (true);
CREATE POLICY anonymous_touch ON sessions FOR UPDATE TO rf_anonymous USING (true) WITH CHECK (true);
CREATE POLICY anonymous_lookup ON tenants FOR SELECT TO rf_anonymous USING (true);
CREATE POLICY anonymous_lookup ON users FOR SELECT TO rf_anonymous USING (true);
CREATE POLICY anonymous_lookup ON tenant_owners FOR SELECT TO rf_anonymous USING (true);
CREATE POLICY anonymous_lookup ON tenant_clients FOR SELECT TO rf_anonymous USING (true);

-- A client sees only their own rows inside their tenant (restrictive: ANDed
-- with the tenant policy).
CREATE POLICY client_self ON tenant_clients AS RESTRICTIVE TO rf_client USING (id = app_client_id());
CREATE POLICY client_own ON tenant_sales AS RESTRICTIVE TO rf_client USING (client_id = app_client_id());
CREATE POLICY client_own ON tenant_subscriptions AS RESTRICTIVE TO rf_client USING (client_id = app_client_id());
CREATE POLICY client_own ON tenant_client_robots AS RESTRICTIVE TO rf_client USING (client_id = app_client_id());

-- ------------------------------------------------------------------ grants
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO rf_anonymous, rf_client, rf_owner, rf_platform_admin, rf_worker;
GRANT EXECUTE ON FUNCTION app_platform(), app_client_id() TO rf_anonymous, rf_client, rf_owner, rf_platform_admin, rf_worker;

-- Platform principals: every table (RLS still applies).
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO rf_platform_admin, rf_worker;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO rf_platform_admin, rf_worker;
REVOKE ALL ON public._sqlx_migrations FROM rf_platform_admin, rf_worker;
GRANT USAGE ON SCHEMA apalis TO rf_worker, rf_platform_admin, rf_owner, rf_anonymous;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA apalis TO rf_worker;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA apalis TO rf_worker, rf_platform_admin, rf_owner, rf_anonymous;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA apalis TO rf_worker;
-- Producers enqueue inside their own transaction (jobs exist exactly when
-- the change that asked for them commits).
GRANT SELECT, INSERT ON apalis.jobs TO rf_platform_admin, rf_owner, rf_anonymous;
REVOKE ALL ON apalis._sqlx_migrations FROM rf_worker, rf_platform_admin, rf_owner, rf_anonymous;

-- Tenant columns anyone signed in to a tenant may read: never the key hashes
-- or the (encrypted) Resend key.
GRANT SELECT (id, name, url, domain, display_name, logo_url, favicon_url, theme_colors, background_colors,
              foreground_color, font_family, activation_date, status, settings, created_at, updated_at)
    ON tenants TO rf_client, rf_owner, rf_anonymous;
-- Anonymous work finds a tenant by the hash of its key.
GRANT SELECT (secret_hash) ON tenants TO rf_anonymous;
-- Owners see whether integrations are configured (not the secrets), and edit
-- their brand and e-mail settings; status, URL and keys are the platform's.
GRANT SELECT (secret_prefix, hotmart_secret_prefix, hotmart_configured, resend_configured, resend_domain, email_templates)
    ON tenants TO rf_owner;
GRANT UPDATE (display_name, logo_url, favicon_url, theme_colors, background_colors, foreground_color, font_family,
              settings, resend_api_key, resend_domain, email_templates, updated_at)
    ON tenants TO rf_owner;

-- Principals' credentials: read only by the anonymous login service.
GRANT SELECT ON users TO rf_anonymous;
GRANT SELECT ON tenant_owners, tenant_clients TO rf_anonymous;
GRANT UPDATE (password, reset_token, reset_token_expiry) ON tenant_owners TO rf_anonymous;
GRANT UPDATE (password, reset_token, reset_token_expiry, last_login) ON tenant_clients TO rf_anonymous;
GRANT SELECT (id, tenant_id, client_id, external_id, status) ON tenant_sales TO rf_anonymous;
GRANT SELECT, INSERT, DELETE ON sessions TO rf_anonymous;
GRANT UPDATE (last_seen_at) ON sessions TO rf_anonymous;
GRANT SELECT, INSERT, DELETE ON login_failures TO rf_anonymous;
GRANT INSERT ON email_outbox TO rf_anonymous;
GRANT SELECT (id, name, template_code, version, is_active) ON robot_auth_template TO rf_anonymous;

-- Owners: their tenant's data, without password hashes or reset tokens.
GRANT SELECT (id, tenant_id, name, email, phone, role, is_active, email_verified, email_verified_at, created_at)
    ON tenant_owners TO rf_owner;
GRANT UPDATE (name, phone, password, email_verified, email_verified_at) ON tenant_owners TO rf_owner;
GRANT SELECT (id, tenant_id, name, email, phone, status, registration_date, last_login, created_at)
    ON tenant_clients TO rf_owner;
GRANT INSERT, UPDATE, DELETE ON tenant_clients TO rf_owner;
GRANT SELECT, INSERT, UPDATE, DELETE ON
    tenant_sales, tenant_subscriptions, tenant_client_robots, tenant_robot_sales_pages,
    robot_versions, robot_generations, compilation_jobs, robot_projects, robot_project_versions
    TO rf_owner;
-- Robots: everything but the license signing key, which only leaves inside
-- injected source (worker) and is read by the license check (anonymous).
GRANT SELECT (id, tenant_id, name, logo_url, description, platform, file_path, webhook_url, version, active_version,
              active, created_at, updated_at)
    ON tenant_robots TO rf_owner, rf_client;
GRANT INSERT (id, tenant_id, name, logo_url, description, platform, file_path, webhook_url, version, active_version,
              active, created_at, updated_at),
      UPDATE (name, logo_url, description, platform, file_path, webhook_url, version, active_version, active, updated_at),
      DELETE
    ON tenant_robots TO rf_owner;
GRANT SELECT ON hotmart_inbox, license_checks, email_outbox TO rf_owner;
GRANT INSERT ON email_outbox TO rf_owner;
GRANT SELECT ON robot_auth_template TO rf_owner;
GRANT SELECT ON sessions TO rf_owner;

-- Clients: read their own rows (restrictive policies above), bind accounts,
-- cancel subscriptions, edit their profile.
GRANT SELECT (id, tenant_id, name, email, phone, status, registration_date, last_login, created_at)
    ON tenant_clients TO rf_client;
GRANT UPDATE (name, phone, password, last_login) ON tenant_clients TO rf_client;
GRANT SELECT ON tenant_sales, tenant_subscriptions, tenant_client_robots, robot_versions, tenant_robot_sales_pages
    TO rf_client;
GRANT UPDATE (status, cancellation_date) ON tenant_subscriptions TO rf_client;
GRANT UPDATE (account_number) ON tenant_client_robots TO rf_client;
GRANT SELECT ON sessions TO rf_client;
