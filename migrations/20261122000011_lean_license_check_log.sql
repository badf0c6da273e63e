-- The license-check log is telemetry written at the rate robots start
-- (thousands of rows a second in a launch), beside the check itself on the
-- same database. Its robot and license ids are recorded facts, not links that
-- must stay valid: a deleted robot's past checks keep its id. So the log
-- keeps only the foreign key that matters for tenancy (the tenant, which
-- cascades) and one index (decision 0007).
ALTER TABLE license_checks DROP CONSTRAINT IF EXISTS license_checks_tenant_id_robot_id_fkey;
ALTER TABLE license_checks DROP CONSTRAINT IF EXISTS license_checks_tenant_id_license_id_fkey;
DROP INDEX IF EXISTS license_checks_license_idx;
