-- License-check caches drop what a change affects, not the tenant's every
-- answer (issue 38): a sale a minute in a tenant of 10,000 buyers used to
-- send all of them back to the database on every instance. Payloads are
-- read by `license_check::LicenseChange`: a bare tenant id stays the
-- tenant-wide change; a JSON object names the robot and/or the client.

CREATE FUNCTION license_cache_notify(tenant uuid, robot uuid, client uuid, emails text[] DEFAULT NULL)
RETURNS void LANGUAGE sql AS $$
    SELECT pg_notify('roboforge_license_cache',
                     json_strip_nulls(json_build_object('tenant', tenant, 'robot', robot, 'client', client,
                                                        'emails', emails))::text)
$$;

-- A robot's status, keys, policy or active version; a version's tag or withdrawal.
CREATE FUNCTION notify_license_robot_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'tenant_robots' THEN
        PERFORM license_cache_notify(coalesce(NEW.tenant_id, OLD.tenant_id), coalesce(NEW.id, OLD.id), NULL);
    ELSE
        PERFORM license_cache_notify(coalesce(NEW.tenant_id, OLD.tenant_id), coalesce(NEW.robot_id, OLD.robot_id), NULL);
    END IF;
    RETURN NULL;
END $$;

-- A client's status or e-mail: their answers, and any answer cached for
-- either e-mail while no client had it.
CREATE FUNCTION notify_license_client_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM license_cache_notify(coalesce(NEW.tenant_id, OLD.tenant_id), NULL, coalesce(NEW.id, OLD.id),
                                 ARRAY[OLD.email, NEW.email]);
    RETURN NULL;
END $$;

-- A license: its buyer's answers about its robot (before and after, when
-- an update moves it).
CREATE FUNCTION notify_license_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'DELETE' THEN
        PERFORM license_cache_notify(NEW.tenant_id, NEW.robot_id, NEW.client_id);
    END IF;
    IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.robot_id, OLD.client_id) IS DISTINCT FROM (NEW.robot_id, NEW.client_id)) THEN
        PERFORM license_cache_notify(OLD.tenant_id, OLD.robot_id, OLD.client_id);
    END IF;
    RETURN NULL;
END $$;

-- A seat or a personal build: the answers of its license's buyer; the
-- tenant's when the license cannot be read (deleted in the same statement).
CREATE FUNCTION notify_license_part_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    tenant uuid := coalesce(NEW.tenant_id, OLD.tenant_id);
    license record;
BEGIN
    SELECT l.robot_id, l.client_id INTO license
      FROM tenant_client_robots l
     WHERE l.tenant_id = tenant AND l.id = coalesce(NEW.license_id, OLD.license_id);
    IF FOUND AND license.robot_id IS NOT NULL AND license.client_id IS NOT NULL THEN
        PERFORM license_cache_notify(tenant, license.robot_id, license.client_id);
    ELSE
        PERFORM pg_notify('roboforge_license_cache', tenant::text);
    END IF;
    RETURN NULL;
END $$;

DROP TRIGGER license_facts_changed ON tenant_robots;
CREATE TRIGGER license_facts_changed AFTER INSERT OR UPDATE OR DELETE ON tenant_robots
    FOR EACH ROW EXECUTE FUNCTION notify_license_robot_changed();
DROP TRIGGER license_facts_changed ON robot_versions;
CREATE TRIGGER license_facts_changed AFTER INSERT OR UPDATE OR DELETE ON robot_versions
    FOR EACH ROW EXECUTE FUNCTION notify_license_robot_changed();
DROP TRIGGER license_facts_changed ON tenant_clients;
CREATE TRIGGER license_facts_changed AFTER INSERT OR UPDATE OR DELETE ON tenant_clients
    FOR EACH ROW EXECUTE FUNCTION notify_license_client_changed();
DROP TRIGGER license_facts_changed ON tenant_client_robots;
CREATE TRIGGER license_facts_changed AFTER INSERT OR UPDATE OR DELETE ON tenant_client_robots
    FOR EACH ROW EXECUTE FUNCTION notify_license_changed();
DROP TRIGGER license_facts_changed ON license_seats;
CREATE TRIGGER license_facts_changed AFTER INSERT OR UPDATE OR DELETE ON license_seats
    FOR EACH ROW EXECUTE FUNCTION notify_license_part_changed();
DROP TRIGGER license_facts_changed ON license_builds;
CREATE TRIGGER license_facts_changed AFTER INSERT OR UPDATE OR DELETE ON license_builds
    FOR EACH ROW EXECUTE FUNCTION notify_license_part_changed();
