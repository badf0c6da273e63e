-- License checks are answered from a per-instance cache; any change to what a
-- check reads tells every instance to drop that tenant's cached answers
-- (delivered at commit, like every NOTIFY; identical payloads in one
-- transaction are folded into one).
CREATE FUNCTION notify_license_facts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    tenant uuid;
BEGIN
    IF TG_TABLE_NAME = 'tenants' THEN
        tenant := COALESCE(NEW.id, OLD.id);
    ELSE
        tenant := COALESCE(NEW.tenant_id, OLD.tenant_id);
    END IF;
    PERFORM pg_notify('roboforge_license_cache', tenant::text);
    RETURN NULL;
END
$$;

CREATE TRIGGER license_facts_changed AFTER INSERT OR UPDATE OR DELETE ON tenants
    FOR EACH ROW EXECUTE FUNCTION notify_license_facts_changed();
CREATE TRIGGER license_facts_changed AFTER INSERT OR UPDATE OR DELETE ON tenant_robots
    FOR EACH ROW EXECUTE FUNCTION notify_license_facts_changed();
CREATE TRIGGER license_facts_changed AFTER INSERT OR UPDATE OR DELETE ON tenant_clients
    FOR EACH ROW EXECUTE FUNCTION notify_license_facts_changed();
CREATE TRIGGER license_facts_changed AFTER INSERT OR UPDATE OR DELETE ON tenant_client_robots
    FOR EACH ROW EXECUTE FUNCTION notify_license_facts_changed();
