//! An import's compile job as the owner's robot screens show it, and the daily import limit both import paths check.

use chrono::{DateTime, Utc};
use serde::Serialize;
use shared::domain::compile_diagnostics::{self, JobDiagnostic};
use shared::repositories::compile_jobs::{self, CompileJob};
use shared::AppError;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompilationJobItem {
    pub id: Uuid,
    /// pending, processing, completed or failed.
    pub status: String,
    pub robot_id: Option<Uuid>,
    pub robot_name: String,
    pub original_file_name: Option<String>,
    pub error_message: Option<String>,
    /// Where the `.ex5` downloads from, once compiled.
    pub compiled_file_url: Option<String>,
    pub robot_version: Option<ImportedVersion>,
    /// MetaEditor's errors and warnings, placed in the uploaded file.
    pub diagnostics: Vec<JobDiagnostic>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    /// Why a job still waits when no agent has claimed it for a while
    /// (COMPILE_WAIT_NOTICE_MINUTES); it keeps its place in the queue.
    pub waiting_reason: Option<String>,
}

/// 429 past the tenant's daily imports (the fleet is shared by every tenant).
pub(crate) async fn check_daily_imports(
    tx: &mut shared::infrastructure::db::Tx,
    state: &AppState,
    tenant: Uuid,
) -> Result<(), AppError> {
    let limit = state.config.imports_per_tenant_per_day;
    if compile_jobs::imports_in_the_last_day(tx, tenant).await? >= limit {
        return Err(AppError::TooManyRequests(format!(
            "Limite de importações atingido: {limit} por dia. A fila de compilação é compartilhada; tente de novo mais tarde."
        )));
    }
    Ok(())
}

pub(crate) fn item(job: CompileJob, robot_version: Option<ImportedVersion>) -> CompilationJobItem {
    let diagnostics = compile_diagnostics::placed(job.diagnostics.as_ref(), None);
    CompilationJobItem {
        compiled_file_url: (job.status == "completed" && job.compiled_file_url.is_some())
            .then(|| format!("/api/tenant/compilation-jobs/{}/download", job.id)),
        waiting_reason: None,
        id: job.id,
        status: job.status,
        robot_id: job.robot_id,
        robot_name: job.robot_name,
        original_file_name: job.original_file_name,
        error_message: job.error_message,
        robot_version,
        diagnostics,
        created_at: job.created_at,
        started_at: job.started_at,
        completed_at: job.completed_at,
    }
}

/// The version an import became.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportedVersion {
    pub id: Uuid,
    pub version: String,
    /// Whether clients download it now (the robot's first version is
    /// activated at once).
    pub active: bool,
}
