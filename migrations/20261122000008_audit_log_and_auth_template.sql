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
-- its owner's to read. Nobody updates or deletes history: no role has the
-- grants for it.
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON audit_log
    USING (app_platform() OR tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (app_platform() OR tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
REVOKE ALL ON audit_log FROM rf_platform_admin, rf_worker, rf_owner;
GRANT SELECT, INSERT ON audit_log TO rf_platform_admin, rf_worker, rf_owner;

-- One active authentication template at a time.
CREATE UNIQUE INDEX robot_auth_template_one_active ON robot_auth_template ((true)) WHERE is_active;
GRANT SELECT ON robot_auth_template TO rf_worker, rf_platform_admin;
