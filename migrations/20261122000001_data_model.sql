-- The whole data model of spec 01 section 3, plus what the design adds
-- (sessions, login throttling, Hotmart inbox, license-check log, e-mail outbox,
-- compile agents). Ids are UUIDv7 generated in Rust, so no id defaults here.
--
-- Every tenant-owned table carries tenant_id and is the target of composite
-- foreign keys (tenant_id, id): a row can only ever reference rows of its own
-- tenant, whatever the application code does.

-- ---------------------------------------------------------------- platform

CREATE TABLE users (
    id          uuid PRIMARY KEY,
    username    text NOT NULL UNIQUE,
    password    text NOT NULL,
    email       text NOT NULL UNIQUE CHECK (email = lower(btrim(email))),
    name        text NOT NULL,
    role        text NOT NULL DEFAULT 'admin',
    is_active   boolean NOT NULL DEFAULT true,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tenants (
    id                      uuid PRIMARY KEY,
    name                    text NOT NULL CHECK (btrim(name) <> ''),
    url                     text NOT NULL UNIQUE CHECK (btrim(url) <> ''),
    -- The bare host of `url` (no scheme, port or path), lower-cased: what an
    -- incoming Host header is compared with to pick the tenant.
    domain                  text GENERATED ALWAYS AS (
                                lower(regexp_replace(regexp_replace(btrim(url), '^[a-zA-Z][a-zA-Z0-9+.-]*://', ''), '[:/?#].*$', ''))
                            ) STORED,
    display_name            text,
    logo_url                text,
    favicon_url             text,
    -- The tenant's security key. Kept readable because the admin copies it to
    -- the owner; `secret_lookup` (SHA-256, written by the repository) lets a
    -- request find the tenant by key without comparing the key in SQL.
    secret_hash             text NOT NULL CHECK (length(secret_hash) >= 16),
    secret_lookup           bytea NOT NULL UNIQUE,
    hotmart_webhook_secret  text,
    theme_colors            jsonb,
    background_colors       jsonb,
    foreground_color        text,
    font_family             text,
    activation_date         timestamptz DEFAULT now(),
    status                  text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'suspended')),
    settings                jsonb NOT NULL DEFAULT '{}'::jsonb,
    resend_api_key          text,
    resend_domain           text,
    email_templates         jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tenants_domain_key ON tenants (domain);

CREATE TABLE robot_auth_template (
    id             uuid PRIMARY KEY,
    name           text NOT NULL DEFAULT 'MQL5 Authentication Template',
    template_code  text NOT NULL,
    version        text NOT NULL DEFAULT '1.0.0',
    is_active      boolean NOT NULL DEFAULT true,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE compile_agents (
    id            uuid PRIMARY KEY,
    name          text NOT NULL UNIQUE,
    token_hash    bytea NOT NULL UNIQUE,
    platform      text NOT NULL DEFAULT 'windows' CHECK (platform IN ('windows', 'wine')),
    is_active     boolean NOT NULL DEFAULT true,
    last_seen_at  timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- Failed logins, counted per account and per IP to throttle guessing. Rows are
-- written before any tenant is known, so this is platform infrastructure.
CREATE TABLE login_failures (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    portal        text NOT NULL CHECK (portal IN ('admin', 'tenant', 'client')),
    account_key   text NOT NULL,
    ip            inet,
    failed_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_account_idx ON login_failures (account_key, failed_at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip, failed_at);

-- ---------------------------------------------------------------- tenant-owned

CREATE TABLE tenant_owners (
    id                 uuid PRIMARY KEY,
    tenant_id          uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    name               text NOT NULL,
    email              text NOT NULL CHECK (email = lower(btrim(email))),
    phone              text,
    password           text NOT NULL,
    role               text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'support', 'financial')),
    is_active          boolean NOT NULL DEFAULT true,
    email_verified     boolean NOT NULL DEFAULT false,
    email_verified_at  timestamptz,
    -- SHA-256 (hex) of the reset token; the token itself is only ever e-mailed.
    reset_token        text,
    reset_token_expiry timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, id),
    UNIQUE (tenant_id, email)
);
CREATE INDEX tenant_owners_reset_token_idx ON tenant_owners (reset_token) WHERE reset_token IS NOT NULL;

CREATE TABLE tenant_robots (
    id              uuid PRIMARY KEY,
    tenant_id       uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    name            text NOT NULL CHECK (btrim(name) <> ''),
    logo_url        text,
    description     text,
    platform        text NOT NULL DEFAULT 'MT5' CHECK (platform = 'MT5'),
    file_path       text,
    webhook_url     text,
    version         text NOT NULL DEFAULT '1.0.0',
    active_version  text,
    active          boolean NOT NULL DEFAULT true,
    -- Key the injected auth snippet carries to verify signed license answers.
    license_signing_key text NOT NULL DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, id)
);

CREATE TABLE robot_versions (
    id                  uuid PRIMARY KEY,
    tenant_id           uuid NOT NULL,
    robot_id            uuid NOT NULL,
    version             text NOT NULL CHECK (version ~ '^[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$'),
    file_path           text NOT NULL,
    original_file_name  text NOT NULL,
    mime_type           text,
    file_size           integer NOT NULL CHECK (file_size >= 0),
    uploaded_at         timestamptz NOT NULL DEFAULT now(),
    notes               text,
    UNIQUE (tenant_id, id),
    UNIQUE (tenant_id, robot_id, version),
    FOREIGN KEY (tenant_id, robot_id) REFERENCES tenant_robots (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE tenant_clients (
    id                  uuid PRIMARY KEY,
    tenant_id           uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    name                text NOT NULL,
    email               text NOT NULL CHECK (email = lower(btrim(email))),
    phone               text,
    -- Clients created by a sale have no password until they set one.
    password            text,
    status              text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'suspended')),
    registration_date   timestamptz NOT NULL DEFAULT now(),
    last_login          timestamptz,
    reset_token         text,
    reset_token_expiry  timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, id),
    UNIQUE (tenant_id, email)
);
CREATE INDEX tenant_clients_reset_token_idx ON tenant_clients (reset_token) WHERE reset_token IS NOT NULL;

CREATE TABLE tenant_sales (
    id                       uuid PRIMARY KEY,
    external_id              text,
    tenant_id                uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    client_id                uuid,
    origin                   text NOT NULL DEFAULT 'manual' CHECK (origin IN ('hotmart', 'manual')),
    original_payload         jsonb,
    amount_paid_by_customer  numeric(10, 2),
    gross_amount             numeric(10, 2),
    hotmart_commission       numeric(10, 2),
    coproducer_commission    numeric(10, 2),
    affiliate_commission     numeric(10, 2),
    other_fees               numeric(10, 2),
    net_amount               numeric(10, 2),
    original_currency        text NOT NULL DEFAULT 'BRL',
    exchange_rate            numeric(10, 6),
    sale_date                timestamptz,
    cancellation_date        timestamptz,
    status                   text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'pending', 'refunded')),
    created_at               timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, id),
    FOREIGN KEY (tenant_id, client_id) REFERENCES tenant_clients (tenant_id, id) ON DELETE SET NULL (client_id)
);
-- One sale per provider transaction: what makes webhook processing idempotent.
CREATE UNIQUE INDEX tenant_sales_external_key ON tenant_sales (tenant_id, origin, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX tenant_sales_list_idx ON tenant_sales (tenant_id, created_at DESC);
CREATE INDEX tenant_sales_client_idx ON tenant_sales (tenant_id, client_id);

CREATE TABLE tenant_subscriptions (
    id                   uuid PRIMARY KEY,
    external_id          text,
    tenant_id            uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    client_id            uuid,
    sale_id              uuid,
    origin               text NOT NULL DEFAULT 'manual' CHECK (origin IN ('hotmart', 'manual')),
    amount               numeric(10, 2) NOT NULL CHECK (amount >= 0),
    recurrence           text NOT NULL DEFAULT 'monthly' CHECK (recurrence IN ('monthly', 'quarterly', 'semiannual', 'annual')),
    status               text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled', 'pending', 'expired')),
    last_payment_date    timestamptz,
    next_billing_date    timestamptz,
    last_charge_attempt  timestamptz,
    cancellation_date    timestamptz,
    original_payload     jsonb,
    created_at           timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, id),
    FOREIGN KEY (tenant_id, client_id) REFERENCES tenant_clients (tenant_id, id) ON DELETE SET NULL (client_id),
    FOREIGN KEY (tenant_id, sale_id) REFERENCES tenant_sales (tenant_id, id) ON DELETE SET NULL (sale_id)
);
CREATE UNIQUE INDEX tenant_subscriptions_external_key ON tenant_subscriptions (tenant_id, origin, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX tenant_subscriptions_client_idx ON tenant_subscriptions (tenant_id, client_id);

-- A license: client x robot.
CREATE TABLE tenant_client_robots (
    id               uuid PRIMARY KEY,
    tenant_id        uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    client_id        uuid,
    robot_id         uuid,
    sale_id          uuid,
    activation_date  timestamptz,
    expiration_date  timestamptz,
    status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'expired', 'cancelled', 'trial')),
    account_number   text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, id),
    FOREIGN KEY (tenant_id, client_id) REFERENCES tenant_clients (tenant_id, id) ON DELETE SET NULL (client_id),
    FOREIGN KEY (tenant_id, robot_id) REFERENCES tenant_robots (tenant_id, id) ON DELETE SET NULL (robot_id),
    FOREIGN KEY (tenant_id, sale_id) REFERENCES tenant_sales (tenant_id, id) ON DELETE SET NULL (sale_id)
);
-- The license check's lookup: (tenant, robot, client) in one index probe.
CREATE INDEX tenant_client_robots_check_idx ON tenant_client_robots (tenant_id, robot_id, client_id);
CREATE INDEX tenant_client_robots_client_idx ON tenant_client_robots (tenant_id, client_id);

CREATE TABLE tenant_robot_sales_pages (
    id             uuid PRIMARY KEY,
    tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    robot_id       uuid NOT NULL,
    html_section1  text,
    html_section2  text,
    html_section3  text,
    html_section4  text,
    updated_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, robot_id),
    FOREIGN KEY (tenant_id, robot_id) REFERENCES tenant_robots (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE robot_generations (
    id                    uuid PRIMARY KEY,
    robot_id              uuid,
    tenant_id             uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    version               integer NOT NULL DEFAULT 1,
    source_code           text,
    generation_prompt     jsonb,
    status                text NOT NULL DEFAULT 'generating' CHECK (status IN ('generating', 'reviewing', 'completed', 'failed')),
    compilation_attempts  integer NOT NULL DEFAULT 0,
    error_log             text,
    review_notes          text,
    created_at            timestamptz NOT NULL DEFAULT now(),
    completed_at          timestamptz,
    UNIQUE (tenant_id, id),
    FOREIGN KEY (tenant_id, robot_id) REFERENCES tenant_robots (tenant_id, id) ON DELETE SET NULL (robot_id)
);

CREATE TABLE compilation_jobs (
    id                    uuid PRIMARY KEY,
    tenant_id             uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    robot_id              uuid,
    robot_generation_id   uuid,
    robot_name            text NOT NULL,
    -- Where the source came from: an uploaded .mq5 or the AI factory.
    source                text NOT NULL DEFAULT 'import' CHECK (source IN ('import', 'ai-factory')),
    status                text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
    source_code           text,
    compiled_file_url     text,
    error_message         text,
    compile_log           text,
    diagnostics           jsonb,
    agent_id              uuid REFERENCES compile_agents (id) ON DELETE SET NULL,
    lease_expires_at      timestamptz,
    attempts              integer NOT NULL DEFAULT 0,
    created_at            timestamptz NOT NULL DEFAULT now(),
    started_at            timestamptz,
    completed_at          timestamptz,
    UNIQUE (tenant_id, id),
    FOREIGN KEY (tenant_id, robot_id) REFERENCES tenant_robots (tenant_id, id) ON DELETE SET NULL (robot_id),
    FOREIGN KEY (tenant_id, robot_generation_id) REFERENCES robot_generations (tenant_id, id) ON DELETE SET NULL (robot_generation_id)
);
-- Agents claim the oldest pending job; expired leases are swept back.
CREATE INDEX compilation_jobs_pending_idx ON compilation_jobs (created_at) WHERE status = 'pending';
CREATE INDEX compilation_jobs_lease_idx ON compilation_jobs (lease_expires_at) WHERE status = 'processing';
CREATE INDEX compilation_jobs_list_idx ON compilation_jobs (tenant_id, created_at DESC);

CREATE TABLE robot_projects (
    id                    uuid PRIMARY KEY,
    tenant_id             uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    name                  text NOT NULL,
    description           text,
    status                text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'ready_to_publish', 'published')),
    published_robot_id    uuid,
    latest_version_id     uuid,
    conversation_history  jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, id),
    FOREIGN KEY (tenant_id, published_robot_id) REFERENCES tenant_robots (tenant_id, id) ON DELETE SET NULL (published_robot_id)
);

CREATE TABLE robot_project_versions (
    id                   uuid PRIMARY KEY,
    tenant_id            uuid NOT NULL,
    project_id           uuid NOT NULL,
    version              integer NOT NULL CHECK (version >= 1),
    source_code          text,
    compilation_status   text NOT NULL DEFAULT 'pending',
    compilation_job_id   uuid,
    compiled_file_url    text,
    error_log            text,
    generation_prompt    jsonb,
    review_notes         text,
    retry_count          integer NOT NULL DEFAULT 0,
    created_at           timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, id),
    UNIQUE (tenant_id, project_id, version),
    FOREIGN KEY (tenant_id, project_id) REFERENCES robot_projects (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, compilation_job_id) REFERENCES compilation_jobs (tenant_id, id) ON DELETE SET NULL (compilation_job_id)
);

ALTER TABLE robot_projects
    ADD FOREIGN KEY (tenant_id, latest_version_id) REFERENCES robot_project_versions (tenant_id, id) ON DELETE SET NULL (latest_version_id);

-- Server-side sessions for the three portals. Only SHA-256 of the cookie
-- value is stored, so a leaked table does not hand out sessions.
CREATE TABLE sessions (
    token_hash      bytea PRIMARY KEY,
    portal          text NOT NULL CHECK (portal IN ('admin', 'tenant', 'client')),
    tenant_id       uuid REFERENCES tenants (id) ON DELETE CASCADE,
    admin_user_id   uuid REFERENCES users (id) ON DELETE CASCADE,
    owner_id        uuid,
    client_id       uuid,
    ip              inet,
    user_agent      text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL,
    FOREIGN KEY (tenant_id, owner_id) REFERENCES tenant_owners (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, client_id) REFERENCES tenant_clients (tenant_id, id) ON DELETE CASCADE,
    CHECK (
        (portal = 'admin'  AND admin_user_id IS NOT NULL AND tenant_id IS NULL AND owner_id IS NULL AND client_id IS NULL) OR
        (portal = 'tenant' AND owner_id IS NOT NULL AND tenant_id IS NOT NULL AND admin_user_id IS NULL AND client_id IS NULL) OR
        (portal = 'client' AND client_id IS NOT NULL AND tenant_id IS NOT NULL AND admin_user_id IS NULL AND owner_id IS NULL)
    )
);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Every Hotmart delivery, stored before it is processed; the event id makes
-- redeliveries no-ops.
CREATE TABLE hotmart_inbox (
    id            uuid PRIMARY KEY,
    tenant_id     uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    robot_id      uuid,
    event_id      text NOT NULL,
    event         text NOT NULL,
    payload       jsonb NOT NULL,
    received_at   timestamptz NOT NULL DEFAULT now(),
    processed_at  timestamptz,
    attempts      integer NOT NULL DEFAULT 0,
    last_error    text,
    UNIQUE (tenant_id, id),
    UNIQUE (tenant_id, event_id),
    FOREIGN KEY (tenant_id, robot_id) REFERENCES tenant_robots (tenant_id, id) ON DELETE SET NULL (robot_id)
);

CREATE TABLE license_checks (
    id              uuid PRIMARY KEY,
    tenant_id       uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    robot_id        uuid,
    license_id      uuid,
    email           text,
    account_number  text,
    ip              inet,
    valid           boolean NOT NULL,
    code            text NOT NULL,
    checked_at      timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (tenant_id, robot_id) REFERENCES tenant_robots (tenant_id, id) ON DELETE SET NULL (robot_id),
    FOREIGN KEY (tenant_id, license_id) REFERENCES tenant_client_robots (tenant_id, id) ON DELETE SET NULL (license_id)
);
CREATE INDEX license_checks_tenant_idx ON license_checks (tenant_id, checked_at DESC);

CREATE TABLE email_outbox (
    id             uuid PRIMARY KEY,
    tenant_id      uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    to_address     text NOT NULL,
    subject        text NOT NULL,
    html           text NOT NULL,
    template       text,
    status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'not_configured')),
    attempts       integer NOT NULL DEFAULT 0,
    last_error     text,
    provider_id    text,
    created_at     timestamptz NOT NULL DEFAULT now(),
    sent_at        timestamptz,
    UNIQUE (tenant_id, id)
);
CREATE INDEX email_outbox_tenant_idx ON email_outbox (tenant_id, created_at DESC);
