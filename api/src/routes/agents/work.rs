//! `/api/agents/*`: the compile agents' protocol (DESIGN 7). An agent long-
//! polls `claim` (woken by NOTIFY when a job is queued, re-checking every few
//! seconds for leases that ran out), heartbeats to keep its lease, and
//! uploads the result. Authenticated by the agent's own token.

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use base64::Engine;
use bytes::Bytes;
use serde_json::json;
use shared::domain::protocol::{
    BacktestResult, ClaimRequest, HeartbeatRequest, HeartbeatResponse, JobResult, LeasedBacktest, LeasedJob, Severity,
    TESTER,
};
use shared::domain::uploads::{self, MAX_ROBOT_FILE_BYTES};
use shared::infrastructure::storage::new_key;
use shared::repositories::compile_fleet::{self, Fairness, JobOutcome};
use shared::repositories::{backtests, license_builds};
use shared::workflows::compiled_imports;
use shared::workflows::factory::compile_outcome;
use shared::AppError;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, ErrorBody};
use crate::extractors::{CompileAgent, PathId};
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
crate::not_found_as!(NotYourJob, JOB_NOT_YOURS);
const SOURCE_MISMATCH: &str =
    "O resultado não corresponde a este job: o hash do código-fonte compilado difere do enviado ao agente.";

/// Leases the oldest waiting compile job, waiting up to `waitSeconds` (≤ 25)
/// for one; 204 when none came. An agent with the `tester` capability gets a
/// backtest (`kind: backtest`) when no compile job waits.
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
        let compile_fleet::Claim { job, given_up } = compile_fleet::claim(&mut tx, &agent.agent, fairness).await?;
        for failed in given_up {
            // A factory version waiting on it fails with the reason.
            compile_outcome::on_compile_finished(&mut tx, failed).await?;
        }
        // Backtests are below every compile (decision 0016).
        let backtest = match &job {
            None if body.capabilities.iter().any(|c| c == TESTER) => {
                backtests::claim(&mut tx, agent.agent.id, agent.agent.pool_id, state.config.backtest_lease_seconds)
                    .await?
            }
            _ => None,
        };
        let tester = body.capabilities.iter().any(|c| c == TESTER);
        let until_expiry = match (&job, &backtest) {
            (None, None) => {
                let compile = compile_fleet::time_to_next_lease_expiry(&mut tx).await?;
                let test = if tester { backtests::time_to_next_lease_expiry(&mut tx).await? } else { None };
                compile.into_iter().chain(test).min()
            }
            _ => None,
        };
        tx.commit().await?;
        if let Some(run) = backtest {
            match leased_backtest(&state, &agent, run).await? {
                Some(leased) => return Ok(Json(leased).into_response()),
                None => continue,
            }
        }
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

/// The backtest as the agent gets it, with its `.ex5`; None when the file is
/// gone (the run fails with the reason, and the claim looks again).
async fn leased_backtest(
    state: &AppState,
    agent: &CompileAgent,
    run: backtests::LeasedBacktest,
) -> ApiResult<Option<LeasedBacktest>> {
    let Some(ex5) = state.storage.read(&run.file_key).await? else {
        let mut tx = agent.begin().await?;
        let gone = backtests::Finished::failed("O arquivo .ex5 desta versão não existe mais.");
        backtests::finish(&mut tx, agent.agent.id, run.id, &gone).await?;
        tx.commit().await?;
        return Ok(None);
    };
    Ok(Some(LeasedBacktest {
        kind: "backtest".into(),
        backtest_id: run.id,
        robot_name: run.robot_name,
        ex5_base64: base64::engine::general_purpose::STANDARD.encode(&ex5),
        profile: run.profile,
        lease_expires_at: run.lease_expires_at.to_rfc3339(),
    }))
}

/// The agent is alive: records its state and extends its job's lease.
#[utoipa::path(operation_id = "agentHeartbeat", post, path = "/api/agents/heartbeat", tag = "agents",
    security(("agentToken" = [])), request_body = serde_json::Value,
    responses((status = 200, description = "HeartbeatResponse"), (status = 401, body = ErrorBody)))]
pub async fn heartbeat(
    State(app): State<AppState>,
    agent: CompileAgent,
    ApiJson(body): ApiJson<HeartbeatRequest>,
) -> ApiResult<Json<HeartbeatResponse>> {
    let state = match body.state.as_str() {
        "compiling" => "compiling",
        "testing" => "testing",
        _ => "idle",
    };
    let mut tx = agent.begin().await?;
    let mut lease = compile_fleet::heartbeat(&mut tx, agent.agent.id, body.job_id, state).await?;
    if let (None, Some(job)) = (lease, body.job_id) {
        // Not a compile job: a backtest's lease (a cancelled run has none).
        lease = backtests::heartbeat(&mut tx, agent.agent.id, job, app.config.backtest_lease_seconds).await?;
    }
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
    PathId(id, _): PathId<NotYourJob>,
    ApiJson(body): ApiJson<JobResult>,
) -> ApiResult<StatusCode> {
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
        shared::infrastructure::metrics::inc(
            &shared::infrastructure::metrics::COMPILE_RESULTS,
            &[("outcome", outcome)],
        );
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
        compile_outcome::on_compile_finished(&mut tx, id).await?;
        // A personal build becomes ready (or failed); older ones of its
        // license beyond the last two go.
        let sha256 = ex5.as_deref().map(shared::infrastructure::secrets::sha256_hex_of);
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
pub async fn release(agent: CompileAgent, PathId(id, _): PathId<NotYourJob>) -> ApiResult<StatusCode> {
    let mut tx = agent.begin().await?;
    let released = compile_fleet::release(&mut tx, agent.agent.id, id).await?
        || backtests::release(&mut tx, agent.agent.id, id).await?;
    tx.commit().await?;
    if released {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::Conflict(JOB_NOT_YOURS.into()).into())
    }
}

/// Uploads a backtest's report (the terminal's `.htm`): the server reads the
/// numbers and the curve itself, judges them by the run's thresholds, keeps
/// the report, and charges the time since the lease to the tenant's minutes.
/// Without a report (or with one that does not parse) the run fails with the
/// reason.
#[utoipa::path(operation_id = "agentBacktestResult", post, path = "/api/agents/backtests/{id}/result", tag = "agents",
    security(("agentToken" = [])), params(("id" = Uuid, Path)), request_body = serde_json::Value,
    responses((status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn backtest_result(
    State(state): State<AppState>,
    agent: CompileAgent,
    PathId(id, _): PathId<NotYourJob>,
    ApiJson(body): ApiJson<BacktestResult>,
) -> ApiResult<StatusCode> {
    let report = match body.report_base64.as_deref() {
        Some(encoded) => {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(encoded.trim())
                .map_err(|_| AppError::validation_field("reportBase64", "Relatório inválido (base64)"))?;
            if bytes.len() > shared::domain::backtest::report::MAX_REPORT_BYTES {
                return Err(AppError::PayloadTooLarge("Relatório grande demais para um teste.".into()).into());
            }
            Some(bytes)
        }
        None => None,
    };
    let mut tx = agent.begin().await?;
    let held = backtests::held(&mut tx, agent.agent.id, id).await?;
    tx.commit().await?;
    let held = held.ok_or_else(|| AppError::Conflict(JOB_NOT_YOURS.into()))?;
    let judged = shared::domain::backtest::summary::judge(report.as_deref(), body.error.as_deref(), &held.thresholds);
    let key = match &report {
        Some(bytes) => {
            let key = new_key(held.tenant_id, "backtests", "htm");
            state.storage.put(&key, Bytes::from(bytes.clone())).await?;
            Some(key)
        }
        None => None,
    };
    let mut tx = agent.begin().await?;
    let finished = backtests::Finished {
        report_key: key.as_deref(),
        summary: judged.summary.as_ref(),
        equity_curve: judged.equity_curve.as_ref(),
        recommended: judged.recommended,
        reasons: judged.reasons.as_ref(),
        error_message: judged.error.as_deref(),
    };
    let done = backtests::finish(&mut tx, agent.agent.id, id, &finished).await?;
    if let Some(done) = &done {
        shared::workflows::factory::tester_gate::on_backtest_finished(&mut tx, done, &judged).await?;
    }
    tx.commit().await?;
    if done.is_none() {
        if let Some(key) = key {
            state.storage.delete(&key).await.ok();
        }
        return Err(AppError::Conflict(JOB_NOT_YOURS.into()).into());
    }
    Ok(StatusCode::NO_CONTENT)
}

/// `/api/agents/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(claim))
        .routes(routes!(heartbeat))
        .routes(routes!(result))
        .routes(routes!(backtest_result))
        .routes(routes!(release))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_ROBOT_FILE_BYTES * 4 / 3 + 1024 * 1024))
}
