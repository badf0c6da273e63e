//! Housekeeping: every `interval` a job is queued (once per interval across
//! all instances, by idempotency key), and whichever worker claims it purges
//! expired sessions, reset tokens and old login failures.

use std::time::Duration;

use apalis::prelude::{BoxDynError, Data};
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::storage::Storage;
use shared::repositories::compile_queue;
use shared::repositories::housekeeping::purge_expired;
use shared::workflows::jobs::{Housekeeping, HOUSEKEEPING_QUEUE};
use shared::workflows::orphans::{self, remove_orphans};
use sqlx::PgPool;
use tokio::sync::watch;

use crate::periodic;

pub async fn handle(job: Housekeeping, pool: Data<PgPool>, storage: Data<Storage>) -> Result<(), BoxDynError> {
    crate::timed(shared::workflows::jobs::HOUSEKEEPING_QUEUE, async {
        let mut tx = db::begin(&pool, Scope::worker()).await?;
        let purged = purge_expired(&mut tx).await?;
        tx.commit().await?;
        let orphans = remove_orphans(&pool, &storage, orphans::GRACE).await?;
        for object in &orphans.removed {
            tracing::info!(key = object.key, size = object.size, "removed an orphaned stored file");
        }
        tracing::info!(requested_at = %job.requested_at, ?purged, orphans_removed = orphans.removed.len(),
                       orphan_bytes = orphans.bytes, "housekeeping done");
        Ok::<_, BoxDynError>(())
    })
    .await
}

/// Every `every`, raises one admin alert for each compile job no agent has
/// claimed for `wait` (COMPILE_WAIT_NOTICE_MINUTES). Every worker runs it;
/// the job's mark makes the alert once.
pub async fn watch_stalled_jobs(pool: PgPool, wait: Duration, every: Duration, stop: watch::Receiver<bool>) {
    periodic::every(every, stop, || async {
        match alert_stalled(&pool, wait).await {
            Ok(0) => {}
            Ok(raised) => tracing::warn!(raised, "compile jobs wait for an agent: the admin was alerted"),
            Err(e) => tracing::warn!(error = %e, "could not look for stalled compile jobs"),
        }
    })
    .await
}

async fn alert_stalled(pool: &PgPool, wait: Duration) -> Result<usize, shared::AppError> {
    let mut tx = db::begin(pool, Scope::worker()).await?;
    let raised = compile_queue::alert_stalled_jobs(&mut tx, wait).await?;
    tx.commit().await?;
    Ok(raised.len())
}

/// Queues one housekeeping job for the current interval. Returns false when
/// another instance already queued it.
pub async fn enqueue_for_now(pool: &PgPool, interval: Duration) -> Result<bool, shared::AppError> {
    periodic::enqueue_once_per_interval(pool, HOUSEKEEPING_QUEUE, "housekeeping", interval, |requested_at| {
        Housekeeping { requested_at }
    })
    .await
}

pub async fn schedule(pool: PgPool, interval: Duration, stop: watch::Receiver<bool>) {
    periodic::every(interval, stop, || async {
        if let Err(e) = enqueue_for_now(&pool, interval).await {
            tracing::warn!(error = %e, "could not queue housekeeping");
        }
    })
    .await
}
