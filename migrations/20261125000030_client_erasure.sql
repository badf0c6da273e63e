-- A client's erasure (LGPD, issue 24). History stays append-only with one
-- exception: the worker may replace the `changes` of a tenant's audit rows
-- about an erased client with the erasure marker, and nothing else — the
-- trigger refuses any other change, so "nobody rewrites history" still
-- holds for everything but the person's own data.
GRANT UPDATE (changes) ON audit_log TO rf_worker;

CREATE FUNCTION audit_log_only_erasure() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.changes IS DISTINCT FROM jsonb_build_object('apagado', 'dados pessoais removidos (LGPD)')
       OR NEW.id IS DISTINCT FROM OLD.id OR NEW.tenant_id IS DISTINCT FROM OLD.tenant_id
       OR NEW.entity_id IS DISTINCT FROM OLD.entity_id OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
        RAISE EXCEPTION 'audit_log is append-only (only an erasure may redact a row''s changes)'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER audit_log_only_erasure BEFORE UPDATE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_only_erasure();
