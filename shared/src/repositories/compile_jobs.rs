//! Compile jobs as tenants and the admin see them: an owner queues an
//! imported `.mq5` and follows it; the admin reads the history of every
//! tenant (and its source). What agents do with a job is in
//! [`super::compile_fleet`].

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::{PgConnection, Postgres, QueryBuilder};
use uuid::Uuid;

use super::listing::{fetch_page, Listing, Narrow};
use crate::domain::error::AppResult;
use crate::domain::ids::new_id;
use crate::domain::pagination::{contains_pattern, Page, PageParams};

/// A job without its source: what its owner follows.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CompileJob {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub robot_id: Option<Uuid>,
    pub robot_name: String,
    pub source: String,
    pub status: String,
    pub original_file_name: Option<String>,
    pub compiled_file_url: Option<String>,
    pub robot_version_id: Option<Uuid>,
    pub error_message: Option<String>,
    pub diagnostics: Option<Value>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
}

const JOB: &str = "id, tenant_id, robot_id, robot_name, source, status, original_file_name, compiled_file_url,
                   robot_version_id, error_message, diagnostics, created_at, started_at, completed_at";

pub struct NewImport<'a> {
    pub tenant_id: Uuid,
    pub robot_id: Uuid,
    pub robot_name: &'a str,
    /// The source with the authentication template injected.
    pub source_code: &'a str,
    /// The source as the owner uploaded it.
    pub uploaded_source: &'a str,
    pub original_file_name: Option<&'a str>,
    /// Set for the factory's jobs (origin `ai-factory`); imports have none.
    pub generation_id: Option<Uuid>,
}

/// Queues an imported `.mq5` or a generated robot (pending: the trigger
/// wakes the agents).
pub async fn create_import(conn: &mut PgConnection, new: NewImport<'_>) -> AppResult<CompileJob> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "INSERT INTO compilation_jobs (id, tenant_id, robot_id, robot_name, source, source_code, original_file_name,
                                       uploaded_source, robot_generation_id)
         VALUES ($1, $2, $3, $4, CASE WHEN $8::uuid IS NULL THEN 'import' ELSE 'ai-factory' END, $5, $6, $7, $8)
         RETURNING {JOB}"
    )))
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(new.robot_id)
    .bind(new.robot_name)
    .bind(new.source_code)
    .bind(new.original_file_name)
    .bind(new.uploaded_source)
    .bind(new.generation_id)
    .fetch_one(conn)
    .await?)
}

pub async fn find(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<CompileJob>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {JOB} FROM compilation_jobs WHERE tenant_id = $1 AND id = $2"
    )))
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// A job of any tenant (platform or worker scope).
pub async fn find_any(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<CompileJob>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {JOB} FROM compilation_jobs WHERE id = $1")))
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// A job's status and, once compiled, its `.ex5`'s storage key; None for
/// no such job. Any tenant the scope can see (the agent's result names the
/// job only).
pub async fn status_and_file(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<(String, Option<String>)>> {
    Ok(sqlx::query_as("SELECT status, compiled_file_url FROM compilation_jobs WHERE id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// Links a compiled import to the robot version it became.
pub async fn set_robot_version(conn: &mut PgConnection, id: Uuid, version_id: Uuid) -> AppResult<()> {
    sqlx::query("UPDATE compilation_jobs SET robot_version_id = $2 WHERE id = $1")
        .bind(id)
        .bind(version_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// One row of the admin's compilation history.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct HistoryRow {
    pub id: Uuid,
    pub created_at: DateTime<Utc>,
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub robot_name: String,
    pub source: String,
    pub status: String,
    pub has_source_code: bool,
    pub error_message: Option<String>,
}

#[derive(Debug, Default, Clone)]
pub struct HistoryFilter {
    /// Part of the robot's or the tenant's name.
    pub q: Option<String>,
    /// import or ai-factory.
    pub source: Option<String>,
    /// pending, processing, completed or failed.
    pub status: Option<String>,
}

/// Compile jobs of every tenant, newest first.
pub async fn history(
    conn: &mut PgConnection,
    filter: &HistoryFilter,
    params: PageParams,
) -> AppResult<Page<HistoryRow>> {
    let pattern = contains_pattern(filter.q.as_deref());
    let listing = Listing {
        columns: "c.id, c.created_at, c.tenant_id, t.name AS tenant_name, c.robot_name, c.source, c.status,
                  (c.source_code IS NOT NULL AND c.source_code <> '') AS has_source_code, c.error_message",
        from: "compilation_jobs c",
        joins: " JOIN tenants t ON t.id = c.tenant_id",
        filters: |qb: &mut QueryBuilder<Postgres>| {
            if let Some(p) = &pattern {
                qb.push(" AND (c.robot_name ILIKE ").push_bind(p.clone());
                qb.push(" OR c.tenant_id IN (SELECT id FROM tenants WHERE name ILIKE ").push_bind(p.clone()).push("))");
            }
            if let Some(source) = &filter.source {
                qb.push(" AND c.source = ").push_bind(source.clone());
            }
            if let Some(status) = &filter.status {
                qb.push(" AND c.status = ").push_bind(status.clone());
            }
        },
        narrow: Narrow::by_filters_if(pattern.is_some()),
    };
    fetch_page(conn, listing, params).await
}

/// The stored source of a job: None when the job is unknown, Some(None)
/// when it has none.
pub async fn source_code(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<Option<String>>> {
    Ok(sqlx::query_scalar("SELECT NULLIF(source_code, '') FROM compilation_jobs WHERE id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// The injected and the uploaded source of one of the tenant's jobs (to
/// place compiler messages in the owner's file).
pub async fn sources(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<(String, String)>> {
    Ok(sqlx::query_as(
        "SELECT source_code, uploaded_source FROM compilation_jobs
          WHERE tenant_id = $1 AND id = $2 AND source_code IS NOT NULL AND uploaded_source IS NOT NULL",
    )
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// The completed job that made the compiled file `key`: its id, the hash of
/// the source it compiled and that source (what a version records of it).
pub async fn compiled_from(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    key: &str,
) -> AppResult<Option<(Uuid, String, Option<String>)>> {
    Ok(sqlx::query_as(
        "SELECT id, source_sha256, source_code FROM compilation_jobs
          WHERE tenant_id = $1 AND compiled_file_url = $2 AND status = 'completed'
          ORDER BY completed_at DESC LIMIT 1",
    )
    .bind(tenant_id)
    .bind(key)
    .fetch_optional(conn)
    .await?)
}

/// Jobs per status, for /metrics.
pub async fn count_by_status(conn: &mut PgConnection) -> AppResult<Vec<(String, i64)>> {
    Ok(sqlx::query_as("SELECT status, count(*) FROM compilation_jobs GROUP BY status").fetch_all(conn).await?)
}

/// The `.mq5` an owner imported that became `version` of the robot (the
/// newest import of it), with its file name: what a rebuild injects again.
pub async fn imported_source_of_version(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    version: &str,
) -> AppResult<Option<(String, Option<String>)>> {
    Ok(sqlx::query_as(
        "SELECT j.uploaded_source, j.original_file_name
           FROM compilation_jobs j
           JOIN robot_versions v ON v.tenant_id = j.tenant_id AND v.id = j.robot_version_id
          WHERE j.tenant_id = $1 AND v.robot_id = $2 AND v.version = $3 AND j.source = 'import'
            AND j.uploaded_source IS NOT NULL
          ORDER BY j.created_at DESC LIMIT 1",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(version)
    .fetch_optional(conn)
    .await?)
}

/// The tenant's imports (and rebuilds) queued in the last 24 hours, counted
/// under a per-tenant transaction lock: two imports at once cannot both pass
/// the last place. Call in the transaction that then queues the job.
pub async fn imports_in_the_last_day(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<i64> {
    crate::infrastructure::db::lock_for_transaction(&mut *conn, &format!("imports:{tenant_id}")).await?;
    Ok(sqlx::query_scalar(
        "SELECT count(*) FROM compilation_jobs
          WHERE tenant_id = $1 AND source = 'import' AND created_at > now() - interval '24 hours'",
    )
    .bind(tenant_id)
    .fetch_one(conn)
    .await?)
}

/// A robot's compile job as its screens follow it (no source, no log).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RobotJob {
    pub id: Uuid,
    pub status: String,
    pub source: String,
    pub original_file_name: Option<String>,
    pub error_message: Option<String>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
}

/// A robot's compiles still to come (waiting or compiling) and its failures
/// of the last 7 days that no later compile of it fixed, newest first, so a
/// robot whose import is queued never looks as if it had nothing coming.
/// Personal builds (one buyer's copy of an existing version) are not the
/// robot's versions and stay out. Owner scope.
pub async fn of_robot(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid) -> AppResult<Vec<RobotJob>> {
    Ok(sqlx::query_as(
        "SELECT j.id, j.status, j.source, j.original_file_name, j.error_message, j.created_at, j.started_at,
                j.completed_at
           FROM compilation_jobs j
          WHERE j.tenant_id = $1 AND j.robot_id = $2 AND j.source <> 'personal-build'
            AND (j.status IN ('pending', 'processing')
                 OR (j.status = 'failed' AND j.completed_at > now() - interval '7 days'
                     AND NOT EXISTS (SELECT 1 FROM compilation_jobs c
                                      WHERE c.tenant_id = j.tenant_id AND c.robot_id = j.robot_id
                                        AND c.status = 'completed' AND c.source <> 'personal-build'
                                        AND c.created_at > j.created_at)))
          ORDER BY j.created_at DESC, j.id DESC
          LIMIT 20",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .fetch_all(conn)
    .await?)
}

/// For each of `jobs` that is pending, how many jobs of any tenant (personal
/// builds aside: they go last) were queued before it and still wait.
/// Tenants take turns, so this is the most that can go first. Platform
/// scope: the count reads every tenant's queue, and only the number leaves.
pub async fn queued_before(conn: &mut PgConnection, jobs: &[Uuid]) -> AppResult<Vec<(Uuid, i64)>> {
    Ok(sqlx::query_as(
        "SELECT j.id, (SELECT count(*) FROM compilation_jobs p
                        WHERE p.status = 'pending' AND p.source <> 'personal-build' AND p.created_at < j.created_at)
           FROM compilation_jobs j WHERE j.id = ANY($1) AND j.status = 'pending'",
    )
    .bind(jobs)
    .fetch_all(conn)
    .await?)
}
