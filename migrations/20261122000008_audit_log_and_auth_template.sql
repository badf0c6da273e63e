-- The audit log (DESIGN 12): who changed what, before and after, written in
-- the same transaction as the change (so a rolled-back change leaves none).
CREATE TABLE audit_log (
    id          uuid PRIMARY KEY,
    tenant_id   uuid REFERENCES tenants (id) ON DELETE CASCADE,
    actor_kind  text NOT NULL CHECK (actor_kind IN ('admin', 'owner', 'client', 'system', 'anonymous')),
    actor_id    uuid,
    action      text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
    entity      text NOT NULL,
    entity_id   uuid,
    -- { field: { "before": ..., "after": ... } } — never secrets or hashes.
    changes     jsonb NOT NULL DEFAULT '{}'::jsonb,
    ip          inet,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_tenant_idx ON audit_log (tenant_id, created_at DESC);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);

-- Platform rows (tenant_id NULL) are the platform's; a tenant's rows are
-- readable by that tenant's owner. Nobody updates or deletes history.
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
CREATE POLICY audit_read ON audit_log FOR SELECT
    USING (app_platform() OR tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY audit_write ON audit_log FOR INSERT
    WITH CHECK (app_platform() OR tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
GRANT SELECT, INSERT ON audit_log TO rf_platform_admin, rf_worker, rf_owner;

-- One active authentication template at a time.
CREATE UNIQUE INDEX robot_auth_template_one_active ON robot_auth_template ((true)) WHERE is_active;
GRANT SELECT ON robot_auth_template TO rf_worker, rf_platform_admin;
