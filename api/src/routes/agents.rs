//! `/api/agents/*`: the compile agents' protocol (DESIGN 7). An agent long-
//! polls `claim` (woken by NOTIFY when a job is queued, re-checking every few
//! seconds for leases that ran out), heartbeats to keep its lease, and
//! uploads the result. Authenticated by the agent's own token.

use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use base64::Engine;
use bytes::Bytes;
use serde_json::json;
use shared::compiled_imports;
use shared::protocol::{ClaimRequest, HeartbeatRequest, HeartbeatResponse, JobResult, LeasedJob, Severity};
use shared::repositories::compile_fleet::{self, Fairness, JobOutcome};
use shared::repositories::license_builds;
use shared::storage::new_key;
use shared::uploads::{self, MAX_ROBOT_FILE_BYTES};
use shared::AppError;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, ErrorBody};
use crate::extractors::CompileAgent;
use crate::form_input::path_id;
use crate::AppState;

/// The longest a claim waits for work before answering 204.
const MAX_WAIT: Duration = Duration::from_secs(25);
/// A waiting claim looks again this long after the soonest lease runs out
/// (an expired lease sends no NOTIFY), so the lease has surely ended.
const AFTER_EXPIRY: Duration = Duration::from_millis(50);
/// And at least this often: a lease an operator shortened by hand (to free a
/// stuck job) has no NOTIFY and no expiry the waiter knew of.
const RECHECK_AT_LEAST: Duration = Duration::from_secs(10);
const JOB_NOT_YOURS: &str = "Este job não está mais com este agente (lease expirado ou revogado).";
const SOURCE_MISMATCH: &str =
    "O resultado não corresponde a este job: o hash do código-fonte compilado difere do enviado ao agente.";

/// Leases the oldest waiting compile job, waiting up to `waitSeconds` (≤ 25)
/// for one; 204 when none came.
#[utoipa::path(operation_id = "agentClaim", post, path = "/api/agents/claim", tag = "agents",
    security(("agentToken" = [])), request_body = serde_json::Value,
    responses((status = 200, description = "a leased job (LeasedJob)"), (status = 204, description = "no job"),
              (status = 401, body = ErrorBody)))]
pub async fn claim(
    State(state): State<AppState>,
    agent: CompileAgent,
    ApiJson(body): ApiJson<ClaimRequest>,
) -> ApiResult<Response> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(u64::from(body.wait_seconds)).min(MAX_WAIT);
    loop {
        // Registered before looking, so a job queued in between still wakes us.
        let woken = state.notifications.compile_jobs.notified();
        let mut tx = agent.begin().await?;
        let fairness = Fairness { in_progress_per_tenant: state.config.compile_jobs_per_tenant.max(1) };
        let job = compile_fleet::claim(&mut tx, &agent.agent, fairness).await?;
        let until_expiry = match job {
            Some(_) => None,
            None => compile_fleet::time_to_next_lease_expiry(&mut tx).await?,
        };
        tx.commit().await?;
        if let Some(job) = job {
            let leased = LeasedJob {
                job_id: job.id,
                robot_name: job.robot_name,
                source_code: job.source_code.unwrap_or_default(),
                source_sha256: job.source_sha256,
                lease_expires_at: job.lease_expires_at.to_rfc3339(),
                dll_imports_allowed: job.dll_imports_allowed,
            };
            return Ok(Json(leased).into_response());
        }
        let now = tokio::time::Instant::now();
        if now >= deadline {
            return Ok(StatusCode::NO_CONTENT.into_response());
        }
        // Woken by a new job (NOTIFY), else at the soonest lease's end, at the latest every 10 s, or at the deadline.
        let wait =
            until_expiry.map_or(RECHECK_AT_LEAST, |d| (d + AFTER_EXPIRY).min(RECHECK_AT_LEAST)).min(deadline - now);
        let _ = tokio::time::timeout(wait, woken).await;
    }
}

/// The agent is alive: records its state and extends its job's lease.
#[utoipa::path(operation_id = "agentHeartbeat", post, path = "/api/agents/heartbeat", tag = "agents",
    security(("agentToken" = [])), request_body = serde_json::Value,
    responses((status = 200, description = "HeartbeatResponse"), (status = 401, body = ErrorBody)))]
pub async fn heartbeat(
    agent: CompileAgent,
    ApiJson(body): ApiJson<HeartbeatRequest>,
) -> ApiResult<Json<HeartbeatResponse>> {
    let state = if body.state == "compiling" { "compiling" } else { "idle" };
    let mut tx = agent.begin().await?;
    let lease = compile_fleet::heartbeat(&mut tx, agent.agent.id, body.job_id, state).await?;
    tx.commit().await?;
    Ok(Json(HeartbeatResponse { lease_expires_at: lease.map(|l| l.to_rfc3339()) }))
}

/// Uploads a job's result: the `.ex5` (checked by content) on success, the
/// log and its diagnostics always.
#[utoipa::path(operation_id = "agentJobResult", post, path = "/api/agents/jobs/{id}/result", tag = "agents",
    security(("agentToken" = [])), params(("id" = Uuid, Path)), request_body = serde_json::Value,
    responses((status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn result(
    State(state): State<AppState>,
    agent: CompileAgent,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<JobResult>,
) -> ApiResult<StatusCode> {
    let id = path_id(&id, JOB_NOT_YOURS)?;
    let errors = body.diagnostics.iter().filter(|d| d.severity == Severity::Error).count();
    let ex5 = match body.ex5_base64.as_deref().filter(|_| body.success) {
        Some(encoded) => {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(encoded.trim())
                .map_err(|_| AppError::validation_field("ex5Base64", "Arquivo .ex5 inválido (base64)"))?;
            if bytes.len() > MAX_ROBOT_FILE_BYTES || uploads::robot_file("job.ex5", &bytes).is_none() {
                return Err(AppError::validation_field("ex5Base64", "O arquivo enviado não é um .ex5").into());
            }
            Some(bytes)
        }
        None => None,
    };
    let success = body.success && ex5.is_some() && errors == 0;
    // The job's tenant decides where the file goes; a result answers the
    // source this job gave out, or it is no result of this job.
    let mut tx = agent.begin().await?;
    let held = compile_fleet::held_job(&mut tx, agent.agent.id, id).await?;
    tx.commit().await?;
    let held = held.ok_or_else(|| AppError::Conflict(JOB_NOT_YOURS.into()))?;
    if !body.source_sha256.eq_ignore_ascii_case(&held.source_sha256) {
        return Err(AppError::Conflict(SOURCE_MISMATCH.into()).into());
    }
    let tenant = held.tenant_id;
    let ex5 = ex5.filter(|_| success);
    let key = match &ex5 {
        Some(bytes) => {
            let key = new_key(tenant, "compiled", "ex5");
            state.storage.put(&key, Bytes::from(bytes.clone())).await?;
            Some(key)
        }
        None => None,
    };
    let diagnostics = json!(body.diagnostics);
    let error_message = if success {
        None
    } else if let Some(reason) = body.error.as_deref().filter(|r| !r.trim().is_empty()) {
        Some(reason.chars().take(500).collect::<String>())
    } else {
        Some(format!("A compilação falhou com {errors} erro(s)."))
    };
    let outcome = JobOutcome {
        success,
        compiled_file_url: key.as_deref(),
        log: &body.log.chars().take(200_000).collect::<String>(),
        diagnostics: &diagnostics,
        error_message: error_message.as_deref(),
    };
    let mut tx = agent.begin().await?;
    let recorded = compile_fleet::finish(&mut tx, agent.agent.id, id, &outcome).await?;
    if recorded {
        let outcome = if success { "completed" } else { "failed" };
        shared::metrics::inc(&shared::metrics::COMPILE_RESULTS, &[("outcome", outcome)]);
    }
    if let (true, Some(key), Some(bytes)) = (recorded, &key, &ex5) {
        let version = compiled_imports::publish_compiled(&mut tx, id, key, bytes).await?;
        compiled_imports::audit_compiled(
            &mut tx,
            agent.agent.id,
            tenant,
            id,
            &held.source_sha256,
            bytes,
            version.as_ref(),
        )
        .await?;
    }
    let mut superseded = Vec::new();
    if recorded {
        // A factory version moves on (compiled, or back to the model).
        shared::factory::compile_outcome::on_compile_finished(&mut tx, id).await?;
        // A personal build becomes ready (or failed); older ones of its
        // license beyond the last two go.
        let sha256 = ex5.as_deref().map(shared::secrets::sha256_hex_of);
        let file = match (&key, &ex5, &sha256) {
            (Some(key), Some(bytes), Some(sha)) => {
                Some((key.as_str(), sha.as_str(), i64::try_from(bytes.len()).unwrap_or(i64::MAX)))
            }
            _ => None,
        };
        let finished = license_builds::on_compiled(&mut tx, id, file, error_message.as_deref()).await?;
        superseded = finished.superseded_file_keys;
    }
    tx.commit().await?;
    for old in superseded {
        state.storage.delete(&old).await.ok();
    }
    if !recorded {
        if let Some(key) = key {
            state.storage.delete(&key).await.ok();
        }
        return Err(AppError::Conflict(JOB_NOT_YOURS.into()).into());
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Gives an unfinished job back (the agent is shutting down); another agent
/// takes it at once.
#[utoipa::path(operation_id = "agentReleaseJob", post, path = "/api/agents/jobs/{id}/release", tag = "agents",
    security(("agentToken" = [])), params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn release(agent: CompileAgent, Path(id): Path<String>) -> ApiResult<StatusCode> {
    let id = path_id(&id, JOB_NOT_YOURS)?;
    let mut tx = agent.begin().await?;
    let released = compile_fleet::release(&mut tx, agent.agent.id, id).await?;
    tx.commit().await?;
    if released {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::Conflict(JOB_NOT_YOURS.into()).into())
    }
}

/// `/api/agents/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(claim))
        .routes(routes!(heartbeat))
        .routes(routes!(result))
        .routes(routes!(release))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_ROBOT_FILE_BYTES * 4 / 3 + 1024 * 1024))
}
