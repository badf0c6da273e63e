-- Readiness (GET /api/ready): an instance answers only when the database has
-- every migration its binary carries. The migrations table belongs
-- to the owner; this reads its newest applied version for the app's roles.
CREATE FUNCTION schema_version() RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT max(version) FROM public._sqlx_migrations WHERE success
$$;
REVOKE ALL ON FUNCTION schema_version() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION schema_version() TO rf_anonymous, rf_client, rf_owner, rf_platform_admin, rf_worker;
