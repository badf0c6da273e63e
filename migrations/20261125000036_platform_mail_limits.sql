-- Platform mail carries platform words only (issue 33, decision 0018).
--
-- A tenant without its own Resend key sends through the platform's key and
-- address, inside a platform frame, under per-day and per-recipient limits
-- the admin may override, and the admin may suspend a tenant's mail.

-- Overrides and suspension are the platform's: owners may read them (their
-- settings page says what applies), never write them.
ALTER TABLE tenants
    ADD COLUMN mail_daily_limit integer CHECK (mail_daily_limit > 0),
    ADD COLUMN mail_recipient_daily_limit integer CHECK (mail_recipient_daily_limit > 0),
    ADD COLUMN mail_suspended_at timestamptz,
    ADD COLUMN mail_suspended_reason text;
-- Mail is queued by owners, by anonymous flows (resets, sign-in codes) and by
-- the worker: each reads whether the tenant may send.
GRANT SELECT (mail_daily_limit, mail_recipient_daily_limit, mail_suspended_at, mail_suspended_reason)
    ON tenants TO rf_owner, rf_anonymous;
-- Whether the tenant sends with its own key decides the frame; anonymous
-- flows (resets, sign-in codes) queue mail too.
GRANT SELECT (resend_configured) ON tenants TO rf_anonymous;

-- 'refused': recorded, never sent (a limit or a suspension), the reason in
-- last_error. via_platform: the message went (or goes) out under the
-- platform's key and address, framed.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check
    CHECK (status IN ('pending', 'sent', 'failed', 'not_configured', 'refused'));
ALTER TABLE email_outbox
    ADD COLUMN via_platform boolean NOT NULL DEFAULT false,
    ADD COLUMN bounced_at timestamptz,
    ADD COLUMN complained_at timestamptz;
-- Resend's webhooks name the message by its id.
CREATE INDEX email_outbox_provider_idx ON email_outbox (provider_id) WHERE provider_id IS NOT NULL;
-- The admin's volume per tenant over 30 days.
CREATE INDEX email_outbox_created_idx ON email_outbox (created_at, tenant_id);

-- One counter per tenant and São Paulo day ('' = the tenant's total) and per
-- tenant, day and recipient. A send reserves its slot with one conditional
-- upsert; the row lock makes two sends at once wait for each other, so they
-- cannot both take the last slot.
CREATE TABLE email_send_counts (
    tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    day       date NOT NULL,
    recipient text NOT NULL,
    sent      integer NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, day, recipient)
);
ALTER TABLE email_send_counts ENABLE ROW LEVEL SECURITY;
ALTER TABLE email_send_counts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON email_send_counts TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_scope ON email_send_counts TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_admin ON email_send_counts TO rf_platform_admin USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON email_send_counts TO rf_worker, rf_platform_admin;
GRANT SELECT, INSERT, UPDATE ON email_send_counts TO rf_owner, rf_anonymous;

-- Bounces and complaints Resend reports (webhooks signed with Svix), one row
-- per delivery of Resend's: the svix-id makes a redelivery change nothing.
CREATE TABLE email_delivery_events (
    id          uuid PRIMARY KEY,
    tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    svix_id     text NOT NULL UNIQUE,
    outbox_id   uuid NOT NULL,
    kind        text NOT NULL CHECK (kind IN ('bounced', 'complained')),
    detail      text,
    received_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, id),
    FOREIGN KEY (tenant_id, outbox_id) REFERENCES email_outbox (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX email_delivery_events_tenant_idx ON email_delivery_events (tenant_id, received_at DESC);
ALTER TABLE email_delivery_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE email_delivery_events FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON email_delivery_events TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_scope ON email_delivery_events TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_admin ON email_delivery_events TO rf_platform_admin USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON email_delivery_events TO rf_worker, rf_platform_admin;
GRANT SELECT ON email_delivery_events TO rf_owner;
