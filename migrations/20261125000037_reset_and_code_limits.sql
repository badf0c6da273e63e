-- Issue 33: forgot-password and sign-in codes without an oracle.
--
-- password_reset_requests: every accepted "forgot password" request, whether
-- or not the address has an account. The request only records it and queues a
-- job (the same work for a stranger and a customer, so the answer's timing
-- tells nothing); the job looks the account up and sends the mail. Counting the
-- rows gives the per-address limit (requests, known or not) and the
-- per-recipient limit (mails actually sent, across tenants and portals).
-- Housekeeping forgets rows after a day: they hold addresses strangers typed.
CREATE TABLE password_reset_requests (
    id            uuid PRIMARY KEY,
    tenant_id     uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    account       text NOT NULL CHECK (account IN ('owner', 'client')),
    email         text NOT NULL CHECK (email = lower(btrim(email))),
    -- The reset page's address up to `token=`, fixed when the request came
    -- (the job has no request to read the host from).
    link_base     text NOT NULL,
    tenant_name   text NOT NULL,
    requested_at  timestamptz NOT NULL DEFAULT now(),
    processed_at  timestamptz,
    -- mailed | no_account | recent_link | recipient_limit
    outcome       text,
    UNIQUE (tenant_id, id)
);
CREATE INDEX password_reset_requests_address_idx ON password_reset_requests (tenant_id, account, email, requested_at);
-- The per-recipient count spans tenants: mails sent to one address lately.
CREATE INDEX password_reset_requests_mailed_idx ON password_reset_requests (email, processed_at)
    WHERE outcome = 'mailed';

ALTER TABLE password_reset_requests ENABLE ROW LEVEL SECURITY;
ALTER TABLE password_reset_requests FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON password_reset_requests TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_scope ON password_reset_requests TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_admin ON password_reset_requests TO rf_platform_admin USING (true) WITH CHECK (true);
-- The request (anonymous, in the tenant) counts the address's requests and
-- inserts; only the worker reads the rows back and records what it did.
GRANT SELECT (tenant_id, account, email, requested_at), INSERT ON password_reset_requests TO rf_anonymous;
GRANT SELECT, INSERT, UPDATE, DELETE ON password_reset_requests TO rf_worker, rf_platform_admin;

-- signin_code_failures: each wrong sign-in code, per client, kept apart from
-- the code on the client's row, so asking for a new code (which resets that
-- code's own try count) does not give fresh guesses. The purchase-id sign-in
-- counts them over 15 minutes and over a day.
CREATE TABLE signin_code_failures (
    id          uuid PRIMARY KEY,
    tenant_id   uuid NOT NULL,
    client_id   uuid NOT NULL,
    failed_at   timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (tenant_id, client_id) REFERENCES tenant_clients (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX signin_code_failures_client_idx ON signin_code_failures (tenant_id, client_id, failed_at);

ALTER TABLE signin_code_failures ENABLE ROW LEVEL SECURITY;
ALTER TABLE signin_code_failures FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON signin_code_failures TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_scope ON signin_code_failures TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_admin ON signin_code_failures TO rf_platform_admin USING (true) WITH CHECK (true);
-- The sign-in runs anonymously in the tenant: it counts, records and (on the
-- right code) forgets the client's failures.
GRANT SELECT, INSERT, DELETE ON signin_code_failures TO rf_anonymous;
GRANT SELECT, INSERT, UPDATE, DELETE ON signin_code_failures TO rf_worker, rf_platform_admin;
