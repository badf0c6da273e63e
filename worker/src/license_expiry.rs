//! The license expiry job: every `LICENSE_EXPIRY_INTERVAL_SECONDS` one job is
//! queued (once per interval across all instances, by idempotency key, as
//! housekeeping does), and whichever worker claims it runs
//! `shared::license_expiry::run`: licenses past their end become expired
//! (audited as the system) and buyers whose license ends within three days
//! are e-mailed, once. The license check never waits for it: it compares the
//! end date with the clock when it answers.

use std::time::Duration;

use apalis::prelude::{BoxDynError, Data};
use chrono::{DateTime, Utc};
use shared::db::{self, Scope};
use shared::jobs::{self, ExpireLicenses, LICENSE_EXPIRY_QUEUE};
use shared::license_expiry::{self, ExpiryRun};
use sqlx::PgPool;
use tokio::sync::watch;

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
    let now = Utc::now();
    let bucket = now.timestamp() / interval.as_secs().max(1) as i64;
    let mut tx = db::begin(pool, Scope::worker()).await?;
    let queued = jobs::enqueue(
        &mut tx,
        LICENSE_EXPIRY_QUEUE,
        &ExpireLicenses { requested_at: now },
        Some(&format!("license-expiry-{bucket}")),
    )
    .await?;
    tx.commit().await?;
    Ok(queued)
}

pub async fn schedule(pool: PgPool, interval: Duration, mut stop: watch::Receiver<bool>) {
    loop {
        if let Err(e) = enqueue_for_now(&pool, interval).await {
            tracing::warn!(error = %e, "could not queue the license expiry");
        }
        tokio::select! {
            _ = tokio::time::sleep(interval) => {}
            _ = stop.wait_for(|s| *s) => return,
        }
    }
}
