//! Backtests (decision 0016): runs of MetaTrader 5's Strategy Tester on a
//! stored `.ex5`, queued by the factory's gate or by the owner, leased to
//! agents with the "tester" capability only when no compile waits, kept by
//! heartbeats for hours, cancelled by the owner, and counted in tester
//! minutes against the tenant's monthly quota.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::ids::new_id;

/// A run as the portals see it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Backtest {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub robot_id: Option<Uuid>,
    pub robot_name: String,
    pub file_key: String,
    pub factory_version_id: Option<Uuid>,
    pub origin: String,
    pub status: String,
    pub profile: Value,
    pub thresholds: Value,
    pub attempts: i32,
    pub started_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    pub tester_seconds: i32,
    pub summary: Option<Value>,
    pub equity_curve: Option<Value>,
    pub recommended: Option<bool>,
    pub reasons: Option<Value>,
    pub error_message: Option<String>,
    pub on_sales_page: bool,
    pub created_at: DateTime<Utc>,
}

const BACKTEST: &str = "id, tenant_id, robot_id, robot_name, file_key, factory_version_id, origin, status, profile,
                        thresholds, attempts, started_at, completed_at, tester_seconds, summary, equity_curve,
                        recommended, reasons, error_message, on_sales_page, created_at";

/// Runs leased this often without a result fail (the robot hangs the terminal).
pub const MAX_ATTEMPTS: i32 = 3;
const AGENTS_GAVE_UP: &str = "Os agentes não concluíram o teste após 3 tentativas.";

pub struct NewBacktest<'a> {
    pub tenant_id: Uuid,
    pub robot_id: Option<Uuid>,
    pub robot_name: &'a str,
    pub file_key: &'a str,
    pub factory_version_id: Option<Uuid>,
    pub origin: &'static str,
    pub profile: &'a Value,
    pub thresholds: &'a Value,
    pub requested_by: Option<Uuid>,
}

/// The month's tester minutes: the quota and the seconds used (finished
/// runs' measured time, and running ones' time so far), in Brazil's month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct TesterUse {
    pub quota_minutes: i32,
    pub used_seconds: i64,
}

impl TesterUse {
    pub fn exhausted(&self) -> bool {
        self.used_seconds >= i64::from(self.quota_minutes) * 60
    }
}

const MONTH_START: &str =
    "date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo'";

pub async fn tester_use(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<TesterUse> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT t.tester_monthly_minutes AS quota_minutes,
                COALESCE((SELECT sum(CASE WHEN b.status = 'running'
                                          THEN GREATEST(extract(epoch FROM now() - b.started_at)::bigint, 0)
                                          ELSE b.tester_seconds END)
                            FROM backtests b
                           WHERE b.tenant_id = t.id AND b.started_at >= {MONTH_START}), 0)::bigint AS used_seconds
           FROM tenants t WHERE t.id = $1"
    )))
    .bind(tenant_id)
    .fetch_optional(conn)
    .await?
    .unwrap_or(TesterUse { quota_minutes: 0, used_seconds: 0 }))
}

/// Serialises one tenant's queueing (two requests at once cannot both pass
/// the quota or both queue the same file).
pub async fn lock_tenant(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<()> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext('tester-quota'), hashtext($1::text))")
        .bind(tenant_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Queues a run, or finds the one already waiting or running for the same
/// file (false: nothing new was queued). The caller checked the quota under
/// [`lock_tenant`].
pub async fn queue(conn: &mut PgConnection, new: &NewBacktest<'_>) -> AppResult<(Backtest, bool)> {
    let inserted: Option<Backtest> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "INSERT INTO backtests (id, tenant_id, robot_id, robot_name, file_key, factory_version_id, origin, profile,
                                thresholds, requested_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (tenant_id, file_key) WHERE status IN ('queued', 'running') DO NOTHING
         RETURNING {BACKTEST}"
    )))
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(new.robot_id)
    .bind(new.robot_name)
    .bind(new.file_key)
    .bind(new.factory_version_id)
    .bind(new.origin)
    .bind(new.profile)
    .bind(new.thresholds)
    .bind(new.requested_by)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(created) = inserted {
        // Wakes the agents' waiting claims, as a queued compile job does.
        sqlx::query(
            "SELECT pg_notify('roboforge_compile_jobs',
                    json_build_object('tenantId', $1::uuid, 'jobId', $2::uuid, 'status', 'pending', 'kind', 'backtest')::text)",
        )
        .bind(created.tenant_id)
        .bind(created.id)
        .execute(&mut *conn)
        .await?;
        return Ok((created, true));
    }
    let live: Backtest = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {BACKTEST} FROM backtests
          WHERE tenant_id = $1 AND file_key = $2 AND status IN ('queued', 'running')"
    )))
    .bind(new.tenant_id)
    .bind(new.file_key)
    .fetch_one(conn)
    .await?;
    Ok((live, false))
}

pub async fn find(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<Backtest>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {BACKTEST} FROM backtests WHERE tenant_id = $1 AND id = $2"
    )))
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// The runs of one stored file, newest first (at most 20: a version's history).
pub async fn list_for_file(conn: &mut PgConnection, tenant_id: Uuid, file_key: &str) -> AppResult<Vec<Backtest>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {BACKTEST} FROM backtests WHERE tenant_id = $1 AND file_key = $2
          ORDER BY created_at DESC, id DESC LIMIT 20"
    )))
    .bind(tenant_id)
    .bind(file_key)
    .fetch_all(conn)
    .await?)
}

/// The newest run of each of these files, whatever its status (the owner's
/// versions list).
pub async fn latest_for_files(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    file_keys: &[String],
) -> AppResult<Vec<Backtest>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT DISTINCT ON (file_key) {BACKTEST} FROM backtests WHERE tenant_id = $1 AND file_key = ANY($2)
          ORDER BY file_key, created_at DESC, id DESC"
    )))
    .bind(tenant_id)
    .bind(file_keys)
    .fetch_all(conn)
    .await?)
}

/// The numbers a buyer sees: the newest finished run of each file, among
/// those the owner chose for the sales page when `on_sales_page_only`.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PublishedBacktest {
    pub id: Uuid,
    pub file_key: String,
    pub profile: Value,
    pub summary: Option<Value>,
    pub equity_curve: Option<Value>,
    pub recommended: Option<bool>,
    pub completed_at: Option<DateTime<Utc>>,
}

pub async fn latest_completed(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    file_keys: &[String],
    on_sales_page_only: bool,
) -> AppResult<Vec<PublishedBacktest>> {
    Ok(sqlx::query_as(
        "SELECT DISTINCT ON (file_key) id, file_key, profile, summary, equity_curve, recommended, completed_at
           FROM backtests
          WHERE tenant_id = $1 AND file_key = ANY($2) AND status = 'completed' AND (NOT $3 OR on_sales_page)
          ORDER BY file_key, completed_at DESC, id DESC",
    )
    .bind(tenant_id)
    .bind(file_keys)
    .bind(on_sales_page_only)
    .fetch_all(conn)
    .await?)
}

/// The owner stops a run: a waiting one at once, a running one too (its
/// agent's next heartbeat finds the lease gone and kills the terminal); the
/// time it ran counts. None: no such run of the tenant, or already over.
pub async fn cancel(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<Backtest>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE backtests
            SET status = 'cancelled', lease_expires_at = NULL, agent_id = NULL, completed_at = now(), updated_at = now(),
                tester_seconds = CASE WHEN status = 'running' AND started_at IS NOT NULL
                                      THEN GREATEST(extract(epoch FROM now() - started_at)::int, 0) ELSE 0 END,
                error_message = 'Cancelado pelo dono.'
          WHERE tenant_id = $1 AND id = $2 AND status IN ('queued', 'running')
          RETURNING {BACKTEST}"
    )))
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// Shows (or hides) a finished run on the robot's public sales page. None:
/// no finished run of the tenant by that id.
pub async fn set_on_sales_page(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    shown: bool,
) -> AppResult<Option<Backtest>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE backtests SET on_sales_page = $3, updated_at = now()
          WHERE tenant_id = $1 AND id = $2 AND status = 'completed'
          RETURNING {BACKTEST}"
    )))
    .bind(tenant_id)
    .bind(id)
    .bind(shown)
    .fetch_optional(conn)
    .await?)
}

// ---- the agents' side (platform scope) ----

/// A run as an agent receives it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LeasedBacktest {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub robot_name: String,
    pub file_key: String,
    pub profile: Value,
    pub lease_expires_at: DateTime<Utc>,
}

/// Leases the oldest waiting run (or one whose lease ran out) of a tenant
/// the agent's pool serves, with no other run of its own going and minutes
/// left this month; tenants take turns by their oldest waiting run. The
/// caller tries this only when no compile job was waiting (backtests are
/// below compiles), under the same claim lock.
/// `lease_seconds` (BACKTEST_LEASE_SECONDS) is how long the lease lasts
/// without a heartbeat: agents beat every 20 s, so a run of hours keeps it
/// while a dead agent's run is taken again within minutes.
pub async fn claim(
    conn: &mut PgConnection,
    agent_id: Uuid,
    pool_id: Uuid,
    lease_seconds: i32,
) -> AppResult<Option<LeasedBacktest>> {
    sqlx::query(
        "UPDATE backtests SET status = 'failed', error_message = $1, completed_at = now(), updated_at = now(),
                lease_expires_at = NULL,
                tester_seconds = GREATEST(extract(epoch FROM lease_expires_at - started_at)::int, 0)
          WHERE status = 'running' AND lease_expires_at < now() AND attempts >= $2",
    )
    .bind(AGENTS_GAVE_UP)
    .bind(MAX_ATTEMPTS)
    .execute(&mut *conn)
    .await?;
    let leased: Option<LeasedBacktest> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "WITH next AS (
              SELECT b.id FROM backtests b
               WHERE (b.status = 'queued' OR (b.status = 'running' AND b.lease_expires_at < now()))
                 AND compile_pool_serves($3, b.tenant_id)
                 AND NOT EXISTS (SELECT 1 FROM backtests o
                                  WHERE o.tenant_id = b.tenant_id AND o.id <> b.id AND o.status = 'running'
                                    AND o.lease_expires_at >= now())
                 AND (SELECT t.tester_monthly_minutes::bigint * 60 FROM tenants t WHERE t.id = b.tenant_id)
                     > COALESCE((SELECT sum(u.tester_seconds) FROM backtests u
                                  WHERE u.tenant_id = b.tenant_id AND u.status <> 'running'
                                    AND u.started_at >= {MONTH_START}), 0)
               ORDER BY b.created_at
               FOR UPDATE SKIP LOCKED LIMIT 1)
         UPDATE backtests b
            SET status = 'running', agent_id = $1, attempts = b.attempts + 1, updated_at = now(),
                started_at = COALESCE(b.started_at, now()), lease_expires_at = now() + make_interval(secs => $2)
          WHERE b.id = (SELECT id FROM next)
          RETURNING b.id, b.tenant_id, b.robot_name, b.file_key, b.profile, b.lease_expires_at"
    )))
    .bind(agent_id)
    .bind(f64::from(lease_seconds))
    .bind(pool_id)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(run) = &leased {
        sqlx::query("UPDATE compile_agents SET state = 'testing', current_job_id = $2 WHERE id = $1")
            .bind(agent_id)
            .bind(run.id)
            .execute(conn)
            .await?;
    }
    Ok(leased)
}

/// How long until the soonest backtest lease runs out (zero if one already
/// has; None: none is leased), on the database's clock: a waiting tester
/// claim wakes then, as an expired lease sends no NOTIFY.
pub async fn time_to_next_lease_expiry(conn: &mut PgConnection) -> AppResult<Option<std::time::Duration>> {
    let seconds: Option<f64> = sqlx::query_scalar(
        "SELECT extract(epoch FROM min(lease_expires_at) - now())::float8 FROM backtests WHERE status = 'running'",
    )
    .fetch_one(conn)
    .await?;
    Ok(seconds.map(|s| std::time::Duration::from_secs_f64(s.max(0.0))))
}

/// Extends the lease of the agent's run; None: it is not the agent's any more
/// (cancelled, or taken by another after the lease ran out).
pub async fn heartbeat(
    conn: &mut PgConnection,
    agent_id: Uuid,
    id: Uuid,
    lease_seconds: i32,
) -> AppResult<Option<DateTime<Utc>>> {
    Ok(sqlx::query_scalar(
        "UPDATE backtests SET lease_expires_at = now() + make_interval(secs => $3), updated_at = now()
          WHERE id = $1 AND agent_id = $2 AND status = 'running' RETURNING lease_expires_at",
    )
    .bind(id)
    .bind(agent_id)
    .bind(f64::from(lease_seconds))
    .fetch_optional(conn)
    .await?)
}

/// The run if this agent holds it now.
pub async fn held(conn: &mut PgConnection, agent_id: Uuid, id: Uuid) -> AppResult<Option<Backtest>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {BACKTEST} FROM backtests WHERE id = $1 AND agent_id = $2 AND status = 'running'"
    )))
    .bind(id)
    .bind(agent_id)
    .fetch_optional(conn)
    .await?)
}

/// What the tester gave, read by the server.
pub struct Finished<'a> {
    pub report_key: Option<&'a str>,
    pub summary: Option<&'a Value>,
    pub equity_curve: Option<&'a Value>,
    pub recommended: Option<bool>,
    pub reasons: Option<&'a Value>,
    pub error_message: Option<&'a str>,
}

impl<'a> Finished<'a> {
    /// No report: the run failed for `reason`.
    pub fn failed(reason: &'a str) -> Self {
        Finished {
            report_key: None,
            summary: None,
            equity_curve: None,
            recommended: None,
            reasons: None,
            error_message: Some(reason),
        }
    }
}

/// Records the result of a run the agent still holds (false: it does not),
/// with the time since it was leased as the minutes it used.
pub async fn finish(
    conn: &mut PgConnection,
    agent_id: Uuid,
    id: Uuid,
    finished: &Finished<'_>,
) -> AppResult<Option<Backtest>> {
    let done: Option<Backtest> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE backtests
            SET status = CASE WHEN $3::jsonb IS NULL THEN 'failed' ELSE 'completed' END,
                report_key = $4, summary = $3, equity_curve = $5, recommended = $6, reasons = $7, error_message = $8,
                completed_at = now(), lease_expires_at = NULL, updated_at = now(),
                tester_seconds = GREATEST(extract(epoch FROM now() - started_at)::int, 0)
          WHERE id = $1 AND agent_id = $2 AND status = 'running'
          RETURNING {BACKTEST}"
    )))
    .bind(id)
    .bind(agent_id)
    .bind(finished.summary)
    .bind(finished.report_key)
    .bind(finished.equity_curve)
    .bind(finished.recommended)
    .bind(finished.reasons)
    .bind(finished.error_message)
    .fetch_optional(&mut *conn)
    .await?;
    if done.is_some() {
        sqlx::query("UPDATE compile_agents SET state = 'idle', current_job_id = NULL WHERE id = $1")
            .bind(agent_id)
            .execute(conn)
            .await?;
    }
    Ok(done)
}

/// Gives a run back unfinished (the agent is stopping); it does not count
/// as an attempt, and the time it ran so far is not charged.
pub async fn release(conn: &mut PgConnection, agent_id: Uuid, id: Uuid) -> AppResult<bool> {
    let updated = sqlx::query(
        "UPDATE backtests SET status = 'queued', agent_id = NULL, lease_expires_at = NULL, started_at = NULL,
                attempts = GREATEST(attempts - 1, 0), updated_at = now()
          WHERE id = $1 AND agent_id = $2 AND status = 'running'",
    )
    .bind(id)
    .bind(agent_id)
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() == 1)
}

// ---- settings ----

/// The project's tester profile and thresholds (null: the defaults).
pub async fn project_settings(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    project_id: Uuid,
) -> AppResult<Option<(Option<Value>, Option<Value>)>> {
    Ok(sqlx::query_as("SELECT tester_profile, tester_thresholds FROM robot_projects WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(project_id)
        .fetch_optional(conn)
        .await?)
}

pub async fn set_project_settings(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    project_id: Uuid,
    profile: &Value,
    thresholds: &Value,
) -> AppResult<bool> {
    Ok(sqlx::query(
        "UPDATE robot_projects SET tester_profile = $3, tester_thresholds = $4, updated_at = now()
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(tenant_id)
    .bind(project_id)
    .bind(profile)
    .bind(thresholds)
    .execute(conn)
    .await?
    .rows_affected()
        == 1)
}

/// The platform admin sets a tenant's monthly tester minutes.
pub async fn set_quota(conn: &mut PgConnection, tenant_id: Uuid, minutes: i32) -> AppResult<Option<i32>> {
    Ok(sqlx::query_scalar(
        "UPDATE tenants t SET tester_monthly_minutes = $2, updated_at = now()
           FROM (SELECT tester_monthly_minutes AS before FROM tenants WHERE id = $1) b
          WHERE t.id = $1 RETURNING b.before",
    )
    .bind(tenant_id)
    .bind(minutes)
    .fetch_optional(conn)
    .await?)
}
