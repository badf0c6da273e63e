//! Gauges read at scrape time for `/metrics` (worker scope, every tenant):
//! what is waiting in the job queues and how the compile fleet stands.

use sqlx::PgConnection;

use crate::domain::error::AppResult;

/// Jobs not done yet, by queue and apalis status (Pending, Queued, Running,
/// Failed, Killed).
pub async fn queue_depth(conn: &mut PgConnection) -> AppResult<Vec<(String, String, i64)>> {
    Ok(sqlx::query_as(
        "SELECT job_type, status, count(*) FROM apalis.jobs WHERE status <> 'Done' GROUP BY job_type, status",
    )
    .fetch_all(conn)
    .await?)
}

/// Active agents by state, counting only those heard from in the last
/// minute as connected (a heartbeat comes every few seconds).
pub async fn connected_agents(conn: &mut PgConnection) -> AppResult<Vec<(String, i64)>> {
    Ok(sqlx::query_as(
        "SELECT state, count(*) FROM compile_agents
          WHERE is_active AND last_seen_at > now() - interval '60 seconds' GROUP BY state",
    )
    .fetch_all(conn)
    .await?)
}

/// The newest migration applied to this database (readiness).
pub async fn schema_version(conn: &mut PgConnection) -> AppResult<Option<i64>> {
    Ok(sqlx::query_scalar("SELECT schema_version()").fetch_one(conn).await?)
}
