//! The license expiry job: every `LICENSE_EXPIRY_INTERVAL_SECONDS` one job is
//! queued (once per interval across all instances, by idempotency key, as
//! housekeeping does), and whichever worker claims it runs
//! `shared::workflows::license_expiry::run`: licenses past their end become expired
//! (audited as the system) and buyers whose license ends within three days
//! are e-mailed, once. The license check never waits for it: it compares the
//! end date with the clock when it answers.

use std::time::Duration;

use apalis::prelude::{BoxDynError, Data};
use chrono::{DateTime, Utc};
use shared::infrastructure::db::{self, Scope};
use shared::workflows::jobs::{ExpireLicenses, LICENSE_EXPIRY_QUEUE};
use shared::workflows::license_expiry::{self, ExpiryRun};
use sqlx::PgPool;
use tokio::sync::watch;

use crate::periodic;

pub async fn handle(job: ExpireLicenses, pool: Data<PgPool>) -> Result<(), BoxDynError> {
    crate::timed(LICENSE_EXPIRY_QUEUE, async {
        let done = run(&pool, Utc::now()).await?;
        tracing::info!(queue = LICENSE_EXPIRY_QUEUE, requested_at = %job.requested_at, expired = done.expired,
                       reminded = done.reminded, "license expiry done");
        Ok::<_, BoxDynError>(())
    })
    .await
}

/// One pass as of `now`, in one worker transaction over every tenant (tests
/// call it with a clock of their choosing).
pub async fn run(pool: &PgPool, now: DateTime<Utc>) -> Result<ExpiryRun, shared::AppError> {
    let mut tx = db::begin(pool, Scope::worker()).await?;
    let done = license_expiry::run(&mut tx, now).await?;
    tx.commit().await?;
    Ok(done)
}

/// Queues the job of the current interval. False when another instance
/// already queued it.
pub async fn enqueue_for_now(pool: &PgPool, interval: Duration) -> Result<bool, shared::AppError> {
    periodic::enqueue_once_per_interval(pool, LICENSE_EXPIRY_QUEUE, "license-expiry", interval, |requested_at| {
        ExpireLicenses { requested_at }
    })
    .await
}

pub async fn schedule(pool: PgPool, interval: Duration, stop: watch::Receiver<bool>) {
    periodic::every(interval, stop, || async {
        if let Err(e) = enqueue_for_now(&pool, interval).await {
            tracing::warn!(error = %e, "could not queue the license expiry");
        }
    })
    .await
}
