-- One sale lifecycle for every platform (issue 37).

-- The inbox takes every platform's deliveries. Each is parsed once, at
-- intake, into the neutral sale event stored beside the raw body: the worker
-- reads `sale_event`, never the platform's payload. Rows stored before this
-- migration have none; the worker reads those through Hotmart's adapter.
ALTER TABLE hotmart_inbox
    ADD COLUMN platform   text NOT NULL DEFAULT 'hotmart' CHECK (platform IN ('hotmart', 'kiwify', 'eduzz', 'asaas')),
    ADD COLUMN sale_event jsonb CHECK (sale_event IS NULL OR jsonb_typeof(sale_event) = 'object');
GRANT INSERT (platform, sale_event) ON hotmart_inbox TO rf_anonymous;

-- Sales and subscriptions keep their platform as their origin.
ALTER TABLE tenant_sales DROP CONSTRAINT tenant_sales_origin_check;
ALTER TABLE tenant_sales ADD CONSTRAINT tenant_sales_origin_check
    CHECK (origin IN ('hotmart', 'kiwify', 'eduzz', 'asaas', 'manual'));
ALTER TABLE tenant_subscriptions DROP CONSTRAINT tenant_subscriptions_origin_check;
ALTER TABLE tenant_subscriptions ADD CONSTRAINT tenant_subscriptions_origin_check
    CHECK (origin IN ('hotmart', 'kiwify', 'eduzz', 'asaas', 'manual'));

-- A buyer whose bank took a payment back (chargeback), on any platform: the
-- owner sees the mark on the client before selling to them again.
ALTER TABLE tenant_clients ADD COLUMN chargeback_at timestamptz;
GRANT SELECT (chargeback_at) ON tenant_clients TO rf_owner;

-- Per robot and platform, the secret a platform signs its webhooks with
-- (Kiwify's webhook token). Platforms that sign with HMAC need the secret
-- itself, so it is sealed (AES-GCM with the configured key, like the Resend
-- key), never stored in clear; the owner sees only its first characters.
CREATE TABLE sales_channel_secrets (
    tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    robot_id       uuid NOT NULL,
    platform       text NOT NULL CHECK (platform IN ('kiwify', 'eduzz', 'asaas')),
    sealed_secret  text NOT NULL,
    secret_prefix  text,
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, robot_id, platform),
    FOREIGN KEY (tenant_id, robot_id) REFERENCES tenant_robots (tenant_id, id) ON DELETE CASCADE
);

ALTER TABLE sales_channel_secrets ENABLE ROW LEVEL SECURITY;
ALTER TABLE sales_channel_secrets FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sales_channel_secrets TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_scope ON sales_channel_secrets TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_admin ON sales_channel_secrets TO rf_platform_admin USING (true) WITH CHECK (true);

-- The intake (anonymous, in the robot's tenant) opens the sealed secret to
-- check a signature; the owner sets it and sees its prefix, never reads it.
GRANT SELECT (tenant_id, robot_id, platform, sealed_secret) ON sales_channel_secrets TO rf_anonymous;
GRANT SELECT (tenant_id, robot_id, platform, secret_prefix, updated_at), INSERT,
      UPDATE (sealed_secret, secret_prefix, updated_at)
    ON sales_channel_secrets TO rf_owner;
GRANT SELECT, INSERT, UPDATE, DELETE ON sales_channel_secrets TO rf_worker, rf_platform_admin;
