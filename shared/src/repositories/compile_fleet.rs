//! Compile agents and the job queue they drain (DESIGN 7). Platform scope
//! (`Scope::worker()` for agents, the admin's scope for the agents screen):
//! jobs of every tenant flow to whichever agent is free.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::{unique, AppResult, OnConstraint};
use crate::domain::ids::new_id;
use crate::infrastructure::secrets::{key_prefix, random_token, sha256};

/// A job leased this many seconds at a time; heartbeats extend it.
pub const LEASE_SECONDS: i32 = 120;
/// Leases that ran out this many times (agent faults, not compile errors)
/// fail the job.
pub const MAX_AGENT_ATTEMPTS: i32 = 3;
pub const AGENTS_GAVE_UP: &str =
    "A compilação falhou repetidamente por problemas nos agentes de compilação. Tente novamente mais tarde.";

/// An agent counts as online when it is active, did not say it stopped,
/// and called within a lease: an idle agent asks for work at least every
/// 25 s (the claim's long poll) and a compiling one heartbeats well inside
/// its lease, so one silent for a whole lease has gone without saying so.
const ONLINE: &str = "a.is_active AND a.state <> 'offline' AND a.last_seen_at > now() - make_interval(secs => 120)";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Agent {
    pub id: Uuid,
    pub name: String,
    pub platform: String,
    pub token_prefix: Option<String>,
    pub is_active: bool,
    pub state: String,
    pub current_job_id: Option<Uuid>,
    pub last_seen_at: Option<DateTime<Utc>>,
    pub jobs_done: i32,
    pub jobs_failed: i32,
    pub revoked_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// The pool whose tenants' jobs it may take.
    pub pool_id: Uuid,
}

const AGENT: &str = "id, name, platform, token_prefix, is_active, state, current_job_id, last_seen_at, jobs_done,
                     jobs_failed, revoked_at, created_at, pool_id";

/// Registers an agent; returns it and its token (shown once).
pub async fn register(conn: &mut PgConnection, name: &str, platform: &str, pool: Uuid) -> AppResult<(Agent, String)> {
    let token = format!("rfa_{}", random_token());
    let agent = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "INSERT INTO compile_agents (id, name, platform, token_hash, token_prefix, pool_id)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING {AGENT}"
    )))
    .bind(new_id())
    .bind(name)
    .bind(platform)
    .bind(sha256(&token))
    .bind(key_prefix(&token))
    .bind(pool)
    .fetch_one(conn)
    .await
    .on_constraint(&[unique("compile_agents_name_key", "name", "Já existe um agente com este nome")])?;
    Ok((agent, token))
}

pub async fn list(conn: &mut PgConnection) -> AppResult<Vec<Agent>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {AGENT} FROM compile_agents ORDER BY created_at DESC")))
        .fetch_all(conn)
        .await?)
}

pub async fn find(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<Agent>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {AGENT} FROM compile_agents WHERE id = $1")))
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// Revokes an agent: its token stops working at once; a job it holds goes
/// back to the queue.
pub async fn revoke(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<Agent>> {
    let agent: Option<Agent> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE compile_agents SET is_active = false, revoked_at = COALESCE(revoked_at, now()), state = 'offline',
                current_job_id = NULL
          WHERE id = $1 RETURNING {AGENT}"
    )))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    if agent.is_some() {
        sqlx::query(
            "UPDATE compilation_jobs SET status = 'pending', agent_id = NULL, lease_expires_at = NULL
              WHERE agent_id = $1 AND status = 'processing'",
        )
        .bind(id)
        .execute(conn)
        .await?;
    }
    Ok(agent)
}

/// The active agent holding `token`, marked as seen.
pub async fn authenticate(conn: &mut PgConnection, token: &str) -> AppResult<Option<Agent>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE compile_agents SET last_seen_at = now() WHERE token_hash = $1 AND is_active RETURNING {AGENT}"
    )))
    .bind(sha256(token))
    .fetch_optional(conn)
    .await?)
}

/// A job as an agent receives it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LeasedJob {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub robot_name: String,
    pub source_code: Option<String>,
    /// SHA-256 (hex) of `source_code`: the result must name it.
    pub source_sha256: String,
    pub lease_expires_at: DateTime<Utc>,
    pub attempts: i32,
    /// The job's tenant may `#import` DLLs (the agent checks directives again).
    pub dll_imports_allowed: bool,
}

/// How the queue is shared out.
#[derive(Debug, Clone, Copy)]
pub struct Fairness {
    /// Jobs of one tenant being compiled at once, at most (the rest wait
    /// while other tenants' jobs are taken).
    pub in_progress_per_tenant: i64,
}

impl Default for Fairness {
    fn default() -> Self {
        Self { in_progress_per_tenant: 2 }
    }
}

/// What a claim did: the job leased, if any, and the jobs it failed because
/// their leases ran out too often.
#[derive(Debug)]
pub struct Claim {
    pub job: Option<LeasedJob>,
    /// Failed here with [`AGENTS_GAVE_UP`]: the caller moves on what waited
    /// for them (a factory version), in the same transaction.
    pub given_up: Vec<Uuid>,
}

/// Leases a waiting job (a pending one, or one whose lease ran out) to
/// `agent`, or none. Tenants take turns: among the tenants its pool serves
/// that have waiting work and fewer than the cap in progress, the one whose
/// turn came longest ago goes next, and its oldest job is taken. Claims take
/// one transaction lock so two at once cannot both pass a tenant's cap or
/// take the same turn (a claim is a few index reads; agents are few). Jobs
/// whose leases ran out too often fail first.
pub async fn claim(conn: &mut PgConnection, agent: &Agent, fairness: Fairness) -> AppResult<Claim> {
    crate::infrastructure::db::lock_for_transaction(conn, CLAIM_LOCK).await?;
    let given_up: Vec<Uuid> = sqlx::query_scalar(
        "UPDATE compilation_jobs SET status = 'failed', error_message = $1, completed_at = now(), lease_expires_at = NULL
          WHERE status = 'processing' AND lease_expires_at < now() AND attempts >= $2 RETURNING id",
    )
    .bind(AGENTS_GAVE_UP)
    .bind(MAX_AGENT_ATTEMPTS)
    .fetch_all(&mut *conn)
    .await?;
    // Imports and factory compiles of every tenant go before any personal
    // build (decision 0015): the claim tries that tier first, and builds only
    // when no tenant has one waiting.
    let mut job = None;
    for personal_builds in [false, true] {
        job = claim_in_tier(&mut *conn, agent, fairness, personal_builds).await?;
        if job.is_some() {
            break;
        }
    }
    if let Some(job) = &job {
        super::license_builds::mark_compiling(&mut *conn, job.id).await?;
        sqlx::query(
            "INSERT INTO compile_queue_turns (tenant_id, last_claimed_at) VALUES ($1, clock_timestamp())
             ON CONFLICT (tenant_id) DO UPDATE SET last_claimed_at = EXCLUDED.last_claimed_at",
        )
        .bind(job.tenant_id)
        .execute(&mut *conn)
        .await?;
    }
    let (state, current) = match &job {
        Some(j) => ("compiling", Some(j.id)),
        None => ("idle", None),
    };
    sqlx::query("UPDATE compile_agents SET state = $2, current_job_id = $3 WHERE id = $1")
        .bind(agent.id)
        .bind(state)
        .bind(current)
        .execute(conn)
        .await?;
    Ok(Claim { job, given_up })
}

/// One tier of [`claim`]: personal builds, or everything else.
async fn claim_in_tier(
    conn: &mut PgConnection,
    agent: &Agent,
    fairness: Fairness,
    personal_builds: bool,
) -> AppResult<Option<LeasedJob>> {
    Ok(sqlx::query_as(
        // The tenants with pending work in this tier are walked on the
        // (tier, tenant_id, created_at) index one tenant at a time (a loose
        // index scan), so a claim costs the number of waiting tenants, not
        // of waiting jobs.
        "WITH RECURSIVE pending_tenants AS (
              (SELECT tenant_id FROM compilation_jobs WHERE status = 'pending' AND (source = 'personal-build') = $5
                ORDER BY tenant_id LIMIT 1)
              UNION ALL
              SELECT (SELECT c.tenant_id FROM compilation_jobs c
                       WHERE c.status = 'pending' AND (c.source = 'personal-build') = $5 AND c.tenant_id > p.tenant_id
                       ORDER BY c.tenant_id LIMIT 1)
                FROM pending_tenants p WHERE p.tenant_id IS NOT NULL),
          waiting AS (
              SELECT tenant_id FROM pending_tenants WHERE tenant_id IS NOT NULL
              UNION
              SELECT tenant_id FROM compilation_jobs
               WHERE status = 'processing' AND lease_expires_at < now() AND (source = 'personal-build') = $5),
          turns AS (
              SELECT w.tenant_id, t.last_claimed_at
                FROM waiting w LEFT JOIN compile_queue_turns t USING (tenant_id)
               WHERE compile_pool_serves($3, w.tenant_id)
                 AND (SELECT count(*) FROM compilation_jobs p
                       WHERE p.tenant_id = w.tenant_id AND p.status = 'processing' AND p.lease_expires_at >= now()) < $4),
          -- Tenants in turn order; the first whose oldest job is not locked gives it (the
          -- nested loop stops there, so only that one row is locked).
          next AS (
              SELECT j.id
                FROM (SELECT tenant_id FROM turns
                       ORDER BY last_claimed_at NULLS FIRST,
                                (SELECT min(created_at) FROM compilation_jobs m
                                  WHERE m.tenant_id = turns.tenant_id AND m.status = 'pending'
                                    AND (m.source = 'personal-build') = $5) NULLS LAST) o
               CROSS JOIN LATERAL (
                   SELECT id FROM compilation_jobs c
                    WHERE c.tenant_id = o.tenant_id AND (c.source = 'personal-build') = $5
                      AND (c.status = 'pending' OR (c.status = 'processing' AND c.lease_expires_at < now()))
                    ORDER BY c.created_at FOR UPDATE SKIP LOCKED LIMIT 1) j
               LIMIT 1)
         UPDATE compilation_jobs j
            SET status = 'processing', agent_id = $1, attempts = j.attempts + 1, started_at = COALESCE(j.started_at, now()),
                lease_expires_at = now() + make_interval(secs => $2)
          WHERE j.id = (SELECT id FROM next)
          RETURNING j.id, j.tenant_id, j.robot_name, j.source_code, j.source_sha256, j.lease_expires_at, j.attempts,
                    (SELECT dll_imports_allowed FROM tenants WHERE id = j.tenant_id) AS dll_imports_allowed",
    )
    .bind(agent.id)
    .bind(f64::from(LEASE_SECONDS))
    .bind(agent.pool_id)
    .bind(fairness.in_progress_per_tenant)
    .bind(personal_builds)
    .fetch_optional(conn)
    .await?)
}

/// The transaction lock claims take (see [`claim`]).
const CLAIM_LOCK: &str = "compile-queue-claim";

/// How long until the soonest lease of a job being compiled runs out (zero
/// if one already has; None: no job is leased): a waiting claim sleeps that
/// long, as an expired lease sends no NOTIFY. Measured on the database's
/// clock, the one leases are written with, so the api's clock cannot skew it.
pub async fn time_to_next_lease_expiry(conn: &mut PgConnection) -> AppResult<Option<std::time::Duration>> {
    let seconds: Option<f64> = sqlx::query_scalar(
        "SELECT extract(epoch FROM min(lease_expires_at) - now())::float8
           FROM compilation_jobs WHERE status = 'processing'",
    )
    .fetch_one(conn)
    .await?;
    Ok(seconds.map(|s| std::time::Duration::from_secs_f64(s.max(0.0))))
}

/// Extends the lease of the agent's job (if it still holds it) and records
/// its state. Returns when the lease now ends (None: the job is no longer
/// this agent's — it should stop).
pub async fn heartbeat(
    conn: &mut PgConnection,
    agent: Uuid,
    job: Option<Uuid>,
    state: &str,
) -> AppResult<Option<DateTime<Utc>>> {
    sqlx::query("UPDATE compile_agents SET state = $2, last_seen_at = now() WHERE id = $1")
        .bind(agent)
        .bind(state)
        .execute(&mut *conn)
        .await?;
    let Some(job) = job else { return Ok(None) };
    Ok(sqlx::query_scalar(
        "UPDATE compilation_jobs SET lease_expires_at = now() + make_interval(secs => $3)
          WHERE id = $1 AND agent_id = $2 AND status = 'processing' RETURNING lease_expires_at",
    )
    .bind(job)
    .bind(agent)
    .bind(f64::from(LEASE_SECONDS))
    .fetch_optional(conn)
    .await?)
}

/// What an agent reports for a job.
pub struct JobOutcome<'a> {
    pub success: bool,
    pub compiled_file_url: Option<&'a str>,
    pub log: &'a str,
    pub diagnostics: &'a Value,
    pub error_message: Option<&'a str>,
}

/// Records the outcome of a job the agent still holds; false when it does
/// not (its lease ran out and the job moved on).
pub async fn finish(conn: &mut PgConnection, agent: Uuid, job: Uuid, outcome: &JobOutcome<'_>) -> AppResult<bool> {
    let updated = sqlx::query(
        "UPDATE compilation_jobs
            SET status = CASE WHEN $3 THEN 'completed' ELSE 'failed' END, compiled_file_url = $4, compile_log = $5,
                diagnostics = $6, error_message = $7, completed_at = now(), lease_expires_at = NULL
          WHERE id = $1 AND agent_id = $2 AND status = 'processing'",
    )
    .bind(job)
    .bind(agent)
    .bind(outcome.success)
    .bind(outcome.compiled_file_url)
    .bind(outcome.log)
    .bind(outcome.diagnostics)
    .bind(outcome.error_message)
    .execute(&mut *conn)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query(
        "UPDATE compile_agents SET state = 'idle', current_job_id = NULL,
                jobs_done = jobs_done + CASE WHEN $2 THEN 1 ELSE 0 END,
                jobs_failed = jobs_failed + CASE WHEN $2 THEN 0 ELSE 1 END
          WHERE id = $1",
    )
    .bind(agent)
    .bind(outcome.success)
    .execute(conn)
    .await?;
    Ok(true)
}

/// A job this agent holds now: its tenant and the hash of its source.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct HeldJob {
    pub tenant_id: Uuid,
    pub source_sha256: String,
}

/// The job if this agent holds it now (None: it does not).
pub async fn held_job(conn: &mut PgConnection, agent: Uuid, job: Uuid) -> AppResult<Option<HeldJob>> {
    Ok(sqlx::query_as(
        "SELECT tenant_id, source_sha256 FROM compilation_jobs WHERE id = $1 AND agent_id = $2 AND status = 'processing'",
    )
    .bind(job)
    .bind(agent)
    .fetch_optional(conn)
    .await?)
}

/// Gives an unfinished job back to the queue (the agent is stopping): it does
/// not count as an agent fault. False when the agent does not hold it.
pub async fn release(conn: &mut PgConnection, agent: Uuid, job: Uuid) -> AppResult<bool> {
    let updated = sqlx::query(
        "UPDATE compilation_jobs SET status = 'pending', agent_id = NULL, lease_expires_at = NULL,
                attempts = GREATEST(attempts - 1, 0)
          WHERE id = $1 AND agent_id = $2 AND status = 'processing'",
    )
    .bind(job)
    .bind(agent)
    .execute(&mut *conn)
    .await?;
    sqlx::query("UPDATE compile_agents SET state = 'offline', current_job_id = NULL WHERE id = $1")
        .bind(agent)
        .execute(conn)
        .await?;
    Ok(updated.rows_affected() == 1)
}

/// The fleet as one tenant's waiting jobs see it: agents online whose pool
/// serves the tenant, and how many of them are compiling now.
#[derive(Debug, Clone, Copy, Default, sqlx::FromRow)]
pub struct Serving {
    pub online: i64,
    pub compiling: i64,
}

/// Platform scope (pools and agents are the platform's).
pub async fn serving(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Serving> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT count(*) FILTER (WHERE {ONLINE}) AS online,
                count(*) FILTER (WHERE {ONLINE} AND a.state = 'compiling') AS compiling
           FROM compile_agents a WHERE compile_pool_serves(a.pool_id, $1)"
    )))
    .bind(tenant_id)
    .fetch_one(conn)
    .await?)
}

/// Agents online, and agents registered and not revoked. Platform scope.
pub async fn online_count(conn: &mut PgConnection) -> AppResult<(i64, i64)> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT count(*) FILTER (WHERE {ONLINE}), count(*) FILTER (WHERE a.is_active) FROM compile_agents a"
    )))
    .fetch_one(conn)
    .await?)
}
