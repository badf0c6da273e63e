-- The AI robot factory (DESIGN 7): a project is a conversation with the
-- model and a series of versions; each version is one generation (generate →
-- review → static checks → inject → compile → fix …) bound to the robot whose
-- license values its code carries.

-- The platform admin sets how many generations a tenant may start per month.
ALTER TABLE tenants
    ADD COLUMN ai_monthly_quota integer NOT NULL DEFAULT 20 CHECK (ai_monthly_quota BETWEEN 0 AND 10000);
GRANT SELECT (ai_monthly_quota) ON tenants TO rf_owner;

-- The robot a project's code is compiled for (its license values are in the
-- .ex5), reserved at the first generation so that publishing later does not
-- change what the compiled file checks.
ALTER TABLE robot_projects
    ADD COLUMN robot_id uuid,
    ADD FOREIGN KEY (tenant_id, robot_id) REFERENCES tenant_robots (tenant_id, id) ON DELETE SET NULL (robot_id);

ALTER TABLE robot_generations
    ADD COLUMN project_id uuid,
    ADD FOREIGN KEY (tenant_id, project_id) REFERENCES robot_projects (tenant_id, id) ON DELETE CASCADE;

ALTER TABLE robot_project_versions
    ADD COLUMN generation_id uuid,
    ADD COLUMN max_retries integer NOT NULL DEFAULT 3 CHECK (max_retries BETWEEN 0 AND 10),
    ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
    -- The pipeline step being run (`generate:0`, `fix:2` …) and since when:
    -- a second delivery of the same job finds it taken and leaves it; one
    -- whose worker died is taken again after a while.
    ADD COLUMN running_step text,
    ADD COLUMN step_started_at timestamptz,
    ADD FOREIGN KEY (tenant_id, generation_id) REFERENCES robot_generations (tenant_id, id) ON DELETE SET NULL (generation_id),
    ADD CONSTRAINT robot_project_versions_status_check
        CHECK (compilation_status IN ('pending', 'generating', 'reviewing', 'compiling', 'fixing', 'success', 'failed'));

CREATE INDEX robot_projects_tenant_idx ON robot_projects (tenant_id, updated_at DESC, id DESC);
CREATE INDEX robot_generations_tenant_idx ON robot_generations (tenant_id, created_at DESC, id DESC);
-- The quota counts a tenant's generations of the month.
CREATE INDEX robot_generations_month_idx ON robot_generations (tenant_id, created_at);
CREATE INDEX robot_project_versions_job_idx ON robot_project_versions (compilation_job_id);

-- What each model call cost, per tenant (the admin's usage screen).
CREATE TABLE ai_usage (
    id                 uuid PRIMARY KEY,
    tenant_id          uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    project_id         uuid,
    version_id         uuid,
    step               text NOT NULL CHECK (step IN ('generate', 'review', 'fix')),
    model              text NOT NULL,
    prompt_tokens      integer NOT NULL DEFAULT 0,
    completion_tokens  integer NOT NULL DEFAULT 0,
    cost               numeric(14, 6) NOT NULL DEFAULT 0,
    created_at         timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (tenant_id, project_id) REFERENCES robot_projects (tenant_id, id) ON DELETE SET NULL (project_id)
);
CREATE INDEX ai_usage_tenant_idx ON ai_usage (tenant_id, created_at);
ALTER TABLE ai_usage ENABLE ROW LEVEL SECURITY;
ALTER TABLE ai_usage FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON ai_usage TO rf_anonymous, rf_client, rf_owner, rf_worker
    USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
    WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid);
CREATE POLICY platform_scope ON ai_usage TO rf_worker
    USING (current_setting('app.platform_admin', true) = 'on')
    WITH CHECK (current_setting('app.platform_admin', true) = 'on');
CREATE POLICY platform_admin ON ai_usage TO rf_platform_admin USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON ai_usage TO rf_platform_admin, rf_worker;
GRANT SELECT ON ai_usage TO rf_owner;

-- Owners start projects, versions and generations and read them; only the
-- pipeline (worker scope) writes code, statuses and files. An owner's role
-- cannot point a version at a file or mark it compiled.
REVOKE INSERT, UPDATE, DELETE ON robot_project_versions, robot_generations FROM rf_owner;
GRANT INSERT (id, tenant_id, project_id, version, generation_prompt, compilation_status, max_retries, generation_id,
              created_at, updated_at)
    ON robot_project_versions TO rf_owner;
GRANT INSERT (id, tenant_id, project_id, robot_id, version, generation_prompt, status, created_at)
    ON robot_generations TO rf_owner;
REVOKE INSERT, UPDATE, DELETE ON robot_projects FROM rf_owner;
GRANT INSERT (id, tenant_id, name, description, status, robot_id, conversation_history, created_at, updated_at),
      UPDATE (name, description, status, published_robot_id, latest_version_id, robot_id, conversation_history, updated_at)
    ON robot_projects TO rf_owner;

-- A version's status change is announced with its tenant and project: the
-- owner's stream shows the pipeline's progress live. The model's text, as
-- it is written, goes out on the same channel from the worker.
CREATE FUNCTION robot_version_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' OR NEW.compilation_status IS DISTINCT FROM OLD.compilation_status THEN
        PERFORM pg_notify('roboforge_factory',
            json_build_object('tenantId', NEW.tenant_id, 'projectId', NEW.project_id, 'versionId', NEW.id,
                              'kind', 'status', 'status', NEW.compilation_status)::text);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER robot_version_changed AFTER INSERT OR UPDATE OF compilation_status ON robot_project_versions
    FOR EACH ROW EXECUTE FUNCTION robot_version_changed();
