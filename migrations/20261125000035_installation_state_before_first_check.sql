-- A license whose robot never checked in has no installation row: the LEFT
-- JOIN hands the state functions NULLs, which fell through to 'lapsed' (the
-- client's card said "Encerrada" for a robot that had not started yet). No
-- sighting is no state.
CREATE OR REPLACE FUNCTION installation_state(last_valid boolean, last_seen timestamptz, grace_seconds integer)
RETURNS text LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN last_seen IS NULL OR last_valid IS NULL THEN NULL
                WHEN NOT last_valid THEN 'denied'
                WHEN last_seen > now() - interval '75 minutes' THEN 'valid'
                WHEN last_seen + make_interval(secs => COALESCE(grace_seconds, 0)) > now() THEN 'in_grace'
                ELSE 'lapsed' END
$$;
