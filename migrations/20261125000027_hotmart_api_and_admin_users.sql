-- Cancellations that reach Hotmart, and the admin's "Usuários" screen (issue 24).

-- ------------------------------------------------------------------ Hotmart API
-- A tenant's Hotmart API credentials (client id, client secret and the Basic
-- token of "Ferramentas > Credenciais Developers"), sent onward to Hotmart to
-- cancel subscriptions: sealed by the app as one JSON value (AES-256-GCM under
-- SECRETS_KEY, decision 0006), never readable by an owner or a client. The
-- first characters of the client id let the owner recognise which credential
-- is stored.
ALTER TABLE tenants ADD COLUMN hotmart_api_credentials text;
ALTER TABLE tenants ADD COLUMN hotmart_api_client_prefix text;
ALTER TABLE tenants ADD COLUMN hotmart_api_configured boolean
    GENERATED ALWAYS AS (hotmart_api_credentials IS NOT NULL) STORED;
GRANT SELECT (hotmart_api_configured, hotmart_api_client_prefix) ON tenants TO rf_owner;
-- A client's portal says where a Hotmart subscription is cancelled: here
-- (the platform calls Hotmart) or at Hotmart (no credentials).
GRANT SELECT (hotmart_api_configured) ON tenants TO rf_client;
GRANT UPDATE (hotmart_api_credentials, hotmart_api_client_prefix) ON tenants TO rf_owner;

-- What happened when the client cancelled in the portal:
--   * with credentials, Hotmart's answer to the cancel call (its status or
--     error code, its message, when), success or refusal alike;
--   * without, the moment the client asked: the subscription stays active
--     (Hotmart keeps charging until the client cancels there, and its
--     SUBSCRIPTION_CANCELLATION webhook then cancels it here).
ALTER TABLE tenant_subscriptions ADD COLUMN cancellation_requested_at timestamptz;
ALTER TABLE tenant_subscriptions ADD COLUMN hotmart_cancel_status text
    CHECK (hotmart_cancel_status IS NULL OR length(hotmart_cancel_status) <= 100);
ALTER TABLE tenant_subscriptions ADD COLUMN hotmart_cancel_message text
    CHECK (hotmart_cancel_message IS NULL OR length(hotmart_cancel_message) <= 1000);
ALTER TABLE tenant_subscriptions ADD COLUMN hotmart_cancel_at timestamptz;
GRANT UPDATE (cancellation_requested_at, hotmart_cancel_status, hotmart_cancel_message, hotmart_cancel_at)
    ON tenant_subscriptions TO rf_client;

-- ------------------------------------------------------------------ admin users
-- When an admin's row last changed (deactivated, reactivated, password reset).
ALTER TABLE users ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX users_active_idx ON users (is_active);
