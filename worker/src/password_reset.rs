//! Forgotten-password requests (job `ProcessResetRequest`): the account is
//! looked up and mailed here, off the request path, so the request's answer
//! and timing are the same for every address (`workflows::password_reset`).

use std::sync::Arc;

use apalis::prelude::{BoxDynError, Data};
use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, PgPool, Scope};
use shared::repositories::password_reset_requests;
use shared::workflows::jobs::{ProcessResetRequest, PASSWORD_RESET_QUEUE};
use shared::workflows::password_reset::{self, Outcome};
use shared::AppError;

pub async fn handle(
    job: ProcessResetRequest,
    pool: Data<PgPool>,
    config: Data<Arc<Config>>,
) -> Result<(), BoxDynError> {
    crate::timed(PASSWORD_RESET_QUEUE, run(&pool, &config, &job))
        .await
        .map(|_| ())
        .map_err(|e| Box::new(e) as BoxDynError)
}

/// Processes one request now (the job's body; tests call it directly).
pub async fn run(pool: &PgPool, config: &Config, job: &ProcessResetRequest) -> Result<Outcome, AppError> {
    let outcome =
        password_reset::process(pool, &config.secrets, &config.reset_limits, job.tenant_id, job.request_id).await?;
    tracing::info!(queue = PASSWORD_RESET_QUEUE, tenant = %job.tenant_id, request = %job.request_id,
        outcome = outcome.as_str(), "password reset request processed");
    Ok(outcome)
}

/// Processes every request of `tenant_id` still waiting, oldest first (tests).
pub async fn drain(pool: &PgPool, config: &Config, tenant_id: uuid::Uuid) -> Result<Vec<Outcome>, AppError> {
    let mut tx = db::begin(pool, Scope::worker_for(tenant_id)).await?;
    let pending = password_reset_requests::pending_ids(&mut tx, tenant_id).await?;
    tx.commit().await?;
    let mut outcomes = Vec::with_capacity(pending.len());
    for request_id in pending {
        outcomes.push(run(pool, config, &ProcessResetRequest { tenant_id, request_id }).await?);
    }
    Ok(outcomes)
}
