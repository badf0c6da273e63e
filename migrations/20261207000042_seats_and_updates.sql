-- Issue 36: licenses in MetaTrader's own terms (decision 0023).
--
-- An account is a login on a broker server: `license_seats` holds every
-- account a license is bound to (login + server), with its kind (real, demo,
-- contest) and whether it takes one of the license's seats. The license's
-- `account_number` (+ `account_server`) stays as its first seat, which the
-- screens and endpoints that predate seats still read and write: a trigger
-- keeps the seats in step when they change it.

-- Seat policy per robot, chosen by the owner.
ALTER TABLE tenant_robots
    ADD COLUMN live_seats integer NOT NULL DEFAULT 1 CHECK (live_seats BETWEEN 1 AND 50),
    -- 'counted': a demo account takes a seat like a real one (the behaviour
    -- before seats); 'free': recorded, never counted; 'refused'.
    ADD COLUMN demo_accounts text NOT NULL DEFAULT 'counted' CHECK (demo_accounts IN ('free', 'counted', 'refused')),
    -- Contest accounts follow the demo rule unless set.
    ADD COLUMN contest_accounts text CHECK (contest_accounts IN ('free', 'counted', 'refused')),
    -- Broker list: trade-server name patterns (`XPMT5-*`) or company names;
    -- empty means any broker.
    ADD COLUMN allowed_brokers text[] NOT NULL DEFAULT '{}'
        CHECK (cardinality(allowed_brokers) <= 20),
    -- A trial license accepts demo (and contest) accounts only.
    ADD COLUMN trial_demo_only boolean NOT NULL DEFAULT false;
GRANT SELECT (live_seats, demo_accounts, contest_accounts, allowed_brokers, trial_demo_only)
    ON tenant_robots TO rf_owner, rf_client, rf_anonymous;
GRANT INSERT (live_seats, demo_accounts, contest_accounts, allowed_brokers, trial_demo_only),
      UPDATE (live_seats, demo_accounts, contest_accounts, allowed_brokers, trial_demo_only)
    ON tenant_robots TO rf_owner;

-- The owner's per-license override, and the first seat's server.
ALTER TABLE tenant_client_robots
    ADD COLUMN live_seats_override integer CHECK (live_seats_override BETWEEN 1 AND 50),
    ADD COLUMN demo_accounts_override text CHECK (demo_accounts_override IN ('free', 'counted', 'refused')),
    ADD COLUMN account_server text CHECK (account_server IS NULL OR (length(account_server) BETWEEN 1 AND 64
                                                                      AND position('|' in account_server) = 0));
GRANT UPDATE (live_seats_override, demo_accounts_override) ON tenant_client_robots TO rf_owner;
GRANT SELECT (live_seats_override, demo_accounts_override, account_server)
    ON tenant_client_robots TO rf_owner, rf_client, rf_anonymous;
GRANT UPDATE (account_server) ON tenant_client_robots TO rf_owner, rf_client, rf_anonymous, rf_platform_admin;

CREATE TABLE license_seats (
    id          uuid PRIMARY KEY,
    tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    license_id  uuid NOT NULL,
    -- The login, as a number without leading zeros.
    login       text NOT NULL CHECK (login ~ '^[1-9][0-9]{0,19}$'),
    -- ACCOUNT_SERVER; NULL for a seat bound before seats knew servers: the
    -- first check from that login fills it in.
    server      text CHECK (server IS NULL OR (length(server) BETWEEN 1 AND 64 AND position('|' in server) = 0)),
    company     text CHECK (company IS NULL OR length(company) <= 128),
    kind        text NOT NULL DEFAULT 'unknown' CHECK (kind IN ('real', 'demo', 'contest', 'unknown')),
    -- Whether it takes one of the license's seats.
    counted     boolean NOT NULL DEFAULT true,
    bound_at    timestamptz NOT NULL DEFAULT now(),
    bound_by    text NOT NULL DEFAULT 'check' CHECK (bound_by IN ('check', 'client', 'owner', 'admin', 'migration')),
    FOREIGN KEY (tenant_id, license_id) REFERENCES tenant_client_robots (tenant_id, id) ON DELETE CASCADE
);
-- One seat per login + server (server names compared without case).
CREATE UNIQUE INDEX license_seats_account_idx ON license_seats (tenant_id, license_id, login, lower(coalesce(server, '')));

ALTER TABLE license_seats ENABLE ROW LEVEL SECURITY;
ALTER TABLE license_seats FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON license_seats TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
-- A buyer sees and frees the seats of their own licenses only (the license
-- subquery runs under the buyer's own policies).
CREATE POLICY client_own ON license_seats AS RESTRICTIVE TO rf_client
    USING (EXISTS (SELECT 1 FROM tenant_client_robots l
                    WHERE l.tenant_id = license_seats.tenant_id AND l.id = license_seats.license_id))
    WITH CHECK (EXISTS (SELECT 1 FROM tenant_client_robots l
                         WHERE l.tenant_id = license_seats.tenant_id AND l.id = license_seats.license_id));
CREATE POLICY platform_scope ON license_seats TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_admin ON license_seats TO rf_platform_admin USING (true) WITH CHECK (true);
-- The check binds seats and fills a first seat's server; buyers and owners
-- free and bind them; the trigger below acts as whoever changed the license.
GRANT SELECT, INSERT, UPDATE (server, company, kind) ON license_seats TO rf_anonymous;
GRANT SELECT, INSERT, UPDATE (server, company, kind), DELETE ON license_seats TO rf_client, rf_owner, rf_worker, rf_platform_admin;

-- Every account bound before seats is the license's first seat; the server
-- is filled in by its next check.
INSERT INTO license_seats (id, tenant_id, license_id, login, server, kind, counted, bound_by)
SELECT gen_random_uuid(), tenant_id, id, ltrim(btrim(account_number), '0'), NULL, 'unknown', true, 'migration'
  FROM tenant_client_robots
 WHERE account_number ~ '^\s*0*[1-9][0-9]{0,19}\s*$';

-- The endpoints that predate seats change the license's first account
-- (the buyer's account switch, the owner's and admin's rebinding, erasure):
-- the seat of the old account goes, the new account gets a seat.
CREATE FUNCTION license_first_seat_follows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    old_number text := CASE WHEN TG_OP = 'UPDATE' THEN OLD.account_number END;
    old_server text := CASE WHEN TG_OP = 'UPDATE' THEN OLD.account_server END;
    old_login text := ltrim(btrim(old_number), '0');
    new_login text := ltrim(btrim(NEW.account_number), '0');
BEGIN
    IF TG_OP = 'UPDATE' AND old_number IS NOT DISTINCT FROM NEW.account_number THEN
        RETURN NEW;
    END IF;
    IF old_login ~ '^[1-9][0-9]{0,19}$' THEN
        DELETE FROM license_seats
         WHERE tenant_id = NEW.tenant_id AND license_id = NEW.id AND login = old_login
           AND (old_server IS NULL OR lower(coalesce(server, '')) IN ('', lower(old_server)));
    END IF;
    IF new_login ~ '^[1-9][0-9]{0,19}$' THEN
        INSERT INTO license_seats (id, tenant_id, license_id, login, server, kind, counted, bound_by)
        VALUES (gen_random_uuid(), NEW.tenant_id, NEW.id, new_login, NEW.account_server, 'unknown', true,
                CASE current_user WHEN 'rf_client' THEN 'client' WHEN 'rf_owner' THEN 'owner'
                                  WHEN 'rf_platform_admin' THEN 'admin' ELSE 'check' END)
        ON CONFLICT DO NOTHING;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER license_first_seat_follows AFTER INSERT OR UPDATE OF account_number ON tenant_client_robots
    FOR EACH ROW EXECUTE FUNCTION license_first_seat_follows();

-- A change of seats changes what the check answers: cached facts go.
CREATE FUNCTION notify_license_seats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('roboforge_license_cache', coalesce(NEW.tenant_id, OLD.tenant_id)::text);
    RETURN NULL;
END $$;
CREATE TRIGGER license_facts_changed AFTER INSERT OR UPDATE OR DELETE ON license_seats
    FOR EACH ROW EXECUTE FUNCTION notify_license_seats_changed();

-- Updates that reach buyers. A version carries the tag its injected check
-- sends (`versionTag`), so the check knows which version is running; the
-- owner may withdraw a version, which the check then denies.
ALTER TABLE robot_versions
    ADD COLUMN version_tag text CHECK (version_tag IS NULL OR version_tag ~ '^[0-9a-f]{16}$'),
    ADD COLUMN withdrawn_at timestamptz;
CREATE UNIQUE INDEX robot_versions_tag_idx ON robot_versions (tenant_id, robot_id, version_tag) WHERE version_tag IS NOT NULL;
GRANT SELECT (version_tag, withdrawn_at) ON robot_versions TO rf_owner, rf_client, rf_anonymous;
GRANT INSERT (version_tag) ON robot_versions TO rf_owner;
GRANT UPDATE (withdrawn_at) ON robot_versions TO rf_owner;
CREATE TRIGGER license_facts_changed AFTER INSERT OR UPDATE OR DELETE ON robot_versions
    FOR EACH ROW EXECUTE FUNCTION notify_license_seats_changed();

-- What the check log and the installations now know of an account.
-- (Appended in this order: the check log's binary COPY rows follow it.)
ALTER TABLE license_checks
    ADD COLUMN account_server text,
    ADD COLUMN trade_mode text,
    ADD COLUMN robot_version text,
    ADD COLUMN company text,
    ADD COLUMN terminal_build integer;
ALTER TABLE license_installations
    ADD COLUMN account_server text NOT NULL DEFAULT '',
    ADD COLUMN company text,
    ADD COLUMN trade_mode text,
    ADD COLUMN terminal_build integer,
    ADD COLUMN robot_version text;
ALTER TABLE license_installations DROP CONSTRAINT license_installations_pkey;
ALTER TABLE license_installations ADD PRIMARY KEY (tenant_id, license_id, account_number, account_server);
