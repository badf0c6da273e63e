-- Licensing its own buyers cannot defeat (docs/license-signature.md, protocol v2).
--
-- Every robot gets an Ed25519 key pair. The private key (its 32-byte seed)
-- is sealed by the app with SECRETS_KEY like the HMAC key; robots created
-- before this migration get theirs the first time a version is injected.
-- The public key is what the `.ex5` carries and what the owner may read.
ALTER TABLE tenant_robots ADD COLUMN license_private_key text;
ALTER TABLE tenant_robots ADD COLUMN license_public_key text
    CHECK (license_public_key ~ '^[0-9a-f]{64}$');
ALTER TABLE tenant_robots ADD CONSTRAINT tenant_robots_key_pair_whole
    CHECK ((license_private_key IS NULL) = (license_public_key IS NULL));

-- The offline grace period the robot may run while the server cannot be
-- reached (signed into every answer; 0 allowed, at most 30 days).
ALTER TABLE tenant_robots ADD COLUMN offline_grace_seconds integer NOT NULL DEFAULT 86400
    CHECK (offline_grace_seconds BETWEEN 0 AND 2592000);

-- How a license gets its MetaTrader account: 'first_use' (the spec: the first
-- check binds it) or 'portal' (the buyer confirms it in the client portal;
-- checks never bind). Existing robots keep the spec's behaviour; robots
-- created from now on default to the portal.
ALTER TABLE tenant_robots ADD COLUMN binding_policy text NOT NULL DEFAULT 'first_use'
    CHECK (binding_policy IN ('first_use', 'portal'));
ALTER TABLE tenant_robots ALTER COLUMN binding_policy SET DEFAULT 'portal';

-- Which license protocol a version's check speaks: 1 (HMAC, the key inside
-- the robot), 2 (public key), NULL (an uploaded .ex5: no check we know of).
-- The backfill runs as the owner, whom FORCE RLS would show no rows: the
-- tables are unforced for it and forced again inside this transaction
-- (the ALTERs hold their locks until it commits, so nobody sees the gap).
ALTER TABLE robot_versions ADD COLUMN license_protocol smallint CHECK (license_protocol IN (1, 2));
ALTER TABLE robot_versions NO FORCE ROW LEVEL SECURITY;
ALTER TABLE compilation_jobs NO FORCE ROW LEVEL SECURITY;
UPDATE robot_versions v SET license_protocol = 1
 WHERE EXISTS (SELECT 1 FROM compilation_jobs j WHERE j.tenant_id = v.tenant_id AND j.robot_version_id = v.id)
    OR v.notes LIKE 'Gerado pela Fábrica de Robôs%';
ALTER TABLE compilation_jobs FORCE ROW LEVEL SECURITY;
ALTER TABLE robot_versions FORCE ROW LEVEL SECURITY;

-- Installations show their state (valid, denied; the screens derive "in
-- grace" from the last valid check and the robot's grace) and since when.
ALTER TABLE license_installations ADD COLUMN state_since timestamptz;
ALTER TABLE license_installations NO FORCE ROW LEVEL SECURITY;
UPDATE license_installations SET state_since = first_seen;
ALTER TABLE license_installations FORCE ROW LEVEL SECURITY;
ALTER TABLE license_installations ALTER COLUMN state_since SET NOT NULL;

-- Owners and clients see the public key and the policies; owners set the
-- policies; the license check (anonymous) reads what it signs with.
GRANT SELECT (license_public_key, offline_grace_seconds, binding_policy) ON tenant_robots TO rf_owner, rf_client;
GRANT INSERT (license_private_key, license_public_key, offline_grace_seconds, binding_policy) ON tenant_robots TO rf_owner;
GRANT UPDATE (offline_grace_seconds, binding_policy) ON tenant_robots TO rf_owner;
GRANT SELECT (license_private_key, license_public_key, offline_grace_seconds, binding_policy) ON tenant_robots TO rf_anonymous;

-- Purchase-id sign-in proves the e-mail first (decision 0012): a 6-digit
-- code, kept only as a hash, valid 15 minutes, 5 tries. Issued and checked
-- by the anonymous sign-in service.
ALTER TABLE tenant_clients ADD COLUMN signin_code_hash text;
ALTER TABLE tenant_clients ADD COLUMN signin_code_expiry timestamptz;
ALTER TABLE tenant_clients ADD COLUMN signin_code_sent_at timestamptz;
ALTER TABLE tenant_clients ADD COLUMN signin_code_attempts integer NOT NULL DEFAULT 0;
GRANT UPDATE (signin_code_hash, signin_code_expiry, signin_code_sent_at, signin_code_attempts)
    ON tenant_clients TO rf_anonymous;

-- Messages carrying a live secret (reset links, sign-in codes) are stored
-- redacted; the whole message is sealed (SECRETS_KEY) for the sender only,
-- and erased once sent or given up.
ALTER TABLE email_outbox ADD COLUMN sealed_html text;

-- The state of an installation as the screens show it: 'valid' (checked in
-- within the hourly re-check and a margin), 'in_grace' (its last check was
-- valid but it missed its re-check: it runs on the robot's offline grace),
-- 'lapsed' (missed re-checks past the grace) or 'denied' (last check refused).
CREATE FUNCTION installation_state(last_valid boolean, last_seen timestamptz, grace_seconds integer)
RETURNS text LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN NOT last_valid THEN 'denied'
                WHEN last_seen > now() - interval '75 minutes' THEN 'valid'
                WHEN last_seen + make_interval(secs => COALESCE(grace_seconds, 0)) > now() THEN 'in_grace'
                ELSE 'lapsed' END
$$;
-- Since when that state holds.
CREATE FUNCTION installation_state_since(last_valid boolean, last_seen timestamptz, grace_seconds integer,
                                         state_since timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
    SELECT CASE installation_state(last_valid, last_seen, grace_seconds)
                WHEN 'in_grace' THEN last_seen
                WHEN 'lapsed' THEN last_seen + make_interval(secs => COALESCE(grace_seconds, 0))
                ELSE state_since END
$$;
GRANT EXECUTE ON FUNCTION installation_state(boolean, timestamptz, integer),
                          installation_state_since(boolean, timestamptz, integer, timestamptz)
    TO rf_client, rf_owner, rf_platform_admin, rf_worker;

-- A client reads the installations of their own licenses (their robot card
-- shows its state); restrictive, on top of the tenant policy.
CREATE POLICY client_own ON license_installations AS RESTRICTIVE TO rf_client
    USING (EXISTS (SELECT 1 FROM tenant_client_robots l
                    WHERE l.tenant_id = license_installations.tenant_id AND l.id = license_installations.license_id
                      AND l.client_id = app_client_id()));
GRANT SELECT ON license_installations TO rf_client;
