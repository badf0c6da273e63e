-- The check log's last foreign key (the tenant) cost every logged check a
-- referential-integrity lookup that takes a key-share lock on the tenant's
-- row: about a third of PostgreSQL's work per row, paid on the two cores the
-- license check shares with it. The tenant id stays a recorded fact like the
-- robot and license ids (decision 0007); deleting a tenant now deletes its
-- log explicitly in the same transaction (`repositories::tenants::delete`).
ALTER TABLE license_checks DROP CONSTRAINT IF EXISTS license_checks_tenant_id_fkey;
