-- Importing an .mq5 (tenant portal): the job remembers the file it came
-- from (name and text as uploaded, so compiler messages about the injected
-- source can point at the owner's own lines) and, once compiled, the robot
-- version it became.
ALTER TABLE compilation_jobs
    ADD COLUMN original_file_name text,
    ADD COLUMN uploaded_source text,
    ADD COLUMN robot_version_id uuid,
    ADD FOREIGN KEY (tenant_id, robot_version_id) REFERENCES robot_versions (tenant_id, id) ON DELETE SET NULL (robot_version_id);

-- Every status change is announced with its tenant, so the owner's stream
-- can carry the import's progress live; a pending one also wakes waiting
-- agents (same channel, same listener).
CREATE OR REPLACE FUNCTION compile_job_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
        PERFORM pg_notify('roboforge_compile_jobs',
            json_build_object('tenantId', NEW.tenant_id, 'jobId', NEW.id, 'status', NEW.status)::text);
    END IF;
    RETURN NULL;
END
$$;

-- Owners create jobs and read their own; only agents (through the api's
-- worker scope) move them on: an owner's role cannot mark a job compiled or
-- point it at a file.
REVOKE UPDATE, DELETE ON compilation_jobs FROM rf_owner;

-- The admin's history searches by robot or tenant name, newest first.
CREATE INDEX compilation_jobs_created_idx ON compilation_jobs (created_at DESC, id DESC);
