-- Hotmart intake and processing (issue 6).

-- A processing failure is kept visible: attempts, the last error, and when
-- the retries ran out (the admin can replay it).
ALTER TABLE hotmart_inbox ADD COLUMN failed_at timestamptz;
ALTER TABLE hotmart_inbox ADD COLUMN is_test boolean NOT NULL DEFAULT false;
-- What processing did, in a word (sale_created, sale_updated, refunded, test, ignored, ...).
ALTER TABLE hotmart_inbox ADD COLUMN outcome text;
CREATE INDEX hotmart_inbox_pending_idx ON hotmart_inbox (tenant_id, received_at) WHERE processed_at IS NULL;

-- Licenses of one sale (the engine keeps one per sale).
CREATE UNIQUE INDEX tenant_client_robots_sale_key ON tenant_client_robots (tenant_id, sale_id) WHERE sale_id IS NOT NULL;

-- The intake runs as the anonymous principal: it finds the robot by id (any
-- tenant), checks the tenant's hottok hash, and stores the event in the
-- robot's tenant (the tenant policy still applies to the insert).
CREATE POLICY anonymous_webhook_lookup ON tenant_robots FOR SELECT TO rf_anonymous USING (true);
GRANT SELECT (id, tenant_id, active) ON tenant_robots TO rf_anonymous;
GRANT SELECT (hotmart_webhook_secret) ON tenants TO rf_anonymous;
GRANT SELECT (id, tenant_id, event_id), INSERT (id, tenant_id, robot_id, event_id, event, payload, is_test)
    ON hotmart_inbox TO rf_anonymous;
