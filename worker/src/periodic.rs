//! Periodic work shared by the schedulers: a job queued once per interval
//! across every instance (the interval's number is its idempotency key), and
//! a loop that runs a step now and then every interval until shutdown.

use std::future::Future;
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::Serialize;
use shared::infrastructure::db::{self, Scope};
use shared::repositories::job_queue;
use sqlx::PgPool;
use tokio::sync::watch;

/// Queues the job `make` builds (given the time it is asked for) on `queue`
/// for the current `interval`, keyed `<name>-<interval number>`. False when
/// another instance already queued this interval's job.
pub async fn enqueue_once_per_interval<J: Serialize>(
    pool: &PgPool,
    queue: &str,
    name: &str,
    interval: Duration,
    make: impl FnOnce(DateTime<Utc>) -> J,
) -> Result<bool, shared::AppError> {
    let now = Utc::now();
    let bucket = now.timestamp() / interval.as_secs().max(1) as i64;
    let mut tx = db::begin(pool, Scope::worker()).await?;
    let queued = job_queue::enqueue(&mut tx, queue, &make(now), Some(&format!("{name}-{bucket}"))).await?;
    tx.commit().await?;
    Ok(queued)
}

/// Runs `step` now and then every `interval` until `stop` turns true.
pub async fn every<F, Fut>(interval: Duration, mut stop: watch::Receiver<bool>, mut step: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = ()>,
{
    loop {
        step().await;
        tokio::select! {
            _ = tokio::time::sleep(interval) => {}
            _ = stop.wait_for(|s| *s) => return,
        }
    }
}
