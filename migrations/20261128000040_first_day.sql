-- Issue 35: a reseller's first day without outside help.
--
-- client_access_links: a one-time link the owner copies for a buyer when no
-- e-mail can reach them (no sender yet). Only the token's SHA-256 is kept; it
-- works once (used_at is set by the same statement that checks it), expires
-- after a day, and both its creation and its use are audited.
CREATE TABLE client_access_links (
    id          uuid PRIMARY KEY,
    tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    client_id   uuid NOT NULL,
    token_hash  text NOT NULL UNIQUE,
    created_by  uuid NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    used_ip     inet,
    FOREIGN KEY (tenant_id, client_id) REFERENCES tenant_clients (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX client_access_links_client_idx ON client_access_links (tenant_id, client_id, created_at DESC);

ALTER TABLE client_access_links ENABLE ROW LEVEL SECURITY;
ALTER TABLE client_access_links FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON client_access_links TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_scope ON client_access_links TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_admin ON client_access_links TO rf_platform_admin USING (true) WITH CHECK (true);
-- The owner makes links and sees when they were used (never the token);
-- the buyer's browser (anonymous, in the tenant) spends one.
GRANT SELECT (id, tenant_id, client_id, created_by, created_at, expires_at, used_at), INSERT
    ON client_access_links TO rf_owner;
GRANT SELECT (id, tenant_id, client_id, token_hash, expires_at, used_at), UPDATE (used_at, used_ip)
    ON client_access_links TO rf_anonymous;
GRANT SELECT, INSERT, UPDATE, DELETE ON client_access_links TO rf_worker, rf_platform_admin;

-- sales_channel_refusals: postbacks a sales platform sent to a robot's URL
-- that were refused before anything was stored (a wrong or missing hottok).
-- One row per robot, platform and reason with a count, so a stranger
-- hammering the URL grows a counter, not a table.
CREATE TABLE sales_channel_refusals (
    tenant_id  uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    robot_id   uuid NOT NULL,
    platform   text NOT NULL CHECK (platform IN ('hotmart', 'kiwify', 'eduzz', 'asaas')),
    reason     text NOT NULL,
    count      bigint NOT NULL DEFAULT 1,
    first_at   timestamptz NOT NULL DEFAULT now(),
    last_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, robot_id, platform, reason),
    FOREIGN KEY (tenant_id, robot_id) REFERENCES tenant_robots (tenant_id, id) ON DELETE CASCADE
);

ALTER TABLE sales_channel_refusals ENABLE ROW LEVEL SECURITY;
ALTER TABLE sales_channel_refusals FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sales_channel_refusals TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_scope ON sales_channel_refusals TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_admin ON sales_channel_refusals TO rf_platform_admin USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE (count, last_at) ON sales_channel_refusals TO rf_anonymous;
GRANT SELECT ON sales_channel_refusals TO rf_owner, rf_worker, rf_platform_admin;

-- Redeliveries of an event already stored: counted on its row, so the owner's
-- log can say "recebido de novo (duplicado)".
ALTER TABLE hotmart_inbox
    ADD COLUMN duplicates integer NOT NULL DEFAULT 0,
    ADD COLUMN last_duplicate_at timestamptz;
GRANT SELECT (duplicates), UPDATE (duplicates, last_duplicate_at) ON hotmart_inbox TO rf_anonymous;

-- The owner enters the hottok Hotmart shows them (only its hash is kept),
-- from their own screen: it was the platform admin's field alone.
GRANT UPDATE (hotmart_webhook_secret, hotmart_secret_prefix) ON tenants TO rf_owner;

-- The owner's e-mail log of one person (a buyer, a team member).
CREATE INDEX email_outbox_recipient_idx ON email_outbox (tenant_id, lower(to_address), created_at DESC);
