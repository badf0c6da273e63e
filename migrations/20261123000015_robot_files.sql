-- Robot versions live in object storage: `file_path` holds the storage key
-- (random, per tenant) and each version records the SHA-256 of its bytes,
-- shown to the owner so a file can be verified after download.
ALTER TABLE robot_versions ADD COLUMN sha256 text;

-- The public sales page of a robot is read by the anonymous service in the
-- robot's tenant (RLS tenant_isolation applies: the tenant comes from the host).
GRANT SELECT (name, logo_url, description, platform, version, active_version, webhook_verified_at, created_at)
    ON tenant_robots TO rf_anonymous;
GRANT SELECT ON tenant_robot_sales_pages TO rf_anonymous;
