//! The AI factory's rows: projects (with their conversation), versions and
//! generations, the monthly quota and the model's usage. Owners start
//! projects and versions; the pipeline (worker scope) writes code, statuses
//! and files.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgConnection;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::domain::error::{AppError, AppResult};
use crate::domain::ids::new_id;
use crate::domain::pagination::{Counted, Page, PageParams};
use crate::domain::robot_strategy::StrategyPrompt;

/// One message of a project's conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationMessage {
    pub id: Uuid,
    /// system, assistant or user.
    pub role: String,
    /// request, generation, review, static_check, compiling, compile_error,
    /// compile_success, fix, adjustment, error or published.
    #[serde(rename = "type")]
    pub kind: String,
    pub content: String,
    pub created_at: DateTime<Utc>,
}

impl ConversationMessage {
    pub fn new(role: &str, kind: &str, content: impl Into<String>) -> Self {
        Self { id: new_id(), role: role.into(), kind: kind.into(), content: content.into(), created_at: Utc::now() }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Project {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub name: String,
    pub description: Option<String>,
    pub status: String,
    pub published_robot_id: Option<Uuid>,
    pub robot_id: Option<Uuid>,
    pub latest_version_id: Option<Uuid>,
    pub conversation_history: Value,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub version_count: i64,
    pub latest_version: Option<i32>,
    pub latest_status: Option<String>,
}

macro_rules! project_columns {
    () => {
        "p.id, p.tenant_id, p.name, p.description, p.status, p.published_robot_id, p.robot_id, p.latest_version_id,
         p.conversation_history, p.created_at, p.updated_at,
         (SELECT count(*) FROM robot_project_versions v WHERE v.tenant_id = p.tenant_id AND v.project_id = p.id)
             AS version_count,
         lv.version AS latest_version, lv.compilation_status AS latest_status"
    };
}
const PROJECT_FROM: &str =
    " FROM robot_projects p LEFT JOIN robot_project_versions lv ON lv.tenant_id = p.tenant_id AND lv.id = p.latest_version_id";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Version {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub project_id: Uuid,
    pub version: i32,
    pub source_code: Option<String>,
    pub compilation_status: String,
    pub compilation_job_id: Option<Uuid>,
    pub compiled_file_url: Option<String>,
    pub error_log: Option<String>,
    pub generation_prompt: Option<Value>,
    pub review_notes: Option<String>,
    pub retry_count: i32,
    pub max_retries: i32,
    pub generation_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    /// From the compile job, when there is one.
    pub error_message: Option<String>,
    pub diagnostics: Option<Value>,
    pub uploaded_source: Option<String>,
    pub injected_source: Option<String>,
    pub compile_log: Option<String>,
    /// What the tester's gate told the model (its one extra fix round was used).
    pub tester_feedback: Option<String>,
}

impl Version {
    /// The compiler's messages at the lines of the generated code.
    pub fn diagnostics(&self) -> Vec<crate::domain::compile_diagnostics::JobDiagnostic> {
        let sources = self.injected_source.clone().zip(self.uploaded_source.clone());
        crate::domain::compile_diagnostics::placed(self.diagnostics.as_ref(), sources.as_ref())
    }

    pub fn prompt(&self) -> Option<StrategyPrompt> {
        self.generation_prompt.clone().and_then(|v| serde_json::from_value(v).ok())
    }

    /// Still being generated, reviewed, compiled or fixed.
    pub fn is_running(&self) -> bool {
        !matches!(self.compilation_status.as_str(), "success" | "failed")
    }
}

const VERSION_SELECT: &str = "SELECT v.id, v.tenant_id, v.project_id, v.version, v.source_code, v.compilation_status,
        v.compilation_job_id, v.compiled_file_url, v.error_log, v.generation_prompt, v.review_notes, v.retry_count,
        v.max_retries, v.generation_id, v.created_at, j.error_message, j.diagnostics, j.uploaded_source,
        j.source_code AS injected_source, j.compile_log, v.tester_feedback
    FROM robot_project_versions v
    LEFT JOIN compilation_jobs j ON j.tenant_id = v.tenant_id AND j.id = v.compilation_job_id";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Generation {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub project_id: Option<Uuid>,
    pub robot_id: Option<Uuid>,
    pub version: i32,
    pub source_code: Option<String>,
    pub generation_prompt: Option<Value>,
    pub status: String,
    pub compilation_attempts: i32,
    pub error_log: Option<String>,
    pub review_notes: Option<String>,
    pub created_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
    /// The version's finer status (generating … compiling, fixing).
    pub step: Option<String>,
}

const GENERATION_SELECT: &str = "SELECT g.id, g.tenant_id, g.project_id, g.robot_id, g.version, g.source_code,
        g.generation_prompt, g.status, g.compilation_attempts, g.error_log, g.review_notes, g.created_at,
        g.completed_at,
        (SELECT v.compilation_status FROM robot_project_versions v
          WHERE v.tenant_id = g.tenant_id AND v.generation_id = g.id LIMIT 1) AS step
    FROM robot_generations g";

/// Serialises quota checks of one tenant (two requests at once cannot both
/// take the last generation of the month).
pub async fn lock_quota(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<()> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext('ai-quota'), hashtext($1::text))")
        .bind(tenant_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The month's quota and the generations started in it (calendar month in
/// Brazil's time).
pub async fn quota_use(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<(i32, i64)> {
    Ok(sqlx::query_as(
        "SELECT t.ai_monthly_quota,
                (SELECT count(*) FROM robot_generations g
                  WHERE g.tenant_id = t.id
                    AND g.created_at >= date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo')
                                        AT TIME ZONE 'America/Sao_Paulo')
           FROM tenants t WHERE t.id = $1",
    )
    .bind(tenant_id)
    .fetch_optional(conn)
    .await?
    .unwrap_or((0, 0)))
}

/// What the owner starts: a new project, or a new version of one.
pub struct NewVersion<'a> {
    pub tenant_id: Uuid,
    pub project_id: Uuid,
    pub robot_id: Option<Uuid>,
    pub prompt: &'a StrategyPrompt,
    pub max_retries: i32,
}

pub async fn create_project(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    prompt: &StrategyPrompt,
    robot_id: Uuid,
) -> AppResult<Uuid> {
    let id = new_id();
    let request = ConversationMessage::new(
        "user",
        "request",
        format!("Criar o robô \"{}\".\n\n{}", prompt.robot_name.trim(), prompt.description()),
    );
    sqlx::query(
        "INSERT INTO robot_projects (id, tenant_id, name, description, status, robot_id, conversation_history)
         VALUES ($1, $2, $3, $4, 'in_progress', $5, jsonb_build_array($6::jsonb))",
    )
    .bind(id)
    .bind(tenant_id)
    .bind(prompt.robot_name.trim())
    .bind(prompt.description().chars().take(2000).collect::<String>())
    .bind(robot_id)
    .bind(serde_json::to_value(&request).map_err(AppError::internal)?)
    .execute(conn)
    .await?;
    Ok(id)
}

/// The project's next version and its generation, pending for the pipeline.
pub async fn add_version(conn: &mut PgConnection, new: NewVersion<'_>) -> AppResult<Uuid> {
    let number: i32 = sqlx::query_scalar(
        "SELECT COALESCE(max(version), 0) + 1 FROM robot_project_versions WHERE tenant_id = $1 AND project_id = $2",
    )
    .bind(new.tenant_id)
    .bind(new.project_id)
    .fetch_one(&mut *conn)
    .await?;
    let prompt = serde_json::to_value(new.prompt).map_err(AppError::internal)?;
    let mut generation_prompt = prompt.clone();
    generation_prompt["robotDescription"] = Value::String(new.prompt.description());
    let generation_id = new_id();
    sqlx::query(
        "INSERT INTO robot_generations (id, tenant_id, project_id, robot_id, version, generation_prompt, status)
         VALUES ($1, $2, $3, $4, $5, $6, 'generating')",
    )
    .bind(generation_id)
    .bind(new.tenant_id)
    .bind(new.project_id)
    .bind(new.robot_id)
    .bind(number)
    .bind(&generation_prompt)
    .execute(&mut *conn)
    .await?;
    let version_id = new_id();
    sqlx::query(
        "INSERT INTO robot_project_versions (id, tenant_id, project_id, version, generation_prompt, compilation_status,
                                             max_retries, generation_id)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7)",
    )
    .bind(version_id)
    .bind(new.tenant_id)
    .bind(new.project_id)
    .bind(number)
    .bind(&prompt)
    .bind(new.max_retries)
    .bind(generation_id)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE robot_projects SET latest_version_id = $3, status = 'in_progress', updated_at = now()
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(new.tenant_id)
    .bind(new.project_id)
    .bind(version_id)
    .execute(conn)
    .await?;
    Ok(version_id)
}

/// Adds `message` at the end of the project's conversation.
pub async fn append_message(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    project_id: Uuid,
    message: &ConversationMessage,
) -> AppResult<()> {
    sqlx::query(
        "UPDATE robot_projects SET conversation_history = conversation_history || jsonb_build_array($3::jsonb),
                                   updated_at = now()
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(tenant_id)
    .bind(project_id)
    .bind(serde_json::to_value(message).map_err(AppError::internal)?)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn list_projects(conn: &mut PgConnection, tenant_id: Uuid, page: PageParams) -> AppResult<Page<Project>> {
    let rows: Vec<Counted<Project>> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {}, count(*) OVER () AS total {PROJECT_FROM}
          WHERE p.tenant_id = $1 ORDER BY p.updated_at DESC, p.id DESC LIMIT $2 OFFSET $3",
        project_columns!()
    )))
    .bind(tenant_id)
    .bind(page.limit())
    .bind(page.offset())
    .fetch_all(conn)
    .await?;
    Ok(Page::from_counted(rows, page))
}

pub async fn find_project(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<Project>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {} {PROJECT_FROM} WHERE p.tenant_id = $1 AND p.id = $2",
        project_columns!()
    )))
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// The project's versions, newest first.
pub async fn versions(conn: &mut PgConnection, tenant_id: Uuid, project_id: Uuid) -> AppResult<Vec<Version>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{VERSION_SELECT} WHERE v.tenant_id = $1 AND v.project_id = $2 ORDER BY v.version DESC"
    )))
    .bind(tenant_id)
    .bind(project_id)
    .fetch_all(conn)
    .await?)
}

pub async fn find_version(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<Version>> {
    one_version(conn, tenant_id, id, "").await
}

/// The version a compile job was made for (worker scope: any tenant).
pub async fn version_of_job(conn: &mut PgConnection, job_id: Uuid) -> AppResult<Option<Version>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!("{VERSION_SELECT} WHERE v.compilation_job_id = $1 FOR UPDATE OF v")))
        .bind(job_id)
        .fetch_optional(conn)
        .await?)
}

/// Locks the version for one pipeline step (two runs of a job never both work).
pub async fn lock_version(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<Version>> {
    one_version(conn, tenant_id, id, " FOR UPDATE OF v").await
}

async fn one_version(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    locking: &'static str,
) -> AppResult<Option<Version>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!("{VERSION_SELECT} WHERE v.tenant_id = $1 AND v.id = $2{locking}")))
        .bind(tenant_id)
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// Takes `step` of the version for this run: false when another run took
/// the same step less than `stale_after` ago (a second delivery of a job).
pub async fn take_step(
    conn: &mut PgConnection,
    version: &Version,
    step: &str,
    stale_after: std::time::Duration,
) -> AppResult<bool> {
    Ok(sqlx::query(
        "UPDATE robot_project_versions SET running_step = $3, step_started_at = now()
          WHERE tenant_id = $1 AND id = $2
            AND (running_step IS DISTINCT FROM $3 OR step_started_at < now() - make_interval(secs => $4))",
    )
    .bind(version.tenant_id)
    .bind(version.id)
    .bind(step)
    .bind(stale_after.as_secs_f64())
    .execute(conn)
    .await?
    .rows_affected()
        == 1)
}

/// The version's status, mirrored on its generation (generating, reviewing,
/// completed, failed).
pub async fn set_status(conn: &mut PgConnection, version: &Version, status: &str) -> AppResult<()> {
    sqlx::query(
        "UPDATE robot_project_versions SET compilation_status = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2",
    )
    .bind(version.tenant_id)
    .bind(version.id)
    .bind(status)
    .execute(&mut *conn)
    .await?;
    let generation_status = match status {
        "reviewing" => "reviewing",
        "success" => "completed",
        "failed" => "failed",
        _ => "generating",
    };
    sqlx::query(
        "UPDATE robot_generations
            SET status = $3, completed_at = CASE WHEN $3 IN ('completed', 'failed') THEN now() END
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(version.tenant_id)
    .bind(version.generation_id)
    .bind(generation_status)
    .execute(conn)
    .await?;
    Ok(())
}

/// The code as it stands (before injection), on the version and its generation.
pub async fn save_source(
    conn: &mut PgConnection,
    version: &Version,
    source: &str,
    review_notes: Option<&str>,
) -> AppResult<()> {
    sqlx::query(
        "UPDATE robot_project_versions SET source_code = $3, review_notes = COALESCE($4, review_notes), updated_at = now()
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(version.tenant_id)
    .bind(version.id)
    .bind(source)
    .bind(review_notes)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE robot_generations SET source_code = $3, review_notes = COALESCE($4, review_notes)
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(version.tenant_id)
    .bind(version.generation_id)
    .bind(source)
    .bind(review_notes)
    .execute(conn)
    .await?;
    Ok(())
}

/// One more fix round begins.
pub async fn count_retry(conn: &mut PgConnection, version: &Version) -> AppResult<i32> {
    Ok(sqlx::query_scalar(
        "UPDATE robot_project_versions SET retry_count = retry_count + 1 WHERE tenant_id = $1 AND id = $2
         RETURNING retry_count",
    )
    .bind(version.tenant_id)
    .bind(version.id)
    .fetch_one(conn)
    .await?)
}

/// The compile job now carrying the version's code.
pub async fn set_compile_job(conn: &mut PgConnection, version: &Version, job_id: Uuid) -> AppResult<()> {
    sqlx::query(
        "UPDATE robot_project_versions SET compilation_job_id = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2",
    )
    .bind(version.tenant_id)
    .bind(version.id)
    .bind(job_id)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE robot_generations SET compilation_attempts = compilation_attempts + 1 WHERE tenant_id = $1 AND id = $2",
    )
    .bind(version.tenant_id)
    .bind(version.generation_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records the tester gate's message to the model (once per version).
pub async fn set_tester_feedback(conn: &mut PgConnection, version: &Version, feedback: &str) -> AppResult<()> {
    sqlx::query("UPDATE robot_project_versions SET tester_feedback = $3 WHERE tenant_id = $1 AND id = $2")
        .bind(version.tenant_id)
        .bind(version.id)
        .bind(feedback)
        .execute(conn)
        .await?;
    Ok(())
}

/// The version compiled: its file, and the project ready to publish.
pub async fn mark_compiled(conn: &mut PgConnection, version: &Version, file_key: &str) -> AppResult<()> {
    sqlx::query(
        "UPDATE robot_project_versions SET compiled_file_url = $3, error_log = NULL WHERE tenant_id = $1 AND id = $2",
    )
    .bind(version.tenant_id)
    .bind(version.id)
    .bind(file_key)
    .execute(&mut *conn)
    .await?;
    set_status(conn, version, "success").await?;
    sqlx::query(
        "UPDATE robot_projects SET status = 'ready_to_publish', updated_at = now() WHERE tenant_id = $1 AND id = $2",
    )
    .bind(version.tenant_id)
    .bind(version.project_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// The version is given up; `log` is kept for the owner and the admin.
pub async fn mark_failed(conn: &mut PgConnection, version: &Version, log: &str) -> AppResult<()> {
    let log: String = log.chars().take(200_000).collect();
    sqlx::query("UPDATE robot_project_versions SET error_log = $3 WHERE tenant_id = $1 AND id = $2")
        .bind(version.tenant_id)
        .bind(version.id)
        .bind(&log)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE robot_generations SET error_log = $3 WHERE tenant_id = $1 AND id = $2")
        .bind(version.tenant_id)
        .bind(version.generation_id)
        .bind(&log)
        .execute(&mut *conn)
        .await?;
    set_status(conn, version, "failed").await
}

pub async fn mark_published(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    project_id: Uuid,
    robot_id: Uuid,
) -> AppResult<()> {
    sqlx::query(
        "UPDATE robot_projects SET status = 'published', published_robot_id = $3, updated_at = now()
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(tenant_id)
    .bind(project_id)
    .bind(robot_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// One model call's tokens and cost.
pub struct Usage<'a> {
    pub tenant_id: Uuid,
    pub project_id: Uuid,
    pub version_id: Uuid,
    pub step: &'a str,
    pub model: &'a str,
    pub prompt_tokens: u32,
    pub completion_tokens: u32,
    pub cost: Decimal,
}

pub async fn record_usage(conn: &mut PgConnection, usage: &Usage<'_>) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO ai_usage (id, tenant_id, project_id, version_id, step, model, prompt_tokens, completion_tokens, cost)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(new_id())
    .bind(usage.tenant_id)
    .bind(usage.project_id)
    .bind(usage.version_id)
    .bind(usage.step)
    .bind(usage.model)
    .bind(i32::try_from(usage.prompt_tokens).unwrap_or(i32::MAX))
    .bind(i32::try_from(usage.completion_tokens).unwrap_or(i32::MAX))
    .bind(usage.cost)
    .execute(conn)
    .await?;
    Ok(())
}

/// A tenant's model use, for the admin.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TenantUsage {
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub monthly_quota: i32,
    pub generations_this_month: i64,
    pub prompt_tokens: i64,
    pub completion_tokens: i64,
    pub cost_this_month: Decimal,
    pub cost_total: Decimal,
}

pub async fn usage_by_tenant(conn: &mut PgConnection) -> AppResult<Vec<TenantUsage>> {
    Ok(sqlx::query_as(
        "WITH month AS (SELECT date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo')
                                 AT TIME ZONE 'America/Sao_Paulo' AS start)
         SELECT t.id AS tenant_id, t.name AS tenant_name, t.ai_monthly_quota AS monthly_quota,
                (SELECT count(*) FROM robot_generations g, month
                  WHERE g.tenant_id = t.id AND g.created_at >= month.start) AS generations_this_month,
                COALESCE(u.prompt_tokens, 0) AS prompt_tokens, COALESCE(u.completion_tokens, 0) AS completion_tokens,
                COALESCE(u.cost_this_month, 0) AS cost_this_month, COALESCE(u.cost_total, 0) AS cost_total
           FROM tenants t
           LEFT JOIN LATERAL (
                SELECT sum(a.prompt_tokens)::bigint AS prompt_tokens, sum(a.completion_tokens)::bigint AS completion_tokens,
                       sum(a.cost) FILTER (WHERE a.created_at >= (SELECT start FROM month)) AS cost_this_month,
                       sum(a.cost) AS cost_total
                  FROM ai_usage a WHERE a.tenant_id = t.id) u ON true
          ORDER BY t.name",
    )
    .fetch_all(conn)
    .await?)
}

pub async fn set_quota(conn: &mut PgConnection, tenant_id: Uuid, quota: i32) -> AppResult<bool> {
    Ok(sqlx::query("UPDATE tenants SET ai_monthly_quota = $2, updated_at = now() WHERE id = $1")
        .bind(tenant_id)
        .bind(quota)
        .execute(conn)
        .await?
        .rows_affected()
        == 1)
}

pub async fn list_generations(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    page: PageParams,
) -> AppResult<Page<Generation>> {
    let rows: Vec<Counted<Generation>> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT q.*, count(*) OVER () AS total FROM ({GENERATION_SELECT} WHERE g.tenant_id = $1) q
          ORDER BY q.created_at DESC, q.id DESC LIMIT $2 OFFSET $3"
    )))
    .bind(tenant_id)
    .bind(page.limit())
    .bind(page.offset())
    .fetch_all(conn)
    .await?;
    Ok(Page::from_counted(rows, page))
}

pub async fn find_generation(
    conn: &mut PgConnection,
    tenant_id: Option<Uuid>,
    id: Uuid,
) -> AppResult<Option<Generation>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{GENERATION_SELECT} WHERE g.id = $2 AND ($1::uuid IS NULL OR g.tenant_id = $1)"
    )))
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}
