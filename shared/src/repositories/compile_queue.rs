//! The compile queue as the platform admin watches it: depth and oldest wait
//! per tenant, and the alerts raised for jobs no agent claimed. Platform scope.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TenantQueue {
    pub tenant_id: Uuid,
    pub tenant_name: String,
    /// Waiting for an agent.
    pub pending: i64,
    /// Being compiled now.
    pub in_progress: i64,
    /// When its oldest waiting job was queued.
    pub oldest_queued_at: Option<DateTime<Utc>>,
}

/// Tenants with work queued or in progress, the longest waiting first.
pub async fn by_tenant(conn: &mut PgConnection) -> AppResult<Vec<TenantQueue>> {
    Ok(sqlx::query_as(
        "SELECT j.tenant_id, t.name AS tenant_name,
                count(*) FILTER (WHERE j.status = 'pending') AS pending,
                count(*) FILTER (WHERE j.status = 'processing') AS in_progress,
                min(j.created_at) FILTER (WHERE j.status = 'pending') AS oldest_queued_at
           FROM compilation_jobs j JOIN tenants t ON t.id = j.tenant_id
          WHERE j.status IN ('pending', 'processing')
          GROUP BY j.tenant_id, t.name
          ORDER BY min(j.created_at) FILTER (WHERE j.status = 'pending') NULLS LAST, t.name",
    )
    .fetch_all(conn)
    .await?)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Alert {
    pub id: Uuid,
    pub kind: String,
    pub subject_id: Uuid,
    pub tenant_id: Option<Uuid>,
    pub tenant_name: Option<String>,
    pub message: String,
    pub created_at: DateTime<Utc>,
}

/// Alerts not yet acknowledged, newest first.
pub async fn open_alerts(conn: &mut PgConnection) -> AppResult<Vec<Alert>> {
    Ok(sqlx::query_as(
        "SELECT a.id, a.kind, a.subject_id, a.tenant_id, t.name AS tenant_name, a.message, a.created_at
           FROM platform_alerts a LEFT JOIN tenants t ON t.id = a.tenant_id
          WHERE a.acknowledged_at IS NULL ORDER BY a.created_at DESC LIMIT 100",
    )
    .fetch_all(conn)
    .await?)
}

pub async fn acknowledge(conn: &mut PgConnection, id: Uuid) -> AppResult<bool> {
    let done =
        sqlx::query("UPDATE platform_alerts SET acknowledged_at = COALESCE(acknowledged_at, now()) WHERE id = $1")
            .bind(id)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Raises one alert for every job still pending after `wait` that has none
/// yet: the job is marked in the same statement, so two passes at once (two
/// workers) alert once. Returns the alerts raised.
pub async fn alert_stalled_jobs(conn: &mut PgConnection, wait: std::time::Duration) -> AppResult<Vec<Alert>> {
    Ok(sqlx::query_as(
        "WITH stalled AS (
              UPDATE compilation_jobs SET stall_alerted_at = now()
               WHERE status = 'pending' AND stall_alerted_at IS NULL
                 AND created_at < now() - make_interval(secs => $1)
              RETURNING id, tenant_id, robot_name, created_at),
          raised AS (
              INSERT INTO platform_alerts (id, kind, subject_id, tenant_id, message)
              SELECT gen_random_uuid(), 'compile_job_stalled', s.id, s.tenant_id,
                     format('Nenhum agente de compilação pegou o job de %s (tenant %s) em %s minutos: verifique a frota.',
                            s.robot_name, t.name, ($1 / 60)::int)
                FROM stalled s JOIN tenants t ON t.id = s.tenant_id
              ON CONFLICT (kind, subject_id) DO NOTHING
              RETURNING id, kind, subject_id, tenant_id, message, created_at)
         SELECT r.id, r.kind, r.subject_id, r.tenant_id, t.name AS tenant_name, r.message, r.created_at
           FROM raised r LEFT JOIN tenants t ON t.id = r.tenant_id",
    )
    .bind(wait.as_secs_f64())
    .fetch_all(conn)
    .await?)
}

/// The job that has waited longest for an agent.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OldestWaiting {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub robot_name: String,
    pub waiting_seconds: i64,
}

/// Jobs waiting for an agent (every tier) and the oldest of them. Platform scope.
pub async fn waiting(conn: &mut PgConnection) -> AppResult<(i64, Option<OldestWaiting>)> {
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM compilation_jobs WHERE status = 'pending'")
        .fetch_one(&mut *conn)
        .await?;
    let oldest = sqlx::query_as(
        "SELECT j.id, j.tenant_id, t.name AS tenant_name, j.robot_name,
                floor(extract(epoch FROM now() - j.created_at))::bigint AS waiting_seconds
           FROM compilation_jobs j JOIN tenants t ON t.id = j.tenant_id
          WHERE j.status = 'pending' ORDER BY j.created_at, j.id LIMIT 1",
    )
    .fetch_optional(conn)
    .await?;
    Ok((count, oldest))
}
