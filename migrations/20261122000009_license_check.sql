-- The license check runs as the anonymous principal, scoped to the tenant the
-- robot names: it reads the robot (and its sealed signing key), the client and
-- their licenses of that robot, and binds the first account atomically.
GRANT SELECT (license_signing_key) ON tenant_robots TO rf_anonymous;
GRANT SELECT (id, tenant_id, client_id, robot_id, status, expiration_date, account_number, created_at)
    ON tenant_client_robots TO rf_anonymous;
GRANT UPDATE (account_number) ON tenant_client_robots TO rf_anonymous;
-- The check log is written in batches by the system.
CREATE INDEX license_checks_license_idx ON license_checks (tenant_id, license_id, checked_at DESC);
