-- The admin's lists over every tenant (DESIGN 4): newest first, filtered by
-- tenant, status, origin and dates, searched by "contains" on names and
-- e-mails, fast at a million sales. pg_trgm is a trusted extension: the
-- database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Newest first across tenants (the admin's default view), and per tenant
-- with a status (both portals' most common filter).
CREATE INDEX tenant_sales_created_idx ON tenant_sales (created_at DESC, id DESC);
CREATE INDEX tenant_sales_status_idx ON tenant_sales (status, created_at DESC);
CREATE INDEX tenant_sales_tenant_status_idx ON tenant_sales (tenant_id, status, created_at DESC);
CREATE INDEX tenant_sales_external_trgm ON tenant_sales USING gin (external_id gin_trgm_ops);
-- Monthly revenue on the dashboards: the platform's and each tenant's.
CREATE INDEX tenant_sales_sale_date_idx ON tenant_sales (sale_date) INCLUDE (status, gross_amount);
CREATE INDEX tenant_sales_tenant_sale_date_idx ON tenant_sales (tenant_id, sale_date) INCLUDE (status, gross_amount);
-- License checks per day on the dashboards. BRIN: the log is append-only in
-- time order, and a B-tree would tax every check (decision 0007).
CREATE INDEX license_checks_checked_brin ON license_checks USING brin (checked_at);

CREATE INDEX tenant_clients_created_idx ON tenant_clients (created_at DESC, id DESC);
CREATE INDEX tenant_clients_tenant_created_idx ON tenant_clients (tenant_id, created_at DESC);
CREATE INDEX tenant_clients_name_trgm ON tenant_clients USING gin (name gin_trgm_ops);
CREATE INDEX tenant_clients_email_trgm ON tenant_clients USING gin (email gin_trgm_ops);

CREATE INDEX tenant_client_robots_created_idx ON tenant_client_robots (created_at DESC, id DESC);
CREATE INDEX tenant_client_robots_tenant_created_idx ON tenant_client_robots (tenant_id, created_at DESC);
CREATE INDEX tenant_client_robots_activation_idx ON tenant_client_robots (activation_date DESC) WHERE activation_date IS NOT NULL;
CREATE INDEX tenant_client_robots_robot_idx ON tenant_client_robots (robot_id);
CREATE INDEX tenant_robots_name_trgm ON tenant_robots USING gin (name gin_trgm_ops);

CREATE INDEX tenant_subscriptions_created_idx ON tenant_subscriptions (created_at DESC, id DESC);
CREATE INDEX tenant_subscriptions_tenant_created_idx ON tenant_subscriptions (tenant_id, created_at DESC);

CREATE INDEX tenant_owners_tenant_idx ON tenant_owners (tenant_id, created_at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, created_at DESC);
