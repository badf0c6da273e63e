-- The sales and licensing engine's groundwork.

-- Robot signing keys are encrypted by the app (AES-GCM under SECRETS_KEY):
-- no database default can produce that.
ALTER TABLE tenant_robots ALTER COLUMN license_signing_key DROP DEFAULT;
-- When the robot's Hotmart webhook last received a valid postback (the test
-- postback included): the "Configurado" badge.
ALTER TABLE tenant_robots ADD COLUMN webhook_verified_at timestamptz;
GRANT SELECT (webhook_verified_at) ON tenant_robots TO rf_owner, rf_client;
GRANT INSERT (license_signing_key, webhook_verified_at) ON tenant_robots TO rf_owner;
