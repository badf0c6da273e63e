//! Housekeeping: every `interval` a job is queued (once per interval across
//! all instances, by idempotency key), and whichever worker claims it purges
//! expired sessions, reset tokens and old login failures.

use std::time::Duration;

use apalis::prelude::{BoxDynError, Data};
use shared::db::{self, Scope};
use shared::jobs::{self, Housekeeping, HOUSEKEEPING_QUEUE};
use shared::repositories::housekeeping::purge_expired;
use sqlx::PgPool;
use tokio::sync::watch;

pub async fn handle(job: Housekeeping, pool: Data<PgPool>) -> Result<(), BoxDynError> {
    crate::timed(shared::jobs::HOUSEKEEPING_QUEUE, async {
        let mut tx = db::begin(&pool, Scope::worker()).await?;
        let purged = purge_expired(&mut tx).await?;
        tx.commit().await?;
        tracing::info!(requested_at = %job.requested_at, ?purged, "housekeeping done");
        Ok::<_, BoxDynError>(())
    })
    .await
}

/// Queues one housekeeping job for the current interval. Returns false when
/// another instance already queued it.
pub async fn enqueue_for_now(pool: &PgPool, interval: Duration) -> Result<bool, shared::AppError> {
    let now = chrono::Utc::now();
    let bucket = now.timestamp() / interval.as_secs().max(1) as i64;
    let mut tx = db::begin(pool, Scope::worker()).await?;
    let queued = jobs::enqueue(
        &mut tx,
        HOUSEKEEPING_QUEUE,
        &Housekeeping { requested_at: now },
        Some(&format!("housekeeping-{bucket}")),
    )
    .await?;
    tx.commit().await?;
    Ok(queued)
}

pub async fn schedule(pool: PgPool, interval: Duration, mut stop: watch::Receiver<bool>) {
    loop {
        if let Err(e) = enqueue_for_now(&pool, interval).await {
            tracing::warn!(error = %e, "could not queue housekeeping");
        }
        tokio::select! {
            _ = tokio::time::sleep(interval) => {}
            _ = stop.wait_for(|s| *s) => return,
        }
    }
}
