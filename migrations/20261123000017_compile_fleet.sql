-- The compile fleet (DESIGN 7): agents registered by the platform admin with
-- a token (stored as its SHA-256, shown once), revocable; each reports its
-- state by heartbeat and counts what it did. Jobs wake waiting agents through
-- NOTIFY when they become pending.
ALTER TABLE compile_agents
    ADD COLUMN token_prefix text,
    ADD COLUMN state text NOT NULL DEFAULT 'offline' CHECK (state IN ('offline', 'idle', 'compiling')),
    ADD COLUMN current_job_id uuid,
    ADD COLUMN jobs_done integer NOT NULL DEFAULT 0,
    ADD COLUMN jobs_failed integer NOT NULL DEFAULT 0,
    ADD COLUMN revoked_at timestamptz;

-- Agents claim the oldest pending job, or one whose lease ran out.
CREATE INDEX compilation_jobs_queue_idx ON compilation_jobs (created_at) WHERE status = 'pending';
CREATE INDEX compilation_jobs_leases_idx ON compilation_jobs (lease_expires_at) WHERE status = 'processing';

CREATE FUNCTION compile_job_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = 'pending' THEN
        PERFORM pg_notify('roboforge_compile_jobs', '');
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER compile_job_queued AFTER INSERT OR UPDATE OF status ON compilation_jobs
    FOR EACH ROW EXECUTE FUNCTION compile_job_queued();
